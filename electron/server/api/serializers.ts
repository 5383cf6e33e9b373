// Rows to the response shapes of shared/api-types.ts.
import type { BanSource, Domain, Link, Pixel, Space } from '../../../shared/api-types.ts';
import type { LinkRule } from '../../../shared/schemas/link-rules.ts';
import type { LinkHealth, LinkStatus, PixelType, TargetType } from '../../../shared/constants.ts';
import type { DomainRow } from '../db/repositories/domains-repository.ts';
import type { HydratedLink, LinkRow } from '../db/repositories/links-repository.ts';
import { TARGETS_FIELD, targetsTypeOf } from '../../../shared/targeting-keys.ts';
import type { ApiGeneration } from '../config.ts';
import { isoNow } from '../util/time.ts';
import { parseTargets } from './link-input.ts';

/**
 * `generation`: `--api-generation`, what `password` says (seed, the default: the redirect asks for one;
 * current: the statistics page does). `timeZone`: the instance's (UTC when not given).
 */
export interface UrlContext { baseUrl: string; timeZone?: string; generation?: ApiGeneration }

/** How Eloquent writes a `datetime` cast (Carbon's toJSON): ISO 8601 in UTC with microseconds, `2025-01-08T04:53:32.000000Z`. */
const eloquentDate = (ms: number) => new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');

const scheme = (ctx: UrlContext) => new URL(ctx.baseUrl).protocol;

/** A link whose active period has not begun answers as an expired one (status 2). */
export function linkStatus(row: Pick<LinkRow, 'disabled' | 'ends_at' | 'expiration_clicks' | 'clicks'> & { starts_at?: number | null }, now: number): LinkStatus {
  if (row.disabled) return 3;
  if (row.ends_at !== null && row.ends_at <= now) return 2;
  if (row.starts_at != null && row.starts_at > now) return 2;
  if (row.expiration_clicks !== null && row.clicks >= row.expiration_clicks) return 2;
  return 1;
}

export function shortUrl(ctx: UrlContext, domainName: string | null, alias: string): string {
  return domainName ? `${scheme(ctx)}//${domainName}/${alias}` : `${ctx.baseUrl.replace(/\/$/, '')}/${alias}`;
}

export function serializeLink(ctx: UrlContext, r: HydratedLink, now: number): Link {
  const t = parseTargets(r.targets);
  const kv = (list: { key?: string; value: string }[] | undefined) => (list ?? []).map((e) => ({ key: e.key ?? '', value: e.value }));
  // Both generations read the one model: continents, browsers and devices have no seed number, so the seed reads target_type 0.
  const targetsType = targetsTypeOf(r.target_type);
  const selected = targetsType === null ? [] : t[TARGETS_FIELD[targetsType]] ?? [];
  return {
    id: r.id,
    alias: r.alias,
    url: r.url,
    short_url: shortUrl(ctx, r.domain?.name ?? null, r.alias),
    title: r.title,
    domain: r.domain,
    space: r.space,
    pixels: r.pixels.map((p) => ({ ...p, type: p.type as PixelType, pivot: { link_id: r.id, pixel_id: p.id } })),
    disabled: r.disabled ? 1 : 0,
    privacy: r.privacy as 0 | 1 | 2,
    // phpShort's v46 migration renamed password to redirect_password and privacy_password to password.
    password: (ctx.generation ?? 'seed') === 'current' ? r.privacy_password_hash !== null : r.password_hash !== null,
    privacy_password: r.privacy_password_hash !== null,
    expiration_url: r.expiration_url,
    expiration_date: r.expiration_date,
    expiration_time: r.expiration_date ? (r.expiration_time ?? '00:00') : null,
    ends_at: r.ends_at === null ? null : isoNow(r.ends_at),
    expiration_clicks: r.expiration_clicks,
    target_type: (r.target_type <= 4 ? r.target_type : 0) as TargetType,
    country: kv(t.country),
    platform: kv(t.platform),
    language: kv(t.language),
    rotation: (t.rotation ?? []).map((e) => ({ value: e.value })),
    targets_type: targetsType,
    targets: targetsType === 'rotations'
      ? selected.map((e) => ({ key: null, value: e.value, weight: e.weight ?? 1 }))
      : selected.map((e) => ({ key: e.key ?? '', value: e.value })),
    redirect_password: r.password_hash !== null,
    // Timestamps in phpShort's links table, cast to datetime (app/Models/Link.php): Eloquent's ISO 8601 in UTC.
    active_period_start_at: r.starts_at === null ? null : eloquentDate(r.starts_at),
    active_period_end_at: r.ends_at === null ? null : eloquentDate(r.ends_at),
    // phpShort has no such column since v46 (which dropped ends_at); answered as the instant the link ends.
    expires_at: r.ends_at === null ? null : eloquentDate(r.ends_at),
    // The rotation's position: phpShort's counter of the entry the next visit gets; here the weighted turn.
    last_rotation: r.rotation_next,
    clicks_limit: r.expiration_clicks,
    sensitive_content: r.sensitive_content ? 1 : 0,
    rules: r.rules === null ? [] : JSON.parse(r.rules) as LinkRule[],
    preview_title: r.preview_title,
    preview_description: r.preview_description,
    preview_image: r.preview_image,
    clicks: r.clicks,
    status: linkStatus(r, now),
    health: r.health as LinkHealth,
    health_detail: r.health_detail,
    // While unknown the column holds at most a check's claim (health/checker.ts), not a finding.
    health_checked_at: r.health === 'unknown' || r.health_checked_at === null ? null : isoNow(r.health_checked_at),
    banned: r.banned_at === null ? null : {
      at: isoNow(r.banned_at), reason: r.ban_reason ?? '', legal: r.ban_legal === 1, source: (r.ban_source ?? 'admin') as BanSource,
    },
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

export function serializeDomain(ctx: UrlContext, r: DomainRow): Domain {
  return {
    id: r.id,
    name: r.name,
    url: `${scheme(ctx)}//${r.name}`,
    index_page: r.index_page,
    not_found_page: r.not_found_page,
    links_count: r.links_count,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

export const serializeSpace = (r: Record<string, unknown>): Space => ({
  id: r.id as number, name: r.name as string, color: r.color as string, links_count: (r.links_count as number) ?? 0,
  created_at: r.created_at as string, updated_at: r.updated_at as string,
});

export const serializePixel = (r: Record<string, unknown>): Pixel => ({
  id: r.id as number, name: r.name as string, type: r.type as PixelType, pixel_id: r.pixel_id as string,
  links_count: (r.links_count as number) ?? 0, created_at: r.created_at as string, updated_at: r.updated_at as string,
});

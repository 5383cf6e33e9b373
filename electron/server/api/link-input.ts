// From a validated link body (and the stored link, on update) to the columns to
// write: the cross-field rules of DESIGN.md live here, one place for create and update.
import { RESERVED_ALIASES, TARGET_FIELD, type TargetField } from '../../../shared/constants.ts';
import type { LinkCreateInput, LinkUpdateInput } from '../../../shared/schemas/links.ts';
import type { LinkRow, LinkWrite, LinksRepository } from '../db/repositories/links-repository.ts';
import { hashPassword, randomBase62 } from '../util/secrets.ts';
import { zonedToUtc } from '../util/time.ts';
import { invalid } from './errors.ts';

export type Targets = Partial<Record<TargetField, { key?: string; value: string }[]>>;
export const parseTargets = (json: string): Targets => JSON.parse(json) as Targets;

interface Context {
  userId: number;
  links: LinksRepository;
  timeZone: string;
  /** How passwords are hashed; a bulk request hashes each distinct password once (an import gives many links one). */
  hash?: (password: string) => Promise<string>;
}

/** A hash function that hashes each distinct password once (scrypt takes tens of milliseconds; bulk writes share passwords). */
export function hashEachOnce(): (password: string) => Promise<string> {
  const hashes = new Map<string, Promise<string>>();
  return (password) => {
    if (!hashes.has(password)) hashes.set(password, hashPassword(password));
    return hashes.get(password)!;
  };
}

const TARGET_FIELDS: TargetField[] = ['country', 'platform', 'language', 'rotation'];
export const PREVIEW_FIELDS = ['preview_title', 'preview_description', 'preview_image'] as const;

async function checkOwned(ctx: Context, table: 'domains' | 'spaces' | 'pixels', field: string, ids: number[]) {
  if ((await ctx.links.foreignIds(ctx.userId, table, ids)).length) throw invalid(field, `The selected ${field} is invalid.`);
}

async function checkAlias(ctx: Context, domainId: number | null, alias: string, exceptId?: number) {
  if ((RESERVED_ALIASES as readonly string[]).includes(alias.toLowerCase())) throw invalid('alias', `The alias "${alias}" is reserved.`);
  if (await ctx.links.aliasTaken(domainId, alias, exceptId)) throw invalid('alias', 'The alias has already been taken.');
}

async function freshAlias(ctx: Context, domainId: number | null): Promise<string> {
  for (;;) {
    const alias = randomBase62(6);
    if (!(await ctx.links.aliasTaken(domainId, alias))) return alias;
  }
}

/** Shared by create and update: everything but url, domain and alias. */
async function commonColumns(ctx: Context, input: LinkUpdateInput, stored: LinkRow | undefined): Promise<LinkWrite> {
  const out: LinkWrite = {};
  const hash = ctx.hash ?? hashPassword;
  if (input.password !== undefined) out.password_hash = input.password === null ? null : await hash(input.password);
  if (input.privacy_password !== undefined) {
    out.privacy_password_hash = input.privacy_password === null ? null : await hash(input.privacy_password);
  }
  if (input.privacy !== undefined) out.privacy = input.privacy;
  const privacy = input.privacy ?? stored?.privacy ?? 0;
  const hasPrivacyPassword = out.privacy_password_hash !== undefined ? out.privacy_password_hash !== null : !!stored?.privacy_password_hash;
  if (privacy === 2 && !hasPrivacyPassword) {
    throw invalid('privacy_password', 'The privacy_password field is required when privacy is 2 (password).');
  }
  if (input.disabled !== undefined) out.disabled = input.disabled;
  if (input.space_id !== undefined) {
    if (input.space_id !== null) await checkOwned(ctx, 'spaces', 'space_id', [input.space_id]);
    out.space_id = input.space_id;
  }
  if (input.expiration_url !== undefined) out.expiration_url = input.expiration_url;
  if (input.expiration_clicks !== undefined) out.expiration_clicks = input.expiration_clicks;
  for (const f of PREVIEW_FIELDS) if (input[f] !== undefined) out[f] = input[f];

  // Expiration date and time: the time needs a date; ends_at follows both.
  const date = input.expiration_date !== undefined ? input.expiration_date : stored?.expiration_date ?? null;
  let time = input.expiration_time !== undefined ? input.expiration_time : stored?.expiration_time ?? null;
  if (date === null && time !== null) {
    if (input.expiration_time) throw invalid('expiration_time', 'The expiration_time needs an expiration_date.');
    time = null;
  }
  if (input.expiration_date !== undefined || input.expiration_time !== undefined) {
    out.expiration_date = date;
    out.expiration_time = time;
    out.ends_at = date === null ? null : zonedToUtc(date, time ?? '00:00', ctx.timeZone);
  }

  // Targeting: lists sent replace the stored ones; the selected type needs entries.
  const targets: Targets = stored ? parseTargets(stored.targets) : {};
  let targetsChanged = false;
  for (const f of TARGET_FIELDS) {
    const sent = input[f];
    if (sent !== undefined) {
      targets[f] = sent as Targets[typeof f];
      targetsChanged = true;
    }
  }
  if (targetsChanged) out.targets = JSON.stringify(targets);
  const targetType = input.target_type ?? stored?.target_type ?? 0;
  if (input.target_type !== undefined) out.target_type = input.target_type;
  if (targetType !== 0) {
    const field = TARGET_FIELD[targetType as keyof typeof TARGET_FIELD];
    if (!targets[field]?.length) {
      throw invalid(field, `The ${field} field needs at least one entry when target_type is ${targetType}.`);
    }
  }
  return out;
}

export async function createColumns(ctx: Context, input: LinkCreateInput) {
  const domainId = input.domain_id ?? input.domain ?? null;
  if (domainId !== null) await checkOwned(ctx, 'domains', 'domain_id', [domainId]);
  const pixelIds = [...new Set(input.pixel_ids ?? [])];
  if (pixelIds.length) await checkOwned(ctx, 'pixels', 'pixel_ids', pixelIds);
  const columns = await commonColumns(ctx, input, undefined);
  let alias: string;
  if (input.alias) {
    await checkAlias(ctx, domainId, input.alias);
    alias = input.alias;
  } else {
    alias = await freshAlias(ctx, domainId);
  }
  return { columns: { ...columns, url: input.url, alias, domain_id: domainId }, pixelIds };
}

export async function updateColumns(ctx: Context, input: LinkUpdateInput, stored: LinkRow) {
  const columns = await commonColumns(ctx, input, stored);
  if (input.url !== undefined) columns.url = input.url;
  if (input.alias) {
    if (input.alias !== stored.alias) await checkAlias(ctx, stored.domain_id, input.alias, stored.id);
    columns.alias = input.alias;
  }
  let pixelIds: number[] | undefined;
  if (input.pixel_ids !== undefined) {
    pixelIds = [...new Set(input.pixel_ids)];
    await checkOwned(ctx, 'pixels', 'pixel_ids', pixelIds);
  }
  return { columns, pixelIds };
}

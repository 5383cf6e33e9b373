// Between the API's link and the portable one: names instead of ids on the way
// out, ids for this instance on the way in. Secrets never travel; a link that
// asked for one is created locked unless the person importing supplies it.
import type { Link, Pixel } from '../../../shared/api-types.ts';
import type { PortableLink } from './types.ts';

/** Every field of a portable link, in the order of Linkdesk's CSV columns. */
export const PORTABLE_FIELDS = [
  'url', 'alias', 'domain', 'space', 'space_color', 'pixels', 'disabled', 'privacy', 'password_protected',
  'privacy_password_protected', 'expiration_url', 'expiration_date', 'expiration_time', 'expiration_clicks', 'active_period_start_at',
  'target_type', 'country', 'platform', 'language', 'rotation', 'targets_type', 'targets', 'rules', 'sensitive_content',
  'preview_title', 'preview_description', 'preview_image', 'title', 'created_at',
] as const satisfies readonly (keyof PortableLink)[];

/** Fields that hold lists: JSON in a CSV cell. */
export const LIST_FIELDS = ['pixels', 'country', 'platform', 'language', 'rotation', 'targets', 'rules'] as const;
export const BOOLEAN_FIELDS = ['disabled', 'password_protected', 'privacy_password_protected', 'sensitive_content'] as const;

/** A link to `url` with nothing else set: what a foreign format starts from. */
export function blankLink(url: string): PortableLink {
  return {
    url, alias: null, domain: null, space: null, space_color: null, pixels: [], disabled: false, privacy: 0,
    password_protected: false, privacy_password_protected: false, expiration_url: null, expiration_date: null,
    expiration_time: null, expiration_clicks: null, target_type: 0, country: [], platform: [], language: [], rotation: [],
    targets_type: null, targets: [], active_period_start_at: null, sensitive_content: false, rules: [], preview_title: null, preview_description: null, preview_image: null, title: null, created_at: null,
  };
}

/** `pixels`: the user's pixels with their tracking ids, which a link's summary lacks. */
export function fromApiLink(link: Link, pixels: Pixel[] = []): PortableLink {
  const byId = new Map(pixels.map((p) => [p.id, p]));
  return {
    url: link.url,
    alias: link.alias,
    domain: link.domain?.name ?? null,
    space: link.space?.name ?? null,
    space_color: link.space?.color ?? null,
    pixels: link.pixels.map((p) => ({ name: p.name, type: p.type, pixel_id: byId.get(p.id)?.pixel_id ?? '' })),
    disabled: link.disabled === 1,
    privacy: link.privacy,
    password_protected: link.password,
    privacy_password_protected: link.privacy_password,
    expiration_url: link.expiration_url,
    expiration_date: link.expiration_date,
    expiration_time: link.expiration_date ? link.expiration_time : null,
    expiration_clicks: link.expiration_clicks,
    target_type: link.target_type,
    country: link.country.map(({ key, value }) => ({ key, value })),
    platform: link.platform.map(({ key, value }) => ({ key, value })),
    language: link.language.map(({ key, value }) => ({ key, value })),
    rotation: link.rotation.map(({ value }) => ({ value })),
    targets_type: link.targets_type,
    targets: link.targets.map((t) => (t.weight === undefined ? { key: t.key, value: t.value } : { key: t.key, value: t.value, weight: t.weight })),
    active_period_start_at: link.active_period_start_at,
    sensitive_content: link.sensitive_content === 1,
    rules: link.rules as Record<string, unknown>[],
    preview_title: link.preview_title,
    preview_description: link.preview_description,
    preview_image: link.preview_image,
    title: link.title,
    created_at: link.created_at,
  };
}

/**
 * The POST /links body for `link` on the target. `password` opens both the
 * link and (privacy 2) its statistics page; without it a protected link is
 * created disabled and a password-protected statistics page becomes private,
 * each with a note saying so.
 */
export function toCreateBody(
  link: PortableLink,
  ids: { domainId: number | null; spaceId: number | null; pixelIds: number[] },
  opts: { password?: string },
): { body: Record<string, unknown>; notes: string[] } {
  const notes: string[] = [];
  const body: Record<string, unknown> = { url: link.url, disabled: link.disabled ? 1 : 0, privacy: link.privacy, target_type: link.target_type };
  if (link.alias !== null) body.alias = link.alias;
  if (ids.domainId !== null) body.domain_id = ids.domainId;
  if (ids.spaceId !== null) body.space_id = ids.spaceId;
  if (ids.pixelIds.length) body.pixel_ids = ids.pixelIds;
  if (link.password_protected) {
    // redirect_password, not password: a body with targets_type speaks current phpShort, where password is the statistics page's.
    if (opts.password) body.redirect_password = opts.password;
    else {
      body.disabled = 1;
      notes.push('Created disabled: the link asks for a password, and none was given.');
    }
  }
  if (link.privacy === 2) {
    if (opts.password) body.privacy_password = opts.password;
    else {
      body.privacy = 1;
      notes.push('Statistics made private: their page asks for a password, and none was given.');
    }
  }
  for (const f of ['expiration_url', 'expiration_date', 'expiration_clicks', 'preview_title', 'preview_description', 'preview_image'] as const) {
    if (link[f] !== null) body[f] = link[f];
  }
  if (link.expiration_date !== null && link.expiration_time !== null) body.expiration_time = link.expiration_time;
  for (const f of ['country', 'platform', 'language', 'rotation'] as const) if (link[f].length) body[f] = link[f];
  // Current phpShort's targeting says more (types the seed has no number for, weights): it replaces target_type, which would clash.
  if (link.targets_type !== null && link.targets.length) {
    delete body.target_type;
    body.targets_type = link.targets_type;
    body.targets = link.targets.map(({ key, value, weight }) => ({ ...(key === null ? {} : { key }), value, ...(weight === undefined ? {} : { weight }) }));
  }
  if (link.active_period_start_at !== null) body.active_period_start_at = link.active_period_start_at;
  if (link.sensitive_content) body.sensitive_content = 1;
  if (link.rules.length) body.rules = link.rules;
  // What the file says the link was: the bulk route keeps both (a server without it ignores them).
  if (link.title !== null) body.title = link.title;
  if (link.created_at !== null && !Number.isNaN(Date.parse(link.created_at))) body.created_at = link.created_at;
  return { body, notes };
}

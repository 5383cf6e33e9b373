import { z } from 'zod';
import { LIMITS, LINK_HEALTH, LINK_SEARCH_BY, LINK_SORT_BY, PER_PAGE_VALUES, SORT_DIRECTIONS, TARGET_TYPES } from '../constants.ts';
import { isCountryCode, isLanguageCode } from '../iso-codes.ts';
import { KNOWN_OPERATING_SYSTEMS, MAX_TARGETS, MAX_WEIGHT, TARGETS_TYPES } from '../targeting-keys.ts';
import { clearable, dateString, httpUrl, id, int, list, oneOf, oneOfStrings, searchText, str, timeString, toList } from './fields.ts';
import { linkRulesSchema } from './link-rules.ts';

/**
 * phpShort's `alpha_dash` and `max:255`: letters, marks and digits of any script, `-` and `_`,
 * 1 to 255 characters (code points), tested on the NFC spelling that is stored (normalizeAlias).
 */
export const ALIAS_PATTERN = /^[\p{L}\p{M}\p{N}_-]{1,255}$/u;
/** The ASCII aliases, which need no decoding or normalising: the redirect's fast path takes only these. */
export const ASCII_ALIAS_PATTERN = /^[A-Za-z0-9_-]{1,255}$/;
/** An alias as stored and looked up: NFC, so `café` typed precomposed or decomposed is one alias. */
export const normalizeAlias = (alias: string) => (ASCII_ALIAS_PATTERN.test(alias) ? alias : alias.normalize('NFC'));

const ALIAS_CHARS = /^[\p{L}\p{M}\p{N}_-]+$/u;
const aliasText = (nullMessage: string) => z.preprocess(
  // alpha_dash takes a number too (JSON `"alias": 2024`).
  (v) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : v),
  z.string({ error: (i) => (i.input === null ? nullMessage : 'The alias must be a string.') }).trim().transform((s, ctx) => {
    const alias = normalizeAlias(s);
    if (!ALIAS_CHARS.test(alias)) ctx.issues.push({ code: 'custom', input: s, message: 'The alias may only contain letters, numbers, dashes and underscores.' });
    else if ([...alias].length > LIMITS.aliasLength) ctx.issues.push({ code: 'custom', input: s, message: `The alias may not be greater than ${LIMITS.aliasLength} characters.` });
    return alias;
  }),
);
const alias = aliasText('The alias must be a string.');
/** On update an alias can be changed, not removed (phpShort's UpdateLinkRequest: `sometimes`, not nullable). */
const updateAlias = z.preprocess((v) => (v === '' ? null : v), aliasText('The alias field cannot be empty: a link keeps an alias.')).optional();

/** The card a link-preview crawler is shown (redirect/preview-page.ts). */
export const PREVIEW_LIMITS = { title: 200, description: 500 } as const;

/**
 * Taken exactly as typed, spaces included: the password form sends what the
 * visitor typed, untrimmed. All spaces is no password at all.
 */
const secret = (field: string) =>
  z
    .string({ error: (i) => (i.input === undefined || i.input === null ? `The ${field} field is required.` : `The ${field} must be a string.`) })
    .refine((v) => v.trim().length > 0, `The ${field} field is required.`)
    .max(LIMITS.passwordLength, `The ${field} may not be greater than ${LIMITS.passwordLength} characters.`);

const keyed = (field: string, key: z.ZodType) =>
  rows(field, z.object({ key, value: httpUrl(`${field} value`) }, { error: `Each ${field} entry needs a key and a value.` }), LIMITS.targetEntries);

const countryKey = z
  .string({ error: 'The country key is required.' })
  .transform((s) => s.trim().toUpperCase())
  .refine(isCountryCode, 'The country key must be an ISO 3166-1 alpha-2 code.');
const languageKey = z
  .string({ error: 'The language key is required.' })
  .transform((s) => s.trim().toLowerCase())
  .refine(isLanguageCode, 'The language key must be an ISO 639-1 code.');
/**
 * The seed's seven (current phpShort's `operating_systems`); the legacy five
 * pass here only so that a link keeping one it has can be saved again
 * (api/link-targets.ts refuses a new one).
 */
const platformKey = oneOfStrings('platform key', KNOWN_OPERATING_SYSTEMS);
const weight = (field: string) => int(field, 1, MAX_WEIGHT).optional();

/** Laravel's `boolean`: true, false, 1, 0, "1", "0" (JSON or form text); not "true" or "false". */
const flag = (field: string) =>
  z.preprocess(
    (v) => (v === true || v === '1' ? 1 : v === false || v === '0' ? 0 : v),
    z.literal([0, 1], { error: `The ${field} field must be true or false (1 or 0).` }),
  ).optional();

/**
 * A date of the active period as phpShort's `date` rule takes it, narrowed to the sensible
 * spellings: `Y-m-d`, `Y-m-d H:i`, `Y-m-d H:i:s`, and ISO 8601 with `T`, fractions of a second
 * and an offset or `Z` (what JavaScript's toISOString writes). Without an offset it is a wall
 * clock in the instance's time zone, resolved by api/link-input.ts; a date alone is its midnight
 * (Carbon::parse, LinkTrait.php:116/120).
 */
export interface PeriodAt {
  date: string;
  /** HH:MM:SS */
  time: string;
  /** Minutes east of UTC, when the text gave an offset. */
  offset: number | null;
}
const PERIOD = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;
export function periodOf(text: string): PeriodAt | null {
  const m = PERIOD.exec(text);
  if (!m) return null;
  const [, date, hh = '00', mi = '00', ss = '00', zone] = m;
  const [y, mo, d] = date!.split('-').map(Number) as [number, number, number];
  const real = new Date(Date.UTC(y, mo - 1, d));
  if (real.getUTCFullYear() !== y || real.getUTCMonth() !== mo - 1 || real.getUTCDate() !== d) return null; // 2030-02-30
  if (Number(hh) > 23 || Number(mi) > 59 || Number(ss) > 59) return null;
  let offset: number | null = null;
  if (zone !== undefined) {
    const o = zone.replace(':', '');
    const [oh, om] = /^z$/i.test(o) ? [0, 0] : [Number(o.slice(1, 3)), Number(o.slice(3) || 0)];
    if (oh > 23 || om > 59) return null;
    offset = (o[0] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  return { date: date!, time: `${hh}:${mi}:${ss}`, offset };
}
const periodAt = (field: string) => {
  const message = `The ${field} must be a date (YYYY-MM-DD), a date and time (YYYY-MM-DD HH:MM, seconds optional) or ISO 8601 with an offset (2030-01-31T12:00:00Z).`;
  return z.string({ error: message }).trim().transform((s, ctx) => {
    const at = periodOf(s);
    if (!at) {
      ctx.issues.push({ code: 'custom', message, input: s });
      return z.NEVER;
    }
    return at;
  });
};

/**
 * A targeting list: a row whose key and value are both blank is dropped (phpShort's
 * `required_with` lets it through and LinkTrait.php:136 keeps only rows with a value).
 */
const blankRow = (v: unknown) =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
  && Object.entries(v).every(([k, x]) => k === 'weight' || x === '' || x === null || x === undefined)
  && ((v as { value?: unknown }).value ?? '') === '';
const rows = <T extends z.ZodType>(field: string, item: T, max: number) =>
  z.preprocess((v) => {
    const all = toList(v);
    return Array.isArray(all) ? all.filter((r) => !blankRow(r)) : all;
  }, list(field, item, max));

/** `targets[i]`: the key is checked against `targets_type` with the stored link in view (api/link-targets.ts). */
const target = z.object({
  key: z.string({ error: 'The targets key must be a string.' }).trim().optional(),
  value: httpUrl('targets value'),
  weight: weight('targets weight'),
}, { error: 'Each targets entry needs a key and a value (a value alone for rotations).' });

/** Fields writable on both create and update. */
const writable = {
  url: httpUrl('url'),
  alias: clearable(alias),
  password: clearable(secret('password')).describe(
    'The redirect password (seed), unless the same request sends redirect_password, or privacy=2 without privacy_password: '
    + 'then it is the statistics password (current phpShort). Send redirect_password to be unambiguous.'),
  space_id: clearable(id('space_id')),
  pixel_ids: list('pixel_ids', id('pixel_ids item'), LIMITS.pixelsPerLink).optional(),
  disabled: oneOf('disabled', [0, 1] as const).optional(),
  privacy: oneOf('privacy', [0, 1, 2] as const).optional(),
  privacy_password: clearable(secret('privacy_password')),
  expiration_url: clearable(httpUrl('expiration_url')),
  expiration_date: clearable(dateString('expiration_date')),
  expiration_time: clearable(timeString('expiration_time')),
  // 0 is no limit (phpShort: min:0); stored as none.
  expiration_clicks: clearable(int('expiration_clicks', 0)),
  target_type: oneOf('target_type', TARGET_TYPES).optional(),
  country: keyed('country', countryKey).optional(),
  platform: keyed('platform', platformKey).optional(),
  language: keyed('language', languageKey).optional(),
  rotation: rows('rotation', z.object({ value: httpUrl('rotation value'), weight: weight('rotation weight') }, { error: 'Each rotation entry needs a value.' }), LIMITS.targetEntries).optional(),
  // Current phpShort's generation of the same model (DESIGN.md "Link fields"; link-input.ts maps both).
  targets_type: clearable(oneOfStrings('targets_type', TARGETS_TYPES)),
  targets: rows('targets', target, MAX_TARGETS).optional(),
  redirect_password: clearable(secret('redirect_password')).describe('The redirect password (current phpShort); with it, password means the statistics password.'),
  active_period_start_at: clearable(periodAt('active_period_start_at')),
  active_period_end_at: clearable(periodAt('active_period_end_at')),
  // phpShort: integer, min:0, digits_between:0,9 (StoreLinkRequest.php:77); 0 is no limit.
  clicks_limit: clearable(int('clicks_limit', 0, 999_999_999)),
  sensitive_content: flag('sensitive_content'),
  rules: z.preprocess((v) => (v === '' ? null : v), linkRulesSchema.nullable()).optional(),
  preview_title: clearable(str('preview_title', PREVIEW_LIMITS.title)),
  preview_description: clearable(str('preview_description', PREVIEW_LIMITS.description)),
  preview_image: clearable(httpUrl('preview_image')),
};

export const linkCreateSchema = z.object({
  ...writable,
  domain_id: clearable(id('domain_id')),
  /** The seed's sample request names it `domain`. */
  domain: clearable(id('domain')),
});
export type LinkCreateInput = z.infer<typeof linkCreateSchema>;

export const linkUpdateSchema = z.object({
  ...writable,
  url: writable.url.optional(),
  alias: updateAlias,
  /** Create-only: the link's own domain echoed back is accepted, another is 422 (routes/links.ts). */
  domain_id: clearable(id('domain_id')),
  domain: clearable(id('domain')),
});
export type LinkUpdateInput = z.infer<typeof linkUpdateSchema>;

/** A list parameter sent empty (`space_id=`, as a form with an unset select sends it) is not sent (phpShort reads it so). */
const unlessBlank = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);

/**
 * phpShort's LinkController::index parameters. `space_id=0` lists the links in
 * no space (its ofSpace scope); `domain_id=0` and `pixel_id=0` filter nothing,
 * as phpShort's `when()` skips a 0. Values phpShort silently replaces (a
 * per_page of 20, an unknown sort_by) are 422 here (DESIGN.md, "HTTP API contract").
 */
export const linkListQuerySchema = z.object({
  search: unlessBlank(searchText),
  search_by: unlessBlank(oneOfStrings('search_by', LINK_SEARCH_BY).default('title')),
  status: unlessBlank(oneOf('status', [0, 1, 2, 3] as const).default(0)),
  space_id: unlessBlank(int('space_id', 0).optional())
    .describe('A space\'s id; 0: the links in no space'),
  domain_id: unlessBlank(int('domain_id', 0).optional()).transform((v) => (v === 0 ? undefined : v))
    .describe('A domain\'s id; 0 filters nothing (phpShort\'s reading)'),
  pixel_id: unlessBlank(int('pixel_id', 0).optional()).transform((v) => (v === 0 ? undefined : v))
    .describe('A pixel\'s id; 0 filters nothing (phpShort\'s reading)'),
  health: oneOfStrings('health', LINK_HEALTH).optional(),
  sort_by: unlessBlank(oneOfStrings('sort_by', LINK_SORT_BY).default('id')),
  sort: unlessBlank(oneOfStrings('sort', SORT_DIRECTIONS).default('desc')),
  per_page: unlessBlank(oneOf('per_page', PER_PAGE_VALUES).default(10)),
  page: int('page', 1).default(1),
});
export type LinkListQuery = z.infer<typeof linkListQuerySchema>;

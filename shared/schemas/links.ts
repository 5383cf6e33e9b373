import { z } from 'zod';
import { LIMITS, LINK_HEALTH, LINK_SEARCH_BY, LINK_SORT_BY, PER_PAGE_VALUES, SORT_DIRECTIONS, TARGET_TYPES } from '../constants.ts';
import { isCountryCode, isLanguageCode } from '../iso-codes.ts';
import { MAX_TARGETS, MAX_WEIGHT, OPERATING_SYSTEMS, TARGETS_TYPES } from '../targeting-keys.ts';
import { clearable, dateString, httpUrl, id, int, list, oneOf, oneOfStrings, searchText, str, timeString } from './fields.ts';
import { linkRulesSchema } from './link-rules.ts';

export const ALIAS_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

const alias = z
  .string({ error: 'The alias must be a string.' })
  .trim()
  .regex(ALIAS_PATTERN, 'The alias may only contain letters, digits, dashes and underscores, up to 100 characters.');

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
  list(field, z.object({ key, value: httpUrl(`${field} value`) }, { error: `Each ${field} entry needs a key and a value.` }), LIMITS.targetEntries);

const countryKey = z
  .string({ error: 'The country key is required.' })
  .transform((s) => s.trim().toUpperCase())
  .refine(isCountryCode, 'The country key must be an ISO 3166-1 alpha-2 code.');
const languageKey = z
  .string({ error: 'The language key is required.' })
  .transform((s) => s.trim().toLowerCase())
  .refine(isLanguageCode, 'The language key must be an ISO 639-1 code.');
/** The seed's seven and the other operating systems current phpShort names (the seed's `platform` is its `operating_systems`). */
const platformKey = oneOfStrings('platform key', OPERATING_SYSTEMS);
const weight = (field: string) => int(field, 1, MAX_WEIGHT).optional();

/** 0/1, true/false (JSON or form text). */
const flag = (field: string) =>
  z.preprocess((v) => (v === 'true' ? 1 : v === 'false' ? 0 : v), oneOf(field, [0, 1] as const)).optional();

/**
 * Current phpShort's `Y-m-d H:i` in the instance's time zone (seconds
 * accepted, `T` too), as the date and time parts the expiry already stores;
 * or an instant with its offset, as answers write it (`2025-01-08T04:53:32.000000Z`,
 * which phpShort's Carbon::parse takes too, LinkTrait.php:116): then `utc`.
 */
const PERIOD = /^(\d{4}-\d{2}-\d{2})[ T]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?$/i;
const periodAt = (field: string) => {
  const message = `The ${field} must be a date and time in the format YYYY-MM-DD HH:MM.`;
  return z.string({ error: message }).trim().transform((s, ctx): { date: string; time: string; utc?: number } => {
    const m = PERIOD.exec(s);
    if (!m || !dateString(field).safeParse(m[1]).success) {
      ctx.issues.push({ code: 'custom', message, input: s });
      return z.NEVER;
    }
    const at = { date: m[1]!, time: `${m[2]}:${m[3]}` };
    if (!m[5]) return at;
    const zone = m[5].toUpperCase() === 'Z' ? 0 : (m[5][0] === '-' ? -1 : 1) * (Number(m[5].slice(1, 3)) * 60 + Number(m[5].slice(-2)));
    return { ...at, utc: Date.parse(`${at.date}T${at.time}:00Z`) - zone * 60_000 };
  });
};

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
  expiration_clicks: clearable(int('expiration_clicks', 1)),
  target_type: oneOf('target_type', TARGET_TYPES).optional(),
  country: keyed('country', countryKey).optional(),
  platform: keyed('platform', platformKey).optional(),
  language: keyed('language', languageKey).optional(),
  rotation: list('rotation', z.object({ value: httpUrl('rotation value'), weight: weight('rotation weight') }, { error: 'Each rotation entry needs a value.' }), LIMITS.targetEntries).optional(),
  // Current phpShort's generation of the same model (DESIGN.md "Link fields"; link-input.ts maps both).
  targets_type: clearable(oneOfStrings('targets_type', TARGETS_TYPES)),
  targets: list('targets', target, MAX_TARGETS).optional(),
  redirect_password: clearable(secret('redirect_password')).describe('The redirect password (current phpShort); with it, password means the statistics password.'),
  active_period_start_at: clearable(periodAt('active_period_start_at')),
  active_period_end_at: clearable(periodAt('active_period_end_at')),
  clicks_limit: clearable(int('clicks_limit', 1)),
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

export const linkUpdateSchema = z.object({ ...writable, url: writable.url.optional() });
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

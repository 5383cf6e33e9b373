import { z } from 'zod';
import { LIMITS, LINK_HEALTH, LINK_SEARCH_BY, LINK_SORT_BY, PER_PAGE_VALUES, PLATFORMS, SORT_DIRECTIONS, TARGET_TYPES } from '../constants.ts';
import { isCountryCode, isLanguageCode } from '../iso-codes.ts';
import { clearable, dateString, httpUrl, id, int, list, oneOf, oneOfStrings, searchText, str, timeString } from './fields.ts';

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
const platformKey = oneOfStrings('platform key', PLATFORMS);

/** Fields writable on both create and update. */
const writable = {
  url: httpUrl('url'),
  alias: clearable(alias),
  password: clearable(secret('password')),
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
  rotation: list('rotation', z.object({ value: httpUrl('rotation value') }, { error: 'Each rotation entry needs a value.' }), LIMITS.targetEntries).optional(),
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

export const linkListQuerySchema = z.object({
  search: searchText,
  search_by: oneOfStrings('search_by', LINK_SEARCH_BY).default('title'),
  status: oneOf('status', [0, 1, 2, 3] as const).default(0),
  space_id: id('space_id').optional(),
  domain_id: id('domain_id').optional(),
  pixel_id: id('pixel_id').optional(),
  health: oneOfStrings('health', LINK_HEALTH).optional(),
  sort_by: oneOfStrings('sort_by', LINK_SORT_BY).default('id'),
  sort: oneOfStrings('sort', SORT_DIRECTIONS).default('desc'),
  per_page: oneOf('per_page', PER_PAGE_VALUES).default(10),
  page: int('page', 1).default(1),
});
export type LinkListQuery = z.infer<typeof linkListQuerySchema>;

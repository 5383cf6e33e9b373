// Response shapes for the OpenAPI document. The TypeScript interfaces in
// api-types.ts stay the source the code uses; the assertions at the bottom fail
// the typecheck if the two ever drift apart.
import { z } from 'zod';
import type { Account, ApiErrorBody, Deleted, ValidationErrorBody, Domain, Link, Pixel, Space } from '../api-types.ts';
import { apiGenerationSchema } from '../api-generation.ts';
import { LINK_HEALTH, PIXEL_TYPES } from '../constants.ts';
import { same } from './same-type.ts';
import { linkRuleSchema } from './link-rules.ts';
import { LEGACY_OPERATING_SYSTEMS, OPERATING_SYSTEMS, TARGETS_TYPES } from '../targeting-keys.ts';

const timestamp = z.string().describe('ISO 8601, UTC');
const eloquentTimestamp = z.string().describe('ISO 8601 in UTC with microseconds, as Eloquent writes a datetime: 2025-01-08T04:53:32.000000Z');
const owned = { user_id: z.number().int(), created_at: timestamp, updated_at: timestamp };
const keyValue = z.object({ key: z.string(), value: z.string() });

export const domainSchema = z.object({
  id: z.number().int(), name: z.string().describe('Hostname; IDN as punycode'), url: z.string(),
  index_page: z.string().nullable(), not_found_page: z.string().nullable(), links_count: z.number().int(),
  created_at: timestamp, updated_at: timestamp,
}).meta({ id: 'Domain' });

export const spaceSchema = z.object({
  id: z.number().int(), name: z.string(), color: z.string(), links_count: z.number().int(), created_at: timestamp, updated_at: timestamp,
}).meta({ id: 'Space' });

export const pixelSchema = z.object({
  id: z.number().int(), name: z.string(), type: z.enum(PIXEL_TYPES), pixel_id: z.string(), links_count: z.number().int(),
  created_at: timestamp, updated_at: timestamp,
}).meta({ id: 'Pixel' });

export const BAN_SOURCES = ['blocklist', 'threat', 'report', 'admin', 'host'] as const;
export const linkBanSchema = z.object({
  at: timestamp.describe('When the link was banned'),
  reason: z.string().describe('Why, as the admin or the check wrote it'),
  legal: z.boolean().describe('A legal block: visitors get HTTP 451 (403 otherwise)'),
  source: z.enum(BAN_SOURCES).describe('What banned it: a blocklist entry, a threat list, a visitor report, an admin, a host ban'),
}).meta({ id: 'LinkBan' });

export const linkSchema = z.object({
  id: z.number().int(),
  alias: z.string(),
  url: z.string(),
  short_url: z.string(),
  title: z.string().nullable().describe("The destination page's <title>, fetched after the create"),
  domain: z.object({
    id: z.number().int(), name: z.string(), index_page: z.string().nullable(), not_found_page: z.string().nullable(), ...owned,
  }).nullable().describe("The link's domain, with the columns phpShort answers (its Domain model); null: the instance's own host"),
  space: z.object({ id: z.number().int(), name: z.string(), color: z.string(), ...owned }).nullable(),
  pixels: z.array(z.object({
    id: z.number().int(), name: z.string(), type: z.enum(PIXEL_TYPES), value: z.string().describe("The tracking id (the pixel resource's pixel_id)"),
    pivot: z.object({ link_id: z.number().int(), pixel_id: z.number().int() }), ...owned,
  })).describe("The link's pixels as phpShort answers them (Pixel models with their link_pixel pivot)"),
  disabled: z.literal([0, 1]),
  privacy: z.literal([0, 1, 2]).describe('Statistics page: 0 public, 1 private, 2 password'),
  password: z.boolean().describe('Never the password. With --api-generation seed (the default): whether the redirect asks for one (the seed\'s '
    + 'meaning); with current: whether the statistics page does (phpShort 4.6 on). On input, `password` is the statistics password in a request '
    + 'carrying a field only current phpShort has (targets_type, targets, redirect_password, clicks_limit, active_period_start_at, '
    + 'active_period_end_at, sensitive_content), the redirect password in one carrying a field only the seed has (target_type, country, platform, '
    + 'language, rotation, expiration_clicks, expiration_date, expiration_time, privacy_password), else as --api-generation says'),
  privacy_password: z.boolean(),
  expiration_url: z.string().nullable(),
  expiration_date: z.string().nullable().describe('YYYY-MM-DD in the instance time zone'),
  expiration_time: z.string().nullable().describe('HH:MM in the instance time zone'),
  ends_at: z.string().nullable().describe('The expiry instant, ISO 8601 UTC'),
  expiration_clicks: z.number().int().nullable(),
  target_type: z.literal([0, 1, 2, 3, 4]).describe('0 none, 1 country, 2 platform, 3 language, 4 rotation'),
  country: z.array(keyValue),
  platform: z.array(keyValue).describe(`key: one of ${OPERATING_SYSTEMS.join(', ')}; a link stored before Linkdesk took these seven may also read ${LEGACY_OPERATING_SYSTEMS.join(', ')}`),
  language: z.array(keyValue),
  rotation: z.array(z.object({ value: z.string() })),
  targets_type: z.enum(TARGETS_TYPES).nullable()
    .describe('Current phpShort\'s name of the targeting above (the same model): countries = target_type 1, operating_systems = 2, languages = 3, rotations = 4; '
      + 'continents, browsers and devices have no seed number, so a link targeting them reads target_type 0 with empty seed lists. Null: none'),
  targets: z.array(z.object({ key: z.string().nullable(), value: z.string(), weight: z.number().int().optional() }))
    .describe('The entries of targets_type; a rotation\'s have key null and a weight (default 1)'),
  redirect_password: z.boolean().describe('Whether the redirect asks for a password, in either generation'),
  active_period_start_at: eloquentTimestamp.nullable().describe('Before it the link answers as expired'),
  active_period_end_at: eloquentTimestamp.nullable().describe('The instant of expiration_date and expiration_time (ends_at)'),
  expires_at: eloquentTimestamp.nullable().describe('The instant the link ends, as active_period_end_at (phpShort 4.6 on answers null: it has no such column)'),
  last_rotation: z.number().int().describe("The rotation's position: phpShort's counter of the entry the next visit gets (here the weighted turn)"),
  clicks_limit: z.number().int().nullable().describe('Same as expiration_clicks'),
  sensitive_content: z.literal([0, 1]).describe('1: visitors see a warning before the redirect'),
  rules: z.array(linkRuleSchema).describe('Destinations by conditions, tried in order before the targets; [] when none'),
  preview_title: z.string().nullable().describe('og:title / twitter:title shown to link-preview crawlers'),
  preview_description: z.string().nullable().describe('og:description / twitter:description shown to link-preview crawlers'),
  preview_image: z.string().nullable().describe('og:image / twitter:image, an absolute http(s) URL'),
  clicks: z.number().int(),
  status: z.literal([1, 2, 3]).describe('1 active, 2 expired, 3 disabled'),
  health: z.enum(LINK_HEALTH).describe('The destination and its targets as the background checker last found them; unknown until checked, and again after the destination changes'),
  health_detail: z.string().nullable().describe('Why a broken link is broken: the status code ("404") or the network error ("timeout", "redirect loop"), naming the target when it is one'),
  health_checked_at: timestamp.nullable().describe('When the health was found; null while unknown'),
  banned: linkBanSchema.nullable().describe('Null unless the link is banned: a banned link never redirects (visitors get a page, 451 for a legal block, 403 otherwise), and only an admin lifts the ban'),
  created_at: timestamp,
  updated_at: timestamp,
}).meta({ id: 'Link' });

export { statsSchema } from './stats.ts';

export const accountSchema = z.object({
  id: z.number().int(), name: z.string(), created_at: timestamp,
  api_generation: apiGenerationSchema.describe('How this server reads a link request that says neither phpShort generation '
    + '(`--api-generation`): seed, `password` is the redirect password; current, `password` is the statistics password'),
}).meta({ id: 'Account' });

export const errorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional().describe('On 422: messages by field (`url`, `country.0.key`)'),
  status: z.number().int(),
}).meta({ id: 'Error' });

/** A 422: the first message, and every message by field. */
const fieldMessages = z.record(z.string(), z.array(z.string()));
export const validationErrorSchema = z.object({
  message: fieldMessages.describe('Messages by field, as phpShort\'s API answers a 422 (`url`, `country.0.key`; `body` for the body as a whole)'),
  errors: fieldMessages.describe('The same map as `message`, for clients written against earlier Linkdesk releases'),
  status: z.literal(422),
}).meta({ id: 'ValidationError' });

export const deletedSchema = z.object({
  id: z.number().int(), object: z.enum(['link', 'domain', 'space', 'pixel', 'webhook', 'user', 'key']), deleted: z.literal(true), status: z.literal(200),
}).meta({ id: 'Deleted' });

export const singleOf = <T extends z.ZodType>(data: T, status: 200 | 201 = 200) => z.object({ data, status: z.literal(status) });
export const pageOf = <T extends z.ZodType>(item: T) => z.object({
  data: z.array(item),
  links: z.object({ first: z.string(), last: z.string(), prev: z.string().nullable(), next: z.string().nullable() }),
  meta: z.object({
    current_page: z.number().int(), from: z.number().int().nullable(), last_page: z.number().int(), path: z.string(),
    per_page: z.number().int(), to: z.number().int().nullable(), total: z.number().int(),
  }),
  status: z.literal(200),
});

/** Responses every authenticated route may give besides its success. */
export const errorResponses = {
  401: errorSchema.describe('The key is missing or unknown ("Unauthenticated."), revoked, expired, or its user is suspended: the message says which.'),
  403: errorSchema.describe('The key lacks a scope this route needs, named in the message: "This key lacks the links:write scope." '
    + '(a write scope includes its read), or it is restricted to one domain.'),
  404: errorSchema.describe('No such record, or not one this key may see.'),
  422: validationErrorSchema.describe('A field or the body is invalid: `message` (and `errors`, the same map) names each field with its messages.'),
  429: errorSchema, 500: errorSchema,
} as const;

same<z.infer<typeof domainSchema>, Domain>(true);
same<z.infer<typeof spaceSchema>, Space>(true);
same<z.infer<typeof pixelSchema>, Pixel>(true);
same<z.infer<typeof linkSchema>, Link>(true);
// Servers before api_generation omit it: the desktop's type allows that, this server always sends it.
same<z.infer<typeof accountSchema>, Required<Account>>(true);
same<z.infer<typeof errorSchema>, ApiErrorBody>(true);
same<z.infer<typeof validationErrorSchema>, ValidationErrorBody>(true);
same<z.infer<typeof deletedSchema>, Deleted>(true);

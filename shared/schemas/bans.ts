// Bans (issue 44): request and response shapes of /api/v1/links/{id}/ban and /api/v1/bans.
import { z } from 'zod';
import { PER_PAGE_VALUES } from '../constants.ts';
import { int, oneOf, str } from './fields.ts';
import { linkBanSchema } from './responses.ts';

/** A reason is shown to the link's owner (never to visitors). */
export const BAN_REASON_MAX = 500;
const reason = str('reason', BAN_REASON_MAX);
const legal = oneOf('legal', [0, 1] as const).optional()
  .describe('1 (or true): a legal block, visitors get HTTP 451 instead of 403');

export const banBodySchema = z.object({ reason, legal });
export const unbanBodySchema = z.object({ reason });
/** A host name (ASCII; an IDN in its xn-- form), optionally `*.`, or an http(s) URL on one. */
const HOST_PATTERN = /^(?:[Hh][Tt][Tt][Pp][Ss]?:\/\/)?(?:\*\.)?(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}\.?(?:\/[^\s]*)?$/;
export const hostBanBodySchema = z.object({
  host: z.string({ error: (i) => (i.input === undefined || i.input === null ? 'The host field is required.' : 'The host must be a string.') })
    .trim().max(2048, 'The host may not be greater than 2048 characters.')
    .regex(HOST_PATTERN, 'The host must be a host name such as evil.example (an internationalised one in its xn-- form) or an http(s) URL on one.')
    .describe('A host name, or a URL whose host is taken: the host and every subdomain'),
  reason, legal,
});
export const banListQuerySchema = z.object({
  per_page: oneOf('per_page', PER_PAGE_VALUES).default(25),
  page: int('page', 1).default(1),
});

export const bannedLinkSchema = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string() }),
  alias: z.string(),
  short_url: z.string(),
  url: z.string().describe('The destination (admins only see this list)'),
  clicks: z.number().int(),
  banned: linkBanSchema,
}).meta({ id: 'BannedLink' });
export type BannedLink = z.infer<typeof bannedLinkSchema>;

export const hostBanSchema = z.object({
  id: z.number().int(),
  host: z.string(),
  reason: z.string(),
  legal: z.boolean(),
  links_banned: z.number().int().describe('Links banned by this request (links banned already are left as they are)'),
}).meta({ id: 'HostBan' });

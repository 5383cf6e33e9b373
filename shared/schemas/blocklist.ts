// /api/v1/blocklist (admins): the hosts and keywords links may not point at
// or contain. PUT replaces the manual entries; imported lists (URLhaus,
// PhishTank, hosts files: `linkdesk blocklist import`) are summarised here and
// kept apart.
import { z } from 'zod';
import { list } from './fields.ts';

export const BLOCKLIST_MAX_HOSTS = 10_000;
export const BLOCKLIST_MAX_KEYWORDS = 1_000;

export const blocklistPutSchema = z.object({
  hosts: list('hosts', z.string({ error: 'Each host must be a string.' }).trim().min(1, 'A host may not be empty.').max(255, 'A host may not be longer than 255 characters.'), BLOCKLIST_MAX_HOSTS)
    .describe('Exact hosts (`evil.com`) or a host and every subdomain (`*.evil.com`); internationalised names are stored in their ASCII form, IP addresses in one notation. Replaces every manual host.'),
  keywords: list('keywords', z.string({ error: 'Each keyword must be a string.' }).trim().min(1, 'A keyword may not be empty.').max(100, 'A keyword may not be longer than 100 characters.'), BLOCKLIST_MAX_KEYWORDS)
    .describe('Words refused, case aside, anywhere in a destination URL (also percent-decoded) or an alias, as phpShort\'s bad words. Replaces every manual keyword.'),
});
export type BlocklistPut = z.infer<typeof blocklistPutSchema>;

export const blocklistSchema = z.object({
  hosts: z.array(z.string()).describe('Manual host entries, in their stored spelling.'),
  keywords: z.array(z.string()).describe('Manual keywords.'),
  imported: z.array(z.object({
    source: z.enum(['urlhaus', 'phishtank', 'hosts']),
    entries: z.number().int(),
    imported_at: z.string().nullable(),
    file: z.string().nullable(),
  })).describe('Host lists loaded with `linkdesk blocklist import`: entries per source and the last import.'),
  known_shorteners: z.array(z.string()).describe('Hosts whose links are resolved one hop (a HEAD, at most 2 s) and whose Location is checked too.'),
  safe_browsing: z.boolean().describe('Whether this instance asks Google Safe Browsing about every new or changed address (a key is set).'),
});
export type Blocklist = z.infer<typeof blocklistSchema>;

export const blocklistCheckQuerySchema = z.object({ url: z.string().min(1).max(2048) });
export const blocklistCheckSchema = z.object({
  match: z.object({ kind: z.enum(['host', 'keyword', 'threat']), entry: z.string(), source: z.string(), legal: z.boolean() }).nullable(),
});

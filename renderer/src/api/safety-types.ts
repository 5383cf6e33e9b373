// Shapes of the issue 44 routes (blocklist, bans, reports): the server's own
// types (shared/schemas/blocklist.ts, bans.ts, reports.ts; shared/api-types.ts
// LinkBan), so a change on either side fails the typecheck. The IPC contract
// passes these answers on as records; the calls in safety.ts give them these types.
import type { z } from 'zod';
import type { BanSource, LinkBan } from '../../../shared/api-types.ts';
import type { hostBanSchema } from '../../../shared/schemas/bans.ts';
import type { blocklistCheckSchema, Blocklist } from '../../../shared/schemas/blocklist.ts';
import type { ReportGroup } from '../../../shared/schemas/reports.ts';
import { REPORT_FILTERS, REPORT_REASON_VALUES } from '../../../shared/schemas/reports.ts';

export type { BanSource, LinkBan } from '../../../shared/api-types.ts';
export type { BannedLink } from '../../../shared/schemas/bans.ts';
export type { Blocklist } from '../../../shared/schemas/blocklist.ts';
export type { LinkReport, ReportGroup } from '../../../shared/schemas/reports.ts';
export type ImportedList = Blocklist['imported'][number];
export type ImportedSource = ImportedList['source'];
export type BlocklistCheck = z.infer<typeof blocklistCheckSchema>;
export type BlockMatch = NonNullable<BlocklistCheck['match']>;
export type HostBan = z.infer<typeof hostBanSchema>;
export { REPORT_FILTERS };
export type ReportFilter = (typeof REPORT_FILTERS)[number];
export type ReportReason = (typeof REPORT_REASON_VALUES)[number];
export type ReportLink = ReportGroup['link'];
export interface ReportsDismissed { link_id: number; dismissed: number[] }

const SOURCES: readonly string[] = ['blocklist', 'threat', 'report', 'admin', 'host'];

/** A link's ban, read defensively: servers before issue 44 send no `banned`, and anything malformed is no ban. */
export function banOf(link: object): LinkBan | null {
  const b = (link as { banned?: unknown }).banned;
  if (typeof b !== 'object' || b === null) return null;
  const o = b as Record<string, unknown>;
  if (typeof o.at !== 'string') return null;
  return {
    at: o.at,
    reason: typeof o.reason === 'string' ? o.reason : '',
    legal: o.legal === true,
    source: typeof o.source === 'string' && SOURCES.includes(o.source) ? o.source as BanSource : 'admin',
  };
}

/** Whether the server says a Safe Browsing key is set: true, false, or null when it does not say (a server before the field). */
export function safeBrowsingSet(b: Blocklist): boolean | null {
  const s = (b as { safe_browsing?: unknown }).safe_browsing;
  return typeof s === 'boolean' ? s : null;
}

export const BAN_SOURCE_WORDS: Record<BanSource, string> = {
  blocklist: 'Blocklist', threat: 'Threat list', report: 'Visitor report', admin: 'An admin', host: 'Host ban',
};
export const REPORT_REASON_WORDS: Record<ReportReason, string> = {
  phishing: 'Phishing', malware: 'Malware', spam: 'Spam', other: 'Other',
};
export const IMPORTED_WORDS: Record<ImportedSource, string> = { urlhaus: 'URLhaus', phishtank: 'PhishTank', hosts: 'Hosts list' };

// Shapes of the issue 44 routes (blocklist, bans, reports): the server's own
// types (shared/schemas/blocklist.ts, bans.ts, reports.ts; shared/api-types.ts
// LinkBan), so a change on either side fails the typecheck. The IPC contract
// passes these answers on as records; the calls in safety.ts give them these types.
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
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

/** Who banned a link, in the user's language (`intl.formatMessage(BAN_SOURCE_MESSAGES[source])`). */
export const BAN_SOURCE_MESSAGES: Record<BanSource, MessageDescriptor> = defineMessages({
  blocklist: { id: 'app.safety.banSource.blocklist', defaultMessage: 'Blocklist', description: 'What banned a link' },
  threat: { id: 'app.safety.banSource.threat', defaultMessage: 'Threat list', description: 'What banned a link' },
  report: { id: 'app.safety.banSource.report', defaultMessage: 'Visitor report', description: 'What banned a link' },
  admin: { id: 'app.safety.banSource.admin', defaultMessage: 'An admin', description: 'Who banned a link' },
  host: { id: 'app.safety.banSource.host', defaultMessage: 'Host ban', description: 'What banned a link' },
});
export const REPORT_REASON_MESSAGES: Record<ReportReason, MessageDescriptor> = defineMessages({
  phishing: { id: 'app.safety.reason.phishing', defaultMessage: 'Phishing', description: 'Why a visitor reported a link' },
  malware: { id: 'app.safety.reason.malware', defaultMessage: 'Malware', description: 'Why a visitor reported a link' },
  spam: { id: 'app.safety.reason.spam', defaultMessage: 'Spam', description: 'Why a visitor reported a link' },
  other: { id: 'app.safety.reason.other', defaultMessage: 'Other', description: 'Why a visitor reported a link' },
});
/** An imported list's name: product names stay as they are; a hosts file is named in words. */
export function importedName(intl: IntlShape, source: ImportedSource | string): string {
  if (source === 'urlhaus') return 'URLhaus';
  if (source === 'phishtank') return 'PhishTank';
  if (source === 'hosts') return intl.formatMessage({ id: 'app.safety.imported.hosts', defaultMessage: 'Hosts list', description: 'A blocklist imported from a file in the hosts format' });
  return source;
}

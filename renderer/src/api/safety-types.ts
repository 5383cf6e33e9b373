// Shapes of the issue 44 routes (blocklist, bans, reports) as the servers of
// that issue answer them. Kept here until their schemas (shared/schemas/
// blocklist.ts, bans.ts, reports.ts; shared/api-types.ts LinkBan) are merged:
// then these can become re-exports of the shared types.

export type BanSource = 'blocklist' | 'threat' | 'report' | 'admin' | 'host';
export interface LinkBan {
  /** ISO 8601 UTC. */
  at: string;
  reason: string;
  /** A legal block: visitors get HTTP 451 instead of 403. */
  legal: boolean;
  source: BanSource;
}

export type ImportedSource = 'urlhaus' | 'phishtank' | 'hosts';
export interface ImportedList {
  source: ImportedSource;
  entries: number;
  imported_at: string | null;
  file: string | null;
}
export interface Blocklist {
  hosts: string[];
  keywords: string[];
  imported: ImportedList[];
  known_shorteners: string[];
  /** Not sent by every server: whether a Google Safe Browsing key is set. */
  safe_browsing?: { configured?: boolean; enabled?: boolean; key_set?: boolean } | boolean | null;
}
export interface BlockMatch { kind: 'host' | 'keyword' | 'threat'; entry: string; source: string; legal: boolean }
export interface BlocklistCheck { match: BlockMatch | null }

export interface BannedLink {
  id: number;
  user: { id: number; name: string };
  alias: string;
  short_url: string;
  url: string;
  clicks: number;
  banned: LinkBan;
}
export interface HostBan { id: number; host: string; reason: string; legal: boolean; links_banned: number }

export const REPORT_REASONS = ['phishing', 'malware', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_FILTERS = ['open', 'dismissed', 'actioned', 'all'] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];
export interface LinkReport {
  id: number;
  link_id: number;
  reason: ReportReason;
  /** The visitor's own words, at most 500 characters: shown as text, never as markup. */
  details: string;
  status: 'open' | 'dismissed' | 'actioned';
  created_at: string;
  resolved_by: number | null;
  resolved_at: string | null;
}
export interface ReportGroup {
  link: { id: number; alias: string; short_url: string; url: string; clicks: number; owner: { id: number; name: string | null } };
  report_count: number;
  reporters: number;
  latest_at: string;
  /** The newest, at most 5. */
  reports: LinkReport[];
}
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

/** Whether the server says a Safe Browsing key is set: true, false, or null when it does not say. */
export function safeBrowsingSet(b: Blocklist): boolean | null {
  const s = b.safe_browsing;
  if (typeof s === 'boolean') return s;
  if (typeof s !== 'object' || s === null) return null;
  const v = s.configured ?? s.key_set ?? s.enabled;
  return typeof v === 'boolean' ? v : null;
}

export const BAN_SOURCE_WORDS: Record<BanSource, string> = {
  blocklist: 'Blocklist', threat: 'Threat list', report: 'Visitor report', admin: 'An admin', host: 'Host ban',
};
export const REPORT_REASON_WORDS: Record<ReportReason, string> = {
  phishing: 'Phishing', malware: 'Malware', spam: 'Spam', other: 'Other',
};
export const IMPORTED_WORDS: Record<ImportedSource, string> = { urlhaus: 'URLhaus', phishtank: 'PhishTank', hosts: 'Hosts list' };

// The Safety screen's server calls (admins only): typed over the contract's
// record-shaped answers with the shapes of safety-types.ts.
import type { Link, Page } from '../../../shared/api-types.ts';
import { call } from './api.ts';
import { invalidateResource } from './query.ts';
import type { Blocklist, BlocklistCheck, BannedLink, HostBan, ReportGroup, ReportsDismissed } from './safety-types.ts';
import type { ListQuery } from './types.ts';
import { invalidateLinks } from './use-instance-query.ts';

export const SAFETY_RESOURCES = { blocklist: 'blocklist', bans: 'bans', reports: 'reports' } as const;

export const safetyApi = {
  blocklist: async (): Promise<Blocklist> => (await call('blocklist.get')) as unknown as Blocklist,
  saveBlocklist: async (data: { hosts: string[]; keywords: string[] }): Promise<Blocklist> =>
    (await call('blocklist.update', { data })) as unknown as Blocklist,
  check: async (url: string): Promise<BlocklistCheck> => (await call('blocklist.check', { url })) as unknown as BlocklistCheck,
  bans: async (query: ListQuery): Promise<Page<BannedLink>> => (await call('bans.list', { query })) as unknown as Page<BannedLink>,
  banLink: (id: number, reason: string, legal: boolean): Promise<Link> => call('bans.banLink', { id, data: { reason, legal: legal ? 1 : 0 } }),
  liftBan: (id: number, reason: string): Promise<Link> => call('bans.lift', { id, data: { reason } }),
  banHost: async (host: string, reason: string, legal: boolean): Promise<HostBan> =>
    (await call('bans.banHost', { data: { host, reason, legal: legal ? 1 : 0 } })) as unknown as HostBan,
  reports: async (query: ListQuery): Promise<Page<ReportGroup>> => (await call('reports.list', { query })) as unknown as Page<ReportGroup>,
  dismissLink: async (linkId: number): Promise<ReportsDismissed> => (await call('reports.dismissLink', { linkId })) as unknown as ReportsDismissed,
};

/** After a ban, a lift or a dismissal: the lists of this screen, and the links (their badge). */
export function invalidateSafety(instanceId: string | null): Promise<unknown> {
  return Promise.all([
    ...Object.values(SAFETY_RESOURCES).map((r) => invalidateResource(instanceId, r)),
    invalidateLinks(instanceId),
  ]);
}

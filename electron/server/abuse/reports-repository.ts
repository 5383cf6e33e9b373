// Visitors' reports of a link (table link_reports, migration 17): written by
// the redirect server's "Report this link" form, read and dismissed by admins
// through /api/v1/reports. Never holds a visitor's address: `ip_hash` is a
// keyed hash of it (report-limits.ts), for the rate limit and for counting
// distinct reporters.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export const REPORT_REASONS = ['phishing', 'malware', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** What the list may be filtered by: `all` is every status. */
export type ReportFilter = 'open' | 'dismissed' | 'actioned' | 'all';

export interface ReportRow {
  id: number; link_id: number; reason: string; details: string; created_at: number;
  status: string; resolved_by: number | null; resolved_at: number | null;
}

/** One link with reports, as the queue lists it. */
export interface ReportGroupRow {
  link_id: number; alias: string; domain_name: string | null; url: string; user_id: number; user_name: string | null;
  clicks: number; reports: number; reporters: number; latest_at: number;
}

/** Reports of each group listed with it, newest first; the count says how many there are in all. */
export const LATEST_PER_LINK = 5;

const REPORT_COLUMNS = ['id', 'link_id', 'reason', 'details', 'created_at', 'status', 'resolved_by', 'resolved_at'] as const;

export function createReportsRepository(db: Kysely<DB>) {
  const filtered = (status: ReportFilter) => {
    const q = db.selectFrom('link_reports');
    return status === 'all' ? q : q.where('status', '=', status);
  };

  return {
    async add(r: { linkId: number; reason: ReportReason; details: string; ipHash: string; at: number }): Promise<ReportRow> {
      return db.insertInto('link_reports')
        .values({ link_id: r.linkId, reason: r.reason, details: r.details, ip_hash: r.ipHash, created_at: r.at, status: 'open' })
        .returning(REPORT_COLUMNS).executeTakeFirstOrThrow();
    },

    /** When this address's reports since `since` were made, newest first (at most `max`): the rate limit's reading. */
    async timesFrom(ipHash: string, since: number, max: number): Promise<number[]> {
      const rows = await db.selectFrom('link_reports').select('created_at')
        .where('ip_hash', '=', ipHash).where('created_at', '>', since).orderBy('created_at', 'desc').limit(max).execute();
      return rows.map((r) => r.created_at);
    },

    async find(id: number): Promise<ReportRow | undefined> {
      return db.selectFrom('link_reports').select(REPORT_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    /** Links with reports of `status`, the most recently reported first. */
    async groups(status: ReportFilter, p: { page: number; per_page: number }): Promise<{ rows: ReportGroupRow[]; total: number }> {
      const { total } = await filtered(status).select((eb) => eb.fn.count<number>('link_id').distinct().as('total')).executeTakeFirstOrThrow();
      const grouped = filtered(status)
        .select((eb) => ['link_id', eb.fn.count<number>('id').as('reports'), eb.fn.count<number>('ip_hash').distinct().as('reporters'),
          eb.fn.max('created_at').as('latest_at'), eb.fn.max('id').as('latest_id')])
        .groupBy('link_id');
      const rows = await db.selectFrom(grouped.as('g'))
        .innerJoin('links', 'links.id', 'g.link_id')
        .leftJoin('domains', 'domains.id', 'links.domain_id')
        .leftJoin('users', 'users.id', 'links.user_id')
        .leftJoin('link_clicks', 'link_clicks.link_id', 'links.id')
        .select(['g.link_id', 'links.alias', 'domains.name as domain_name', 'links.url', 'links.user_id', 'users.name as user_name',
          'g.reports', 'g.reporters', 'g.latest_at'])
        .select((eb) => eb.fn.coalesce('link_clicks.clicks', sql<number>`0`).as('clicks'))
        .orderBy('g.latest_at', 'desc').orderBy('g.latest_id', 'desc')
        .limit(p.per_page).offset((p.page - 1) * p.per_page)
        .execute();
      return {
        total: Number(total),
        rows: rows.map((r) => ({ ...r, reports: Number(r.reports), reporters: Number(r.reporters), latest_at: Number(r.latest_at), clicks: Number(r.clicks) })),
      };
    },

    /** The newest LATEST_PER_LINK reports of `status` of each link, newest first. */
    async latestOf(linkIds: number[], status: ReportFilter): Promise<Map<number, ReportRow[]>> {
      const out = new Map<number, ReportRow[]>();
      if (!linkIds.length) return out;
      const ranked = filtered(status).where('link_id', 'in', linkIds)
        .select([...REPORT_COLUMNS, sql<number>`row_number() over (partition by link_id order by id desc)`.as('n')]);
      const rows = await db.selectFrom(ranked.as('r')).select(REPORT_COLUMNS.map((c) => `r.${c}` as const))
        .where('r.n', '<=', LATEST_PER_LINK).orderBy('r.id', 'desc').execute();
      for (const r of rows) {
        let list = out.get(r.link_id);
        if (!list) out.set(r.link_id, (list = []));
        list.push(r);
      }
      return out;
    },

    async linkExists(id: number): Promise<boolean> {
      return (await db.selectFrom('links').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    /** The users who hear of new reports: active admins. */
    async adminIds(): Promise<number[]> {
      const rows = await db.selectFrom('users').select('id').where('role', '=', 'admin').where('status', '=', 'active').orderBy('id').execute();
      return rows.map((r) => r.id);
    },

    /** Dismisses one open report; undefined when there is none by that id, the row as it was when it is not open. */
    async dismiss(id: number, by: number, at: number): Promise<{ row: ReportRow; changed: boolean } | undefined> {
      const row = await db.updateTable('link_reports').set({ status: 'dismissed', resolved_by: by, resolved_at: at })
        .where('id', '=', id).where('status', '=', 'open').returning(REPORT_COLUMNS).executeTakeFirst();
      if (row) return { row, changed: true };
      const was = await this.find(id);
      return was && { row: was, changed: false };
    },

    /** Marks every open report of a link acted on (its link or host banned from the queue, part B's functions); the ids. */
    async actionLink(linkId: number, by: number | null, at: number): Promise<number[]> {
      const rows = await db.updateTable('link_reports').set({ status: 'actioned', resolved_by: by, resolved_at: at })
        .where('link_id', '=', linkId).where('status', '=', 'open').returning('id').execute();
      return rows.map((r) => r.id).sort((a, b) => a - b);
    },

    /** Dismisses every open report of a link; the ids dismissed. */
    async dismissLink(linkId: number, by: number, at: number): Promise<number[]> {
      const rows = await db.updateTable('link_reports').set({ status: 'dismissed', resolved_by: by, resolved_at: at })
        .where('link_id', '=', linkId).where('status', '=', 'open').returning('id').execute();
      return rows.map((r) => r.id).sort((a, b) => a - b);
    },
  };
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;

// The rows the live statistics stream reads: click_log after an id, with the
// link's owner, domain and alias. Read from the database rather than handed
// over by the click writer, so that clicks stored by any process or node on
// the same database reach every node's streams, and the click path gains nothing.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.ts';
import { cityOfKey } from './click-store.ts';

export interface LiveClickRow {
  id: number; link_id: number; user_id: number; domain_id: number | null; alias: string; created_at: number;
  country: string | null; city: string | null; device: string | null; source: string | null;
}

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
/** Columns of migration 13, named in SQL (not all in the table types). */
const col = (name: 'city' | 'device' | 'source') => sql<string | null>`click_log.${sql.ref(name)}`.as(name);

export function createLiveClicksRepository(db: Kysely<DB>) {
  return {
    /** The newest click id, where a feed that just started begins. */
    async lastId(): Promise<number> {
      const r = await db.selectFrom('click_log').select(sql<number>`coalesce(max(id), 0)`.as('m')).executeTakeFirstOrThrow();
      return Number(r.m);
    },
    /** A link's owner and domain, for a stream that follows one link. */
    async link(id: number): Promise<{ user_id: number; domain_id: number | null } | undefined> {
      const r = await db.selectFrom('links').select(['user_id', 'domain_id']).where('id', '=', id).executeTakeFirst();
      return r && { user_id: Number(r.user_id), domain_id: r.domain_id === null ? null : Number(r.domain_id) };
    },
    /** Clicks with an id above `after` or among `also` (ids that may still commit, PostgreSQL), in id order, at most `max`. */
    async after(after: number, also: readonly number[], max: number): Promise<LiveClickRow[]> {
      let q = db.selectFrom('click_log').innerJoin('links', 'links.id', 'click_log.link_id')
        .select(['click_log.id', 'click_log.link_id', 'click_log.created_at', 'click_log.country', col('city'), col('device'), col('source'),
          'links.user_id', 'links.domain_id', 'links.alias']);
      q = also.length ? q.where((w) => w.or([w('click_log.id', '>', after), w('click_log.id', 'in', also)])) : q.where('click_log.id', '>', after);
      const rows = await q.orderBy('click_log.id').limit(max).execute() as unknown as Record<string, unknown>[];
      return rows.map((r) => ({
        id: Number(r.id), link_id: Number(r.link_id), user_id: Number(r.user_id), domain_id: r.domain_id === null ? null : Number(r.domain_id),
        alias: String(r.alias), created_at: Number(r.created_at),
        country: text(r.country), city: text(r.city) && (cityOfKey(r.city as string).value || null), device: text(r.device), source: text(r.source),
      }));
    },
  };
}
export type LiveClicksRepository = ReturnType<typeof createLiveClicksRepository>;

// The rows the live statistics stream reads: click_log after an id, with the
// link's owner, domain and alias. Read from the database rather than handed
// over by the click writer, so that clicks stored by any process or node on
// the same database reach every node's streams, and the click path gains nothing.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.ts';
import { cityOfKey } from './click-rollup.ts';

/** Whose clicks are wanted at all: empty lists want none. */
export interface LiveNarrowing { users: number[]; links: number[]; domains: number[] }

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
      // A bare max(id): SQLite answers it from the end of the rowid tree (wrapped in coalesce, it scans the table).
      const r = await db.selectFrom('click_log').select((e) => e.fn.max('id').as('m')).executeTakeFirst();
      return Number(r?.m ?? 0);
    },
    /** A link's owner and domain, for a stream that follows one link. */
    async link(id: number): Promise<{ user_id: number; domain_id: number | null } | undefined> {
      const r = await db.selectFrom('links').select(['user_id', 'domain_id']).where('id', '=', id).executeTakeFirst();
      return r && { user_id: Number(r.user_id), domain_id: r.domain_id === null ? null : Number(r.domain_id) };
    },
    /**
     * Clicks with an id above `after` (and at most `upTo`) or among `also` (ids that may still commit,
     * PostgreSQL), in id order, at most `max`. `only` narrows to some users', links' and domains' clicks
     * in SQL (a superset of what the streams may see), so that clicks no stream hears are not read into JS.
     */
    async after(after: number, also: readonly number[], max: number, o: { upTo?: number; only?: LiveNarrowing } = {}): Promise<LiveClickRow[]> {
      let q = db.selectFrom('click_log').innerJoin('links', 'links.id', 'click_log.link_id')
        .select(['click_log.id', 'click_log.link_id', 'click_log.created_at', 'click_log.country', col('city'), col('device'), col('source'),
          'links.user_id', 'links.domain_id', 'links.alias']);
      q = also.length ? q.where((w) => w.or([w('click_log.id', '>', after), w('click_log.id', 'in', also)])) : q.where('click_log.id', '>', after);
      if (o.upTo !== undefined) q = q.where('click_log.id', '<=', o.upTo);
      const only = o.only;
      if (only) {
        q = q.where((w) => w.or([
          ...(only.users.length ? [w('links.user_id', 'in', only.users)] : []),
          ...(only.links.length ? [w('click_log.link_id', 'in', only.links)] : []),
          ...(only.domains.length ? [w('links.domain_id', 'in', only.domains)] : []),
        ]));
      }
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

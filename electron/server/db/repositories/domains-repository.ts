import { sql, type Kysely } from 'kysely';
import type { DomainListQuery } from '../../../../shared/schemas/resources.ts';
import { isoNow } from '../../util/time.ts';
import type { DB, DomainsTable } from '../schema.ts';
import { containsLike, offsetOf, orderText, type Engine, type PageResult } from './like.ts';

export type DomainRow = Omit<DomainsTable, 'id'> & { id: number; links_count: number };

export function createDomainsRepository(db: Kysely<DB>, engine: Engine = 'sqlite') {
  const withCount = () =>
    db.selectFrom('domains').selectAll('domains')
      .select((eb) => eb.selectFrom('links').select(eb.fn.countAll<number>().as('c')).whereRef('links.domain_id', '=', 'domains.id').as('links_count'));

  return {
    async list(userId: number, q: DomainListQuery): Promise<PageResult<DomainRow>> {
      let base = db.selectFrom('domains').where('user_id', '=', userId);
      if (q.search) base = base.where(containsLike('name', q.search, engine));
      const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      let rows = withCount().where('user_id', '=', userId);
      if (q.search) rows = rows.where(containsLike('domains.name', q.search, engine));
      const data = await rows.orderBy(q.sort_by === 'name' ? orderText('domains.name', q.sort, engine) : sql`domains.id ${sql.raw(q.sort)}`).orderBy('domains.id', q.sort)
        .limit(q.per_page).offset(offsetOf(q)).execute();
      return { rows: data as DomainRow[], total };
    },

    async find(userId: number, id: number): Promise<DomainRow | undefined> {
      return (await withCount().where('domains.id', '=', id).where('user_id', '=', userId).executeTakeFirst()) as DomainRow | undefined;
    },

    /** Who owns domain `id`, whoever asks (the host's CLI acts for every user). */
    async ownerOf(id: number): Promise<number | undefined> {
      return (await db.selectFrom('domains').select('user_id').where('id', '=', id).executeTakeFirst())?.user_id;
    },
    /** The users who own at least one domain, in id order. */
    async owners(): Promise<number[]> {
      return (await db.selectFrom('domains').select('user_id').distinct().orderBy('user_id').execute()).map((r) => r.user_id);
    },
    /** Every domain of the instance, whoever owns it: the redirect server checks their names at start. */
    async allNames(): Promise<{ id: number; name: string }[]> {
      return db.selectFrom('domains').select(['id', 'name']).orderBy('id').execute();
    },

    async nameTaken(name: string): Promise<boolean> {
      return !!(await db.selectFrom('domains').select('id').where('name', '=', name).executeTakeFirst());
    },

    async create(userId: number, v: { name: string; index_page: string | null; not_found_page: string | null }) {
      const now = isoNow();
      const r = await db.insertInto('domains').values({ user_id: userId, ...v, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
      return r.id;
    },

    async update(userId: number, id: number, v: Partial<{ index_page: string | null; not_found_page: string | null }>) {
      await db.updateTable('domains').set({ ...v, updated_at: isoNow() }).where('id', '=', id).where('user_id', '=', userId).execute();
    },

    /** 'has-links' when links still use the domain; nothing is deleted then. */
    async delete(userId: number, id: number): Promise<'deleted' | 'missing' | 'has-links'> {
      return db.transaction().execute(async (trx) => {
        const d = await trx.selectFrom('domains').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
        if (!d) return 'missing';
        const used = await trx.selectFrom('links').select('id').where('domain_id', '=', id).limit(1).executeTakeFirst();
        if (used) return 'has-links';
        await trx.deleteFrom('domains').where('id', '=', id).execute();
        return 'deleted';
      });
    },
  };
}
export type DomainsRepository = ReturnType<typeof createDomainsRepository>;

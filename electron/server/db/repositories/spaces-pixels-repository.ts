// Spaces and pixels: small per-user tables with the same list/show/write shape.
import { sql, type Kysely } from 'kysely';
import { isoNow } from '../../util/time.ts';
import type { DB } from '../schema.ts';
import { containsLike, offsetOf, orderText, type Engine, type PageResult } from './like.ts';

interface ListQ { search?: string | undefined; sort_by: string; sort: 'asc' | 'desc'; page: number; per_page: number }

function createOwnedRepository(db: Kysely<DB>, table: 'spaces' | 'pixels', engine: Engine) {
  const countLinks = table === 'spaces'
    ? (`(SELECT count(*) FROM links WHERE links.space_id = ${table}.id)`)
    : (`(SELECT count(*) FROM link_pixels WHERE link_pixels.pixel_id = ${table}.id)`);
  // Kysely's typing of a table chosen at run time is too loose to help here; the
  // queries are simple and covered by the integration tests.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const q = db as unknown as Kysely<any>;
  return {
    async list(userId: number, l: ListQ): Promise<PageResult<Record<string, unknown>>> {
      let base = q.selectFrom(table).where('user_id', '=', userId);
      if (l.search) base = base.where(containsLike('name', l.search, engine));
      const { total } = (await base.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow()) as { total: number };
      const rows = await base.selectAll().select(sql<number>`${sql.raw(countLinks)}`.as('links_count'))
        .orderBy(l.sort_by === 'name' ? orderText('name', l.sort, engine) : sql`id ${sql.raw(l.sort)}`).orderBy('id', l.sort).limit(l.per_page).offset(offsetOf(l)).execute();
      return { rows, total };
    },
    async find(userId: number, id: number) {
      return q.selectFrom(table).selectAll().select(sql<number>`${sql.raw(countLinks)}`.as('links_count')).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    },
    async create(userId: number, v: Record<string, unknown>) {
      const now = isoNow();
      const r = await q.insertInto(table).values({ user_id: userId, ...v, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
      return r.id as number;
    },
    async update(userId: number, id: number, v: Record<string, unknown>) {
      await q.updateTable(table).set({ ...v, updated_at: isoNow() }).where('id', '=', id).where('user_id', '=', userId).execute();
    },
    async delete(userId: number, id: number): Promise<boolean> {
      const r = await q.deleteFrom(table).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return r.numDeletedRows > 0n;
    },
  };
}

export const createSpacesRepository = (db: Kysely<DB>, engine: Engine = 'sqlite') => createOwnedRepository(db, 'spaces', engine);
export const createPixelsRepository = (db: Kysely<DB>, engine: Engine = 'sqlite') => createOwnedRepository(db, 'pixels', engine);
export type OwnedRepository = ReturnType<typeof createSpacesRepository>;

import { sql, type ControlledTransaction, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { LinkListQuery } from '../../../../shared/schemas/links.ts';
import { isoNow } from '../../util/time.ts';
import type { DB, LinksTable } from '../schema.ts';
import { containsLike, offsetOf, orderText, type Engine, type PageResult } from './like.ts';

/** A link with its click counter (link_clicks). */
export type LinkRow = Omit<LinksTable, 'id' | 'rotation_next' | 'health' | 'ban_legal'> & { id: number; clicks: number; rotation_next: number; health: string; ban_legal: number };
/** The related records with the columns phpShort's LinkResource answers them with (its whole models). */
interface Owned { user_id: number; created_at: string; updated_at: string }
export interface HydratedLink extends LinkRow {
  domain: ({ id: number; name: string; index_page: string | null; not_found_page: string | null } & Owned) | null;
  space: ({ id: number; name: string; color: string } & Owned) | null;
  pixels: ({ id: number; name: string; type: string; value: string } & Owned)[];
}
/** Columns a write may set; ownership and timestamps are the repository's, health the checker's. */
/** A ban is written by abuse/bans.ts only: no link write (create, update, import) carries it. */
export type LinkWrite = Partial<Omit<LinksTable, 'id' | 'user_id' | 'rotation_next' | 'created_at' | 'updated_at' | 'health' | 'health_detail' | 'health_checked_at'
  | 'banned_at' | 'ban_reason' | 'ban_legal' | 'ban_source'>>;

/**
 * Expired: the date has passed, the click budget is spent or the active
 * period has not begun; disabled wins over all. The counter (link_clicks) is
 * read only for links that have a budget, row by row as a page is scanned in
 * its order, which stops early.
 */
const expiredSql = (now: number) => sql<SqlBool>`(links.disabled = 0 AND ((links.ends_at IS NOT NULL AND links.ends_at <= ${now})
  OR (links.expiration_clicks IS NOT NULL AND (SELECT clicks FROM link_clicks WHERE link_id = links.id) >= links.expiration_clicks)
  OR (links.starts_at IS NOT NULL AND links.starts_at > ${now})))`;

const statusSql = (status: 1 | 2 | 3, now: number): Expression<SqlBool> => {
  if (status === 3) return sql<SqlBool>`links.disabled = 1`;
  if (status === 2) return expiredSql(now);
  return sql<SqlBool>`(links.disabled = 0 AND NOT ${expiredSql(now)})`;
};

/** A link's click counter, for the rows of a page. */
const clicksOf = sql<number>`(SELECT clicks FROM link_clicks WHERE link_id = links.id)`;

/**
 * SQLite's FTS5 trigram index needs three characters; shorter terms fall back
 * to LIKE. PostgreSQL's pg_trgm indexes serve ILIKE itself, so it never joins
 * an index table.
 */
/**
 * SQLite's index leaves out each URL's "https://www." (migrations/lighter-search.ts). A term that
 * may match there (it holds "://", lies inside such a prefix as "http" does, or starts like its end,
 * as ".example" or "//host" do) reads the table instead, so it is never missed.
 */
const URL_PREFIXES = ['https://www.', 'http://www.', 'https://', 'http://'];
const mayReachCut = (term: string) => {
  const t = term.toLowerCase();
  // Inside the cut ("http", "www"), or reaching out of its end ("www.exam", ".example", "//host").
  return t.includes('://') || URL_PREFIXES.some((p) => p.includes(t) || [...p].some((_, i) => t.startsWith(p.slice(i))));
};
const usesIndex = (term: string, column: 'title' | 'alias' | 'url' | 'all', engine: Engine) =>
  engine === 'sqlite' && [...term].length >= 3 && !((column === 'url' || column === 'all') && mayReachCut(term));
/** One phrase in one column, or (`all`) in any of the indexed columns: title, alias, url. */
const ftsMatch = (column: 'title' | 'alias' | 'url' | 'all', term: string) => {
  const phrase = `"${term.replace(/"/g, '""')}"`;
  return column === 'all' ? phrase : `${column} : ${phrase}`;
};
/** The unindexed search (short terms, PostgreSQL's trigram indexes): one column, or any of the three. */
const contains = (column: 'title' | 'alias' | 'url' | 'all', term: string, engine: Engine) => (column === 'all'
  ? sql<boolean>`(${containsLike('links.alias', term, engine)} OR ${containsLike('links.url', term, engine)} OR ${containsLike('links.title', term, engine)})`
  : containsLike(`links.${column}`, term, engine));

/** A new link's columns; `created_at` only when an import keeps the date a file gives (else now). */
export type LinkCreateWrite = LinkWrite & { alias: string; url: string; created_at?: string };

/** One write of a bulk request (LinksRepository.writeMany). */
export type LinkWriteOp =
  | { kind: 'create'; columns: LinkCreateWrite; pixelIds: number[] }
  | { kind: 'update'; id: number; columns: LinkWrite; pixelIds?: number[]; resetHealth: boolean };

/**
 * The links table's NOT NULL defaults (migrations 1 and 15): a row of a many-row
 * insert that leaves a column out gets null there, not the default.
 */
const CREATE_DEFAULTS = { privacy: 0, disabled: 0, target_type: 0, targets: '{}', sensitive_content: 0 } as const;
/** Rows per many-row insert (a bulk request's most). */
const RUN_ROWS = 1000;

/** The (domain, alias) index refused a row: SQLite's extended code, or PostgreSQL's SQLSTATE. */
const isUniqueViolation = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
};

/** SQLite's next link id: past the largest it ever handed out and past any link still being purged. */
const nextLinkId = sql<number>`(SELECT max(ifnull((SELECT max(id) FROM links), 0), ifnull((SELECT seq FROM sqlite_sequence WHERE name = 'links'), 0),
  ifnull((SELECT max(link_id) FROM link_purges), 0)) + 1)`;

export function createLinksRepository(db: Kysely<DB>, engine: Engine = 'sqlite') {
  // The expression of the (domain, alias) unique index, as each engine spells it (SQLite matches index expressions verbatim).
  const domainKey = engine === 'sqlite' ? sql`ifnull(domain_id, 0)` : sql`coalesce(domain_id, 0)`;

  async function insertLink(trx: Kysely<DB>, userId: number, v: LinkCreateWrite, pixelIds: number[]): Promise<number> {
    const now = isoNow();
    // SQLite: past every id links ever had (AUTOINCREMENT's sqlite_sequence,
    // migration 11) and past any link whose clicks are still being purged.
    // PostgreSQL's identity never hands out an id twice.
    const row = engine === 'sqlite' ? { ...v, id: nextLinkId } : v;
    const { id } = await trx.insertInto('links').values({ ...row, user_id: userId, created_at: v.created_at ?? now, updated_at: now } as never)
      .returning('id').executeTakeFirstOrThrow();
    if (pixelIds.length) await trx.insertInto('link_pixels').values(pixelIds.map((pixel_id) => ({ link_id: id, pixel_id }))).execute();
    return id;
  }

  /**
   * SQLite: the run of plain creates (no pixels) starting at `from`, as one
   * INSERT of many rows read from a JSON parameter: one small statement to
   * prepare (preparing an insert into links compiles its triggers) and no
   * query builder walking thousands of values. jsonb_each, not json_each: it
   * hands each row over as JSONB, which `->>` reads in place, where json_each
   * hands it over as text that each column's `->>` converts and parses again
   * (100k links: 0.5 s of the import). The ids are handed out here,
   * in order, under the transaction's write lock. [] when there is no such
   * run, or when an alias in it is taken (then each goes in alone). No
   * savepoint: SQLite undoes a failed statement alone, its triggers' writes included.
   */
  async function insertRun(trx: ControlledTransaction<DB>, userId: number, writes: LinkWriteOp[], from: number): Promise<number[]> {
    const run: LinkCreateWrite[] = [];
    for (let i = from; i < writes.length && run.length < RUN_ROWS; i++) {
      const w = writes[i]!;
      if (w.kind !== 'create' || w.pixelIds.length) break;
      run.push(w.columns);
    }
    if (run.length < 2) return [];
    const { next } = await sql<{ next: number }>`SELECT ${nextLinkId} AS next`
      .execute(trx).then((r) => r.rows[0]!);
    const now = isoNow();
    const rows = run.map((v, n) => ({ ...CREATE_DEFAULTS, ...v, id: next + n, user_id: userId, created_at: v.created_at ?? now, updated_at: now }));
    // Column names come from LinkWrite's keys, never from a request; a row without one gets null, as a many-row VALUES would.
    const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    try {
      await sql`INSERT INTO links (${sql.join(columns.map((c) => sql.ref(c)))})
        SELECT ${sql.join(columns.map((c) => sql`value ->> ${sql.lit(c)}`))} FROM jsonb_each(${JSON.stringify(rows)})`.execute(trx);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      return [];
    }
    return run.map((_, n) => next + n);
  }

  async function updateLink(trx: Kysely<DB>, userId: number, id: number, v: LinkWrite, pixelIds: number[] | undefined, resetHealth: boolean) {
    const health = resetHealth ? { health: 'unknown', health_detail: null, health_checked_at: null } : {};
    await trx.updateTable('links').set({ ...v, ...health, updated_at: isoNow() }).where('id', '=', id).where('user_id', '=', userId).execute();
    // The change feed's triggers watch the columns a redirect decided on
    // before previews existed: name the link in the feed so cached copies reload.
    if (v.preview_title !== undefined || v.preview_description !== undefined || v.preview_image !== undefined) {
      await trx.insertInto('redirect_changes').columns(['domain_id', 'alias', 'at'])
        .expression(trx.selectFrom('links').select([domainKey.as('domain_id'), 'alias', sql.lit(Date.now()).as('at')])
          .where('id', '=', id).where('user_id', '=', userId))
        .execute();
    }
    if (pixelIds) {
      await trx.deleteFrom('link_pixels').where('link_id', '=', id).execute();
      if (pixelIds.length) await trx.insertInto('link_pixels').values(pixelIds.map((pixel_id) => ({ link_id: id, pixel_id }))).execute();
    }
  }

  async function hydrate(rows: LinkRow[]): Promise<HydratedLink[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const domainIds = [...new Set(rows.map((r) => r.domain_id).filter((v): v is number => v !== null))];
    const spaceIds = [...new Set(rows.map((r) => r.space_id).filter((v): v is number => v !== null))];
    const [domains, spaces, pixels] = await Promise.all([
      domainIds.length ? db.selectFrom('domains').select(['id', 'name', 'index_page', 'not_found_page', 'user_id', 'created_at', 'updated_at'])
        .where('id', 'in', domainIds).execute() : [],
      spaceIds.length ? db.selectFrom('spaces').select(['id', 'name', 'color', 'user_id', 'created_at', 'updated_at']).where('id', 'in', spaceIds).execute() : [],
      db.selectFrom('link_pixels').innerJoin('pixels', 'pixels.id', 'link_pixels.pixel_id')
        .select(['link_pixels.link_id', 'pixels.id', 'pixels.name', 'pixels.type', 'pixels.pixel_id as value', 'pixels.user_id', 'pixels.created_at', 'pixels.updated_at'])
        .where('link_pixels.link_id', 'in', ids).orderBy('pixels.id').execute(),
    ]);
    const d = new Map(domains.map((x) => [x.id, x]));
    const s = new Map(spaces.map((x) => [x.id, x]));
    return rows.map((r) => ({
      ...r,
      domain: r.domain_id === null ? null : d.get(r.domain_id) ?? null,
      space: r.space_id === null ? null : s.get(r.space_id) ?? null,
      pixels: pixels.filter((p) => p.link_id === r.id).map(({ link_id: _, ...p }) => p),
    }));
  }

  /** Exact totals per status from the counters and the partial indexes of migration 3. */
  async function countByStatus(userId: number, status: 0 | 1 | 2 | 3, now: number): Promise<number> {
    const counts = await db.selectFrom('link_counts').select(['total', 'disabled']).where('user_id', '=', userId).executeTakeFirst();
    if (!counts) return 0;
    if (status === 0) return counts.total;
    if (status === 3) return counts.disabled;
    const { n } = await sql<{ n: number }>`SELECT
        (SELECT count(*) FROM links WHERE user_id = ${userId} AND disabled = 0 AND ends_at IS NOT NULL AND ends_at <= ${now})
      + (SELECT count(*) FROM links
           WHERE links.user_id = ${userId} AND links.disabled = 0 AND links.expiration_clicks IS NOT NULL
           AND (links.ends_at IS NULL OR links.ends_at > ${now})
           -- a counter looked up per limited link (PostgreSQL would otherwise hash every counter)
           AND (SELECT clicks FROM link_clicks WHERE link_id = links.id) >= links.expiration_clicks)
      + (SELECT count(*) FROM links
           WHERE links.user_id = ${userId} AND links.disabled = 0 AND links.starts_at IS NOT NULL AND links.starts_at > ${now}
           AND (links.ends_at IS NULL OR links.ends_at > ${now})
           AND (links.expiration_clicks IS NULL OR (SELECT clicks FROM link_clicks WHERE link_id = links.id) < links.expiration_clicks)) AS n`
      .execute(db).then((r) => r.rows[0]!);
    return status === 2 ? n : counts.total - counts.disabled - n;
  }

  /** True when nobody else has links, so the user filter can be left out of index-only counts. */
  async function soleOwner(userId: number): Promise<boolean> {
    const owners = await db.selectFrom('link_counts').select('user_id').where('total', '>', 0).limit(2).execute();
    return owners.length === 1 && owners[0]!.user_id === userId;
  }

  return {
    hydrate,

    /**
     * One page of a user's links and the total. Totals come from the cheapest
     * exact source: the per-user counters when only the status filters, the
     * search index alone when the user owns every link, else a counted query.
     */
    async list(userId: number, q: LinkListQuery, now: number): Promise<PageResult<HydratedLink>> {
      const indexed = q.search !== undefined && usesIndex(q.search, q.search_by, engine);
      const match = indexed ? ftsMatch(q.search_by, q.search!) : '';
      // The search index joined as a table-valued function: it yields rowids in
      // order, so newest-first pages stop early instead of sorting every match.
      const byClicks = q.sort_by === 'clicks';
      // Only a sort by clicks joins the counters, whose (user_id, clicks) index
      // then drives the page; other pages read a row's counter when they show it.
      const fts = sql<{ rowid: number }>`links_fts(${match})`.as('f');
      const counted = indexed
        ? db.selectFrom('links').innerJoin(fts, 'f.rowid', 'links.id').innerJoin('link_clicks as lc', 'lc.link_id', 'links.id')
        : db.selectFrom('link_clicks as lc').innerJoin('links', 'links.id', 'lc.link_id');
      // Typed as the counted form; `lc` is referred to only when it is joined.
      let base = byClicks ? counted
        : (indexed ? db.selectFrom('links').innerJoin(fts, 'f.rowid', 'links.id') : db.selectFrom('links')) as unknown as typeof counted;
      base = byClicks && !indexed ? base.where('lc.user_id', '=', userId) : base.where('links.user_id', '=', userId);
      if (q.search !== undefined && !indexed) base = base.where(contains(q.search_by, q.search, engine));
      if (q.status !== 0) base = base.where(statusSql(q.status, now));
      // Space 0: the links in no space (phpShort's ofSpace scope).
      if (q.space_id !== undefined) base = q.space_id === 0 ? base.where('links.space_id', 'is', null) : base.where('links.space_id', '=', q.space_id);
      if (q.domain_id !== undefined) base = base.where('links.domain_id', '=', q.domain_id);
      if (q.pixel_id !== undefined) {
        base = base.where('links.id', 'in', db.selectFrom('link_pixels').select('link_id').where('pixel_id', '=', q.pixel_id));
      }
      // Served by the (user_id, health, id) index.
      if (q.health !== undefined) base = base.where('links.health', '=', q.health);
      const onlyStatus = q.search === undefined && q.space_id === undefined && q.domain_id === undefined && q.pixel_id === undefined
        && q.health === undefined;
      let total: number;
      if (onlyStatus) total = await countByStatus(userId, q.status, now);
      else if (indexed && q.status === 0 && q.space_id === undefined && q.domain_id === undefined && q.pixel_id === undefined
        && q.health === undefined && (await soleOwner(userId))) {
        total = (await sql<{ n: number }>`SELECT count(*) AS n FROM links_fts(${match})`.execute(db)).rows[0]!.n;
      } else {
        total = (await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total;
      }
      if (total === 0 || offsetOf(q) >= total) return { rows: [], total };
      let rowsQ = base.selectAll('links').select(clicksOf.as('clicks'));
      if (byClicks) rowsQ = rowsQ.orderBy('lc.clicks', q.sort).orderBy('lc.link_id', q.sort);
      else {
        if (q.sort_by !== 'id') rowsQ = rowsQ.orderBy(orderText(`links.${q.sort_by}`, q.sort, engine));
        rowsQ = indexed && q.sort_by === 'id' ? rowsQ.orderBy(sql`f.rowid`, q.sort) : rowsQ.orderBy('links.id', q.sort);
      }
      const rows = await rowsQ.limit(q.per_page).offset(offsetOf(q)).execute();
      return { rows: await hydrate(rows as LinkRow[]), total };
    },

    async find(userId: number, id: number): Promise<HydratedLink | undefined> {
      const row = await db.selectFrom('links').innerJoin('link_clicks as lc', 'lc.link_id', 'links.id').selectAll('links').select('lc.clicks')
        .where('links.id', '=', id).where('links.user_id', '=', userId).executeTakeFirst();
      return row ? (await hydrate([row as LinkRow]))[0] : undefined;
    },

    async aliasTaken(domainId: number | null, alias: string, exceptId?: number): Promise<boolean> {
      let q = db.selectFrom('links').select('id').where(domainKey, '=', domainId ?? 0).where('alias', '=', alias);
      if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
      return !!(await q.executeTakeFirst());
    },

    /** Which of `ids` in `table` the user does not own. */
    async foreignIds(userId: number, table: 'domains' | 'spaces' | 'pixels', ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const own = await db.selectFrom(table).select('id').where('user_id', '=', userId).where('id', 'in', ids).execute();
      const mine = new Set(own.map((r) => r.id));
      return ids.filter((id) => !mine.has(id));
    },

    async create(userId: number, v: LinkWrite & { alias: string; url: string }, pixelIds: number[]): Promise<number> {
      return db.transaction().execute((trx) => insertLink(trx, userId, v, pixelIds));
    },

    /** `resetHealth`: the link now leads elsewhere, so it is unknown and due for a check at once. */
    async update(userId: number, id: number, v: LinkWrite, pixelIds?: number[], resetHealth = false): Promise<void> {
      await db.transaction().execute((trx) => updateLink(trx, userId, id, v, pixelIds, resetHealth));
    },

    /**
     * Many creates and updates in one transaction (one commit, which is what a
     * bulk request waits on), each under its own savepoint: a write that finds
     * its alias taken meanwhile is undone alone and answered 'alias-taken'.
     */
    async writeMany(userId: number, writes: LinkWriteOp[]): Promise<(number | 'alias-taken')[]> {
      if (!writes.length) return [];
      // Inside a caller's transaction (the CLI's first batches, written before its file is counted), a savepoint of it.
      const nested = db.isTransaction;
      const trx = nested ? await (db as ControlledTransaction<DB>).savepoint('bulk_many').execute() : await db.startTransaction().execute();
      try {
        const out: (number | 'alias-taken')[] = [];
        for (let i = 0; i < writes.length; i++) {
          if (engine === 'sqlite') {
            const run = await insertRun(trx, userId, writes, i);
            if (run.length) {
              out.push(...run);
              i += run.length - 1;
              continue;
            }
          }
          const w = writes[i]!;
          const sp = await trx.savepoint('bulk_item').execute();
          try {
            if (w.kind === 'create') out.push(await insertLink(sp, userId, w.columns, w.pixelIds));
            else {
              await updateLink(sp, userId, w.id, w.columns, w.pixelIds, w.resetHealth);
              out.push(w.id);
            }
            await sp.releaseSavepoint('bulk_item').execute();
          } catch (err) {
            if (!isUniqueViolation(err)) throw err;
            await sp.rollbackToSavepoint('bulk_item').execute();
            await sp.releaseSavepoint('bulk_item').execute();
            out.push('alias-taken');
          }
        }
        if (nested) await (trx as ControlledTransaction<DB, ['bulk_many']>).releaseSavepoint('bulk_many').execute();
        else await trx.commit().execute();
        return out;
      } catch (err) {
        if (nested) {
          const sp = trx as ControlledTransaction<DB, ['bulk_many']>;
          await sp.rollbackToSavepoint('bulk_many').execute();
          await sp.releaseSavepoint('bulk_many').execute();
        } else await trx.rollback().execute();
        throw err;
      }
    },

    /** Which of `aliases` are taken on the domain (null: the instance's own host). */
    async takenAliases(domainId: number | null, aliases: string[]): Promise<string[]> {
      const taken: string[] = [];
      for (let i = 0; i < aliases.length; i += 500) {
        const rows = await db.selectFrom('links').select('alias').where(domainKey, '=', domainId ?? 0)
          .where('alias', 'in', aliases.slice(i, i + 500)).execute();
        taken.push(...rows.map((r) => r.alias));
      }
      return taken;
    },

    /** A link's id and owner by its (domain, alias) key, whoever owns it. */
    async byAlias(domainId: number | null, alias: string): Promise<{ id: number; user_id: number } | undefined> {
      return db.selectFrom('links').select(['id', 'user_id']).where(domainKey, '=', domainId ?? 0).where('alias', '=', alias)
        .executeTakeFirst();
    },

    /** The user's links among `ids`, in no particular order. */
    async findMany(userId: number, ids: number[]): Promise<HydratedLink[]> {
      if (!ids.length) return [];
      const rows: LinkRow[] = [];
      // Chunks keep each statement under both engines' parameter limits.
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = await db.selectFrom('links').innerJoin('link_clicks as lc', 'lc.link_id', 'links.id').selectAll('links').select('lc.clicks')
          .where('links.id', 'in', ids.slice(i, i + 500)).where('links.user_id', '=', userId).execute();
        rows.push(...(chunk as LinkRow[]));
      }
      return hydrate(rows);
    },

    /** Deletes the user's links among `ids` in one statement per chunk; the ids deleted. */
    async deleteMany(userId: number, ids: number[]): Promise<number[]> {
      const gone: number[] = [];
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await db.deleteFrom('links').where('id', 'in', ids.slice(i, i + 500)).where('user_id', '=', userId)
          .returning('id').execute();
        gone.push(...rows.map((r) => r.id));
      }
      return gone;
    },

    async delete(userId: number, id: number): Promise<boolean> {
      const r = await db.deleteFrom('links').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return r.numDeletedRows > 0n;
    },

    /** Stores a fetched title unless the destination changed meanwhile. */
    async setTitle(id: number, url: string, title: string): Promise<void> {
      // A page may carry NUL bytes; PostgreSQL cannot store them in text.
      await db.updateTable('links').set({ title: title.replaceAll('\0', '') }).where('id', '=', id).where('url', '=', url).execute();
    },
  };
}
export type LinksRepository = ReturnType<typeof createLinksRepository>;

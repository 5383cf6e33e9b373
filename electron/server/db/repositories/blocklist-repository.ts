// The blocklist table (migration 17): manual entries kept by admins, and
// host lists imported from URLhaus, PhishTank or a hosts file, each import
// replacing its source's entries. Every write raises blocklist_state's
// generation in its transaction: that is how every process notices it.
import { sql, type Kysely, type Transaction } from 'kysely';
import { isoNow } from '../../util/time.ts';
import type { DB } from '../schema.ts';
import type { Engine } from './like.ts';

export type BlockKind = 'host' | 'keyword';
export const BLOCK_SOURCES = ['manual', 'urlhaus', 'phishtank', 'hosts'] as const;
export type BlockSource = (typeof BLOCK_SOURCES)[number];
export interface BlockEntry { kind: BlockKind; value: string; source: string }
export interface BlockRow extends BlockEntry { id: number; note: string | null; created_at: string }
/** What an import of a source left: when, how many entries, from which file. */
export interface ImportSummary { at: string; entries: number; file: string | null }

/** Values per INSERT: one JSON array parameter, expanded by the database. */
const CHUNK = 20_000;

const bump = (trx: Transaction<DB> | Kysely<DB>) =>
  trx.updateTable('blocklist_state').set({ generation: sql`generation + 1` }).where('id', '=', 1).execute();

export function createBlocklistRepository(db: Kysely<DB>, engine: Engine) {
  /** Inserts `values` of one kind and source; a value already listed (from any source) is kept as it is. */
  const insertMany = async (trx: Transaction<DB>, kind: BlockKind, values: string[], source: string, note: string | null, at: string) => {
    for (let i = 0; i < values.length; i += CHUNK) {
      const json = JSON.stringify(values.slice(i, i + CHUNK));
      await (engine === 'postgres'
        ? sql`INSERT INTO blocklist (kind, value, source, note, created_at)
            SELECT ${kind}, v, ${source}, ${note}, ${at} FROM jsonb_array_elements_text(${json}::jsonb) AS v ON CONFLICT (kind, value) DO NOTHING`
        : sql`INSERT INTO blocklist (kind, value, source, note, created_at)
            SELECT ${kind}, value, ${source}, ${note}, ${at} FROM json_each(${json}) WHERE true ON CONFLICT (kind, value) DO NOTHING`).execute(trx);
    }
  };

  return {
    async generation(): Promise<number> {
      const row = await db.selectFrom('blocklist_state').select('generation').where('id', '=', 1).executeTakeFirst();
      return Number(row?.generation ?? 0);
    },

    /** Every entry, for the in-memory index. */
    async all(): Promise<BlockEntry[]> {
      return db.selectFrom('blocklist').select(['kind', 'value', 'source']).execute();
    },

    /** Entries of one source (manual by default), oldest first. */
    async bySource(source: string = 'manual'): Promise<BlockRow[]> {
      return db.selectFrom('blocklist').selectAll().where('source', '=', source).orderBy('id').execute();
    },

    /** Entries per source and kind, and each import's summary. */
    async summary(): Promise<{ counts: { source: string; kind: string; n: number }[]; imports: Record<string, ImportSummary> }> {
      const counts = await db.selectFrom('blocklist').select(['source', 'kind', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(['source', 'kind']).execute();
      const state = await db.selectFrom('blocklist_state').select('imports').where('id', '=', 1).executeTakeFirst();
      return { counts: counts.map((c) => ({ ...c, n: Number(c.n) })), imports: JSON.parse(state?.imports ?? '{}') as Record<string, ImportSummary> };
    },

    /** Adds manual entries; answers the values that were new. */
    async add(kind: BlockKind, values: string[], note: string | null, now: number): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        const existing = new Set((values.length ? await trx.selectFrom('blocklist').select('value')
          .where('kind', '=', kind).where('value', 'in', values).execute() : []).map((r) => r.value));
        const fresh = [...new Set(values)].filter((v) => !existing.has(v));
        await insertMany(trx, kind, fresh, 'manual', note, isoNow(now));
        await bump(trx);
        return fresh;
      });
    },

    /** Removes entries (of any source); answers how many went. */
    async remove(kind: BlockKind, values: string[]): Promise<number> {
      if (!values.length) return 0;
      return db.transaction().execute(async (trx) => {
        const r = await trx.deleteFrom('blocklist').where('kind', '=', kind).where('value', 'in', values).executeTakeFirst();
        await bump(trx);
        return Number(r.numDeletedRows);
      });
    },

    /** The manual entries become exactly these (imported ones stay). */
    async replaceManual(hosts: string[], keywords: string[], now: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('blocklist').where('source', '=', 'manual').execute();
        await insertMany(trx, 'host', [...new Set(hosts)], 'manual', null, isoNow(now));
        await insertMany(trx, 'keyword', [...new Set(keywords)], 'manual', null, isoNow(now));
        await bump(trx);
      });
    },

    /** An import: the source's host entries become exactly `hosts`, in one transaction. */
    async replaceSource(source: Exclude<BlockSource, 'manual'>, hosts: string[], file: string | null, now: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('blocklist').where('source', '=', source).execute();
        const unique = [...new Set(hosts)];
        await insertMany(trx, 'host', unique, source, null, isoNow(now));
        const state = await trx.selectFrom('blocklist_state').select('imports').where('id', '=', 1).executeTakeFirst();
        const imports = JSON.parse(state?.imports ?? '{}') as Record<string, ImportSummary>;
        imports[source] = { at: isoNow(now), entries: unique.length, file };
        await trx.updateTable('blocklist_state').set({ imports: JSON.stringify(imports) }).where('id', '=', 1).execute();
        await bump(trx);
        return unique.length;
      });
    },
  };
}
export type BlocklistRepository = ReturnType<typeof createBlocklistRepository>;

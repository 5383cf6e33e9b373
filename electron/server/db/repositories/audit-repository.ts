// The audit log: one row per change made through the API or the CLI. Rows
// are only ever added (and pruned by age); nothing in the API changes them.
import { sql, type Kysely } from 'kysely';
import { isoNow } from '../../util/time.ts';
import type { DB } from '../schema.ts';

export interface AuditEntry {
  userId: number | null;
  /** For the CLI: who ran it, e.g. "CLI (alice)"; else read from the user. */
  userName?: string | null;
  keyPrefix: string | null;
  /** system: the server itself (the scheduled re-check). */
  source: 'api' | 'cli' | 'system';
  action: string;
  targetType: string;
  targetId: number | null;
  /** Names of the fields the change carried, never their values. */
  fields: string[];
  ip: string | null;
}

export interface AuditRow {
  id: number; at: string; user_id: number | null; user_name: string | null; key_prefix: string | null; source: string;
  action: string; target_type: string; target_id: number | null; fields: string; ip: string | null;
}

export interface AuditFilter {
  user_id?: number;
  action?: string;
  target_type?: string;
  target_id?: number;
  /** ISO 8601 UTC instants: from inclusive, to exclusive. */
  fromAt?: string;
  toAt?: string;
}

/** Rows per INSERT of recordAll: 11 parameters each, well inside SQLite's limit of 32,766. */
const RECORD_ROWS = 500;

function rowOf(e: AuditEntry, at: number) {
  const name = e.userName !== undefined ? sql<string | null>`${e.userName}`
    : e.userId === null ? sql<string | null>`NULL` : sql<string | null>`(SELECT name FROM users WHERE id = ${e.userId})`;
  return {
    at: isoNow(at), user_id: e.userId, user_name: name, key_prefix: e.keyPrefix, source: e.source, action: e.action,
    target_type: e.targetType, target_id: e.targetId, fields: JSON.stringify(e.fields), ip: e.ip,
  };
}

export function createAuditRepository(db: Kysely<DB>) {
  const filtered = (f: AuditFilter) => {
    let q = db.selectFrom('audit_log');
    if (f.user_id !== undefined) q = q.where('user_id', '=', f.user_id);
    if (f.action !== undefined) q = q.where('action', '=', f.action);
    if (f.target_type !== undefined) q = q.where('target_type', '=', f.target_type);
    if (f.target_id !== undefined) q = q.where('target_id', '=', f.target_id);
    if (f.fromAt !== undefined) q = q.where('at', '>=', f.fromAt);
    if (f.toAt !== undefined) q = q.where('at', '<', f.toAt);
    return q;
  };

  return {
    async record(e: AuditEntry, at = Date.now()): Promise<void> {
      await db.insertInto('audit_log').values(rowOf(e, at)).execute();
    },

    /** Several entries at once (a bulk change: one per link), in order, in as few statements as the engine allows. */
    async recordAll(entries: AuditEntry[], at = Date.now()): Promise<void> {
      for (let i = 0; i < entries.length; i += RECORD_ROWS) {
        await db.insertInto('audit_log').values(entries.slice(i, i + RECORD_ROWS).map((e) => rowOf(e, at))).execute();
      }
    },

    async list(f: AuditFilter, p: { page: number; per_page: number }): Promise<{ rows: AuditRow[]; total: number }> {
      const { total } = await filtered(f).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const rows = await filtered(f).selectAll().orderBy('id', 'desc').limit(p.per_page).offset((p.page - 1) * p.per_page).execute();
      return { rows, total: Number(total) };
    },

    /** Every matching entry, newest first, a chunk at a time (the CSV export). */
    async *each(f: AuditFilter, chunk = 1000): AsyncGenerator<AuditRow> {
      let before: number | null = null;
      for (;;) {
        let q = filtered(f).selectAll().orderBy('id', 'desc').limit(chunk);
        if (before !== null) q = q.where('id', '<', before);
        const rows = await q.execute();
        yield* rows;
        if (rows.length < chunk) return;
        before = rows.at(-1)!.id;
      }
    },

    /** Removes entries older than `days` days; how many. */
    async prune(days: number, now = Date.now()): Promise<number> {
      const r = await db.deleteFrom('audit_log').where('at', '<', isoNow(now - days * 86_400_000)).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;

// Copying an instance's SQLite database into an empty PostgreSQL database
// (`linkdesk migrate-data`): every row with its id, in one PostgreSQL
// transaction, so a copy that fails leaves the target as empty as it was.
// Both databases are at the same schema (openStore and openPostgres migrated
// them), so the columns are read from the tables themselves.
//
// The links AFTER INSERT trigger is switched off for the copy when this role
// may (it owns the table): row by row it would add 1 to the owner's
// link_counts row, and a row updated over and over in one transaction leaves
// a chain of versions every next update walks, so the copy slowed down with
// every link (50,000 links of one user: over a second per 1,000 by the end).
// Its work is done in bulk instead: link_clicks copied, link_counts counted
// in one statement, and no change-feed rows. Where the role may not, the
// trigger runs and its link_clicks rows are updated with the source's counts.
import type Database from 'better-sqlite3';
import type pg from 'pg';
import type { Store } from './database.ts';
import type { PostgresStore } from './postgres.ts';

/**
 * How a table's rows arrive:
 * - insert: as they are.
 * - upsert: over rows the PostgreSQL migration (click_state) or a node that
 *   started on the empty database (instance_secrets) already put there.
 * - counters: inserted like the rest while the links trigger is off; else
 *   the trigger made each link's row with 0 clicks, and they are updated.
 */
type Mode = 'insert' | 'upsert' | 'counters';
interface TableSpec { name: string; key: string[]; mode: Mode }

/**
 * In the order foreign keys need. Not copied: link_counts (counted again from
 * the links, and checked), redirect_changes (a new database needs no change
 * feed), schema_migrations, sqlite_sequence and links_fts* (SQLite's own).
 */
export const COPIED_TABLES: readonly TableSpec[] = [
  { name: 'users', key: ['id'], mode: 'insert' },
  { name: 'api_keys', key: ['id'], mode: 'insert' },
  { name: 'domains', key: ['id'], mode: 'insert' },
  { name: 'spaces', key: ['id'], mode: 'insert' },
  { name: 'pixels', key: ['id'], mode: 'insert' },
  { name: 'links', key: ['id'], mode: 'insert' },
  { name: 'link_pixels', key: ['link_id', 'pixel_id'], mode: 'insert' },
  { name: 'instance_secrets', key: ['name'], mode: 'upsert' },
  { name: 'link_clicks', key: ['link_id'], mode: 'counters' },
  { name: 'click_log', key: ['id'], mode: 'insert' },
  { name: 'click_days', key: ['link_id', 'day'], mode: 'insert' },
  { name: 'account_days', key: ['user_id', 'day'], mode: 'insert' },
  { name: 'account_dims', key: ['user_id', 'dim', 'day', 'value'], mode: 'insert' },
  { name: 'account_month_dims', key: ['user_id', 'dim', 'month', 'value'], mode: 'insert' },
  { name: 'click_state', key: ['name'], mode: 'upsert' },
  { name: 'link_purges', key: ['link_id'], mode: 'insert' },
  // Secrets included (deliveries must stay verifiable); pending deliveries go on from the copy.
  { name: 'webhooks', key: ['id'], mode: 'insert' },
  { name: 'webhook_deliveries', key: ['id'], mode: 'insert' },
  { name: 'webhook_attempts', key: ['id'], mode: 'insert' },
  { name: 'audit_log', key: ['id'], mode: 'insert' },
  // The blocklist and its imports; the state row (generation, import summaries) exists from the migration.
  { name: 'blocklist', key: ['id'], mode: 'insert' },
  { name: 'blocklist_state', key: ['id'], mode: 'upsert' },
  { name: 'link_reports', key: ['id'], mode: 'insert' },
  // Bans (migration 17): the hosts banned, every ban and lift with its reason, and the creations counted against limits.
  { name: 'banned_hosts', key: ['id'], mode: 'insert' },
  { name: 'ban_events', key: ['id'], mode: 'insert' },
  { name: 'link_creations', key: ['user_id', 'minute'], mode: 'insert' },
];

/** Rows per statement: each column travels as one array parameter, so a batch is one round trip. */
export const BATCH_ROWS = 1000;

/** Hears after every batch how far the copy of `table` has got. */
export type CopyProgress = (table: string, done: number, total: number) => void;

/** The target already holds data; nothing was written. */
export class TargetNotEmptyError extends Error {
  override name = 'TargetNotEmptyError';
}

const plural = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface PgColumn { name: string; type: string; identity: boolean }

async function pgColumns(client: pg.ClientBase, table: string): Promise<Map<string, PgColumn>> {
  const { rows } = await client.query<PgColumn>(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attidentity <> '' AS identity
     FROM pg_attribute a WHERE a.attrelid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`, [table]);
  return new Map(rows.map((c) => [c.name, c]));
}

/** The source's columns of `table`, each with its PostgreSQL type; a column PostgreSQL lacks is a schema mismatch. */
function columnsOf(sqlite: Database.Database, table: string, target: Map<string, PgColumn>): PgColumn[] {
  const names = sqlite.prepare(`SELECT name FROM pragma_table_info(?) ORDER BY cid`).pluck().all(table) as string[];
  if (!names.length) throw new Error(`the SQLite database has no table ${table}`);
  if (!target.size) throw new Error(`the PostgreSQL database has no table ${table}`);
  return names.map((n) => {
    const c = target.get(n);
    if (!c) throw new Error(`column ${table}.${n} is missing from the PostgreSQL schema`);
    return c;
  });
}

/**
 * A table's rows in key order, BATCH_ROWS at a time, as arrays of values.
 * Integers come as BigInt, so ids and epoch milliseconds beyond 2^53 travel
 * exactly (pg sends a BigInt as its digits). The statement is reset however
 * the loop reading it ends.
 */
function* batches(sqlite: Database.Database, table: string, columns: readonly PgColumn[], key: readonly string[]): Generator<unknown[][]> {
  const stmt = sqlite.prepare(`SELECT ${columns.map((c) => ident(c.name)).join(', ')} FROM ${ident(table)} ORDER BY ${key.map(ident).join(', ')}`)
    .raw(true).safeIntegers(true);
  const rows = stmt.iterate() as IterableIterator<unknown[]>;
  try {
    let batch: unknown[][] = [];
    for (const row of rows) {
      batch.push(row);
      if (batch.length === BATCH_ROWS) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  } finally {
    rows.return?.();
  }
}

/** Turns rows into one array per column: `unnest($1::bigint[], $2::text[], …)` zips them back in PostgreSQL. */
const columnArrays = (rows: readonly unknown[][], width: number) =>
  Array.from({ length: width }, (_, i) => rows.map((r) => r[i] ?? null));

function unnestOf(columns: readonly PgColumn[]): string {
  return `unnest(${columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ')}) AS v(${columns.map((c) => ident(c.name)).join(', ')})`;
}

/** `triggerOn`: the links trigger made a link_clicks row for every link. */
function statementFor(spec: TableSpec, columns: readonly PgColumn[], triggerOn: boolean): string {
  const t = ident(spec.name);
  const names = columns.map((c) => ident(c.name));
  if (spec.mode === 'counters' && triggerOn) {
    const set = columns.filter((c) => !spec.key.includes(c.name)).map((c) => `${ident(c.name)} = v.${ident(c.name)}`);
    const on = spec.key.map((k) => `t.${ident(k)} = v.${ident(k)}`).join(' AND ');
    return `UPDATE ${t} AS t SET ${set.join(', ')} FROM ${unnestOf(columns)} WHERE ${on}`;
  }
  // Explicit ids: OVERRIDING SYSTEM VALUE also covers identities declared ALWAYS.
  const overriding = columns.some((c) => c.identity) ? ' OVERRIDING SYSTEM VALUE' : '';
  let sql = `INSERT INTO ${t} (${names.join(', ')})${overriding} SELECT ${names.join(', ')} FROM ${unnestOf(columns)}`;
  if (spec.mode === 'upsert') {
    const rest = columns.filter((c) => !spec.key.includes(c.name)).map((c) => `${ident(c.name)} = excluded.${ident(c.name)}`);
    sql += ` ON CONFLICT (${spec.key.map(ident).join(', ')}) DO ${rest.length ? `UPDATE SET ${rest.join(', ')}` : 'NOTHING'}`;
  }
  return sql;
}

/** Refuses a target with any user or link, and keeps others from adding one until the copy commits. */
async function checkEmpty(client: pg.ClientBase, where: string): Promise<void> {
  await client.query('LOCK TABLE users, links IN EXCLUSIVE MODE');
  const { rows: [n] } = await client.query<{ users: number; links: number }>(
    'SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM links)::int AS links');
  if (n!.users || n!.links) {
    throw new TargetNotEmptyError(`${where} is not empty: ${plural(n!.users, 'user')}, ${plural(n!.links, 'link')}; `
      + 'migrate-data copies into an empty database only');
  }
}

const LINKS_TRIGGER = 'links_after_insert';

/**
 * Switches the links insert trigger off where this role may (ALTER TABLE
 * needs the table's owner); true when it did. Part of the transaction: a
 * rollback switches it on again, and so does the copy before it commits.
 */
async function switchOffLinksTrigger(client: pg.ClientBase): Promise<boolean> {
  await client.query('SAVEPOINT links_trigger');
  try {
    await client.query(`ALTER TABLE links DISABLE TRIGGER ${LINKS_TRIGGER}`);
    await client.query('RELEASE SAVEPOINT links_trigger');
    return true;
  } catch (err) {
    if ((err as { code?: string }).code !== '42501') throw err; // insufficient_privilege: not the owner
    await client.query('ROLLBACK TO SAVEPOINT links_trigger');
    return false;
  }
}

/** What the links trigger would have added to link_counts, in one statement. */
const COUNT_LINKS = `INSERT INTO link_counts (user_id, total, disabled)
  SELECT user_id, count(*), count(*) FILTER (WHERE disabled <> 0) FROM links GROUP BY user_id
  ON CONFLICT (user_id) DO UPDATE SET total = link_counts.total + excluded.total, disabled = link_counts.disabled + excluded.disabled`;

/** link_counts must say what the source's links say, however it was counted. */
async function checkLinkCounts(sqlite: Database.Database, client: pg.ClientBase): Promise<void> {
  const key = (r: { user_id: number; total: number; disabled: number }) => `${r.user_id}:${r.total}:${r.disabled}`;
  const expected = (sqlite.prepare('SELECT user_id, count(*) AS total, sum(disabled != 0) AS disabled FROM links GROUP BY user_id ORDER BY user_id')
    .all() as { user_id: number; total: number; disabled: number }[]).map(key);
  const got = (await client.query<{ user_id: number; total: number; disabled: number }>(
    'SELECT user_id, total, disabled FROM link_counts WHERE total <> 0 ORDER BY user_id')).rows.map(key);
  if (expected.join(',') !== got.join(',')) {
    throw new Error(`link_counts came out as [${got.join(', ')}] where the links say [${expected.join(', ')}] (user:total:disabled)`);
  }
}

/**
 * Moves each identity's sequence past the largest id copied and past the
 * largest SQLite ever handed out (`used`, its sqlite_sequence: a deleted
 * newest record's id), so PostgreSQL numbers no row with an id once used.
 */
async function advanceIdentities(client: pg.ClientBase, table: string, columns: readonly PgColumn[], used: number): Promise<void> {
  for (const c of columns.filter((col) => col.identity)) {
    // setval(seq, n, false): the next value is n itself; on an empty table that is 1.
    await client.query(`SELECT setval(pg_get_serial_sequence($1, $2), greatest(coalesce((SELECT max(${ident(c.name)}) FROM ${ident(table)}), 0), $3::bigint) + 1, false)`,
      [table, c.name, used]);
  }
}

/** The largest id SQLite's AUTOINCREMENT has handed out in `table`; 0 if none. */
const usedIds = (sqlite: Database.Database, table: string) =>
  Number(sqlite.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').pluck().get(table) ?? 0);

/**
 * Copies every table of COPIED_TABLES from `source` into `target`, which must
 * hold no user and no link (TargetNotEmptyError otherwise). One PostgreSQL
 * transaction: on any failure it is rolled back and the error rethrown. The
 * source is read in one SQLite read transaction, so a server still writing
 * to it cannot make the copy inconsistent (its later writes are not copied).
 * Returns the rows copied per table, in copy order.
 */
export async function copySqliteToPostgres(source: Store, target: PostgresStore, onProgress?: CopyProgress): Promise<Record<string, number>> {
  const { sqlite } = source;
  const client = await target.pool.connect();
  let broken: Error | undefined;
  try {
    sqlite.exec('BEGIN');
    await client.query('BEGIN');
    try {
      await checkEmpty(client, target.where);
      // Change-feed rows the triggers write from here on are dropped at the end.
      const { rows: [feed] } = await client.query<{ seq: string }>('SELECT coalesce(max(seq), 0)::text AS seq FROM redirect_changes');
      const triggerOn = !(await switchOffLinksTrigger(client));
      const copied: Record<string, number> = {};
      const identities: { table: string; columns: PgColumn[]; used: number }[] = [];
      for (const spec of COPIED_TABLES) {
        const columns = columnsOf(sqlite, spec.name, await pgColumns(client, spec.name));
        const total = sqlite.prepare(`SELECT count(*) FROM ${ident(spec.name)}`).pluck().get() as number;
        const sql = statementFor(spec, columns, triggerOn);
        let done = 0;
        for (const rows of batches(sqlite, spec.name, columns, spec.key)) {
          const result = await client.query(sql, columnArrays(rows, columns.length));
          // The trigger made a row for every link: an update that found none is a counter without its link.
          if (spec.mode === 'counters' && triggerOn && result.rowCount !== rows.length) {
            throw new Error(`${rows.length - (result.rowCount ?? 0)} link_clicks rows have no link`);
          }
          done += rows.length;
          onProgress?.(spec.name, done, total);
        }
        copied[spec.name] = done;
        identities.push({ table: spec.name, columns, used: usedIds(sqlite, spec.name) });
      }
      if (!triggerOn) {
        await client.query(COUNT_LINKS);
        await client.query(`ALTER TABLE links ENABLE TRIGGER ${LINKS_TRIGGER}`);
      }
      await checkLinkCounts(sqlite, client);
      await client.query('DELETE FROM redirect_changes WHERE seq > $1', [feed!.seq]);
      // Last: setval is not undone by a rollback, so nothing may fail after it but the commit.
      for (const { table, columns, used } of identities) await advanceIdentities(client, table, columns, used);
      await client.query('COMMIT');
      return copied;
    } catch (err) {
      // A lost connection cannot roll back, but then the server drops the transaction itself.
      await client.query('ROLLBACK').catch((e: Error) => { broken = e; });
      throw err;
    }
  } finally {
    if (sqlite.inTransaction) sqlite.exec('ROLLBACK'); // it only read
    client.release(broken);
  }
}

// PostgreSQL as the database of a headless node (`--database-url`): a pooled
// connection (pg), checked and migrated before the node serves. Problems an
// operator can fix are reported as one sentence naming the server, never
// with the password and never as a stack trace.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrations, type Migration } from './migration-list.ts';
import { pendingMigrations, SchemaError } from './migrations.ts';
import { checkDatabaseUrl, describeUrl } from './database-url.ts';
import type { DB } from './schema.ts';

export const MIN_SERVER_VERSION = 130000;
/** pg_advisory_lock key held while migrating: "linkdesk" in ASCII. */
const MIGRATION_LOCK = 0x6c696e6b6465736bn;
const CONNECT_TIMEOUT_MS = 5000;

/** A database problem the operator has to fix; its message says what and where. */
export class DatabaseSetupError extends Error {
  override name = 'DatabaseSetupError';
}

// bigint counts and ids, and sums (numeric), as JavaScript numbers like SQLite gives them.
const toNumber = (v: string) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n) && Number.isInteger(n)) throw new Error(`database number ${v} is beyond JavaScript's safe integers`);
  return n;
};
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return toNumber;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/** Says in one sentence why connecting failed. */
export function explainConnectError(err: unknown, url: string): DatabaseSetupError {
  const where = describeUrl(url);
  const e = err as { code?: string; message?: string };
  const user = (() => {
    try {
      return decodeURIComponent(new URL(url).username) || 'the default user';
    } catch {
      return 'the user';
    }
  })();
  switch (e.code) {
    case '28P01':
      return new DatabaseSetupError(`PostgreSQL at ${where} refused the password for ${user}.`);
    case '28000':
      return new DatabaseSetupError(`PostgreSQL at ${where} does not let ${user} connect: ${e.message}.`);
    case '3D000':
      return new DatabaseSetupError(`PostgreSQL at ${where}: ${e.message}; create it first (createdb).`);
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EHOSTUNREACH':
    case 'ETIMEDOUT':
      return new DatabaseSetupError(`Cannot reach PostgreSQL at ${where} (${e.code}).`);
    default:
      if (/timeout/i.test(e.message ?? '')) return new DatabaseSetupError(`Cannot reach PostgreSQL at ${where} (no answer within ${CONNECT_TIMEOUT_MS / 1000} s).`);
      return new DatabaseSetupError(`PostgreSQL at ${where}: ${e.message ?? String(err)}`);
  }
}

export function versionProblem(serverVersionNum: number, version: string): string | null {
  return serverVersionNum < MIN_SERVER_VERSION ? `PostgreSQL ${version} is too old: Linkdesk needs PostgreSQL 13 or newer.` : null;
}

/**
 * Brings the schema up to date under an advisory lock, so nodes starting
 * together on an empty database migrate it once; each migration in its own
 * transaction, recorded with the hash of its PostgreSQL text.
 */
export async function migratePostgres(client: pg.ClientBase, list: Migration[] = migrations): Promise<void> {
  await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK.toString()]);
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, checksum text NOT NULL, applied_at text NOT NULL)`);
    const applied = new Map((await client.query<{ version: number; checksum: string }>('SELECT version, checksum FROM schema_migrations')).rows
      .map((r) => [r.version, r.checksum]));
    for (const { m, text, sum } of pendingMigrations(applied, list, 'postgres')) {
      await client.query('BEGIN');
      try {
        await client.query(text);
        await client.query('INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES ($1, $2, $3, $4)',
          [m.version, m.name, sum, new Date().toISOString()]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK.toString()]);
  }
}

export interface PostgresStore {
  engine: 'postgres';
  pool: pg.Pool;
  db: Kysely<DB>;
  /** postgres://user@host:port/db, no password. */
  where: string;
  /** A connection of its own, outside the pool (LISTEN needs one that stays). */
  newClient(): pg.Client;
  /** The URL it was opened with, password included: for this node's own worker threads, never for a log. */
  url: string;
  /** Resolves when the database answers (GET /healthz); rejects when it cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenPostgresOptions { poolSize?: number; migrate?: boolean }

/** Connects, checks the server's version and migrates; throws DatabaseSetupError with the reason. */
export async function openPostgres(url: string, opts: OpenPostgresOptions = {}): Promise<PostgresStore> {
  const bad = checkDatabaseUrl(url);
  if (bad) throw new DatabaseSetupError(`The database URL ${bad}.`);
  const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, types });
  // A client that loses its server emits 'error': idle ones on the pool, checked-out
  // ones on themselves (between two statements of a transaction). Unheard, that
  // would end the process; the statement that uses it next fails instead, and
  // the caller answers 503 or retries (app.ts, pg-clicks.ts).
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (err) {
    await pool.end().catch(() => {});
    throw explainConnectError(err, url);
  }
  try {
    const v = (await client.query<{ n: string; v: string }>(
      "SELECT current_setting('server_version_num') AS n, current_setting('server_version') AS v")).rows[0]!;
    const old = versionProblem(Number(v.n), v.v);
    if (old) throw new DatabaseSetupError(old);
    if (opts.migrate !== false) await migratePostgres(client);
  } catch (err) {
    client.release();
    await pool.end().catch(() => {});
    if (err instanceof DatabaseSetupError) throw err;
    if (err instanceof SchemaError) throw new DatabaseSetupError(err.message);
    throw new DatabaseSetupError(`PostgreSQL at ${describeUrl(url)}: ${(err as Error).message}`);
  }
  client.release();
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
  return {
    engine: 'postgres',
    pool,
    db,
    where: describeUrl(url),
    newClient: () => new pg.Client({ connectionString: url, types, connectionTimeoutMillis: CONNECT_TIMEOUT_MS }),
    url,
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy(); // ends the pool, if Kysely ever used it
      // Kysely takes the pool only at its first query: a store used through the
      // pool alone (migrate-data) kept its idle connection 10 s after the work.
      if (!pool.ended) await pool.end();
    },
  };
}

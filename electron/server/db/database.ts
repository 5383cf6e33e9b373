import path from 'node:path';
import type Database from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect, type DatabaseConnection } from 'kysely';
import { openConnection } from './connection.ts';
import { ensurePrivateDir, ensurePrivateFile, tightenFile, type Notice } from '../util/private-files.ts';
import { migrate } from './migrations.ts';
import type { DB } from './schema.ts';

export interface Store {
  engine: 'sqlite';
  sqlite: Database.Database;
  db: Kysely<DB>;
  /** Resolves when the database answers (GET /healthz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const DB_FILE = 'linkdesk.sqlite';

/**
 * Kysely begins SQLite transactions deferred: a transaction that reads and
 * then writes fails at once (SQLITE_BUSY, no busy wait) when another process
 * wrote in between. Beginning IMMEDIATE takes the write lock up front and
 * waits for it (busy_timeout), so no request fails on a lock held for a moment.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver() {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection: DatabaseConnection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}

/** SQLite's companions of the database file while it is open in WAL mode. */
export const DB_SIDE_FILES = ['-wal', '-shm'] as const;

export interface OpenStoreOptions {
  /** Hears that the folder or a database file was open to other users and has been tightened. */
  onNotice?: Notice;
}

/**
 * Opens (creating if needed) the instance's SQLite file in WAL mode and brings
 * its schema up to date. synchronous=FULL: a write acknowledged to a client is
 * on disk before the answer leaves, so neither a killed process nor a lost
 * power supply takes it back.
 *
 * The folder is made 0700 and the database 0600 before SQLite opens it: SQLite
 * creates its -wal and -shm files with the database file's own mode, so they
 * are private from their first byte. Ones left wider by an earlier run are
 * tightened here, since SQLite keeps an existing file's mode.
 */
export function openStore(dataDir: string, opts: OpenStoreOptions = {}): Store {
  ensurePrivateDir(dataDir, opts);
  const file = path.join(dataDir, DB_FILE);
  ensurePrivateFile(file, opts);
  for (const suffix of DB_SIDE_FILES) tightenFile(file + suffix, opts);
  const sqlite = openConnection(file, { foreignKeys: true });
  migrate(sqlite);
  const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) });
  let closed = false;
  return {
    engine: 'sqlite',
    sqlite,
    db,
    async ping() {
      sqlite.prepare('SELECT 1').get();
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      // Kysely closes the handle only if it ever ran a query; a store used
      // through `sqlite` alone would otherwise keep its WAL and locks open.
      if (sqlite.open) sqlite.close();
    },
  };
}

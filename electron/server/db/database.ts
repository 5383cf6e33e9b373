import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { migrate } from './migrations.ts';
import type { DB } from './schema.ts';

export interface Store {
  sqlite: Database.Database;
  db: Kysely<DB>;
  close(): Promise<void>;
}

export const DB_FILE = 'linkdesk.sqlite';

/**
 * Opens (creating if needed) the instance's SQLite file in WAL mode and brings
 * its schema up to date. synchronous=FULL: a write acknowledged to a client is
 * on disk before the answer leaves, so neither a killed process nor a lost
 * power supply takes it back.
 */
export function openStore(dataDir: string): Store {
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new Database(path.join(dataDir, DB_FILE));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -65536');
  migrate(sqlite);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  let closed = false;
  return {
    sqlite,
    db,
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy(); // closes the better-sqlite3 handle too
    },
  };
}

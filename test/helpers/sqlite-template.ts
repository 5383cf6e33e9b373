// A migrated empty SQLite database, made once per test process and copied into
// each new data folder a test world starts on. Migrating from nothing runs every
// migration, each committed with an fsync: 0.15-0.35 s here beside a second suite,
// for each of the hundreds of servers the suites start (157 in the SQLite unit,
// API, redirect and security files; two in each e2e world); a copy takes a few ms.
// The PostgreSQL worlds clone a migrated template database the same way
// (postgres.ts copyMigrated). Tests about the migrations themselves open files
// of their own with openStore, which still migrates them.
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DB_FILE, openStore } from '../../electron/server/db/database.ts';

let template: Promise<string> | undefined;

async function migratedTemplate(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'linkdesk-template-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const store = openStore(dir);
  // All of it in the one file that is copied: nothing left in a WAL beside it.
  store.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  await store.close();
  return path.join(dir, DB_FILE);
}

/** Puts a migrated, empty database in `dataDir`, unless it holds a database already. */
export async function seedMigrated(dataDir: string): Promise<void> {
  const file = path.join(dataDir, DB_FILE);
  if (existsSync(file)) return;
  template ??= migratedTemplate();
  let from = await template;
  // A test may have emptied the temporary folder it lived in: made again.
  if (!existsSync(from)) from = await (template = migratedTemplate());
  copyFileSync(from, file);
}

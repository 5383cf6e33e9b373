// Backups of an instance's SQLite file, taken while servers (this process or
// others on the same data folder) keep writing, and restores that swap the
// file in whole. PostgreSQL has its own tools for this (pg_dump, pg_restore).
import { randomBytes } from 'node:crypto';
import { constants as fsConstants, closeSync, copyFileSync, existsSync, fsyncSync, linkSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ensurePrivateDir, ensurePrivateFile, makePrivateDir, tightenFile } from '../util/private-files.ts';
import { DB_SIDE_FILES } from './database.ts';
import { migrations } from './migration-list.ts';
import { migrate, pendingMigrations, SchemaError } from './migrations.ts';
import { holderOf } from './holder.ts';

export const POSTGRES_BACKUP_MESSAGE = 'This instance keeps its data in PostgreSQL: back it up with pg_dump and restore it with pg_restore.';

/** A backup that cannot be taken, read or restored; the message is for a person. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export interface BackupProgress { done: number; total: number }
export interface CheckedBackup { schemaVersion: number; links: number }

const errMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));
const tempNear = (file: string, what: string) =>
  path.join(path.dirname(file), `.${path.basename(file)}.${what}-${process.pid}-${randomBytes(4).toString('hex')}`);

function fsyncPath(p: string, flags = 'r'): void {
  const fd = openSync(p, flags);
  try {
    fsyncSync(fd);
  } catch (err) {
    // Some systems cannot fsync a folder; the file itself is synced.
    if ((err as NodeJS.ErrnoException).code !== 'EISDIR' && (err as NodeJS.ErrnoException).code !== 'EINVAL') throw err;
  } finally {
    closeSync(fd);
  }
}

/**
 * Copies `dbFile` into `outFile` with SQLite's online backup, page by page,
 * from a read transaction of its own: the copy is the database as it was at
 * one instant (WAL keeps that snapshot while other connections commit), so
 * the steps never restart under a busy writer. Written under a temporary
 * name, checked, then renamed: `outFile` is either a whole backup or absent.
 */
export async function backupDatabase(dbFile: string, outFile: string, onProgress?: (p: BackupProgress) => void): Promise<{ file: string; size: number }> {
  if (!existsSync(dbFile)) throw new BackupError(`There is no database at ${dbFile} to back up.`);
  makePrivateDir(path.dirname(outFile));
  const tmp = tempNear(outFile, 'partial');
  ensurePrivateFile(tmp); // SQLite keeps an existing file's mode: private from the first page
  let src: Database.Database | null = null;
  try {
    src = new Database(dbFile, { fileMustExist: true });
    src.pragma('busy_timeout = 30000');
    src.exec('BEGIN');
    src.prepare('SELECT count(*) FROM sqlite_master').get(); // starts the snapshot
    await src.backup(tmp, {
      progress: ({ totalPages, remainingPages }) => {
        onProgress?.({ done: totalPages - remainingPages, total: totalPages });
        return 256;
      },
    });
    src.exec('COMMIT');
    src.close();
    src = null;
    // The copy carries the source's WAL flag; a self-contained file opens read-only without side files.
    const dest = new Database(tmp);
    dest.pragma('journal_mode = DELETE');
    dest.close();
    await checkBackup(tmp);
    fsyncPath(tmp, 'r+');
    renameSync(tmp, outFile);
    fsyncPath(path.dirname(outFile));
    return { file: outFile, size: statSync(outFile).size };
  } catch (err) {
    if (src?.open) src.close();
    rmSync(tmp, { force: true });
    rmSync(`${tmp}-journal`, { force: true });
    throw err instanceof BackupError ? err : new BackupError(`The backup of ${dbFile} failed: ${errMessage(err)}`);
  }
}

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

function readHeader(file: string): Buffer {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(SQLITE_HEADER.length);
    return buf.subarray(0, readSync(fd, buf, 0, buf.length, 0));
  } finally {
    closeSync(fd);
  }
}

/**
 * Whether `file` is a whole Linkdesk database this build can run on: a SQLite
 * file that passes integrity_check, with Linkdesk's migrations table and a
 * schema no newer than this build's. Throws BackupError saying which not.
 */
export async function checkBackup(file: string): Promise<CheckedBackup> {
  const name = path.basename(file);
  let st;
  try {
    st = statSync(file);
  } catch {
    throw new BackupError(`There is no backup at ${file}.`);
  }
  if (!st.isFile()) throw new BackupError(`${file} is not a file.`);
  if (!readHeader(file).equals(SQLITE_HEADER)) throw new BackupError(`${name} is not a SQLite database, so not a Linkdesk backup.`);
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw new BackupError(`${name} cannot be opened: ${errMessage(err)}`);
  }
  try {
    let problems: string[];
    try {
      problems = (db.prepare('PRAGMA integrity_check(5)').all() as { integrity_check: string }[]).map((r) => r.integrity_check);
    } catch (err) {
      throw new BackupError(`${name} is damaged: ${errMessage(err)}`);
    }
    if (problems.join() !== 'ok') throw new BackupError(`${name} is damaged: ${problems.join('; ')}`);
    const hasTable = (t: string) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(t) !== undefined;
    if (!hasTable('schema_migrations') || !hasTable('links')) {
      throw new BackupError(`${name} is a SQLite database but not a Linkdesk one (it has no Linkdesk tables).`);
    }
    const applied = new Map((db.prepare('SELECT version, checksum FROM schema_migrations').all() as { version: number; checksum: string }[])
      .map((r) => [r.version, r.checksum]));
    try {
      pendingMigrations(applied, migrations, 'sqlite');
    } catch (err) {
      if (err instanceof SchemaError) throw new BackupError(`${name} cannot be used: ${err.message}`);
      throw err;
    }
    const schemaVersion = Math.max(0, ...applied.keys());
    const difference = schemaDifference(db, schemaVersion);
    if (difference.length) {
      throw new BackupError(`${name} is refused: its schema is not Linkdesk's schema ${schemaVersion}: ${difference.join('; ')}.`);
    }
    const links = (db.prepare('SELECT count(*) AS n FROM links').get() as { n: number }).n;
    return { schemaVersion, links };
  } finally {
    db.close();
  }
}

type SchemaObject = { type: string; name: string; sql: string | null };
const objectsOf = (db: Database.Database) => new Map((db.prepare(
  "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
).all() as SchemaObject[]).map((o) => [`${o.type} ${o.name}`, (o.sql ?? '').replace(/\s+/g, ' ').trim()]));

/**
 * How a database's tables, columns, indexes, triggers and views differ from
 * what Linkdesk's own migrations make at `version`: nothing more, nothing less.
 * A backup is a file anyone could have written; an extra trigger in it would
 * run inside the instance (rewriting every new link's URL), a missing table
 * would answer 500 later. Empty when they are the same.
 */
export function schemaDifference(db: Database.Database, version: number): string[] {
  const expected = new Database(':memory:');
  try {
    migrate(expected, migrations.filter((m) => m.version <= version));
    const want = objectsOf(expected);
    const have = objectsOf(db);
    const out: string[] = [];
    for (const [key, sql] of have) {
      if (!want.has(key)) out.push(`extra ${key}`);
      else if (want.get(key) !== sql) out.push(`changed ${key}`);
    }
    for (const key of want.keys()) if (!have.has(key)) out.push(`missing ${key}`);
    return out;
  } finally {
    expected.close();
  }
}

/** `2026-11-23T15-40-00Z`: an instant that sorts as text and is a valid file name everywhere. */
export const fileStamp = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z').replaceAll(':', '-');

/**
 * `<dbFile>.before-restore-2026-11-23T15-40-00.123Z`, with `-2`, `-3` … when
 * that exists: two restores in one instant must not overwrite the first kept database.
 */
export function keptCopyName(dbFile: string, now: Date): string {
  const base = `${dbFile}.before-restore-${now.toISOString().replaceAll(':', '-')}`;
  let name = base;
  for (let i = 2; existsSync(name) || existsSync(`${name}-wal`); i++) name = `${base}-${i}`;
  return name;
}

/** Refuses while any connection (a server here or in another process) has the database open. */
export function assertNotInUse(dbFile: string): void {
  const holder = holderOf(dbFile);
  if (holder) throw new BackupError(`${dbFile} is in use by ${holder}; stop it first.`);
}

/**
 * Replaces `dbFile` with the backup: checked, copied next to it and synced,
 * then renamed over it in one step. The database it replaces (with its WAL)
 * is kept as `<dbFile>.before-restore-<time>`, so a wrong restore can be
 * undone by the same means. Refuses while the database is open anywhere.
 */
export async function restoreDatabase(backupFile: string, dbFile: string, now = new Date()): Promise<{ previous: string | null; checked: CheckedBackup }> {
  const checked = await checkBackup(backupFile);
  ensurePrivateDir(path.dirname(dbFile));
  if (existsSync(dbFile)) assertNotInUse(dbFile);
  const tmp = tempNear(dbFile, 'restoring');
  try {
    copyFileSync(backupFile, tmp);
    tightenFile(tmp);
    fsyncPath(tmp, 'r+');
  } catch (err) {
    rmSync(tmp, { force: true });
    throw new BackupError(`The backup could not be copied next to ${dbFile}: ${errMessage(err)}`);
  }
  let previous: string | null = null;
  if (existsSync(dbFile)) {
    previous = keptCopyName(dbFile, now);
    // The WAL goes with the old file under its new name first: left beside the
    // restored file, SQLite would replay it onto pages it does not belong to.
    const wal = `${dbFile}-wal`;
    if (existsSync(wal)) renameSync(wal, `${previous}-wal`);
    rmSync(`${dbFile}-shm`, { force: true });
    try {
      linkSync(dbFile, previous); // fails rather than replace a kept copy
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new BackupError(`${previous} exists already; nothing was restored.`);
      copyFileSync(dbFile, previous, fsConstants.COPYFILE_EXCL); // a file system without hard links
    }
  } else {
    for (const suffix of DB_SIDE_FILES) rmSync(dbFile + suffix, { force: true });
  }
  renameSync(tmp, dbFile);
  fsyncPath(path.dirname(dbFile));
  return { previous, checked };
}

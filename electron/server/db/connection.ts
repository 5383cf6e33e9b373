// How every SQLite connection to a data folder's database is set up, the
// main one (database.ts) and the click writer's (click-writer-worker.ts).
import Database from 'better-sqlite3';

/**
 * Another process (the desktop app and the command line on one folder) or
 * thread may hold the write lock for a moment: writers begin with BEGIN
 * IMMEDIATE and wait this long for it instead of failing.
 */
export const BUSY_TIMEOUT_MS = 30_000;
const CLICK_WRITER_CHECKPOINT_PAGES = 12_000;
/** Past the click writer's: while it runs, it is the one that checkpoints. */
const MAIN_CHECKPOINT_PAGES = 16_000;

/** Page cache of the main connection (API reads, statistics over the rollups) and of the click writer's. */
const MAIN_CACHE_MB = 64;
const WRITER_CACHE_MB = 16;

export function openConnection(file: string, opts: { foreignKeys: boolean; cacheMb?: number }): Database.Database {
  const sqlite = new Database(file);
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`); // first: switching to WAL needs the lock too
  sqlite.pragma('journal_mode = WAL');
  // synchronous=FULL: a write acknowledged to a client is on disk before the
  // answer leaves, so neither a killed process nor a lost power supply takes it back.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma(`foreign_keys = ${opts.foreignKeys ? 'ON' : 'OFF'}`);
  // With the default 2 MB cache, random counter and rollup updates across
  // large tables re-read their pages from the OS on every batch, and account
  // statistics re-read the rollups. The page cache is also much of what a
  // server holds once it has written: statistics at 10 million clicks want
  // 64 MB (account p95 33 ms; 62 ms at 32 MB, 71 ms at 16 MB), the click
  // writer does as well with 16 MB; pages beyond come from the OS's cache.
  sqlite.pragma(`cache_size = ${-1024 * (opts.cacheMb ?? MAIN_CACHE_MB)}`);
  // Past the click writer's threshold: while it runs, it is the one that
  // checkpoints, off the request thread; without it, this one still does.
  sqlite.pragma(`wal_autocheckpoint = ${MAIN_CHECKPOINT_PAGES}`);
  return sqlite;
}

/**
 * The click writer's connection. Foreign keys stay off: it only writes clicks
 * for links whose counter it has just updated in the same transaction, so the
 * per-row parent lookup would prove nothing new.
 */
export function openClickConnection(file: string): Database.Database {
  const sqlite = openConnection(file, { foreignKeys: false, cacheMb: WRITER_CACHE_MB });
  // A batch of clicks is committed without an fsync of its own (the WAL is
  // synced at checkpoints): a killed process loses nothing it committed, and
  // only a power cut could take back the last batches, which the redirects
  // never waited for anyway. Spent click budgets go through the main
  // connection, with synchronous=FULL.
  sqlite.pragma('synchronous = NORMAL');
  // Checkpoints copy the WAL's pages into the database file, each page once
  // however many commits changed it: under load the click writer's batches
  // rewrite the same counter and rollup pages, so it lets the WAL grow to
  // ~48 MB between checkpoints instead of SQLite's 4 MB (a 100k-link random
  // load: 17.1 -> 16.3 µs of CPU a click at 12,000 pages against 4,000).
  sqlite.pragma(`wal_autocheckpoint = ${CLICK_WRITER_CHECKPOINT_PAGES}`);
  return sqlite;
}

// Numbered, forward-only migrations. Each runs in its own transaction and is
// recorded with a hash of its text, so an edited migration is caught at start-up
// instead of silently diverging from databases that already applied it.
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { migrations, type Migration } from './migration-list.ts';

export const checksum = (sql: string) => createHash('sha256').update(sql).digest('hex');

/** The database's schema is not one this build can run on (newer, or an applied migration edited since). */
export class SchemaError extends Error {
  override name = 'SchemaError';
}

/**
 * The migrations of `list` a database with `applied` (version -> checksum)
 * still needs, each with the hash of the engine's text; SchemaError when the
 * database is newer than this build or an applied migration was edited.
 */
export function pendingMigrations(applied: Map<number, string>, list: Migration[], engine: 'sqlite' | 'postgres'): { m: Migration; text: string; sum: string }[] {
  const newest = Math.max(0, ...applied.keys());
  const known = Math.max(0, ...list.map((m) => m.version));
  if (newest > known) throw new SchemaError(`This database was written by a newer Linkdesk (schema ${newest}, this build knows ${known}); upgrade this Linkdesk.`);
  return list.flatMap((m) => {
    const text = engine === 'sqlite' ? m.sql : m.postgres;
    const sum = checksum(text);
    const had = applied.get(m.version);
    if (had === undefined) return [{ m, text, sum }];
    if (had !== sum) throw new SchemaError(`Migration ${m.version} (${m.name}) was changed after it was applied to this database.`);
    return [];
  });
}

export function migrate(db: Database.Database, list: Migration[] = migrations): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const applied = new Map(
    (db.prepare('SELECT version, checksum FROM schema_migrations').all() as { version: number; checksum: string }[]).map((r) => [r.version, r.checksum]),
  );
  for (const { m, text, sum } of pendingMigrations(applied, list, 'sqlite')) {
    // The pragma is a no-op inside a transaction: it goes around it.
    const fkWas = m.foreignKeysOff ? db.pragma('foreign_keys', { simple: true }) as number : 0;
    if (m.foreignKeysOff) db.pragma('foreign_keys = OFF');
    try {
      // IMMEDIATE, and asked again inside: another process starting on the same
      // folder at the same moment may have applied it while this one waited.
      db.transaction(() => {
        if (db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?').get(m.version)) return;
        const before = m.foreignKeysOff ? foreignKeyProblems(db) : null;
        db.exec(text);
        if (before) {
          const added = [...foreignKeyProblems(db)].filter((p) => !before.has(p));
          if (added.length) throw new SchemaError(`Migration ${m.version} (${m.name}) would break foreign keys: ${added.slice(0, 5).join('; ')}`);
        }
        db.prepare('INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)').run(
          m.version, m.name, sum, new Date().toISOString());
      }).immediate();
    } finally {
      if (m.foreignKeysOff && fkWas) db.pragma('foreign_keys = ON');
    }
  }
}

/**
 * Rows whose parent is missing, as `table rowid -> parent`. Compared before
 * and after: a database that had some already (written with foreign keys
 * off by an older release) must still upgrade, but a migration may add none.
 */
function foreignKeyProblems(db: Database.Database): Set<string> {
  const rows = db.prepare('PRAGMA foreign_key_check').all() as { table: string; rowid: number | null; parent: string }[];
  return new Set(rows.map((r) => `${r.table} ${r.rowid} -> ${r.parent}`));
}

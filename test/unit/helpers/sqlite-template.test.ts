// The copied template a test world starts on is the database migrating an empty
// folder makes: the same schema and migrations, no rows, a file of its owner's only.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { DB_FILE, openStore } from '../../../electron/server/db/database.ts';
import { seedMigrated } from '../../helpers/sqlite-template.ts';

const root = mkdtempSync(path.join(tmpdir(), 'linkdesk-template-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const folder = (name: string) => mkdtempSync(path.join(root, `${name}-`));

/** What a database file holds apart from when it was made (read as it is, not through openStore, which would migrate it). */
function contents(dataDir: string) {
  const db = new Database(path.join(dataDir, DB_FILE), { readonly: true });
  try {
    const schema = db.prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name").all();
    const migrations = db.prepare('SELECT version, name, checksum FROM schema_migrations ORDER BY version').all();
    const tables = (schema as { type: string; name: string; sql: string | null }[])
      .filter((t) => t.type === 'table' && !/VIRTUAL/i.test(t.sql ?? '') && t.name !== 'schema_migrations');
    const rows = Object.fromEntries(tables.map((t) => [t.name, db.prepare(`SELECT * FROM "${t.name}"`).all()]));
    return { schema, migrations, rows };
  } finally {
    db.close();
  }
}

describe('the migrated template (test/helpers/sqlite-template.ts)', () => {
  it('gives a new folder what migrating it from nothing gives, its file private to its owner', async () => {
    const fresh = folder('fresh');
    await openStore(fresh).close();
    const seeded = folder('seeded');
    await seedMigrated(seeded);
    expect((statSync(path.join(seeded, DB_FILE)).mode & 0o777).toString(8)).toBe('600');
    const a = contents(fresh);
    const b = contents(seeded);
    expect(b.migrations.length).toBeGreaterThan(10);
    expect(b).toEqual(a);
  });

  it('leaves a folder that has a database alone', async () => {
    const dir = folder('kept');
    const store = openStore(dir);
    store.sqlite.prepare("INSERT INTO users (name, created_at) VALUES ('Ada', '2026-01-01')").run();
    await store.close();
    await seedMigrated(dir);
    expect(contents(dir).rows.users).toMatchObject([{ name: 'Ada' }]);
  });
});

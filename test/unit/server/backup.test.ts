// Backups of the SQLite file while another process keeps writing, restores
// that bring the links back, and the checks that refuse what is not a backup.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { backupDatabase, checkBackup, restoreDatabase } from '../../../electron/server/db/backup.ts';
import { DB_FILE, openStore } from '../../../electron/server/db/database.ts';
import { startServer } from '../../helpers/server.ts';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'linkdesk-backup-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A second process that commits one link per transaction, as another server would, until killed. */
function startWriter(dbFile: string) {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(${JSON.stringify(dbFile)});
    db.pragma('busy_timeout = 30000');
    const add = db.prepare("INSERT INTO links (user_id, alias, url, created_at, updated_at) VALUES (1, ?, 'https://example.com/w', '2026-01-01', '2026-01-01')");
    for (let i = 0; ; i++) db.transaction(() => add.run('w' + i)).immediate();`;
  return spawn(process.execPath, ['-e', script], { cwd: path.resolve(import.meta.dirname, '../../..'), stdio: 'ignore' });
}

const linkCount = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT count(*) AS n, max(id) AS top FROM links').get() as { n: number; top: number };
  } finally {
    db.close();
  }
};

it('takes a consistent backup while another process inserts links', async () => {
  const dir = tempDir();
  const store = openStore(dir);
  store.sqlite.exec(`INSERT INTO users (name, created_at) VALUES ('owner', '2026-01-01');
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
    INSERT INTO links (user_id, alias, url, created_at, updated_at) SELECT 1, 'seed' || i, 'https://example.com/' || i, '2026-01-01', '2026-01-01' FROM n;`);
  await store.close();
  const dbFile = path.join(dir, DB_FILE);
  const writer = startWriter(dbFile);
  try {
    const waitFor = async (n: number) => { while (linkCount(dbFile).n < n) await new Promise((r) => setTimeout(r, 10)); };
    await waitFor(20_050);
    const before = linkCount(dbFile).n;
    const steps: { done: number; total: number }[] = [];
    const pause = new Int32Array(new SharedArrayBuffer(4));
    const out = path.join(dir, 'backups', 'b.sqlite');
    const made = await backupDatabase(dbFile, out, (p) => {
      steps.push(p);
      Atomics.wait(pause, 0, 0, 20); // a slow disk: the writer commits between the steps
    });
    const after = linkCount(dbFile).n;

    expect(after).toBeGreaterThan(before + 10); // writes really went on during the backup
    expect(steps.length).toBeGreaterThan(2);
    expect(steps.at(-1)!.total).toBeGreaterThan(0);
    expect(made).toEqual({ file: out, size: statSync(out).size });
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const checked = await checkBackup(out);
    const inBackup = linkCount(out);
    expect(checked.links).toBe(inBackup.n);
    expect(inBackup.n).toBeGreaterThanOrEqual(before);
    expect(inBackup.n).toBeLessThanOrEqual(after);
    expect(inBackup.top).toBe(inBackup.n); // one instant: no link missing below the newest one copied
    // Self-contained: no WAL beside it, and nothing half-written left in the folder.
    expect(existsSync(`${out}-wal`)).toBe(false);
    expect(readFileSync(out).subarray(18, 20)).toEqual(Buffer.from([1, 1]));
  } finally {
    writer.kill('SIGKILL');
  }
});

it('restores a backup: the deleted link answers again, and the replaced database is kept', async () => {
  const s = await startServer();
  const dbFile = path.join(s.dataDir, DB_FILE);
  const made = await s.api('POST', '/links', { form: { url: 'https://example.com/kept', alias: 'kept' } });
  expect(made.status).toBe(201);
  const out = path.join(tempDir(), 'before-delete.sqlite');
  await backupDatabase(dbFile, out);
  expect((await s.api('DELETE', `/links/${made.body.data.id}`)).status).toBe(200);

  await expect(restoreDatabase(out, dbFile)).rejects.toThrow(/is in use by this process/);
  await s.close({ keepData: true });

  const { previous } = await restoreDatabase(out, dbFile, new Date('2026-11-23T15:40:00Z'));
  expect(previous).toBe(`${dbFile}.before-restore-2026-11-23T15-40-00.000Z`);
  expect(linkCount(previous!).n).toBe(0);
  expect(statSync(dbFile).mode & 0o777).toBe(0o600);

  const again = await startServer({}, {}, { dataDir: s.dataDir, key: s.key });
  try {
    const read = await again.api('GET', `/links/${made.body.data.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ alias: 'kept', url: 'https://example.com/kept' });
    const hop = await fetch(`${again.url}/kept`, { redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0 Firefox/130.0' } });
    expect(hop.headers.get('location')).toBe('https://example.com/kept');
  } finally {
    await again.close();
  }
});

it('says why a file is not a usable backup', async () => {
  const dir = tempDir();
  const at = (name: string) => path.join(dir, name);

  await expect(checkBackup(at('missing.sqlite'))).rejects.toThrow(`There is no backup at ${at('missing.sqlite')}.`);

  writeFileSync(at('notes.sqlite'), 'url,alias\nhttps://example.com,a\n');
  await expect(checkBackup(at('notes.sqlite'))).rejects.toThrow('notes.sqlite is not a SQLite database, so not a Linkdesk backup.');

  const other = new Database(at('other.sqlite'));
  other.exec('CREATE TABLE things (id INTEGER PRIMARY KEY); INSERT INTO things VALUES (1)');
  other.close();
  await expect(checkBackup(at('other.sqlite'))).rejects.toThrow('other.sqlite is a SQLite database but not a Linkdesk one');

  const store = openStore(at('real'));
  store.sqlite.exec(`INSERT INTO users (name, created_at) VALUES ('owner', '2026-01-01');
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
    INSERT INTO links (user_id, alias, url, created_at, updated_at) SELECT 1, 'a' || i, 'https://example.com/' || i, '2026-01-01', '2026-01-01' FROM n;`);
  await store.close();
  await backupDatabase(path.join(at('real'), DB_FILE), at('good.sqlite'));
  expect(await checkBackup(at('good.sqlite'))).toMatchObject({ links: 3000 });

  const bytes = readFileSync(at('good.sqlite'));
  bytes.fill(0x5a, 8192, 8192 + 4096 * 20); // pages 3-22 overwritten, the header intact
  writeFileSync(at('broken.sqlite'), bytes);
  await expect(checkBackup(at('broken.sqlite'))).rejects.toThrow(/^broken\.sqlite is damaged: /);

  writeFileSync(at('newer.sqlite'), readFileSync(at('good.sqlite')));
  const n = new Database(at('newer.sqlite'));
  n.prepare("INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (9999, 'future', 'x', '2030-01-01')").run();
  n.close();
  await expect(checkBackup(at('newer.sqlite'))).rejects.toThrow(/newer\.sqlite cannot be used: This database was written by a newer Linkdesk \(schema 9999/);

  // A refused backup leaves the database it was to replace as it was.
  const dbFile = path.join(at('real'), DB_FILE);
  const was = readFileSync(dbFile);
  await expect(restoreDatabase(at('other.sqlite'), dbFile)).rejects.toThrow('not a Linkdesk one');
  expect(readFileSync(dbFile).equals(was)).toBe(true);
});

describe('a backup is Linkdesk\'s schema, nothing more, nothing less', () => {
  /** A genuine backup of a fresh instance with one link, and the live database it came from. */
  async function genuine() {
    const s = await startServer();
    const made = await s.api('POST', '/links', { form: { url: 'https://example.com/live', alias: 'live' } });
    expect(made.status).toBe(201);
    const dbFile = path.join(s.dataDir, DB_FILE);
    const out = path.join(tempDir(), 'backup.sqlite');
    await backupDatabase(dbFile, out);
    await s.close({ keepData: true });
    return { dbFile, out };
  }

  it('refuses a backup with an extra trigger, naming it, and leaves the live database alone', async () => {
    const { dbFile, out } = await genuine();
    const evil = new Database(out);
    evil.exec(`CREATE TRIGGER rewrite_urls AFTER INSERT ON links BEGIN UPDATE links SET url = 'https://evil.example/' WHERE id = new.id; END`);
    evil.close();
    const before = readFileSync(dbFile);
    await expect(checkBackup(out)).rejects.toThrow(/is refused: its schema is not Linkdesk's schema \d+: extra trigger rewrite_urls\./);
    await expect(restoreDatabase(out, dbFile)).rejects.toThrow(/extra trigger rewrite_urls/);
    expect(readFileSync(dbFile).equals(before)).toBe(true);
  });

  it('refuses a backup that lacks a table or has a column changed, naming what differs', async () => {
    const { out } = await genuine();
    const db = new Database(out);
    db.exec('DROP TABLE spaces');
    db.exec('CREATE INDEX sneaky ON links (url)');
    db.close();
    const err = await checkBackup(out).then(() => null, (e: Error) => e.message);
    expect(err).toContain('missing table spaces');
    expect(err).toContain('extra index sneaky');
  });

  it('never overwrites a kept copy: two restores in the same instant keep two', async () => {
    const { dbFile, out } = await genuine();
    const at = new Date('2026-11-23T15:40:00.123Z');
    const first = await restoreDatabase(out, dbFile, at);
    const second = await restoreDatabase(out, dbFile, at);
    expect(first.previous).toBe(`${dbFile}.before-restore-2026-11-23T15-40-00.123Z`);
    expect(second.previous).toBe(`${dbFile}.before-restore-2026-11-23T15-40-00.123Z-2`);
    expect(existsSync(first.previous!) && existsSync(second.previous!)).toBe(true);
  });
});

// A SQLite database of schema 10 (the release before ids were never reused)
// upgrades with every row, id, child row and foreign key as it was, and from
// then on hands out no id twice, not even one deleted before the upgrade
// when the audit log still names it. Issue 32.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { schemaDifference } from '../../../electron/server/db/backup.ts';
import { openStore } from '../../../electron/server/db/database.ts';
import { migrations } from '../../../electron/server/db/migration-list.ts';
import { migrate } from '../../../electron/server/db/migrations.ts';

const TABLES = ['users', 'api_keys', 'domains', 'spaces', 'pixels', 'links', 'link_pixels', 'link_clicks', 'link_counts', 'webhooks',
  'webhook_deliveries', 'webhook_attempts', 'audit_log', 'click_log', 'click_days'];
const ID_TABLES = ['users', 'api_keys', 'domains', 'spaces', 'pixels', 'links', 'webhooks', 'webhook_deliveries', 'webhook_attempts', 'audit_log'];

// The columns schema 10 had: later migrations add columns (13: the click log's new dimensions) and
// change click_days' dims from objects to arrays; what schema 10 held must not change.
const columnsOf = (db: Database.Database) => Object.fromEntries(TABLES.map((t) => [t,
  (db.prepare(`SELECT name FROM pragma_table_info('${t}')`).pluck().all() as string[]).filter((c) => !(t === 'click_days' && c === 'dims')).join(', ')]));
let columns: Record<string, string> = {};
const dump = (db: Database.Database) => Object.fromEntries(TABLES.map((t) => [t, db.prepare(`SELECT ${columns[t]} FROM ${t} ORDER BY 1, 2`).all()]));

/** A schema-10 database with two of everything; the newest user was deleted (the audit log names it). */
function schema10(file: string): void {
  const db = new Database(file);
  db.pragma('foreign_keys = ON');
  migrate(db, migrations.filter((m) => m.version <= 10));
  const at = '2026-01-01T00:00:00.000Z';
  const run = (q: string, ...p: unknown[]) => Number(db.prepare(q).run(...p).lastInsertRowid);
  for (const name of ['ann', 'bob', 'gone']) run('INSERT INTO users (name, created_at) VALUES (?, ?)', name, at);
  for (const u of [1, 2]) {
    run('INSERT INTO api_keys (user_id, prefix, hash, created_at, name) VALUES (?, ?, ?, ?, ?)', u, `ldk_pfx${u}`, `h${u}`, at, `key ${u}`);
    const d = run('INSERT INTO domains (user_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)', u, `d${u}.example`, at, at);
    const sp = run('INSERT INTO spaces (user_id, name, color, created_at, updated_at) VALUES (?, ?, ?, ?, ?)', u, `s${u}`, '#000000', at, at);
    const px = run('INSERT INTO pixels (user_id, name, type, pixel_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)', u, `p${u}`, 'bing', '1', at, at);
    for (const n of [1, 2]) {
      const l = run('INSERT INTO links (user_id, domain_id, space_id, alias, url, title, disabled, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        u, n === 1 ? d : null, sp, `u${u}n${n}`, `https://www.example.com/${u}/${n}`, `Title ${u} ${n}`, n === 2 ? 1 : 0, at, at);
      run('INSERT INTO link_pixels (link_id, pixel_id) VALUES (?, ?)', l, px);
      db.prepare('UPDATE link_clicks SET clicks = ? WHERE link_id = ?').run(10 * u + n, l);
      run('INSERT INTO click_log (link_id, created_at, country) VALUES (?, ?, ?)', l, 1, 'DE');
      run('INSERT INTO click_days (link_id, day, user_id, clicks) VALUES (?, ?, ?, ?)', l, 20000, u, 10 * u + n);
    }
    const h = run('INSERT INTO webhooks (user_id, url, events, secret, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)', u, 'https://hooks.example/x', '["link.created"]', 's', at, at);
    const dl = run('INSERT INTO webhook_deliveries (webhook_id, event, payload, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?)', h, 'link.created', '{}', 1, 1);
    run('INSERT INTO webhook_attempts (delivery_id, started_at, duration_ms, status) VALUES (?, ?, ?, ?)', dl, 1, 5, 200);
  }
  db.prepare('DELETE FROM users WHERE id = 3').run();
  run("INSERT INTO audit_log (at, user_id, source, action, target_type, target_id) VALUES (?, 1, 'api', 'user.delete', 'user', 3)", at);
  db.close();
}

it('keeps every row, id and foreign key, and reuses no id after the upgrade', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'linkdesk-ids-upgrade-'));
  const file = path.join(dir, 'linkdesk.sqlite');
  schema10(file);
  const old = new Database(file, { readonly: true });
  columns = columnsOf(old);
  const before = dump(old);
  old.close();
  expect(before.link_pixels).toHaveLength(4);

  const store = openStore(dir);
  const db = store.sqlite;
  try {
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(dump(db)).toEqual(before);
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    expect(schemaDifference(db, Math.max(...migrations.map((m) => m.version)))).toEqual([]);
    // The search index still answers by the links' ids.
    expect(db.prepare('SELECT rowid FROM links_fts WHERE links_fts MATCH ? ORDER BY rowid').pluck().all('"u2n1"')).toEqual([3]);
    // User 3 was deleted before the upgrade; the audit log names it, so it does not come back.
    const at = '2026-02-01T00:00:00.000Z';
    const newUser = Number(db.prepare('INSERT INTO users (name, created_at) VALUES (?, ?)').run('new', at).lastInsertRowid);
    expect(newUser).toBe(4);

    // Delete the newest of each kind (user 2 takes its keys, links, domains… with it), then make new ones.
    const maxIds = Object.fromEntries(ID_TABLES.map((t) => [t, db.prepare(`SELECT max(id) FROM ${t}`).pluck().get() as number]));
    db.prepare('DELETE FROM audit_log WHERE id = ?').run(maxIds.audit_log);
    db.prepare('DELETE FROM users WHERE id IN (2, 4)').run();
    for (const t of ID_TABLES) expect(db.prepare(`SELECT count(*) FROM ${t} WHERE id = ?`).pluck().get(maxIds[t]), t).toBe(0);
    expect(db.prepare('SELECT count(*) FROM link_pixels').pluck().get()).toBe(2);

    const run = (q: string, ...p: unknown[]) => Number(db.prepare(q).run(...p).lastInsertRowid);
    const made: Record<string, number> = {};
    made.users = run('INSERT INTO users (name, created_at) VALUES (?, ?)', 'newer', at);
    made.api_keys = run('INSERT INTO api_keys (user_id, prefix, hash, created_at) VALUES (1, ?, ?, ?)', 'ldk_new', 'h', at);
    made.domains = run('INSERT INTO domains (user_id, name, created_at, updated_at) VALUES (1, ?, ?, ?)', 'new.example', at, at);
    made.spaces = run("INSERT INTO spaces (user_id, name, color, created_at, updated_at) VALUES (1, 'n', '#000000', ?, ?)", at, at);
    made.pixels = run("INSERT INTO pixels (user_id, name, type, pixel_id, created_at, updated_at) VALUES (1, 'n', 'bing', '1', ?, ?)", at, at);
    made.links = run("INSERT INTO links (user_id, alias, url, created_at, updated_at) VALUES (1, 'new', 'https://example.com', ?, ?)", at, at);
    made.webhooks = run("INSERT INTO webhooks (user_id, url, events, secret, created_at, updated_at) VALUES (1, 'https://h.example', '[]', 's', ?, ?)", at, at);
    made.webhook_deliveries = run("INSERT INTO webhook_deliveries (webhook_id, event, payload, next_attempt_at, created_at) VALUES (?, 'e', '{}', 1, 1)", made.webhooks);
    made.webhook_attempts = run('INSERT INTO webhook_attempts (delivery_id, started_at, duration_ms) VALUES (?, 1, 1)', made.webhook_deliveries);
    made.audit_log = run("INSERT INTO audit_log (at, source, action, target_type) VALUES (?, 'api', 'x', 'y')", at);
    for (const t of ID_TABLES) expect(made[t], t).toBeGreaterThan(maxIds[t]!);
  } finally {
    store.sqlite.close();
  }
});

it('refuses a migration that would leave a row without its parent, and leaves the database as it was', () => {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, migrations.filter((m) => m.version <= 10));
  db.prepare("INSERT INTO users (name, created_at) VALUES ('a', 'x')").run();
  db.prepare("INSERT INTO spaces (user_id, name, color, created_at, updated_at) VALUES (1, 's', '#000000', 'x', 'x')").run();
  const breaking = { version: 11, name: 'breaks', foreignKeysOff: true, sql: 'DELETE FROM users;', postgres: '' };
  expect(() => migrate(db, [...migrations.filter((m) => m.version <= 10), breaking])).toThrow(/would break foreign keys: spaces 1 -> users/);
  expect(db.prepare('SELECT count(*) FROM users').pluck().get()).toBe(1);
  expect(db.prepare('SELECT max(version) FROM schema_migrations').pluck().get()).toBe(10);
  expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
});

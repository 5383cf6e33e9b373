// migrate-data.test.ts's instances and checks: the schema-4 fixture and a generated instance as SQLite folders,
// the row-for-row comparison with the PostgreSQL copy, and migrateData run in-process with its output captured.
import { cpSync } from 'node:fs';
import path from 'node:path';
import { expect, vi } from 'vitest';
import { CliError } from '../../../electron/server/cli/args.ts';
import { migrateData } from '../../../electron/server/cli/migrate-data.ts';
import { COPIED_TABLES } from '../../../electron/server/db/copy-to-postgres.ts';
import { DB_FILE, openStore, type Store } from '../../../electron/server/db/database.ts';
import type { PostgresStore } from '../../../electron/server/db/postgres.ts';
import { createClickStore } from '../../../electron/server/db/repositories/click-store.ts';
import { type ClickRecord } from '../../../electron/server/db/repositories/click-rollup.ts';
import { PG_PASSWORD } from '../../helpers/postgres.ts';

export const FIXTURE = path.resolve(import.meta.dirname, '../../fixtures/upgrade-v4');
export const DAY = 86_400_000;
export const START = Date.parse('2025-03-01T00:00:00Z');

/** A fresh folder holding a copy of the schema-4 fixture (opening it migrates it). */
export function fixtureDir(tmp: string, name: string): string {
  const dir = path.join(tmp, name);
  cpSync(path.join(FIXTURE, DB_FILE), path.join(dir, DB_FILE));
  return dir;
}

/**
 * An instance made the way the service makes one: users, keys, domains,
 * spaces, pixels, links (some disabled, one with a far id), clicks written by
 * the click store over forty days with values that need escaping, and a
 * deleted link whose clicks are still waiting to be purged.
 */
export function generatedDir(tmp: string, name: string, clicks: number): string {
  const dir = path.join(tmp, name);
  const store = openStore(dir);
  const s = store.sqlite;
  const now = '2025-03-01T00:00:00Z';
  s.exec(`INSERT INTO users (id, name, created_at) VALUES (1, 'Ada', '${now}'), (2, 'Grace "G" O''Hara', '${now}'), (5, 'Zoë', '${now}')`);
  s.exec(`INSERT INTO api_keys (user_id, prefix, hash, created_at, last_used_at, revoked_at) VALUES
    (1, 'AAAAAAAA', 'h1', '${now}', NULL, NULL), (2, 'BBBBBBBB', 'h2', '${now}', '${now}', NULL), (5, 'CCCCCCCC', 'h3', '${now}', NULL, '${now}')`);
  s.exec(`INSERT INTO domains (user_id, name, index_page, not_found_page, created_at, updated_at) VALUES
    (1, 'go.example', 'https://example.com/', NULL, '${now}', '${now}'), (2, 'x.example', NULL, NULL, '${now}', '${now}')`);
  s.exec(`INSERT INTO spaces (user_id, name, color, created_at, updated_at) VALUES (1, 'Campaigns', 'blue', '${now}', '${now}')`);
  s.exec(`INSERT INTO pixels (user_id, name, type, pixel_id, created_at, updated_at) VALUES (1, 'Meta', 'facebook', '123', '${now}', '${now}')`);
  s.exec(`INSERT INTO instance_secrets (name, value, created_at) VALUES ('cookie', 'c2VjcmV0', '${now}')`);
  const link = s.prepare(`INSERT INTO links (id, user_id, domain_id, space_id, alias, url, title, disabled, ends_at, expiration_clicks, targets, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '${now}', '${now}')`);
  const owners: number[] = [];
  for (let i = 1; i <= 120; i++) {
    const user = [1, 1, 2, 5][i % 4]!;
    const id = i === 120 ? 100_000 : i; // ids need not be dense
    link.run(id, user, user === 1 && i % 3 === 0 ? 1 : user === 2 && i % 5 === 0 ? 2 : null, user === 1 && i % 2 ? 1 : null,
      `a${i}`, `https://example.com/${i}?q={"x":"\\\\"}`, i % 7 ? `Title ${i}, "quoted" {braced} \\ é` : null,
      i % 6 === 0 ? 1 : 0, i % 10 === 0 ? START + i * DAY : null, i % 11 === 0 ? 500 : null,
      i % 9 === 0 ? '{"countries":{"DE":"https://de.example"}}' : '{}');
    owners[id] = user;
  }
  s.exec('INSERT INTO link_pixels (link_id, pixel_id) VALUES (1, 1), (3, 1)');
  s.exec(`UPDATE links SET preview_title = 'Card "' || id || '" <b>é', preview_image = 'https://cdn.example/' || id || '.png' WHERE id % 4 = 0`);
  s.exec(`UPDATE links SET preview_description = 'Line one' || char(10) || 'it''s \\ {x}' WHERE id % 8 = 0`);
  // Health as the checker left it: broken with a detail, ok, and (the rest) never checked.
  s.exec(`UPDATE links SET health = 'broken', health_detail = 'country target DE: 404', health_checked_at = 1767225600123 + id WHERE id % 3 = 0`);
  s.exec(`UPDATE links SET health = 'ok', health_checked_at = 1767225600456 WHERE id % 3 = 1`);
  // Webhooks with their secrets and click cursors, and deliveries in each state (ids need not be dense).
  s.exec(`INSERT INTO webhooks (id, user_id, url, events, secret, disabled, click_cursor, created_at, updated_at) VALUES
    (1, 1, 'https://hooks.example/in?a="b"', '["link.created","link.clicked"]', 'whsec_one', 0, 41, '${now}', '${now}'),
    (9, 2, 'https://hooks.example/two', '["link.deleted"]', 'whsec_two\\', 1, 0, '${now}', '${now}')`);
  s.exec(`INSERT INTO webhook_deliveries (id, webhook_id, event, payload, state, attempts, next_attempt_at, last_status, last_error, created_at, finished_at) VALUES
    (1, 1, 'link.created', '{"id":1,"data":{"title":"é \\ \"q\""}}', 'delivered', 1, 1767225600000, 200, NULL, 1767225600000, 1767225601000),
    (2, 1, 'link.clicked', '{"id":2}', 'pending', 3, 1767229200000, 503, 'Answered 503.', 1767225600500, NULL),
    (5, 9, 'webhook.test', '{"id":5}', 'failed', 12, 1767312000000, NULL, 'ECONNREFUSED: connect refused', 1767225600000, 1767312000000)`);
  s.exec(`INSERT INTO blocklist (id, kind, value, source, note, created_at) VALUES
    (1, 'host', '*.evil.example', 'manual', 'a report', '${now}'), (4, 'keyword', 'casino', 'manual', NULL, '${now}'), (7, 'host', 'mal.example', 'urlhaus', NULL, '${now}')`);
  s.exec(`UPDATE blocklist_state SET generation = 5, imports = '{"urlhaus":{"at":"${now}","entries":1,"file":"u.csv"}}'`);
  const ids = Object.keys(owners).map(Number);
  const values = {
    country: ['DE', 'US', null, 'GB'],
    platform: ['iOS', 'Windows', null],
    browser: ['Chrome', 'Firefox', 'Edge', null],
    language: ['en', 'de', null],
    referrer: ['news.example.org', null, 'a,"b"\\{c}', 'x:y:z'],
  };
  const clickStore = createClickStore(s, 'UTC');
  const records: ClickRecord[] = [];
  for (let i = 0; i < clicks; i++) {
    const id = ids[(i * 7) % ids.length]!;
    records.push({
      link_id: id, user_id: owners[id]!, created_at: START + (i % 40) * DAY + i * 1000,
      country: values.country[i % 4]!, platform: values.platform[i % 3]!, browser: values.browser[i % 4]!,
      language: values.language[i % 3]!, referrer: values.referrer[(i >> 1) % 4]!,
    } as ClickRecord);
  }
  for (let i = 0; i < records.length; i += 700) clickStore.write(records.slice(i, i + 700));
  s.exec('DELETE FROM links WHERE id = 7'); // leaves a link_purges row and its clicks in the log
  store.close();
  return dir;
}

type Row = Record<string, unknown>;

/** Sorts by the key columns: PostgreSQL's text order need not be SQLite's. */
export const byKey = (key: readonly string[]) => (a: Row, b: Row) => {
  for (const k of key) {
    const x = a[k] as number | string;
    const y = b[k] as number | string;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
};

/** Every copied table, row by row; dims compared as parsed JSON. */
export async function expectSameData(source: Store, target: PostgresStore): Promise<void> {
  for (const { name, key } of COPIED_TABLES) {
    const cols = source.sqlite.prepare('SELECT name FROM pragma_table_info(?) ORDER BY cid').pluck().all(name) as string[];
    const select = `SELECT ${cols.map((c) => `"${c}"`).join(', ')} FROM ${name}`;
    const lite = (source.sqlite.prepare(select).all() as Row[]).map((r) => ('dims' in r ? { ...r, dims: JSON.parse(r.dims as string) } : r));
    const pgRows = (await target.pool.query(select)).rows as Row[];
    expect(pgRows.sort(byKey(key)), name).toEqual(lite.sort(byKey(key)));
  }
}

/** link_counts: what the source keeps, what its links say, and what PostgreSQL's triggers made must agree. */
export async function expectLinkCounts(source: Store, target: PostgresStore): Promise<void> {
  const kept = source.sqlite.prepare('SELECT user_id, total, disabled FROM link_counts WHERE total <> 0 ORDER BY user_id').all();
  const counted = source.sqlite.prepare('SELECT user_id, count(*) AS total, sum(disabled != 0) AS disabled FROM links GROUP BY user_id ORDER BY user_id').all();
  const made = (await target.pool.query('SELECT user_id, total, disabled FROM link_counts ORDER BY user_id')).rows;
  expect(counted.length).toBeGreaterThan(0);
  expect(made).toEqual(counted);
  expect(made).toEqual(kept);
}

/** A row PostgreSQL numbers itself gets the next id after the largest copied; the links trigger is on again. */
export async function expectIdentitiesAdvanced(target: PostgresStore): Promise<void> {
  const q = async (sql: string) => (await target.pool.query(sql)).rows[0] as Row;
  const { max: maxUser } = await q('SELECT max(id) AS max FROM users');
  const { max: maxLink } = await q('SELECT max(id) AS max FROM links');
  const { max: maxClick } = await q('SELECT max(id) AS max FROM click_log');
  const user = await q("INSERT INTO users (name, created_at) VALUES ('new', 'now') RETURNING id");
  expect(user.id).toBe((maxUser as number) + 1);
  const link = await q(`INSERT INTO links (user_id, alias, url, created_at, updated_at) VALUES (${user.id}, 'brand-new', 'https://example.com', 'now', 'now') RETURNING id`);
  expect(link.id).toBe((maxLink as number) + 1);
  expect((await target.pool.query(`SELECT clicks FROM link_clicks WHERE link_id = ${link.id}`)).rows).toEqual([{ clicks: 0 }]);
  expect((await target.pool.query(`SELECT total FROM link_counts WHERE user_id = ${user.id}`)).rows).toEqual([{ total: 1 }]);
  const click = await q(`INSERT INTO click_log (link_id, created_at) VALUES (${link.id}, 0) RETURNING id`);
  expect(click.id).toBe((maxClick as number) + 1);
}

/** The change feed's next seq: how many rows it was ever given. */
export const nextSeq = async (target: PostgresStore) =>
  (await target.pool.query("SELECT nextval(pg_get_serial_sequence('redirect_changes', 'seq')) AS n")).rows[0].n as number;

export const tableCounts = async (target: PostgresStore, tables: readonly string[]) =>
  Object.fromEntries(await Promise.all(tables.map(async (t) => [t, (await target.pool.query(`SELECT count(*) AS n FROM ${t}`)).rows[0].n as number])));

export interface Run { stdout: string; stderr: string; error: CliError | undefined }

/** migrateData with stdout and stderr captured; whatever it says must never hold the password. */
export async function run(argv: string[], env: Record<string, string | undefined> = { LINKDESK_DATABASE_URL: undefined }): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  const setEnv = (vars: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(vars)) if (v === undefined) delete process.env[k]; else process.env[k] = v;
  };
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => { stdout += String(chunk); return true; });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => { stderr += String(chunk); return true; });
  setEnv(env);
  let error: CliError | undefined;
  try {
    await migrateData(argv);
  } catch (e) {
    if (!(e instanceof CliError)) throw e;
    error = e;
  } finally {
    out.mockRestore();
    err.mockRestore();
    setEnv(saved);
  }
  expect(`${stdout}${stderr}${error?.message ?? ''}`).not.toContain(PG_PASSWORD);
  return { stdout, stderr, error };
}


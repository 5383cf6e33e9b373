// `linkdesk migrate-data`: an instance's SQLite database copied into an empty
// PostgreSQL database row for row, ids and counters kept, in one transaction
// that leaves the target empty when it fails. Real SQLite files (the schema-4
// fixture and a generated instance with thousands of clicks), real throw-away
// PostgreSQL cluster. The command runs in-process: migrateData throws the
// CliError that cli.ts reports.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CliError } from '../../../electron/server/cli/args.ts';
import { migrateData, MIGRATE_DATA_USAGE } from '../../../electron/server/cli/migrate-data.ts';
import { BATCH_ROWS, COPIED_TABLES, copySqliteToPostgres } from '../../../electron/server/db/copy-to-postgres.ts';
import { DB_FILE, openStore, type Store } from '../../../electron/server/db/database.ts';
import { openPostgres, type PostgresStore } from '../../../electron/server/db/postgres.ts';
import { createClickStore } from '../../../electron/server/db/repositories/click-store.ts';
import { type ClickRecord } from '../../../electron/server/db/repositories/click-rollup.ts';
import { PG_PASSWORD, PG_USER, startPostgres, type PgCluster } from '../../helpers/postgres.ts';

const FIXTURE = path.resolve(import.meta.dirname, '../../fixtures/upgrade-v4');
const DAY = 86_400_000;
const START = Date.parse('2025-03-01T00:00:00Z');

let cluster: PgCluster;
let tmp: string;
beforeAll(async () => {
  cluster = await startPostgres();
  tmp = mkdtempSync(path.join(tmpdir(), 'linkdesk-migrate-'));
}, 60_000);
afterAll(() => {
  cluster?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** A fresh folder holding a copy of the schema-4 fixture (opening it migrates it). */
function fixtureDir(name: string): string {
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
function generatedDir(name: string, clicks: number): string {
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
const byKey = (key: readonly string[]) => (a: Row, b: Row) => {
  for (const k of key) {
    const x = a[k] as number | string;
    const y = b[k] as number | string;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
};

/** Every copied table, row by row; dims compared as parsed JSON. */
async function expectSameData(source: Store, target: PostgresStore): Promise<void> {
  for (const { name, key } of COPIED_TABLES) {
    const cols = source.sqlite.prepare('SELECT name FROM pragma_table_info(?) ORDER BY cid').pluck().all(name) as string[];
    const select = `SELECT ${cols.map((c) => `"${c}"`).join(', ')} FROM ${name}`;
    const lite = (source.sqlite.prepare(select).all() as Row[]).map((r) => ('dims' in r ? { ...r, dims: JSON.parse(r.dims as string) } : r));
    const pgRows = (await target.pool.query(select)).rows as Row[];
    expect(pgRows.sort(byKey(key)), name).toEqual(lite.sort(byKey(key)));
  }
}

/** link_counts: what the source keeps, what its links say, and what PostgreSQL's triggers made must agree. */
async function expectLinkCounts(source: Store, target: PostgresStore): Promise<void> {
  const kept = source.sqlite.prepare('SELECT user_id, total, disabled FROM link_counts WHERE total <> 0 ORDER BY user_id').all();
  const counted = source.sqlite.prepare('SELECT user_id, count(*) AS total, sum(disabled != 0) AS disabled FROM links GROUP BY user_id ORDER BY user_id').all();
  const made = (await target.pool.query('SELECT user_id, total, disabled FROM link_counts ORDER BY user_id')).rows;
  expect(counted.length).toBeGreaterThan(0);
  expect(made).toEqual(counted);
  expect(made).toEqual(kept);
}

/** A row PostgreSQL numbers itself gets the next id after the largest copied; the links trigger is on again. */
async function expectIdentitiesAdvanced(target: PostgresStore): Promise<void> {
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
const nextSeq = async (target: PostgresStore) =>
  (await target.pool.query("SELECT nextval(pg_get_serial_sequence('redirect_changes', 'seq')) AS n")).rows[0].n as number;

const tableCounts = async (target: PostgresStore, tables: readonly string[]) =>
  Object.fromEntries(await Promise.all(tables.map(async (t) => [t, (await target.pool.query(`SELECT count(*) AS n FROM ${t}`)).rows[0].n as number])));

interface Run { stdout: string; stderr: string; error: CliError | undefined }

/** migrateData with stdout and stderr captured; whatever it says must never hold the password. */
async function run(argv: string[], env: Record<string, string | undefined> = { LINKDESK_DATABASE_URL: undefined }): Promise<Run> {
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

describe('copying', () => {
  it('copies the schema-4 fixture whole and says what it copied', async () => {
    const dir = fixtureDir('fixture');
    const url = cluster.createDatabase('from_fixture');
    const r = await run(['--from', dir, '--database-url', url]);
    expect(r.error).toBeUndefined();
    const lines = r.stdout.trimEnd().split('\n');
    const printed = Object.fromEntries(lines.slice(0, -1).map((l) => {
      const [table, n] = l.trim().split(/\s+/);
      return [table, Number(n!.replace(/,/g, ''))];
    }));
    expect(Object.keys(printed)).toEqual(COPIED_TABLES.map((t) => t.name));

    const source = openStore(dir);
    const target = await openPostgres(url);
    try {
      for (const [table, n] of Object.entries(printed)) {
        expect(n, table).toBe(source.sqlite.prepare(`SELECT count(*) FROM ${table}`).pluck().get());
      }
      expect(printed).toMatchObject({ users: 2, api_keys: 2, domains: 1, spaces: 1, pixels: 1, links: 7, link_pixels: 1, click_log: 58 });
      expect(lines.at(-1)).toBe(`copied 2 users, 2 keys, 7 links, 58 clicks into postgres://linkdesk@127.0.0.1:${cluster.port}/from_fixture`);
      await expectSameData(source, target);
      await expectLinkCounts(source, target);
      expect((await target.pool.query('SELECT sum(clicks) AS n FROM link_clicks')).rows[0].n).toBe(58);
      expect(await tableCounts(target, ['redirect_changes'])).toEqual({ redirect_changes: 0 });
      await expectIdentitiesAdvanced(target);
    } finally {
      await source.close();
      await target.close();
    }
  }, 60_000);

  it('copies thousands of clicks and their rollups in batches, reporting progress', async () => {
    const dir = generatedDir('generated', 4500);
    const source = openStore(dir);
    const target = await openPostgres(cluster.createDatabase('from_generated'));
    try {
      const total = source.sqlite.prepare('SELECT count(*) FROM click_log').pluck().get() as number;
      expect(total).toBeGreaterThan(3 * BATCH_ROWS);
      const progress: [string, number, number][] = [];
      const copied = await copySqliteToPostgres(source, target, (table, done, of) => progress.push([table, done, of]));
      const steps = progress.filter(([t]) => t === 'click_log');
      expect(steps.map(([, done]) => done)).toEqual(
        Array.from({ length: Math.ceil(total / BATCH_ROWS) }, (_, i) => Math.min((i + 1) * BATCH_ROWS, total)));
      expect(steps.every(([, , of]) => of === total)).toBe(true);
      expect(copied.click_log).toBe(total);
      expect(copied.link_purges).toBe(1);
      expect(copied.click_days).toBeGreaterThan(100);
      expect(copied.account_dims).toBeGreaterThan(100);
      await expectSameData(source, target);
      await expectLinkCounts(source, target);
      expect(await tableCounts(target, ['redirect_changes'])).toEqual({ redirect_changes: 0 });
      // The links went in with their trigger off: only domains and link_pixels wrote to the feed.
      expect(await nextSeq(target)).toBe(copied.domains! + copied.link_pixels! + 1);
      // The statistics PostgreSQL keeps adding to are the copied ones.
      const dims = (await target.pool.query(`SELECT add_counts(dims, '[[1, "DE", 1]]', 1000) AS d FROM click_days ORDER BY link_id, day LIMIT 1`)).rows[0].d;
      expect(dims.find((e: [number, string, number]) => e[0] === 1 && e[1] === 'DE')?.[2]).toBeGreaterThan(0);
      await expectIdentitiesAdvanced(target);
    } finally {
      await source.close();
      await target.close();
    }
  }, 60_000);

  it('numbers no row with an id SQLite handed out before, even one whose record was deleted (issue 32)', async () => {
    const source = openStore(path.join(tmp, 'deleted-newest'));
    const target = await openPostgres(cluster.createDatabase('from_deleted_newest'));
    try {
      const s = source.sqlite;
      const at = '2025-03-01T00:00:00Z';
      s.exec(`INSERT INTO users (name, created_at) VALUES ('kept', '${at}'), ('gone', '${at}')`);
      s.exec(`INSERT INTO links (user_id, alias, url, created_at, updated_at) VALUES (1, 'kept', 'https://example.com', '${at}', '${at}'), (2, 'gone', 'https://example.com', '${at}', '${at}')`);
      s.exec('DELETE FROM users WHERE id = 2; DELETE FROM link_purges');
      await copySqliteToPostgres(source, target);
      const user = (await target.pool.query("INSERT INTO users (name, created_at) VALUES ('new', 'now') RETURNING id")).rows[0].id;
      expect(user).toBe(3);
      const link = (await target.pool.query("INSERT INTO links (user_id, alias, url, created_at, updated_at) VALUES (1, 'new', 'https://example.com', 'now', 'now') RETURNING id")).rows[0].id;
      expect(link).toBe(3);
    } finally {
      await source.close();
      await target.close();
    }
  }, 60_000);

  it('takes the database URL from LINKDESK_DATABASE_URL', async () => {
    const url = cluster.createDatabase('from_env');
    const r = await run(['--from', fixtureDir('env')], { LINKDESK_DATABASE_URL: url });
    expect(r.error).toBeUndefined();
    expect(r.stdout).toContain(`7 links, 58 clicks into postgres://linkdesk@127.0.0.1:${cluster.port}/from_env\n`);
  }, 60_000);

  it('copies with the links trigger on where the role does not own the links table', async () => {
    const dir = generatedDir('not-owner', 1500);
    const url = cluster.createDatabase('not_owner');
    await (await openPostgres(url)).close();
    cluster.admin(`ALTER TABLE links OWNER TO postgres; GRANT ALL ON links TO ${PG_USER};
      GRANT ALL ON SEQUENCE links_id_seq TO ${PG_USER}`, 'not_owner');
    const source = openStore(dir);
    const target = await openPostgres(url);
    try {
      const copied = await copySqliteToPostgres(source, target);
      expect(copied.links).toBe(119);
      await expectSameData(source, target);
      await expectLinkCounts(source, target);
      expect(await tableCounts(target, ['redirect_changes'])).toEqual({ redirect_changes: 0 });
      // Every link's trigger wrote to the feed (rows deleted again before the commit).
      expect(await nextSeq(target)).toBe(copied.domains! + copied.link_pixels! + copied.links! + 1);
      await expectIdentitiesAdvanced(target);
    } finally {
      await source.close();
      await target.close();
    }
  }, 60_000);
});

describe('refusing', () => {
  it('refuses a target holding users or links, and leaves it as it was', async () => {
    const url = cluster.createDatabase('not_empty');
    await (await openPostgres(url)).close();
    cluster.admin("INSERT INTO users (name, created_at) VALUES ('already here', 'then')", 'not_empty');
    const r = await run(['--from', fixtureDir('refused'), '--database-url', url]);
    expect(r.error?.exitCode).toBe(1);
    expect(r.error?.message).toBe(`postgres://linkdesk@127.0.0.1:${cluster.port}/not_empty is not empty: 1 user, 0 links; `
      + 'migrate-data copies into an empty database only');
    expect(r.stdout).toBe('');
    const target = await openPostgres(url);
    try {
      expect(await tableCounts(target, ['users', 'api_keys', 'links', 'link_clicks', 'click_log', 'instance_secrets', 'redirect_changes']))
        .toEqual({ users: 1, api_keys: 0, links: 0, link_clicks: 0, click_log: 0, instance_secrets: 0, redirect_changes: 0 });
      expect((await target.pool.query('SELECT name FROM users')).rows).toEqual([{ name: 'already here' }]);
    } finally {
      await target.close();
    }
  }, 60_000);

  it('rolls everything back when a row is refused mid-copy', async () => {
    const dir = generatedDir('failing', 3000);
    const url = cluster.createDatabase('failing');
    await (await openPostgres(url)).close();
    // The third batch of click_log fails: users, links and two batches of clicks were in by then.
    cluster.admin(`
      CREATE FUNCTION refuse_click() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.id = 2500 THEN RAISE EXCEPTION 'click 2500 refused by the test'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER refuse_click BEFORE INSERT ON click_log FOR EACH ROW EXECUTE FUNCTION refuse_click();`, 'failing');
    const r = await run(['--from', dir, '--database-url', url]);
    expect(r.error?.exitCode).toBe(1);
    expect(r.error?.message).toBe('copy failed, nothing was written: click 2500 refused by the test');
    expect(r.stdout).toBe('');
    const target = await openPostgres(url);
    try {
      expect(await tableCounts(target, ['users', 'api_keys', 'domains', 'links', 'link_pixels', 'link_clicks', 'link_counts', 'click_log',
        'click_days', 'account_days', 'account_dims', 'link_purges', 'instance_secrets', 'redirect_changes'])).toEqual({
        users: 0, api_keys: 0, domains: 0, links: 0, link_pixels: 0, link_clicks: 0, link_counts: 0, click_log: 0,
        click_days: 0, account_days: 0, account_dims: 0, link_purges: 0, instance_secrets: 0, redirect_changes: 0,
      });
      expect((await target.pool.query('SELECT name, value FROM click_state ORDER BY name')).rows)
        .toEqual([{ name: 'fold_after', value: 0 }, { name: 'fold_to', value: 0 }]);
      // No sequence moved either, and the links trigger is on: the first rows PostgreSQL numbers are 1.
      expect((await target.pool.query("INSERT INTO users (name, created_at) VALUES ('first', 'now') RETURNING id")).rows[0].id).toBe(1);
      expect((await target.pool.query("INSERT INTO links (user_id, alias, url, created_at, updated_at) VALUES (1, 'x', 'https://example.com', 'now', 'now') RETURNING id")).rows[0].id).toBe(1);
      expect((await target.pool.query('SELECT link_id, clicks FROM link_clicks')).rows).toEqual([{ link_id: 1, clicks: 0 }]);
    } finally {
      await target.close();
    }
    // The refusal gone, the same copy goes through.
    cluster.admin('DROP TRIGGER refuse_click ON click_log; DELETE FROM users', 'failing');
    const again = await run(['--from', dir, '--database-url', url]);
    expect(again.error).toBeUndefined();
    expect(again.stdout).toContain(' 3,000 clicks into ');
  }, 60_000);

  it('refuses a folder without linkdesk.sqlite, creating nothing there', async () => {
    const empty = mkdtempSync(path.join(tmp, 'empty-'));
    const r = await run(['--from', empty, '--database-url', cluster.url]);
    expect(r.error?.exitCode).toBe(1);
    expect(r.error?.message).toBe(`no linkdesk.sqlite in ${empty}: --from names the data folder of the instance to copy`);
    expect(existsSync(path.join(empty, DB_FILE))).toBe(false);
  });

  it('reports the server\'s refusals as they are, without the password', async () => {
    const url = cluster.createDatabase('wrong_password').replace(PG_PASSWORD, 'not-the-password');
    const r = await run(['--from', fixtureDir('wrong-password'), '--database-url', url]);
    expect(r.error?.exitCode).toBe(1);
    expect(r.error?.message).toBe(`PostgreSQL at postgres://linkdesk@127.0.0.1:${cluster.port}/wrong_password refused the password for linkdesk.`);
  });
});

describe('the command line', () => {
  it('prints its usage for --help', async () => {
    const r = await run(['--help']);
    expect(r.error).toBeUndefined();
    expect(r.stdout).toBe(MIGRATE_DATA_USAGE);
  });

  it('exits 2 with a hint for mistakes, never echoing the URL', async () => {
    const dir = fixtureDir('usage');
    const cases: [string[], string][] = [
      [[], 'needs --from DIR, the data folder to copy'],
      [['--from=', '--database-url', cluster.url], 'needs --from DIR, the data folder to copy'],
      [['--from', dir], 'needs --database-url URL (or LINKDESK_DATABASE_URL)'],
      [['--from', dir, '--database-url', `mysql://linkdesk:${PG_PASSWORD}@127.0.0.1/db`], '--database-url must start with postgres:// (got mysql://)'],
      [['--from', dir, '--database-url'], '--database-url: needs a value'],
      [['--from', dir, '--to', 'x'], 'unknown option --to'],
      [['--from', dir, 'extra'], 'unexpected argument "extra"'],
    ];
    for (const [argv, message] of cases) {
      const r = await run(argv);
      expect(r.error?.exitCode, argv.join(' ')).toBe(2);
      expect(r.error?.helpFor).toBe('migrate-data');
      expect(r.error?.message).toBe(message);
    }
    const fromEnv = await run(['--from', dir], { LINKDESK_DATABASE_URL: 'postgres://u:pw@127.0.0.1:5432' });
    expect(fromEnv.error?.message).toBe('LINKDESK_DATABASE_URL names no database (…/DATABASE at the end)');
  });
});

describe('the command as a person runs it', () => {
  it('exits as soon as it has printed its result (it used to wait 10 s on an open pool)', async () => {
    const { spawn } = await import('node:child_process');
    const { BIN } = await import('../../helpers/cli.ts');
    const dir = fixtureDir('exit-promptly');
    const url = cluster.createDatabase('exit_promptly');
    const child = spawn(process.execPath, [BIN, 'migrate-data', '--from', dir, '--database-url', url], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let printedAt = 0;
    child.stdout.on('data', (d) => {
      out += String(d);
      if (/^copied /m.test(out) && !printedAt) printedAt = performance.now();
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    const lingered = performance.now() - printedAt;
    expect(code).toBe(0);
    expect(out).toMatch(/^copied \d+ users?, /m);
    // A bound, not a speed figure: the defect held the process 10 s.
    expect(lingered).toBeLessThan(3_000);
  }, 60_000);
});

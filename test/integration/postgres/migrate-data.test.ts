// `linkdesk migrate-data`: an instance's SQLite database copied into an empty
// PostgreSQL database row for row, ids and counters kept, in one transaction
// that leaves the target empty when it fails. Real SQLite files (the schema-4
// fixture and a generated instance with thousands of clicks), real throw-away
// PostgreSQL cluster. The command runs in-process: migrateData throws the
// CliError that cli.ts reports.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliError } from '../../../electron/server/cli/args.ts';
import { migrateData, MIGRATE_DATA_USAGE } from '../../../electron/server/cli/migrate-data.ts';
import { BATCH_ROWS, COPIED_TABLES, copySqliteToPostgres } from '../../../electron/server/db/copy-to-postgres.ts';
import { DB_FILE, openStore } from '../../../electron/server/db/database.ts';
import { openPostgres } from '../../../electron/server/db/postgres.ts';
import { PG_PASSWORD, PG_USER, startPostgres, type PgCluster } from '../../helpers/postgres.ts';
import { expectIdentitiesAdvanced, expectLinkCounts, expectSameData, fixtureDir, generatedDir, nextSeq, run, tableCounts } from './migrate-data-fixtures.ts';


let cluster: PgCluster;
let tmp: string;
beforeAll(async () => {
  cluster = await startPostgres();
  tmp = mkdtempSync(path.join(tmpdir(), 'linkdesk-migrate-'));
});
afterAll(() => {
  cluster?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('copying', () => {
  it('copies the schema-4 fixture whole and says what it copied', async () => {
    const dir = fixtureDir(tmp, 'fixture');
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
  });

  it('copies thousands of clicks and their rollups in batches, reporting progress', async () => {
    const dir = generatedDir(tmp, 'generated', 4500);
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
  });

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
  });

  it('takes the database URL from LINKDESK_DATABASE_URL', async () => {
    const url = cluster.createDatabase('from_env');
    const r = await run(['--from', fixtureDir(tmp, 'env')], { LINKDESK_DATABASE_URL: url });
    expect(r.error).toBeUndefined();
    expect(r.stdout).toContain(`7 links, 58 clicks into postgres://linkdesk@127.0.0.1:${cluster.port}/from_env\n`);
  });

  it('copies with the links trigger on where the role does not own the links table', async () => {
    const dir = generatedDir(tmp, 'not-owner', 1500);
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
  });
});

describe('refusing', () => {
  it('refuses a target holding users or links, and leaves it as it was', async () => {
    const url = cluster.createDatabase('not_empty');
    await (await openPostgres(url)).close();
    cluster.admin("INSERT INTO users (name, created_at) VALUES ('already here', 'then')", 'not_empty');
    const r = await run(['--from', fixtureDir(tmp, 'refused'), '--database-url', url]);
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
  });

  it('rolls everything back when a row is refused mid-copy', async () => {
    const dir = generatedDir(tmp, 'failing', 3000);
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
  });

  it('refuses a folder without linkdesk.sqlite, creating nothing there', async () => {
    const empty = mkdtempSync(path.join(tmp, 'empty-'));
    const r = await run(['--from', empty, '--database-url', cluster.url]);
    expect(r.error?.exitCode).toBe(1);
    expect(r.error?.message).toBe(`no linkdesk.sqlite in ${empty}: --from names the data folder of the instance to copy`);
    expect(existsSync(path.join(empty, DB_FILE))).toBe(false);
  });

  it('reports the server\'s refusals as they are, without the password', async () => {
    const url = cluster.createDatabase('wrong_password').replace(PG_PASSWORD, 'not-the-password');
    const r = await run(['--from', fixtureDir(tmp, 'wrong-password'), '--database-url', url]);
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
    const dir = fixtureDir(tmp, 'usage');
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
    const dir = fixtureDir(tmp, 'exit-promptly');
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
  });
});

// PostgreSQL as a node's database: connecting, refusing with a reason, and
// migrating an empty database once however many nodes start together.
// Against a real throw-away PostgreSQL cluster (test/helpers/postgres.ts).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../electron/server/db/migration-list.ts';
import { CHANGES_CHANNEL } from '../../../electron/server/db/postgres-schema.ts';
import { DatabaseSetupError, openPostgres, versionProblem } from '../../../electron/server/db/postgres.ts';
import { PG_PASSWORD, startPostgres, type PgCluster } from '../../helpers/postgres.ts';

let cluster: PgCluster;
beforeAll(async () => { cluster = await startPostgres(); }, 60_000);
afterAll(() => cluster?.stop());

const failure = async (p: Promise<unknown>) => {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(DatabaseSetupError);
  const message = (err as Error).message;
  expect(message).not.toContain(PG_PASSWORD);
  return message;
};

describe('migrations', () => {
  it('creates the whole schema on an empty database, once, when two nodes start together', async () => {
    const url = cluster.createDatabase('fresh');
    const [a, b] = await Promise.all([openPostgres(url), openPostgres(url)]);
    try {
      const rows = (await a.pool.query('SELECT version, name FROM schema_migrations ORDER BY version')).rows;
      expect(rows).toEqual(migrations.map((m) => ({ version: m.version, name: m.name })));
      const tables = (await b.pool.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")).rows.map((r) => r.tablename);
      expect(tables).toEqual(expect.arrayContaining(['links', 'link_clicks', 'click_log', 'click_days', 'account_dims', 'redirect_changes', 'link_purges']));
    } finally {
      await a.close();
      await b.close();
    }
    // Opening again applies nothing new and checks the recorded hashes.
    const again = await openPostgres(url);
    expect((await again.pool.query('SELECT count(*) AS n FROM schema_migrations')).rows[0].n).toBe(migrations.length);
    await again.close();
  });

  it('refuses a database migrated by a newer release, and one whose migration was edited', async () => {
    const url = cluster.createDatabase('newer');
    (await openPostgres(url)).close();
    cluster.admin("INSERT INTO schema_migrations VALUES (999, 'future', 'x', '2030-01-01')", 'newer');
    expect(await failure(openPostgres(url))).toMatch(/written by a newer Linkdesk \(schema 999, this build knows \d+\); upgrade this Linkdesk\./);
    cluster.admin("DELETE FROM schema_migrations WHERE version = 999; UPDATE schema_migrations SET checksum = 'edited' WHERE version = 2", 'newer');
    expect(await failure(openPostgres(url))).toContain('Migration 2 (');
  });
});

describe('connecting', () => {
  it('says the password was refused, naming the user but not the password', async () => {
    const url = cluster.url.replace(PG_PASSWORD, 'wrong-one');
    expect(await failure(openPostgres(url))).toBe(`PostgreSQL at postgres://linkdesk@127.0.0.1:${cluster.port}/linkdesk refused the password for linkdesk.`);
  });

  it('says the server cannot be reached when nothing listens there', async () => {
    const url = cluster.url.replace(`:${cluster.port}/`, ':1/');
    expect(await failure(openPostgres(url))).toBe('Cannot reach PostgreSQL at postgres://linkdesk@127.0.0.1:1/linkdesk (ECONNREFUSED).');
  });

  it('says which database is missing', async () => {
    const url = cluster.url.replace(/\/linkdesk$/, '/nowhere');
    expect(await failure(openPostgres(url))).toMatch(/database "nowhere" does not exist; create it first/);
  });

  it('refuses URLs that are not postgres:// without echoing them', async () => {
    expect(await failure(openPostgres('mysql://u:secret@h/db'))).toBe('The database URL must start with postgres:// (got mysql://).');
    expect(await failure(openPostgres('postgres://u:secret@127.0.0.1:5432'))).toContain('names no database');
  });

  it('refuses servers older than PostgreSQL 13', () => {
    expect(versionProblem(120015, '12.15')).toBe('PostgreSQL 12.15 is too old: Linkdesk needs PostgreSQL 13 or newer.');
    expect(versionProblem(130000, '13.0')).toBeNull();
  });
});

describe('the schema at work', () => {
  it('keeps counters, the change feed and its notifications as SQLite\'s triggers do', async () => {
    const url = cluster.createDatabase('triggers');
    const store = await openPostgres(url);
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => { if (n.channel === CHANGES_CHANNEL) heard.push(n.payload ?? ''); });
    await listener.query(`LISTEN ${CHANGES_CHANNEL}`);
    try {
      const q = (text: string, values: unknown[] = []) => store.pool.query(text, values).then((r) => r.rows);
      const [user] = await q("INSERT INTO users (name, created_at) VALUES ('u', 'now') RETURNING id");
      const [link] = await q("INSERT INTO links (user_id, alias, url, created_at, updated_at) VALUES ($1, 'a', 'https://example.com', 'now', 'now') RETURNING id", [user.id]);
      expect(typeof link.id).toBe('number');
      expect(await q('SELECT clicks FROM link_clicks WHERE link_id = $1', [link.id])).toEqual([{ clicks: 0 }]);
      expect(await q('SELECT total, disabled FROM link_counts WHERE user_id = $1', [user.id])).toEqual([{ total: 1, disabled: 0 }]);
      await q('UPDATE links SET disabled = 1 WHERE id = $1', [link.id]);
      await q("UPDATE links SET updated_at = 'later' WHERE id = $1", [link.id]); // not a redirect field: no change row
      expect(await q('SELECT total, disabled FROM link_counts WHERE user_id = $1', [user.id])).toEqual([{ total: 1, disabled: 1 }]);
      await q('DELETE FROM links WHERE id = $1', [link.id]);
      expect(await q('SELECT total, disabled FROM link_counts WHERE user_id = $1', [user.id])).toEqual([{ total: 0, disabled: 0 }]);
      expect(await q('SELECT link_id FROM link_purges')).toEqual([{ link_id: link.id }]);
      const feed = await q('SELECT seq, domain_id, alias FROM redirect_changes ORDER BY seq');
      expect(feed.map((r) => [r.domain_id, r.alias])).toEqual([[0, 'a'], [0, 'a'], [0, 'a']]); // insert, disable, delete
      await expect.poll(() => heard.map((h) => JSON.parse(h)), { timeout: 10_000 })
        .toEqual(feed.map((r) => ({ seq: r.seq, d: 0, a: 'a', h: null })));
      expect(await q(`SELECT add_counts('[[1, "DE", 2], [2, "iOS", 1]]', '[[1, "DE", 3], [5, "a:b", 1]]', 1000) AS d`))
        .toEqual([{ d: [[1, 'DE', 5], [2, 'iOS', 1], [5, 'a:b', 1]] }]);
      // Past the cap (here 1 value a dimension), new values count under (other): dimension + 100, value ''.
      expect(await q(`SELECT add_counts('[[11, "a", 2]]', '[[11, "b", 3], [11, "c", 1], [11, "a", 1]]', 1) AS d`))
        .toEqual([{ d: [[11, 'a', 3], [111, '', 4]] }]);
    } finally {
      await listener.end();
      await store.close();
    }
  });
});

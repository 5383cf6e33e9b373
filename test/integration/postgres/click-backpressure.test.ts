// A PostgreSQL node answering more redirects than its click writer stores:
// redirects wait for the writer (pg-backpressure.ts) and every answered click
// is stored exactly once, after a stop too. The node used to answer at full
// speed, drop clicks past its buffer and give up the rest after ten seconds of
// closing (bench:redirect --postgres: 139,173 stored of 205,751 answered). The
// writer is slowed on purpose (a test hook: 4 ms a click, 250 clicks a second);
// the load is bench:redirect's: random links, browser User-Agents and languages.
import pg from 'pg';
import { request } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exited, linkdesk, serve } from '../../helpers/cli.ts';
import { startPostgres, type PgCluster } from '../../helpers/postgres.ts';
import { UAS, LANGS } from '../../bench/load-script.ts';

const LINKS = 200;
let cluster: PgCluster;
beforeAll(async () => { cluster = await startPostgres(); }, 60_000);
afterAll(() => cluster?.stop());

it('stores every click a node answered while its writer was behind, once, and stops with none left', async () => {
  const key = linkdesk(['keys', 'create', '--name', 'b', '--database-url', cluster.url]).lastLine;
  const env: NodeJS.ProcessEnv = { ...process.env, LINKDESK_TEST_CLICK_WRITER_US_PER_CLICK: '4000' };
  delete env.LINKDESK_DATA_DIR;
  const node = await serve(['--no-titles', '--rate-limit', '0', '--database-url', cluster.url], { env });
  for (let i = 0; i < LINKS; i++) {
    const res = await request(`${node.url}/api/v1/links`, {
      method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ url: `https://example.com/articles/${i}?ref=short`, alias: `k${i}` }).toString(),
    });
    expect(res.statusCode).toBe(201);
    await res.body.dump();
  }

  let answered = 0;
  const until = Date.now() + 4000;
  const pick = <T>(a: readonly T[]) => a[Math.floor(Math.random() * a.length)]!;
  await Promise.all(Array.from({ length: 24 }, async () => {
    while (Date.now() < until) {
      const res = await request(`${node.url}/k${Math.floor(Math.random() * LINKS)}`, {
        headers: { 'user-agent': pick(UAS), 'accept-language': pick(LANGS) },
      });
      await res.body.dump();
      if (res.statusCode === 302) answered += 1;
      else expect(res.statusCode).toBe(503); // too many waiting: told to come back, and not counted
    }
  }));
  node.child.kill('SIGTERM');
  expect((await exited(node.child)).code).toBe(0);

  const db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
  const n = async (sql: string) => Number((await db.query(sql)).rows[0].n);
  try {
    expect(answered).toBeGreaterThan(250); // the writer's pace was met, not some other limit
    expect({
      log: await n('SELECT count(*) AS n FROM click_log'),
      counters: await n('SELECT sum(clicks) AS n FROM link_clicks'),
      rollups: await n('SELECT sum(clicks) AS n FROM click_days'),
    }, node.stderr()).toEqual({ log: answered, counters: answered, rollups: answered });
  } finally {
    await db.end();
  }
  expect(node.stderr()).toMatch(/redirects wait for it/);
  expect(node.stderr()).not.toMatch(/could not take in time|could not be stored|unwritten/);
}, 90_000);

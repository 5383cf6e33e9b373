// Clicks on PostgreSQL end up exactly as on SQLite: the same generated click
// streams written through both stores give the same counters, raw log and
// rollups; a click budget is exact under concurrent spends from many
// connections; a deleted link's clicks are purged from the account's rollups.
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openStore } from '../../../electron/server/db/database.ts';
import { createClickStore } from '../../../electron/server/db/repositories/click-store.ts';
import { type ClickRecord } from '../../../electron/server/db/repositories/click-rollup.ts';
import { createPgClickStore } from '../../../electron/server/db/repositories/pg-click-store.ts';
import { openPostgres, type PostgresStore } from '../../../electron/server/db/postgres.ts';
import type { RawClick } from '../../../electron/server/redirect/enrich.ts';
import { createPgClickRecorder } from '../../../electron/server/redirect/pg-clicks.ts';
import { startPostgres, type PgCluster } from '../../helpers/postgres.ts';

let cluster: PgCluster;
beforeAll(async () => { cluster = await startPostgres(); }, 60_000);
afterAll(() => cluster?.stop());

let dbs = 0;
async function pgWithLinks(n: number, users = 2) {
  const store = await openPostgres(cluster.createDatabase(`clicks_${++dbs}`));
  const u: number[] = [];
  for (let i = 0; i < users; i++) u.push((await store.pool.query("INSERT INTO users (name, created_at) VALUES ('u', 'now') RETURNING id")).rows[0].id);
  const links: { id: number; user: number }[] = [];
  for (let i = 0; i < n; i++) {
    const user = u[i % users]!;
    const { id } = (await store.pool.query("INSERT INTO links (user_id, alias, url, created_at, updated_at) VALUES ($1, $2, 'https://e.example', 'now', 'now') RETURNING id", [user, `l${i}`])).rows[0];
    links.push({ id, user });
  }
  return { store, links };
}

const tables = {
  counters: 'SELECT link_id, clicks FROM link_clicks ORDER BY link_id',
  log: 'SELECT link_id, created_at, country, platform, browser, language, referrer FROM click_log ORDER BY id',
  days: 'SELECT link_id, day, user_id, clicks, dims FROM click_days ORDER BY link_id, day',
  udays: 'SELECT user_id, day, clicks FROM account_days ORDER BY user_id, day',
  udims: 'SELECT user_id, dim, day, value, clicks FROM account_dims ORDER BY user_id, dim, day, value COLLATE "C"',
};
const asRows = (rows: Record<string, unknown>[]) => rows.map((r) => ({ ...r, ...(typeof r.dims === 'string' ? { dims: JSON.parse(r.dims) } : {}) }));

it('stores any click stream exactly as SQLite does, in any time zone and batching', async () => {
  const value = (vals: string[]) => fc.option(fc.constantFrom(...vals), { nil: null });
  const click = fc.record({
    link: fc.nat(5),
    at: fc.integer({ min: Date.parse('2024-03-29T00:00:00Z'), max: Date.parse('2024-04-02T00:00:00Z') }),
    country: value(['DE', 'US']), platform: value(['iOS', 'Windows']), browser: value(['Firefox', 'Chrome']),
    language: value(['de', 'en']), referrer: value(['a.example', 'b.example:8080']),
  });
  await fc.assert(fc.asyncProperty(
    fc.array(click, { maxLength: 120 }), fc.constantFrom('UTC', 'Europe/Berlin', 'Pacific/Chatham'), fc.integer({ min: 1, max: 50 }),
    async (stream, tz, batch) => {
      const { store: pgs, links } = await pgWithLinks(6);
      const dir = mkdtempSync(path.join(tmpdir(), 'linkdesk-pgclicks-'));
      const lite = openStore(dir);
      try {
        const users = [1, 2].map(() => Number(lite.sqlite.prepare("INSERT INTO users (name, created_at) VALUES ('u', 'now')").run().lastInsertRowid));
        links.forEach((l, i) => lite.sqlite.prepare("INSERT INTO links (id, user_id, alias, url, created_at, updated_at) VALUES (?, ?, ?, 'https://e.example', 'now', 'now')")
          .run(l.id, users[i % 2], `l${i}`));
        const records = stream.map(({ link, at, ...dims }): ClickRecord => ({ link_id: links[link]!.id, user_id: links[link]!.user, created_at: at, ...dims }));
        const a = createClickStore(lite.sqlite, tz);
        const b = createPgClickStore(pgs.pool, tz);
        for (let i = 0; i < records.length; i += batch) {
          a.write(records.slice(i, i + batch));
          await b.write(records.slice(i, i + batch));
        }
        for (const [name, sql] of Object.entries(tables)) {
          const want = asRows(lite.sqlite.prepare(sql.replace(' COLLATE "C"', '')).all() as Record<string, unknown>[]);
          expect(asRows((await pgs.pool.query(sql)).rows), name).toEqual(want);
        }
      } finally {
        await lite.close();
        rmSync(dir, { recursive: true, force: true });
        await pgs.close();
      }
    }), { numRuns: 15 });
});

it('lets exactly the budget through when 200 clicks are spent at once over many connections', async () => {
  const { store, links } = await pgWithLinks(1, 1);
  try {
    await store.pool.query('UPDATE links SET expiration_clicks = 50 WHERE id = $1', [links[0]!.id]);
    const clicks = createPgClickStore(store.pool, 'UTC');
    const c: ClickRecord = { link_id: links[0]!.id, user_id: links[0]!.user, created_at: Date.now(), country: null, platform: null, browser: null, language: null, referrer: null };
    const got = await Promise.all(Array.from({ length: 200 }, () => clicks.spend(c)));
    expect(got.filter(Boolean).length).toBe(50);
    const n = async (sql: string) => Number((await store.pool.query(sql)).rows[0].n);
    expect(await n('SELECT clicks AS n FROM link_clicks')).toBe(50);
    expect(await n('SELECT count(*) AS n FROM click_log')).toBe(50);
    expect(await n('SELECT sum(clicks) AS n FROM account_days')).toBe(50);
  } finally {
    await store.close();
  }
});

it('purges a deleted link\'s clicks from the log and the account\'s rollups, a step at a time', async () => {
  const { store, links } = await pgWithLinks(2, 1);
  try {
    const clicks = createPgClickStore(store.pool, 'UTC');
    const day = 86_400_000;
    const rec = (l: { id: number; user: number }, i: number): ClickRecord =>
      ({ link_id: l.id, user_id: l.user, created_at: Date.parse('2025-01-01T12:00:00Z') + (i % 90) * day, country: i % 2 ? 'DE' : null, platform: null, browser: 'Firefox', language: null, referrer: null });
    await clicks.write(Array.from({ length: 3000 }, (_, i) => rec(links[0]!, i)));
    await clicks.write(Array.from({ length: 10 }, (_, i) => rec(links[1]!, i)));
    await store.pool.query('DELETE FROM links WHERE id = $1', [links[0]!.id]);
    let steps = 0;
    while (await clicks.upkeep(Date.now(), null, 200)) steps++;
    expect(steps).toBeGreaterThan(3); // 90 days of rollups and 3,000 log rows do not go in one step
    const n = async (sql: string) => Number((await store.pool.query(sql)).rows[0].n);
    expect(await n('SELECT count(*) AS n FROM click_log')).toBe(10);
    expect(await n('SELECT count(*) AS n FROM link_purges')).toBe(0);
    expect(await n('SELECT sum(clicks) AS n FROM account_days')).toBe(10);
    expect(await n("SELECT sum(clicks) AS n FROM account_dims WHERE dim = 1 AND value = 'DE'")).toBe(5);
    expect(await n("SELECT sum(clicks) AS n FROM account_dims WHERE dim = 3")).toBe(10);
    expect(await clicks.status()).toEqual({ foldPending: 0, purging: 0 });
  } finally {
    await store.close();
  }
});

it('keeps clicks while the database is away, drops the oldest past its bound and says how many, and stores the rest when it is back', async () => {
  const { store, links } = await pgWithLinks(1, 1);
  const dropped: number[] = [];
  const recorder = createPgClickRecorder(createPgClickStore(store.pool, 'UTC'), { country: () => null }, {
    retentionMs: null, onError: () => {}, onDropped: (n) => dropped.push(n), maxWaiting: 1000,
  });
  const raw = (i: number): RawClick => ({ link_id: links[0]!.id, user_id: links[0]!.user, created_at: Date.now() + i, ip: '127.0.0.1',
    ua: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', ch: undefined, lang: 'en', referer: undefined });
  try {
    cluster.pause();
    try {
      // Three hand-offs of 600 clicks while nothing can be stored: the oldest 800 go, 1,000 stay.
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 600; i++) recorder.add(raw(round * 600 + i));
        await new Promise((r) => setTimeout(r, 150));
      }
      expect(dropped).toEqual([200, 600]);
      expect(recorder.waiting()).toBe(1000);
    } finally {
      cluster.resume();
    }
    await expect.poll(async () => Number((await store.pool.query('SELECT clicks FROM link_clicks')).rows[0].clicks), { timeout: 15_000 }).toBe(1000);
    expect(recorder.waiting()).toBe(0);
  } finally {
    await recorder.close();
    await store.close();
  }
});

// Deleting a link answers at once; its clicks and rollups are purged in the
// background while other links keep redirecting. And the rollups always equal
// what the raw log holds, for any stream of clicks (property test).
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openStore } from '../../../electron/server/db/database.ts';
import { createClickStore } from '../../../electron/server/db/repositories/click-store.ts';
import { DIMENSIONS, type ClickRecord } from '../../../electron/server/db/repositories/click-rollup.ts';
import { dayOfDate } from '../../../electron/server/util/days.ts';
import { sqliteOf } from '../../helpers/server.ts';
import { createLink, startRedirectServer, within, type RedirectServer } from '../redirect/helpers.ts';

let s: RedirectServer;
beforeAll(async () => { s = await startRedirectServer(); });
afterAll(() => s.close());

const DAY = 86_400_000;
const count = (sql: string, ...args: unknown[]) => (sqliteOf(s.store).prepare(sql).get(...args) as { n: number }).n;

it('answers a delete of a link with many clicks before they are purged, and keeps redirecting other links meanwhile', async () => {
  const big = await createLink(s, { url: 'https://example.com/big', alias: 'big' });
  const other = await createLink(s, { url: 'https://example.com/other', alias: 'other' });
  const userId = count('SELECT user_id AS n FROM links WHERE id = ?', big.id);
  const store = createClickStore(sqliteOf(s.store), 'UTC');
  const start = Date.now() - 300 * DAY;
  for (let b = 0; b < 30; b++) {
    store.write(Array.from({ length: 10_000 }, (_, i): ClickRecord => ({
      link_id: big.id, user_id: userId, created_at: start + ((b * 10_000 + i) % 300) * DAY,
      country: ['DE', 'US', 'FR'][i % 3]!, platform: 'Linux', browser: 'Firefox', language: 'de', referrer: i % 2 ? 'example.org' : null,
    })));
  }
  await s.hit('/other');
  await within(2000, async () => expect(count('SELECT clicks AS n FROM link_clicks WHERE link_id = ?', other.id)).toBe(1));
  expect(count('SELECT count(*) AS n FROM click_log WHERE link_id = ?', big.id)).toBe(300_000);
  const accountBefore = count('SELECT sum(clicks) AS n FROM account_days');

  const del = await s.api('DELETE', `/links/${big.id}`);
  expect(del.status).toBe(200);
  // The answer did not wait for the purge.
  expect(count('SELECT count(*) AS n FROM click_log WHERE link_id = ?', big.id)).toBeGreaterThan(0);

  let answered = 0;
  let whilePurging = 0;
  await within(60_000, async () => {
    const h = await s.hit('/other');
    expect(h.status).toBe(302);
    answered++;
    const left = count('SELECT count(*) AS n FROM click_log WHERE link_id = ?', big.id);
    if (left > 0) whilePurging++;
    expect(left).toBe(0);
  });
  expect(whilePurging).toBeGreaterThan(0);
  expect(count('SELECT count(*) AS n FROM click_days WHERE link_id = ?', big.id)).toBe(0);
  expect(count('SELECT count(*) AS n FROM link_purges')).toBe(0);
  // The account's rollups lost exactly the deleted link's clicks.
  await within(2000, async () => expect(count('SELECT sum(clicks) AS n FROM account_days'))
    .toBe(accountBefore - 300_000 + answered));
}, 90_000);

it('a new link never takes the id of a deleted one whose clicks are still being purged', async () => {
  const l = await createLink(s, { url: 'https://example.com/last', alias: 'last' });
  // A purge far from done: its log range outlasts the test however often the purger steps meanwhile (a range of
  // 0 to 0 was done at its first step, and beside a second suite that step came before the next create).
  const purges = sqliteOf(s.store);
  purges.prepare('INSERT INTO link_purges (link_id, user_id, next_log_id, last_log_id) VALUES (?, 1, 0, ?)').run(l.id + 5, Number.MAX_SAFE_INTEGER);
  try {
    await s.api('DELETE', `/links/${l.id}`);
    const next = await createLink(s, { url: 'https://example.com/next', alias: 'next' });
    expect(next.id).toBe(l.id + 6);
  } finally {
    purges.prepare('DELETE FROM link_purges WHERE link_id = ?').run(l.id + 5);
  }
});

// --- rollups equal the raw log ------------------------------------------------

const ZONES = ['UTC', 'America/New_York', 'Europe/Berlin', 'Asia/Kathmandu'];
const dayIn = (ms: number, tz: string) =>
  dayOfDate(new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(ms)));

const clickArb = fc.record({
  link: fc.integer({ min: 0, max: 2 }),
  // Around the 2025 DST changes, and far apart.
  at: fc.oneof(fc.integer({ min: Date.UTC(2025, 2, 29), max: Date.UTC(2025, 3, 1) }), fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2026, 11, 31) })),
  country: fc.constantFrom(null, 'DE', 'US'),
  platform: fc.constantFrom(null, 'Linux', 'iOS'),
  browser: fc.constantFrom(null, 'Firefox'),
  language: fc.constantFrom(null, 'de', 'en'),
  referrer: fc.constantFrom(null, 'a.example', 'b.example'),
  // Free text from anywhere: quotes, backslashes, emoji, control characters, 2 KB.
  utm_campaign: fc.oneof(fc.constantFrom(null, '\\', '"', '\\"', '😀', '\u0001', 'x'.repeat(2048)), fc.string({ maxLength: 4, unit: 'binary' })),
  device: fc.constantFrom(null, 'mobile', 'desktop'),
  source: fc.constantFrom(null, 'link', 'qr'),
});

it('keeps rollups equal to the raw log for any stream of clicks, in any time zone and batching', () => {
  fc.assert(fc.property(fc.constantFrom(...ZONES), fc.array(clickArb, { maxLength: 200 }), fc.integer({ min: 1, max: 50 }), (tz, stream, batch) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'linkdesk-prop-'));
    const st = openStore(dir);
    try {
      const now = new Date().toISOString();
      const users = [1, 2].map((i) => Number(st.sqlite.prepare('INSERT INTO users (name, created_at) VALUES (?, ?)').run(`u${i}`, now).lastInsertRowid));
      const links = [0, 1, 2].map((i) => ({
        id: Number(st.sqlite.prepare('INSERT INTO links (user_id, alias, url, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
          .run(users[i % 2], `l${i}`, 'https://example.com', now, now).lastInsertRowid),
        user: users[i % 2]!,
      }));
      const store = createClickStore(st.sqlite, tz);
      const records = stream.map(({ link, at, ...dims }): ClickRecord => ({ link_id: links[link]!.id, user_id: links[link]!.user, created_at: at, ...dims }));
      for (let i = 0; i < records.length; i += batch) store.write(records.slice(i, i + batch));

      // Expected, from the raw log as stored, with an independent day function.
      const log = st.sqlite.prepare('SELECT * FROM click_log').all() as (Omit<ClickRecord, 'user_id'> & { hour?: string })[];
      expect(log.length).toBe(records.length);
      const owner = new Map(links.map((l) => [l.id, l.user]));
      const want = { days: new Map<string, number>(), dims: new Map<string, number>(), udays: new Map<string, number>(), udims: new Map<string, number>() };
      const inc = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
      for (const c of log) {
        const day = dayIn(c.created_at, tz);
        c.hour = String(Number(new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', hour: '2-digit' }).format(new Date(c.created_at))));
        inc(want.days, `${c.link_id}|${day}`);
        inc(want.udays, `${owner.get(c.link_id)}|${day}`);
        for (const [name, dim] of Object.entries(DIMENSIONS)) {
          const v = c[name as keyof typeof DIMENSIONS];
          if (v != null) {
            inc(want.dims, `${c.link_id}|${dim}|${day}|${v}`);
            inc(want.udims, `${owner.get(c.link_id)}|${dim}|${day}|${v}`);
          }
        }
      }
      const got = (sql: string) => new Map((st.sqlite.prepare(sql).raw().all() as unknown[][]).map((r) => [r.slice(0, -1).join('|'), r.at(-1) as number]));
      expect(got('SELECT link_id, day, clicks FROM click_days')).toEqual(want.days);
      // A link-day's dimensions are one JSON array of [dim, value, clicks], taken apart here by SQLite's own JSON.
      expect(got(`SELECT cd.link_id, j.value ->> 0, cd.day, j.value ->> 1, j.value ->> 2 FROM click_days cd, json_each(cd.dims) j`)).toEqual(want.dims);
      expect(got('SELECT user_id, day, clicks FROM account_days')).toEqual(want.udays);
      expect(got('SELECT user_id, dim, day, value, clicks FROM account_dims')).toEqual(want.udims);
      const counters = st.sqlite.prepare('SELECT link_id, clicks FROM link_clicks').raw().all() as [number, number][];
      for (const [id, n] of counters) expect(n).toBe(log.filter((c) => c.link_id === id).length);
    } finally {
      st.sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }), { numRuns: 60 });
});

it('prunes raw clicks past the retention in small steps and keeps their daily totals', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'linkdesk-retain-'));
  const st = openStore(dir);
  try {
    const now = Date.now();
    const iso = new Date(now).toISOString();
    const user = Number(st.sqlite.prepare('INSERT INTO users (name, created_at) VALUES (?, ?)').run('u', iso).lastInsertRowid);
    const link = Number(st.sqlite.prepare('INSERT INTO links (user_id, alias, url, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
      .run(user, 'old', 'https://example.com', iso, iso).lastInsertRowid);
    const store = createClickStore(st.sqlite, 'UTC');
    const click = (ageDays: number): ClickRecord => ({
      link_id: link, user_id: user, created_at: now - ageDays * DAY, country: 'DE', platform: null, browser: null, language: null, referrer: null,
    });
    store.write([...Array.from({ length: 2500 }, () => click(40)), ...Array.from({ length: 10 }, () => click(5))]);
    let rounds = 0;
    while (store.upkeep(now, 30 * DAY, 1000)) rounds++;
    expect(rounds).toBeGreaterThanOrEqual(2); // 2,500 old rows, at most 1,000 a step
    const n = (sql: string) => (st.sqlite.prepare(sql).get() as { n: number }).n;
    expect(n('SELECT count(*) AS n FROM click_log')).toBe(10);
    expect(n('SELECT sum(clicks) AS n FROM click_days')).toBe(2510);
    expect(n("SELECT sum(j.value ->> 2) AS n FROM click_days, json_each(click_days.dims) j WHERE j.value ->> 0 = 1 AND j.value ->> 1 = 'DE'")).toBe(2510);
    expect(n('SELECT clicks AS n FROM link_clicks')).toBe(2510);
  } finally {
    st.sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

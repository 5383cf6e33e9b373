// Property: the statistics a link and an account answer equal a plain count
// of the clicks written, for random clicks with hostile values (quotes,
// backslashes, emoji, control characters, "(other)" itself), with each
// dimension keeping at most `cap` values a day and the rest under `(other)`
// (a cap of 3 here, so that a few clicks reach it; 1,000 in use). The plain
// count follows the documented rule: a value a day has kept counts exactly;
// a new one takes a free place (a link's day: the batch's most frequent
// first; an account's day: in key order), else counts under (other).
// Both engines: SQLite's add_counts (JavaScript) and PostgreSQL's (SQL).
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ClickRecord } from '../../../electron/server/db/repositories/click-rollup.ts';
import { createStatsRepository } from '../../../electron/server/db/repositories/stats-repository.ts';
import { bucketOf } from '../../../electron/server/util/days.ts';
import { clickWriterOf } from '../../helpers/rollups.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

const CAP = 3;
const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 31); // a month's end in the middle of the days drawn
// Dec 30, Jan 30, Jan 31, Feb 1, Feb 28, Mar 2: January and February are whole months in the ranges asked for
// (their values come from account_month_dims), the ends are days (account_dims).
const DAYS = [-32, -1, 0, 1, 28, 30];
const VALUES = ['a"b', '\\', '\\"', '"', '😀', 'ctl \u0001', '(other)', 'x'.repeat(300), 'plain'];

let s: TestServer;
let write: (clicks: ClickRecord[]) => Promise<unknown>;
let upkeep: () => Promise<unknown>;
beforeAll(async () => {
  s = await startServer({ rateLimit: 0 });
  ({ write, upkeep } = clickWriterOf(s, CAP));
});
afterAll(() => s.close());

type Kept = Map<string, { kept: Map<string, number>; other: number }>;
const cellOf = (m: Kept, k: string) => {
  let c = m.get(k);
  if (!c) m.set(k, (c = { kept: new Map(), other: 0 }));
  return c;
};
/** Adds a batch's counts (in first-seen order) to a day's kept values by the rule. */
function addBatch(cell: { kept: Map<string, number>; other: number }, counts: Map<string, number>, order: 'count' | 'key') {
  const fresh: [string, number][] = [];
  for (const [v, n] of counts) {
    if (cell.kept.has(v)) cell.kept.set(v, cell.kept.get(v)! + n);
    else fresh.push([v, n]);
  }
  if (order === 'count') fresh.sort((x, y) => y[1] - x[1]);
  else fresh.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
  for (const [v, n] of fresh) {
    if (cell.kept.size < CAP) cell.kept.set(v, n);
    else cell.other += n;
  }
}
/** A dimension's answer as plain counting gives it: kept values summed over days, the rest as (other). */
function answerOf(m: Kept, prefix: string, days?: (day: number) => boolean): Map<string, number> {
  const out = new Map<string, number>();
  const add = (v: string, n: number) => n && out.set(v, (out.get(v) ?? 0) + n);
  for (const [k, c] of m) {
    if (!k.startsWith(prefix) || (days && !days(Number(k.split('|').at(-1))))) continue;
    for (const [v, n] of c.kept) add(v, n);
    add('(other)', c.other);
  }
  return out;
}
const asMap = (rows: { value: string; count: number }[]) => new Map(rows.map((r) => [r.value, r.count]));

const clickArb = fc.record({
  link: fc.integer({ min: 0, max: 1 }),
  day: fc.constantFrom(...DAYS),
  campaign: fc.constantFrom(...VALUES),
  device: fc.constantFrom('desktop', 'mobile', 'tablet', 'watch', 'television', 'console'),
});

it('answers what a plain count of the clicks gives, the (other) bucket included', async () => {
  const stats = createStatsRepository(s.store.db, { topValues: 1000 });
  let run = 0;
  await fc.assert(fc.asyncProperty(fc.array(clickArb, { minLength: 20, maxLength: 60 }), fc.integer({ min: 1, max: 30 }), async (stream, batch) => {
    run += 1;
    const key = await s.newUserKey(`p${run}`);
    const links: { id: number; user: number }[] = [];
    for (const i of [0, 1]) {
      const r = await s.api('POST', '/links', { key, form: { url: 'https://example.com/', alias: `r${run}x${i}` } });
      expect(r.status).toBe(201);
      links.push({ id: (r.body as { data: { id: number } }).data.id, user: 0 });
    }
    const [{ user_id: userId }] = await s.sql('SELECT user_id FROM links WHERE id = $1', [links[0]!.id]);
    const clicks = stream.map((c, i): ClickRecord => ({
      link_id: links[c.link]!.id, user_id: Number(userId), created_at: START + c.day * DAY + i * 1000,
      country: null, platform: null, browser: null, language: null, referrer: null, device: c.device, utm_campaign: c.campaign,
    }));
    const linkDays: Kept = new Map();
    const userDays: Kept = new Map();
    for (let i = 0; i < clicks.length; i += batch) {
      const b = clicks.slice(i, i + batch);
      await write(b);
      for (const [dim, get] of [['campaign', (c: ClickRecord) => c.utm_campaign!], ['device', (c: ClickRecord) => c.device!]] as const) {
        const perLink = new Map<string, Map<string, number>>();
        const perUser = new Map<string, Map<string, number>>();
        for (const c of b) {
          const day = Math.floor(c.created_at / DAY);
          for (const [m, k] of [[perLink, `${dim}|${c.link_id}|${day}`], [perUser, `${dim}|${day}`]] as const) {
            let counts = m.get(k);
            if (!counts) m.set(k, (counts = new Map()));
            counts.set(get(c), (counts.get(get(c)) ?? 0) + 1);
          }
        }
        for (const [k, counts] of perLink) addBatch(cellOf(linkDays, k), counts, 'count');
        for (const [k, counts] of perUser) addBatch(cellOf(userDays, k), counts, 'key');
      }
    }
    for (const l of links) {
      const st = await stats.forLink(l.id, 0);
      expect(asMap(st.utm_campaigns)).toEqual(answerOf(linkDays, `campaign|${l.id}|`));
      expect(asMap(st.devices)).toEqual(answerOf(linkDays, `device|${l.id}|`));
    }
    const acc = await stats.forAccount(Number(userId));
    expect(acc.total).toBe(clicks.length);
    expect(asMap(acc.utm_campaigns)).toEqual(answerOf(userDays, 'campaign|'));
    expect(asMap(acc.devices)).toEqual(answerOf(userDays, 'device|'));
    // Half of December, January and February whole, half of March.
    const [from, to] = [Date.UTC(2024, 11, 15) / DAY, Date.UTC(2025, 2, 15) / DAY];
    const part = await stats.forAccount(Number(userId), { from: from + 16, to: to - 14 }); // Dec 31 … Mar 1
    const inPart = (d: number) => d >= from + 16 && d <= to - 14;
    expect(asMap(part.utm_campaigns)).toEqual(answerOf(userDays, 'campaign|', inPart));
    expect(asMap(part.devices)).toEqual(answerOf(userDays, 'device|', inPart));
    // Purging a deleted link takes its clicks off each month's sums as off its days'.
    expect((await s.api('DELETE', `/links/${links[0]!.id}`, { key })).status).toBe(200);
    for (let i = 0; i < 1000 && Number((await s.sql('SELECT count(*) AS n FROM link_purges'))[0].n) > 0; i++) await upkeep();
    const sums = (rows: { dim: number; month: number; value: string; clicks: number }[]) =>
      new Map(rows.filter((r) => Number(r.clicks) !== 0).map((r) => [`${r.dim}|${r.month}|${r.value}`, Number(r.clicks)]));
    const months = await s.sql('SELECT dim, month, value, clicks FROM account_month_dims WHERE user_id = $1', [userId]);
    const days = await s.sql(`SELECT dim, day, value, clicks FROM account_dims WHERE user_id = $1 AND dim <> 9`, [userId]);
    const summed = new Map<string, { dim: number; month: number; value: string; clicks: number }>();
    for (const d of days) {
      const k = `${d.dim}|${bucketOf(Number(d.day), 'month')}|${d.value}`;
      const r = summed.get(k) ?? { dim: d.dim, month: bucketOf(Number(d.day), 'month'), value: d.value, clicks: 0 };
      r.clicks += Number(d.clicks);
      summed.set(k, r);
    }
    expect(sums(months)).toEqual(sums([...summed.values()]));
  }), { numRuns: 60 });
}, 240_000);

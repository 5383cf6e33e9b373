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
import { rollupModel, asMap } from '../../helpers/rollup-model.ts';
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

const DIMS = [['campaign', (c: ClickRecord) => c.utm_campaign!], ['device', (c: ClickRecord) => c.device!]] as const;

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
    const model = rollupModel(CAP, DIMS);
    for (let i = 0; i < clicks.length; i += batch) {
      const b = clicks.slice(i, i + batch);
      await write(b);
      model.add(b);
    }
    for (const l of links) {
      const st = await stats.forLink(l.id, 0);
      expect(asMap(st.utm_campaigns)).toEqual(model.forLink('campaign', l.id));
      expect(asMap(st.devices)).toEqual(model.forLink('device', l.id));
    }
    const acc = await stats.forAccount(Number(userId));
    expect(acc.total).toBe(clicks.length);
    expect(asMap(acc.utm_campaigns)).toEqual(model.forAccount('campaign'));
    expect(asMap(acc.devices)).toEqual(model.forAccount('device'));
    // Half of December, January and February whole, half of March.
    const [from, to] = [Date.UTC(2024, 11, 15) / DAY, Date.UTC(2025, 2, 15) / DAY];
    const part = await stats.forAccount(Number(userId), { from: from + 16, to: to - 14 }); // Dec 31 … Mar 1
    const inPart = (d: number) => d >= from + 16 && d <= to - 14;
    expect(asMap(part.utm_campaigns)).toEqual(model.forAccount('campaign', inPart));
    expect(asMap(part.devices)).toEqual(model.forAccount('device', inPart));
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

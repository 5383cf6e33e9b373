// Property: with the SQLite writer merging a batch into a link-day's stored
// `dims` text as it is (addCountsText: counts raised in place, new values
// appended) while the cap cannot be reached, and with add_counts' parse,
// merge and cap past that, the statistics a link and an account answer
// equal a plain count of the clicks written, by the documented rule (see
// rollup-cap.test.ts): a value a day has kept counts exactly, a new one
// takes a free place (a link's day: the batch's most frequent first; an
// account's day: in key order), else counts under (other). Random batch
// splits over two links and two days, a cap of 10: short rows are merged
// as text, rows near the cap by add_counts, in one stream. Then purging a
// deleted link takes what its days kept off the account's.
// Both engines (PostgreSQL merges with its own add_counts on every batch).
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ClickRecord } from '../../../electron/server/db/repositories/click-rollup.ts';
import { createStatsRepository } from '../../../electron/server/db/repositories/stats-repository.ts';
import { rollupModel, asMap } from '../../helpers/rollup-model.ts';
import { clickWriterOf } from '../../helpers/rollups.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

const CAP = 10;
const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 31);
const DAYS = [0, 1];
const CAMPAIGNS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'a "quoted" \\ one', 'x'.repeat(40)];
const COUNTRIES = ['DE', 'US', 'FR', 'NL', 'PL', 'IT', 'ES', 'SE', 'AT', 'CH', 'BE', 'DK'];
const DEVICES = ['desktop', 'mobile', 'tablet'];

let s: TestServer;
let write: (clicks: ClickRecord[]) => Promise<unknown>;
let upkeep: () => Promise<unknown>;
beforeAll(async () => {
  s = await startServer({ rateLimit: 0 });
  ({ write, upkeep } = clickWriterOf(s, CAP));
});
afterAll(() => s.close());

const DIMS = [
  ['campaign', (c: ClickRecord) => c.utm_campaign!, 'utm_campaigns'],
  ['country', (c: ClickRecord) => c.country!, 'countries'],
  ['device', (c: ClickRecord) => c.device!, 'devices'],
] as const;

const clickArb = fc.record({
  link: fc.integer({ min: 0, max: 2 }).map((l) => (l === 2 ? 0 : l)), // the first link busiest
  day: fc.constantFrom(...DAYS),
  campaign: fc.constantFrom(...CAMPAIGNS),
  country: fc.constantFrom(...COUNTRIES),
  device: fc.constantFrom(...DEVICES),
});

it('answers a plain count of the clicks, rows merged as text and past the cap by add_counts, the (other) bucket included', async () => {
  const stats = createStatsRepository(s.store.db, { topValues: 1000 });
  let run = 0;
  await fc.assert(fc.asyncProperty(
    fc.array(clickArb, { minLength: 60, maxLength: 100 }), fc.array(fc.integer({ min: 1, max: 16 }), { minLength: 1, maxLength: 20 }),
    async (stream, sizes) => {
      run += 1;
      const key = await s.newUserKey(`a${run}`);
      const links: number[] = [];
      for (const i of [0, 1]) {
        const r = await s.api('POST', '/links', { key, form: { url: 'https://example.com/', alias: `ap${run}x${i}` } });
        expect(r.status).toBe(201);
        links.push((r.body as { data: { id: number } }).data.id);
      }
      const [{ user_id: userId }] = await s.sql('SELECT user_id FROM links WHERE id = $1', [links[0]]);
      // Within one hour of each day: the hour dimension keeps one value.
      const clicks = stream.map((c, i): ClickRecord => ({
        link_id: links[c.link]!, user_id: Number(userId), created_at: START + c.day * DAY + i * 1000,
        country: c.country, platform: null, browser: null, language: null, referrer: null, device: c.device, utm_campaign: c.campaign,
      }));
      const model = rollupModel(CAP, DIMS);
      for (let i = 0, j = 0; i < clicks.length; j++) {
        const b = clicks.slice(i, i + sizes[j % sizes.length]!);
        i += b.length;
        await write(b);
        model.add(b);
      }
      for (const id of links) {
        const st = await stats.forLink(id, 0);
        expect(st.total).toBe(clicks.filter((c) => c.link_id === id).length);
        for (const [dim, , list] of DIMS) expect(asMap(st[list]), `${dim} of link ${id}`).toEqual(model.forLink(dim, id));
      }
      const acc = await stats.forAccount(Number(userId));
      expect(acc.total).toBe(clicks.length);
      for (const [dim, , list] of DIMS) expect(asMap(acc[list]), `${dim} of the account`).toEqual(model.forAccount(dim));
      // Deleting the first link: the account loses what that link's days kept where the account kept it too, and
      // the link's (other) from the account's (other) (a value the account counted under (other) has no row to take from).
      expect((await s.api('DELETE', `/links/${links[0]}`, { key })).status).toBe(200);
      for (let i = 0; i < 1000 && Number((await s.sql('SELECT count(*) AS n FROM link_purges'))[0].n) > 0; i++) await upkeep();
      for (const [k, c] of model.linkDays) {
        const [dim, link, day] = k.split('|');
        if (Number(link) !== links[0]) continue;
        const u = model.userDays.get(`${dim}|${day}`)!;
        for (const [v, n] of c.kept) if (u.kept.has(v)) u.kept.set(v, u.kept.get(v)! - n);
        u.other -= c.other;
      }
      const after = await stats.forAccount(Number(userId));
      expect(after.total).toBe(clicks.filter((c) => c.link_id !== links[0]).length);
      for (const [dim, , list] of DIMS) expect(asMap(after[list]), `${dim} of the account after the purge`).toEqual(model.forAccount(dim));
    }), { numRuns: 30 });
}, 480_000);

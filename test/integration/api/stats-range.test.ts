// Statistics by date range, read from the daily rollups: which days a range
// holds, how weeks and months are bucketed, the instance's time zone, top
// lists, and whose clicks an account sees. Rollup rows are written with SQL,
// so every click sits on a known day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatsRepository } from '../../../electron/server/db/repositories/stats-repository.ts';
import { dayOfDate } from '../../../electron/server/util/days.ts';
import { addClicks } from '../../helpers/rollups.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { createLink, startRedirectServer, within } from '../redirect/helpers.ts';

let s: TestServer;
beforeAll(async () => { s = await startServer({ rateLimit: 0 }, { now: () => Date.parse('2025-06-15T12:00:00Z') }); });
afterAll(async () => { await s.close(); });

const newLink = async (alias: string, key = s.key) => {
  const r = await s.api('POST', '/links', { form: { url: `https://example.com/${alias}`, alias }, key });
  if (r.status !== 201) throw new Error(`create link: ${r.status} ${r.text}`);
  return r.body.data as { id: number; short_url: string };
};
const stats = async (path: string, key = s.key) => {
  const r = await s.api('GET', path, { key });
  expect(r.status, r.text).toBe(200);
  return r.body.data;
};

describe('a link by date range', () => {
  it('answers all time without from/to: first to last day with clicks, zero days filled in the series', async () => {
    const l = await newLink('alltime');
    expect(await stats(`/stats/${l.id}`)).toMatchObject({ from: null, to: null, total: 0, days: [], series: [], countries: [] });
    await addClicks(s, l.id, '2025-01-03', 2);
    await addClicks(s, l.id, '2025-01-05', 1);
    // A day whose clicks were all purged leaves a zero row: not a day with clicks.
    await s.sql('INSERT INTO click_days (link_id, day, user_id, clicks) SELECT id, $1, user_id, 0 FROM links WHERE id = $2', [dayOfDate('2025-02-01'), l.id]);
    expect(await stats(`/stats/${l.id}`)).toMatchObject({
      link_id: l.id, clicks: 3, from: '2025-01-03', to: '2025-01-05', interval: 'day', total: 3,
      days: [{ date: '2025-01-03', count: 2 }, { date: '2025-01-05', count: 1 }],
      series: [{ date: '2025-01-03', count: 2 }, { date: '2025-01-04', count: 0 }, { date: '2025-01-05', count: 1 }],
    });
  });

  it('includes both end days and nothing outside them, in totals and breakdowns alike', async () => {
    const l = await newLink('edges');
    await addClicks(s, l.id, '2025-01-10', 5, { country: { US: 5 } });
    await addClicks(s, l.id, '2025-01-11', 3, { country: { DE: 2 }, referrer: { 'news.example': 3 } });
    await addClicks(s, l.id, '2025-01-20', 4, { country: { DE: 1, FR: 3 } });
    await addClicks(s, l.id, '2025-01-21', 7, { country: { US: 7 } });
    const st = await stats(`/stats/${l.id}?from=2025-01-11&to=2025-01-20`);
    expect(st).toMatchObject({ clicks: 19, from: '2025-01-11', to: '2025-01-20', total: 7 });
    expect(st.days).toEqual([{ date: '2025-01-11', count: 3 }, { date: '2025-01-20', count: 4 }]);
    expect(st.series).toHaveLength(10);
    expect(st.series.at(0)).toEqual({ date: '2025-01-11', count: 3 });
    expect(st.series.at(-1)).toEqual({ date: '2025-01-20', count: 4 });
    // Clicks without a recorded value show as Unknown: the range's total less the known ones.
    expect(st.countries).toEqual([{ value: 'DE', count: 3 }, { value: 'FR', count: 3 }, { value: 'Unknown', count: 1 }]);
    expect(st.referrers).toEqual([{ value: 'Unknown', count: 4 }, { value: 'news.example', count: 3 }]);
    expect(st.platforms).toEqual([{ value: 'Unknown', count: 7 }]);
    // A range with no clicks still has its zero series.
    expect(await stats(`/stats/${l.id}?from=2025-01-12&to=2025-01-13`)).toMatchObject({
      total: 0, days: [], countries: [], series: [{ date: '2025-01-12', count: 0 }, { date: '2025-01-13', count: 0 }],
    });
  });

  it('runs from `from` to today when `to` is missing, and from the first click when `from` is', async () => {
    const l = await newLink('open-ended');
    await addClicks(s, l.id, '2025-06-01', 1);
    await addClicks(s, l.id, '2025-06-14', 2);
    const since = await stats(`/stats/${l.id}?from=2025-06-10`);
    expect(since).toMatchObject({ from: '2025-06-10', to: '2025-06-15', total: 2 });
    expect(since.series).toHaveLength(6);
    expect(await stats(`/stats/${l.id}?to=2025-06-13`)).toMatchObject({ from: '2025-06-01', to: '2025-06-13', total: 1 });
    // A start after today here (a client ahead of the instance's zone) is a one-day range, not an error.
    expect(await stats(`/stats/${l.id}?from=2025-06-16`)).toMatchObject({ from: '2025-06-16', to: '2025-06-16', total: 0, series: [{ date: '2025-06-16', count: 0 }] });
  });

  it('buckets by week from Monday, counting only the days inside a range that starts mid-week', async () => {
    const l = await newLink('weekly');
    await addClicks(s, l.id, '2024-12-30', 100); // the Monday before the range
    await addClicks(s, l.id, '2025-01-01', 1); // Wednesday
    await addClicks(s, l.id, '2025-01-05', 2); // Sunday: same week
    await addClicks(s, l.id, '2025-01-06', 4); // Monday: next week
    await addClicks(s, l.id, '2025-01-20', 8); // after the range
    const st = await stats(`/stats/${l.id}?from=2025-01-01&to=2025-01-19&interval=week`);
    expect(st).toMatchObject({ interval: 'week', total: 7 });
    expect(st.series).toEqual([{ date: '2024-12-30', count: 3 }, { date: '2025-01-06', count: 4 }, { date: '2025-01-13', count: 0 }]);
    expect(st.days.map((d: { date: string }) => d.date)).toEqual(['2025-01-01', '2025-01-05', '2025-01-06']);
  });

  it('buckets by month across January 31, the leap day and a year end', async () => {
    const l = await newLink('monthly');
    await addClicks(s, l.id, '2024-01-30', 50);
    await addClicks(s, l.id, '2024-01-31', 1);
    await addClicks(s, l.id, '2024-02-01', 2);
    await addClicks(s, l.id, '2024-02-29', 4);
    await addClicks(s, l.id, '2024-03-01', 8);
    await addClicks(s, l.id, '2024-03-02', 50);
    expect((await stats(`/stats/${l.id}?from=2024-01-31&to=2024-03-01&interval=month`)).series).toEqual([
      { date: '2024-01-01', count: 1 }, { date: '2024-02-01', count: 6 }, { date: '2024-03-01', count: 8 },
    ]);
    await addClicks(s, l.id, '2024-12-31', 16);
    await addClicks(s, l.id, '2025-01-01', 32);
    expect((await stats(`/stats/${l.id}?from=2024-11-15&to=2025-02-28&interval=month`)).series).toEqual([
      { date: '2024-11-01', count: 0 }, { date: '2024-12-01', count: 16 }, { date: '2025-01-01', count: 32 }, { date: '2025-02-01', count: 0 },
    ]);
  });

  it('lists at most 50 values per breakdown, most clicks first, then by name', async () => {
    const l = await newLink('many-values');
    const countries = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`C${String(i).padStart(2, '0')}`, i < 5 ? 4 : 1]));
    await addClicks(s, l.id, '2025-03-01', 90, { country: countries }); // 75 known, 15 unknown
    const list = (await stats(`/stats/${l.id}`)).countries as { value: string; count: number }[];
    expect(list).toHaveLength(50);
    expect(list.slice(0, 7)).toEqual([
      { value: 'Unknown', count: 15 }, ...['C00', 'C01', 'C02', 'C03', 'C04'].map((value) => ({ value, count: 4 })), { value: 'C05', count: 1 },
    ]);
    expect(list.at(-1)).toEqual({ value: 'C48', count: 1 });
  });

  it('refuses bad dates, reversed ranges, unknown intervals and endless series with field errors', async () => {
    const l = await newLink('bad-query');
    const cases: [string, string][] = [
      ['from=2025-1-5', 'from'], ['to=2025-02-30', 'to'], ['from=2025-02-30', 'from'], ['from=2025-03-02&to=2025-03-01', 'from'],
      ['interval=year', 'interval'], ['from=2000-01-01&to=2025-01-01', 'from'], ['from=0001-01-01', 'from'],
    ];
    for (const [query, field] of cases) {
      for (const path of [`/stats/${l.id}?${query}`, `/stats?${query}`]) {
        const r = await s.api('GET', path);
        expect(r.status, path).toBe(422);
        expect(r.body, path).toMatchObject({ status: 422, message: { [field]: expect.arrayContaining([expect.any(String)]) }, errors: { [field]: expect.arrayContaining([expect.any(String)]) } });
      }
    }
    // Long ranges are fine by month.
    expect((await s.api('GET', `/stats/${l.id}?from=2000-01-01&to=2025-01-01&interval=month`)).status).toBe(200);
  });

  it("is 404 for another user's link", async () => {
    const l = await newLink('not-yours');
    expect((await s.api('GET', `/stats/${l.id}`, { key: await s.newUserKey('stranger') })).status).toBe(404);
  });
});

describe('the account', () => {
  it('sums its links by range and ranks its top 10 links there, most clicks first', async () => {
    const key = await s.newUserKey('ranker');
    const links = [];
    for (let i = 0; i < 12; i++) links.push(await newLink(`rank${i}`, key));
    await s.sql("UPDATE links SET title = 'Rank 3' WHERE id = $1", [links[3]!.id]); // as the title fetcher would
    for (const [i, l] of links.entries()) await addClicks(s, l.id, '2025-05-10', i + 1, { platform: { Android: i + 1 } });
    await addClicks(s, links[3]!.id, '2025-05-10', 8); // ties with links[11]: the older link first
    await addClicks(s, links[0]!.id, '2025-04-01', 1000); // outside the range below
    const st = await stats('/stats?from=2025-05-01&to=2025-05-31', key);
    expect(st).toMatchObject({ from: '2025-05-01', to: '2025-05-31', total: 86, platforms: [{ value: 'Android', count: 78 }, { value: 'Unknown', count: 8 }] });
    expect(st.series).toHaveLength(31);
    expect(st.top_links.map((t: { clicks: number }) => t.clicks)).toEqual([12, 12, 11, 10, 9, 8, 7, 6, 5, 3]);
    expect(st.top_links.slice(0, 2).map((t: { id: number }) => t.id)).toEqual([links[3]!.id, links[11]!.id]);
    expect(st.top_links[0]).toEqual({
      id: links[3]!.id, alias: 'rank3', short_url: links[3]!.short_url, url: 'https://example.com/rank3', title: 'Rank 3', clicks: 12,
    });
    // All time, the April clicks count too.
    const all = await stats('/stats', key);
    expect(all).toMatchObject({ from: '2025-04-01', to: '2025-05-10', total: 1086 });
    expect(all.top_links[0]).toMatchObject({ id: links[0]!.id, clicks: 1001 });
    expect(all.top_links).toHaveLength(10);
  });

  it("never shows another user's clicks or links, and drops a deleted link from its top list at once", async () => {
    const mine = await s.newUserKey('mine');
    const theirs = await s.newUserKey('theirs');
    const a = await newLink('mine-a', mine);
    const domain = (await s.api('POST', '/domains', { form: { name: 'go.mine.example' }, key: mine })).body.data;
    const b = (await s.api('POST', '/links', { form: { url: 'https://example.com/b', alias: 'mine-b', domain_id: String(domain.id) }, key: mine })).body.data;
    const t = await newLink('theirs-a', theirs);
    await addClicks(s, a.id, '2025-05-02', 3, { country: { NL: 3 } });
    await addClicks(s, b.id, '2025-05-02', 1);
    await addClicks(s, t.id, '2025-05-02', 500, { country: { JP: 500 } });
    const st = await stats('/stats?from=2025-05-01', mine);
    expect(st).toMatchObject({ total: 4, countries: [{ value: 'NL', count: 3 }, { value: 'Unknown', count: 1 }] });
    expect(st.top_links.map((x: { id: number }) => x.id)).toEqual([a.id, b.id]);
    expect(st.top_links[1].short_url).toBe('http://go.mine.example/mine-b');
    expect((await s.api('DELETE', `/links/${a.id}`, { key: mine })).status).toBe(200);
    expect((await stats('/stats?from=2025-05-01', mine)).top_links.map((x: { id: number }) => x.id)).toEqual([b.id]);
    expect(await stats('/stats', await s.newUserKey('nobody'))).toMatchObject({ from: null, to: null, total: 0, series: [], top_links: [] });
  });

  it('ranks top links the same whether they settle early in all-time order or not', async () => {
    const key = await s.newUserKey('shuffled');
    const { id: userId } = (await s.api('GET', '/account', { key })).body.data;
    const links = [];
    for (let i = 0; i < 30; i++) links.push(await newLink(`shuf${i}`, key));
    // All-time order runs against the order within each week: old favourites, new risers, ties.
    for (const [i, l] of links.entries()) {
      await addClicks(s, l.id, '2025-02-03', 300 - i * 10);
      await addClicks(s, l.id, '2025-02-12', (i * 7) % 23);
      if (i % 3 === 0) await addClicks(s, l.id, '2025-02-20', i % 2 ? 9 : 12);
    }
    const rollups = await s.sql('SELECT link_id, day, clicks FROM click_days WHERE user_id = $1', [userId]) as { link_id: number; day: number; clicks: number }[];
    const expected = (from: string, to: string) => {
      const sum = new Map<number, number>();
      for (const { link_id: linkId, day, clicks: n } of rollups) {
        if (day >= dayOfDate(from) && day <= dayOfDate(to)) sum.set(linkId, (sum.get(linkId) ?? 0) + n);
      }
      return [...sum].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, 10);
    };
    const ways = [[], [5], [12], [12, 20], [1000]].map((walks) => createStatsRepository(s.store.db, { walks }));
    for (const [from, to] of [['2025-02-01', '2025-02-28'], ['2025-02-10', '2025-02-28'], ['2025-02-20', '2025-02-20'], ['2025-02-04', '2025-02-11']]) {
      const want = expected(from!, to!);
      const got = (await stats(`/stats?from=${from}&to=${to}`, key)).top_links.map((t: { id: number; clicks: number }) => [t.id, t.clicks]);
      expect(got, `${from}…${to}`).toEqual(want);
      for (const repo of ways) {
        const r = await repo.forAccount(userId, { from: dayOfDate(from!), to: dayOfDate(to!) });
        expect(r.top_links.map((t) => [t.id, t.clicks]), `${from}…${to}`).toEqual(want);
      }
    }
  });

  it('documents both routes, their range parameters and response shapes in openapi.json', async () => {
    const doc = await (await fetch(`${s.url}/api/v1/openapi.json`)).json() as any;
    for (const [p, schema] of [['/api/v1/stats', 'AccountStats'], ['/api/v1/stats/{id}', 'LinkStats']] as const) {
      const get = doc.paths[p].get;
      expect(get.parameters.map((x: { name: string }) => x.name)).toEqual(expect.arrayContaining(['from', 'to', 'interval']));
      expect(JSON.stringify(get.responses['200'])).toContain(`#/components/schemas/${schema}`);
    }
    expect(Object.keys(doc.components.schemas.AccountStats.properties)).toEqual(expect.arrayContaining(['series', 'top_links', 'total']));
  });
});

describe('in a time zone other than UTC', () => {
  // 23:00 on 2025-03-09 in New York (DST began that morning) is already the 10th in UTC.
  const NOW = Date.parse('2025-03-10T03:00:00Z');

  it('takes today and every range in that zone, and a DST day is one day of the series', async () => {
    const z = await startServer({ timeZone: 'America/New_York' }, { now: () => NOW });
    try {
      const { id } = (await z.api('POST', '/links', { form: { url: 'https://example.com/ny' } })).body.data;
      await addClicks(z, id, '2025-03-08', 1);
      await addClicks(z, id, '2025-03-09', 2);
      const st = (await z.api('GET', `/stats/${id}?from=2025-03-07`)).body.data;
      expect(st).toMatchObject({ from: '2025-03-07', to: '2025-03-09', total: 3 });
      expect(st.series).toEqual([{ date: '2025-03-07', count: 0 }, { date: '2025-03-08', count: 1 }, { date: '2025-03-09', count: 2 }]);
      // November's 25-hour day is one day too.
      expect((await z.api('GET', `/stats/${id}?from=2025-11-01&to=2025-11-03`)).body.data.series.map((d: { date: string }) => d.date))
        .toEqual(['2025-11-01', '2025-11-02', '2025-11-03']);
    } finally {
      await z.close();
    }
  });

  it('files a real click under the date in that zone', async () => {
    const z = await startRedirectServer({ timeZone: 'America/New_York' }, { now: () => NOW });
    try {
      const l = await createLink(z, { url: 'https://example.com/late', alias: 'late' });
      expect((await z.hit('/late')).status).toBe(302);
      await within(5000, async () => {
        expect((await z.api('GET', `/stats/${l.id}`)).body.data).toMatchObject({ from: '2025-03-09', to: '2025-03-09', total: 1 });
      });
      expect((await z.api('GET', '/stats?from=2025-03-09')).body.data).toMatchObject({ to: '2025-03-09', total: 1, top_links: [{ id: l.id, clicks: 1 }] });
    } finally {
      await z.close();
    }
  });
});

// phpShort's statistics call, GET /stats/{id}?name=…, against its source
// (app/Http/Controllers/API/StatController.php, app/Traits/DateRangeTrait.php,
// config/stats.php): `click` is counted by hour for one day, by day under 90
// days, by month under 730, else by year, keyed `Y-m-d H`, `Y-m-d`, `Y-m`, `Y`;
// without dates the range runs from the link's creation day to today; rows are
// ordered by sort_by/sort (count, desc); an unknown value is NULL. Clicks are
// written into the rollups on known days. Both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addClicks } from '../../helpers/rollups.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
// Today is 2025-06-15 on this instance.
beforeAll(async () => { s = await startServer({ rateLimit: 0 }, { now: () => Date.parse('2025-06-15T12:00:00Z'), webhooks: false }); });
afterAll(async () => { await s.close(); });

let n = 0;
/** A new link made on `created` (YYYY-MM-DD), with `clicks` as [date, count, hours?] on those days. */
async function linkWith(created: string, clicks: [string, number, Record<string, number>?][] = []) {
  const r = await s.api('POST', '/links', { form: { url: `https://example.com/${++n}`, alias: `st${n}` } });
  expect(r.status, r.text).toBe(201);
  const id = r.body.data.id as number;
  await s.sql('UPDATE links SET created_at = $1 WHERE id = $2', [`${created}T08:00:00Z`, id]);
  for (const [date, count, hours] of clicks) await addClicks(s, id, date, count, hours ? { hour: hours } : {});
  return id;
}
const click = async (id: number, query = '') => {
  const r = await s.api('GET', `/stats/${id}?name=click${query}`);
  expect(r.status, r.text).toBe(200);
  expect(r.body.status).toBe(200);
  return r.body.data as { value: string | null; count: number }[];
};
const byValue = (rows: { value: string | null; count: number }[]) => [...rows].sort((a, b) => String(a.value).localeCompare(String(b.value)));

describe('name=click: the unit the range picks (DateRangeTrait::range)', () => {
  it('one day (from = to) is counted by hour, keyed Y-m-d H (DateRangeTrait.php:35-37)', async () => {
    const id = await linkWith('2025-06-01', [['2025-06-10', 5, { 9: 3, 17: 2 }], ['2025-06-11', 4, { 9: 4 }]]);
    expect(byValue(await click(id, '&from=2025-06-10&to=2025-06-10'))).toEqual([
      { value: '2025-06-10 09', count: 3 }, { value: '2025-06-10 17', count: 2 },
    ]);
  });

  it('hours are two digits, midnight is 00 (DateRangeTrait.php:37, StatController.php:41 %H)', async () => {
    const id = await linkWith('2025-06-01', [['2025-06-12', 3, { 0: 1, 5: 2 }]]);
    expect(byValue(await click(id, '&from=2025-06-12&to=2025-06-12'))).toEqual([
      { value: '2025-06-12 00', count: 1 }, { value: '2025-06-12 05', count: 2 },
    ]);
  });

  it('a day with no clicks answers no rows (StatController.php:40-50 groups the clicks there are) (holds)', async () => {
    const id = await linkWith('2025-06-01', [['2025-06-10', 5, { 9: 5 }]]);
    expect(await click(id, '&from=2025-06-11&to=2025-06-11')).toEqual([]);
  });

  it('two days are counted by day, keyed Y-m-d (DateRangeTrait.php:38-40) (holds)', async () => {
    const id = await linkWith('2025-06-01', [['2025-06-10', 5], ['2025-06-11', 4]]);
    expect(byValue(await click(id, '&from=2025-06-10&to=2025-06-11'))).toEqual([
      { value: '2025-06-10', count: 5 }, { value: '2025-06-11', count: 4 },
    ]);
  });

  it('89 days between from and to are still days (DateRangeTrait.php:38, < 90) (holds)', async () => {
    const id = await linkWith('2025-01-01', [['2025-01-01', 1], ['2025-03-31', 2]]);
    expect(byValue(await click(id, '&from=2025-01-01&to=2025-03-31'))).toEqual([
      { value: '2025-01-01', count: 1 }, { value: '2025-03-31', count: 2 },
    ]);
  });

  it('90 days between from and to are counted by month, keyed Y-m (DateRangeTrait.php:41-43)', async () => {
    const id = await linkWith('2025-01-01', [['2025-01-01', 1], ['2025-01-20', 2], ['2025-04-01', 3]]);
    expect(byValue(await click(id, '&from=2025-01-01&to=2025-04-01'))).toEqual([
      { value: '2025-01', count: 3 }, { value: '2025-04', count: 3 },
    ]);
  });

  it('729 days are still months, each the sum of its days (DateRangeTrait.php:41, < 730)', async () => {
    const id = await linkWith('2023-01-01', [['2023-01-01', 2], ['2023-01-31', 2], ['2024-12-30', 7]]);
    expect(byValue(await click(id, '&from=2023-01-01&to=2024-12-30'))).toEqual([
      { value: '2023-01', count: 4 }, { value: '2024-12', count: 7 },
    ]);
  });

  it('730 days and more are counted by year, keyed Y (DateRangeTrait.php:44-46)', async () => {
    const id = await linkWith('2020-01-01', [['2020-03-01', 2], ['2020-11-30', 3], ['2022-05-05', 4]]);
    expect(byValue(await click(id, '&from=2020-01-01&to=2023-01-01'))).toEqual([
      { value: '2020', count: 5 }, { value: '2022', count: 4 },
    ]);
  });

  it('the counts of every unit add up to the clicks in the range (StatController.php:41 COUNT(*))', async () => {
    const id = await linkWith('2024-01-01', [['2024-02-02', 2, { 1: 2 }], ['2024-09-09', 3, { 2: 3 }], ['2024-09-20', 1, { 2: 1 }], ['2025-06-15', 4, { 3: 1, 4: 3 }]]);
    const total = (rows: { count: number }[]) => rows.reduce((t, r) => t + r.count, 0);
    const day = await click(id, '&from=2025-06-15&to=2025-06-15');
    expect([day.length, total(day)]).toEqual([2, 4]); // two hours
    const month = await click(id, '&from=2024-09-01&to=2024-09-30');
    expect([month.length, total(month)]).toEqual([2, 4]); // two days
    const year = await click(id, '&from=2024-01-01&to=2024-12-31');
    expect([year.length, total(year)]).toEqual([2, 6]); // two months
    const years = await click(id, '&from=2022-01-01&to=2025-06-15');
    expect([years.length, total(years)]).toEqual([2, 10]); // two years
  });
});

describe('name=click without dates: from the link\'s creation day to today (StatController.php:31, DateRangeTrait.php:22, :28)', () => {
  it('a link made today answers by hour', async () => {
    const id = await linkWith('2025-06-15', [['2025-06-15', 3, { 10: 3 }]]);
    expect(await click(id)).toEqual([{ value: '2025-06-15 10', count: 3 }]);
  });

  it('a link made 10 days ago answers by day (holds)', async () => {
    const id = await linkWith('2025-06-05', [['2025-06-06', 1], ['2025-06-14', 2]]);
    expect(byValue(await click(id))).toEqual([{ value: '2025-06-06', count: 1 }, { value: '2025-06-14', count: 2 }]);
  });

  it('a link made 100 days ago answers by month, though its clicks fall in one week', async () => {
    const id = await linkWith('2025-03-07', [['2025-06-10', 1], ['2025-06-12', 2]]);
    expect(await click(id)).toEqual([{ value: '2025-06', count: 3 }]);
  });

  it('a link made three years ago answers by year', async () => {
    const id = await linkWith('2022-06-01', [['2022-07-01', 1], ['2025-06-01', 2]]);
    expect(byValue(await click(id))).toEqual([{ value: '2022', count: 1 }, { value: '2025', count: 2 }]);
  });

  it('from alone runs to today: from today is one day, by hour (DateRangeTrait.php:22)', async () => {
    const id = await linkWith('2025-06-01', [['2025-06-14', 1, { 1: 1 }], ['2025-06-15', 2, { 8: 2 }]]);
    expect(await click(id, '&from=2025-06-15')).toEqual([{ value: '2025-06-15 08', count: 2 }]);
  });
});

describe('name=click order and paging (StatController.php:35-36, :49-50)', () => {
  const days: [string, number][] = [['2025-06-01', 2], ['2025-06-02', 5], ['2025-06-03', 1], ['2025-06-04', 3]];

  it('is ordered by count, most first, by default (sort_by count, sort desc)', async () => {
    const id = await linkWith('2025-05-20', days);
    expect((await click(id, '&from=2025-06-01&to=2025-06-04')).map((r) => r.value)).toEqual(['2025-06-02', '2025-06-04', '2025-06-01', '2025-06-03']);
  });

  it('sort=asc orders by count, fewest first', async () => {
    const id = await linkWith('2025-05-20', days);
    expect((await click(id, '&from=2025-06-01&to=2025-06-04&sort=asc')).map((r) => r.count)).toEqual([1, 2, 3, 5]);
  });

  it('sort_by=value&sort=asc is in time order (holds)', async () => {
    const id = await linkWith('2025-05-20', days);
    expect((await click(id, '&from=2025-06-01&to=2025-06-04&sort_by=value&sort=asc')).map((r) => r.value))
      .toEqual(['2025-06-01', '2025-06-02', '2025-06-03', '2025-06-04']);
  });

  it('sort_by=value with sort desc is newest first', async () => {
    const id = await linkWith('2025-05-20', days);
    expect((await click(id, '&from=2025-06-01&to=2025-06-04&sort_by=value')).map((r) => r.value))
      .toEqual(['2025-06-04', '2025-06-03', '2025-06-02', '2025-06-01']);
  });

  it('is not paged: every bucket in data, per_page and search notwithstanding (StatController.php:50 get()) (holds)', async () => {
    const many = Array.from({ length: 30 }, (_, i) => [`2025-05-${String(i + 1).padStart(2, '0')}`, 1] as [string, number]);
    const id = await linkWith('2025-05-01', many);
    const rows = await click(id, '&from=2025-05-01&to=2025-05-30&per_page=10&page=2&search=zzz');
    expect(rows).toHaveLength(30);
  });
});

describe('the other names (StatController.php:52-64, config/stats.php)', () => {
  const page = async (id: number, query: string) => {
    const r = await s.api('GET', `/stats/${id}?${query}`);
    expect(r.status, r.text).toBe(200);
    return r.body.data as { data: { value: string | null; count: number }[]; total: number };
  };

  it('clicks with no referrer are the NULL value, as phpShort stores a missing referrer (RedirectController.php:59)', async () => {
    const id = await linkWith('2025-06-01', [['2025-06-10', 4, undefined]]);
    await addClicks(s, id, '2025-06-10', 2, { referrer: { 'news.example': 2 } });
    expect((await page(id, 'name=referrer&from=2025-06-10&to=2025-06-10')).data).toEqual([{ value: null, count: 4 }, { value: 'news.example', count: 2 }]);
  });

  it('a country not known is NULL too; sorted by value ascending it comes first, as MySQL sorts NULL', async () => {
    const id = await linkWith('2025-06-01');
    await addClicks(s, id, '2025-06-10', 3, { country: { US: 2 } });
    expect((await page(id, 'name=country&sort_by=value&sort=asc&from=2025-06-10&to=2025-06-10')).data)
      .toEqual([{ value: null, count: 1 }, { value: 'US:United States', count: 2 }]);
  });

  it('search never matches the NULL value (Stat.php:47, LIKE)', async () => {
    const id = await linkWith('2025-06-01');
    await addClicks(s, id, '2025-06-10', 3, { browser: { Firefox: 2 } });
    const found = await page(id, 'name=browser&search=unknown&from=2025-06-10&to=2025-06-10');
    expect(found).toMatchObject({ data: [], total: 0 });
    expect((await page(id, 'name=browser&search=fire&from=2025-06-10&to=2025-06-10')).data).toEqual([{ value: 'Firefox', count: 2 }]);
  });

  it('is a Laravel page: current_page, data, first_page_url, from, last_page, links, path, per_page, to, total (StatController.php:63) (holds)', async () => {
    const id = await linkWith('2025-06-01');
    await addClicks(s, id, '2025-06-10', 3, { browser: { Firefox: 2, Chrome: 1 } });
    const p = await page(id, 'name=browser&from=2025-06-10&to=2025-06-10');
    expect(Object.keys(p).sort()).toEqual(['current_page', 'data', 'first_page_url', 'from', 'last_page', 'last_page_url', 'links', 'next_page_url',
      'path', 'per_page', 'prev_page_url', 'to', 'total']);
    expect(p.data).toEqual([{ value: 'Firefox', count: 2 }, { value: 'Chrome', count: 1 }]);
  });

  it.each(['click', 'browser', 'city', 'country', 'device', 'language', 'operating_system', 'referrer'])(
    'name=%s is one of phpShort\'s types (config/stats.php:5) (holds)', async (name) => {
      const id = await linkWith('2025-06-10', [['2025-06-10', 1]]);
      expect((await s.api('GET', `/stats/${id}?name=${name}&from=2025-06-10&to=2025-06-10`)).status).toBe(200);
    });

  it('a name phpShort does not list is 422 on name (SelectStatsRequest.php:30) (holds)', async () => {
    const id = await linkWith('2025-06-10');
    const r = await s.api('GET', `/stats/${id}?name=clicks&from=2025-06-10&to=2025-06-10`);
    expect(r.status).toBe(422);
    expect(r.body.errors).toHaveProperty('name');
  });

  it('another user\'s link is 404 (StatController.php:28, :70-73) (holds)', async () => {
    const id = await linkWith('2025-06-10');
    const other = await s.newUserKey('other');
    const r = await s.api('GET', `/stats/${id}?name=click`, { key: other });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ message: 'Resource not found.', status: 404 });
  });
});

// phpShort's ?name= statistics call and the CSV export, from real redirects
// (fixed addresses through --trust-proxy 1, real user agents), both engines.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UA, createLink, startRedirectServer, within, type RedirectServer } from '../redirect/helpers.ts';

let s: RedirectServer;
let id: number;
const api = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${s.url}/api/v1${path}`, { headers: { authorization: `Bearer ${s.key}`, accept: 'application/json', ...headers } });

beforeAll(async () => {
  s = await startRedirectServer({ trustProxy: 1 });
  id = (await createLink(s, { url: 'https://example.com/p', alias: 'php' })).id;
  const visits: [string, string, string, number][] = [
    ['81.2.69.160', UA.iOS, '?utm_source=%3Dcmd', 4], // GB
    ['133.242.0.1', UA.Windows, '', 2], // JP
    ['8.8.8.8', UA.Android, '?qr=1', 1], // US
  ];
  for (const [ip, ua, q, n] of visits) {
    for (let i = 0; i < n; i++) expect((await s.hit(`/php${q}`, { headers: { 'user-agent': ua, 'x-forwarded-for': ip } })).status).toBe(302);
  }
  await within(10_000, async () => expect((await (await api(`/stats/${id}`)).json() as { data: { total: number } }).data.total).toBe(7));
});
afterAll(async () => { await s.close(); });

const php = async (query: string) => {
  const r = await api(`/stats/${id}?${query}`);
  const body = await r.json() as any;
  return { status: r.status, body };
};

describe("phpShort's ?name= call", () => {
  it('click: a link made today answers its clicks by hour as {value: "Y-m-d H", count} (DateRangeTrait.php:35)', async () => {
    const { status, body } = await php('name=click');
    expect(status).toBe(200);
    expect(body.status).toBe(200);
    for (const row of body.data) expect(row).toEqual({ value: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}$/), count: expect.any(Number) });
    expect(body.data.reduce((n: number, r: { count: number }) => n + r.count, 0)).toBe(7);
  });

  it('country: a Laravel page of phpShort values, sorted, searched and paged', async () => {
    const { body } = await php('name=country');
    expect(body.status).toBe(200);
    const page = body.data;
    expect(page.data).toEqual([
      { value: 'GB:United Kingdom', count: 4 }, { value: 'JP:Japan', count: 2 }, { value: 'US:United States', count: 1 },
    ]);
    expect(page).toMatchObject({ current_page: 1, from: 1, to: 3, last_page: 1, per_page: 10, total: 3, prev_page_url: null, next_page_url: null });
    expect(page.path).toBe(`${s.url}/api/v1/stats/${id}`);
    expect(page.first_page_url).toBe(`${page.path}?name=country&page=1`);
    expect(page.links.map((l: { label: string }) => l.label)).toEqual(['&laquo; Previous', '1', 'Next &raquo;']);
    expect((await php('name=country&sort_by=value&sort=asc')).body.data.data.map((r: { value: string }) => r.value))
      .toEqual(['GB:United Kingdom', 'JP:Japan', 'US:United States']);
    expect((await php('name=country&sort=asc')).body.data.data[0]).toEqual({ value: 'US:United States', count: 1 });
    expect((await php('name=country&search=japan')).body.data.data).toEqual([{ value: 'JP:Japan', count: 2 }]);
    const none = (await php('name=country&search=zz&page=2')).body.data;
    expect(none).toMatchObject({ data: [], from: null, to: null, total: 0, current_page: 2 });
  });

  it('pages: per_page 10/25/50/100 only, page links point at the next page', async () => {
    expect((await php('name=country&per_page=7')).status).toBe(422);
    expect((await php('name=nope')).status).toBe(422);
    expect((await php('name=country&sort_by=clicks')).status).toBe(422);
    expect((await php('name=country&per_page=25')).body.data.per_page).toBe(25);
  });

  it.each([
    ['browser', (v: string) => /Safari|Chrome|Edge/.test(v)],
    ['operating_system', (v: string) => /iOS|Windows|Android/.test(v)],
    ['device', (v: string) => /^(desktop|mobile|tablet)$/.test(v)],
    ['language', () => true],
    ['referrer', () => true],
    ['continent', (v: string) => /^(EU|AS|NA)$/.test(v)],
    ['city', (v: string) => /^[A-Z]{2}:[^,]+(, .+)?$/.test(v) || v === '(other)'],
  ] as const)('%s: a page whose counts add up to the clicks, values as phpShort writes them', async (name, ok) => {
    const { status, body } = await php(`name=${name}&per_page=100`);
    expect(status).toBe(200);
    const rows = body.data.data as { value: string; count: number }[];
    expect(body.data.total).toBe(rows.length);
    for (const r of rows) if (r.value !== 'Unknown') expect(ok(r.value), r.value).toBe(true);
    if (name !== 'city' && name !== 'language' && name !== 'referrer') expect(rows.reduce((n, r) => n + r.count, 0)).toBe(7);
    if (name === 'city') {
      const cities = (await (await api(`/stats/${id}`)).json() as any).data.cities as { value: string; country: string; count: number }[];
      expect(rows.reduce((n, r) => n + r.count, 0)).toBe(cities.reduce((n, r) => n + r.count, 0));
      for (const c of cities) expect(rows.some((r) => r.value.startsWith(`${c.country}:${c.value}`))).toBe(true);
    }
  });

  it('without name the answer is unchanged (Linkdesk\'s own shape)', async () => {
    const { body } = await php('interval=month');
    expect(body.data.link_id).toBe(id);
  });
});

describe('CSV export', () => {
  it('a link\'s statistics as dimension,value,clicks rows, formulas neutralized', async () => {
    const r = await api(`/stats/${id}`, { accept: 'text/csv' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows = parse(await r.text()) as string[][];
    expect(rows[0]).toEqual(['dimension', 'value', 'clicks']);
    const get = (dim: string, value: string) => rows.find((x) => x[0] === dim && x[1] === value)?.[2];
    expect(get('total', '')).toBe('7');
    expect(rows.filter((x) => x[0] === 'day').reduce((n, x) => n + Number(x[2]), 0)).toBe(7);
    expect(get('country', 'GB')).toBe('4');
    expect(get('source', 'qr')).toBe('1');
    expect(get('utm_source', "'=cmd")).toBe('4'); // the formula arrives as text
    expect(rows.some((x) => x[0] === 'hour') && rows.some((x) => x[0] === 'weekday') && rows.some((x) => x[0] === 'device')).toBe(true);
  });

  it('the account\'s too, with its links; JSON stays the default', async () => {
    const r = await api('/stats', { accept: 'text/csv' });
    const rows = parse(await r.text()) as string[][];
    expect(rows.find((x) => x[0] === 'link')?.slice(2)).toEqual(['7']);
    expect(rows.find((x) => x[0] === 'country' && x[1] === 'JP')?.[2]).toBe('2');
    expect((await api('/stats', { accept: '*/*' })).headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('is documented as text/csv, and phpShort\'s shapes beside the link statistics', async () => {
    const doc = await (await fetch(`${s.url}/api/v1/openapi.json`)).json() as any;
    const content = doc.paths['/api/v1/stats/{id}']?.get?.responses?.['200']?.content ?? doc.paths['/stats/{id}']?.get?.responses?.['200']?.content;
    expect(Object.keys(content)).toEqual(expect.arrayContaining(['application/json', 'text/csv']));
    expect(JSON.stringify(content['application/json'])).toContain('PhpShortStatsPage');
  });
});

// Every list parameter of the seed, with an accepted and a rejected value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
const ids: Record<string, number> = {};
beforeAll(async () => {
  s = await startServer();
  ids.domain = (await s.api('POST', '/domains', { form: { name: 'list.example' } })).body.data.id;
  ids.space = (await s.api('POST', '/spaces', { form: { name: 'S' } })).body.data.id;
  ids.pixel = (await s.api('POST', '/pixels', { form: { name: 'P', type: 'tiktok', pixel_id: 'T1' } })).body.data.id;
  // 30 links: every 3rd disabled, every 5th expired by date, aliases a00..a29, urls mirror aliases.
  for (let i = 0; i < 30; i++) {
    const alias = `a${String(i).padStart(2, '0')}`;
    const form: Record<string, string> = { url: `https://site${i}.example/${alias}/zz${i % 2 ? 'odd' : 'even'}`, alias };
    if (i % 3 === 0) form.disabled = '1';
    if (i % 5 === 0) form.expiration_date = '2001-01-01';
    if (i < 4) form.domain_id = String(ids.domain);
    if (i >= 26) form.space_id = String(ids.space);
    if (i === 7 || i === 8) form['pixel_ids[]'] = String(ids.pixel);
    const r = await s.api('POST', '/links', { form });
    expect(r.status).toBe(201);
  }
  // Titles are set the way the fetcher sets them.
  for (let i = 0; i < 30; i++) await s.app.linkdesk.repos.links.setTitle(i + 1, `https://site${i}.example/a${String(i).padStart(2, '0')}/zz${i % 2 ? 'odd' : 'even'}`, `Title ${i % 2 ? 'Odd' : 'Even'} ${i}`);
});
afterAll(async () => { await s.close(); });

const list = async (q: string) => {
  const r = await s.api('GET', `/links?${q}`);
  expect(r.status, q).toBe(200);
  return r.body as { data: { alias: string; status: number; clicks: number }[]; meta: { total: number } };
};
const aliases = (b: { data: { alias: string }[] }) => b.data.map((l) => l.alias);

describe('links list', () => {
  it('defaults to 10 per page, newest first, with the contract envelope', async () => {
    const b = await list('');
    expect(aliases(b)).toEqual(['a29', 'a28', 'a27', 'a26', 'a25', 'a24', 'a23', 'a22', 'a21', 'a20']);
    expect(b.meta).toMatchObject({ total: 30, per_page: 10, current_page: 1, last_page: 3, from: 1, to: 10 });
  });

  it('filters by status: active, expired, disabled (disabled wins over expired)', async () => {
    const disabled = (i: number) => i % 3 === 0;
    const expired = (i: number) => !disabled(i) && i % 5 === 0;
    const expect30 = (pred: (i: number) => boolean) => Array.from({ length: 30 }, (_, i) => i).filter(pred).map((i) => `a${String(i).padStart(2, '0')}`);
    expect(aliases(await list('status=3&per_page=100&sort=asc'))).toEqual(expect30(disabled));
    expect(aliases(await list('status=2&per_page=100&sort=asc'))).toEqual(expect30(expired));
    expect(aliases(await list('status=1&per_page=100&sort=asc'))).toEqual(expect30((i) => !disabled(i) && !expired(i)));
    expect((await list('status=0')).meta.total).toBe(30); // 30 - 1 deleted + 1 capped; the other user's link is not counted
    for (const l of (await list('status=2&per_page=100')).data) expect(l.status).toBe(2);
  });

  it('searches by title (default), alias and url through the index, and short terms too', async () => {
    expect((await list('search=Odd')).meta.total).toBe(15);
    expect((await list('search=odd&search_by=title')).meta.total).toBe(15);
    expect(aliases(await list('search=a1&search_by=alias&per_page=100&sort=asc'))).toEqual(['a10', 'a11', 'a12', 'a13', 'a14', 'a15', 'a16', 'a17', 'a18', 'a19']);
    expect(aliases(await list('search=site2&search_by=url&per_page=100&sort=asc'))).toEqual(['a02', 'a20', 'a21', 'a22', 'a23', 'a24', 'a25', 'a26', 'a27', 'a28', 'a29']);
    expect(aliases(await list('search=a29&search_by=alias'))).toEqual(['a29']);
    expect((await list('search=%22%27%25_&search_by=url')).meta.total).toBe(0);
  });

  it('searches alias, url and title at once with search_by=all, through the index and for short terms', async () => {
    // An alias (a29), a piece of a destination (site21), a title word (Odd): one mode finds each.
    expect(aliases(await list('search=a29&search_by=all'))).toEqual(['a29']);
    expect(aliases(await list('search=site21&search_by=all'))).toEqual(['a21']);
    expect((await list('search=Odd&search_by=all')).meta.total).toBe(15);
    // Two characters: below the trigram index, the same answer by LIKE on the three columns.
    expect(aliases(await list('search=28&search_by=all&per_page=100'))).toEqual(['a28']);
    expect((await list('search=%22%27%25_&search_by=all')).meta.total).toBe(0);
  });

  it('filters by domain, space and pixel', async () => {
    expect(aliases(await list(`domain_id=${ids.domain}&sort=asc`))).toEqual(['a00', 'a01', 'a02', 'a03']);
    expect(aliases(await list(`space_id=${ids.space}&sort=asc`))).toEqual(['a26', 'a27', 'a28', 'a29']);
    expect(aliases(await list(`pixel_id=${ids.pixel}&sort=asc`))).toEqual(['a07', 'a08']);
  });

  it('sorts by id, clicks, title, alias and url in both directions', async () => {
    expect(aliases(await list('sort_by=id&sort=asc'))[0]).toBe('a00');
    expect(aliases(await list('sort_by=alias&sort=desc'))[0]).toBe('a29');
    expect(aliases(await list('sort_by=url&sort=asc'))[0]).toBe('a00');
    expect(aliases(await list('sort_by=url&sort=desc'))[0]).toBe('a09'); // site9 sorts last as text
    expect(aliases(await list('sort_by=title&sort=asc'))[0]).toBe('a00'); // "Title Even 0"
    expect(aliases(await list('sort_by=title&sort=desc'))[0]).toBe('a09'); // "Title Odd 9"
    const clicks = await list('sort_by=clicks&sort=desc');
    expect(clicks.data.map((l) => l.clicks)).toEqual(new Array(10).fill(0));
    expect(aliases(clicks)[0]).toBe('a29'); // ties broken by id in the same direction
  });

  it('pages with per_page 10/25/50/100', async () => {
    expect(aliases(await list('per_page=25&page=2'))).toEqual(['a04', 'a03', 'a02', 'a01', 'a00']);
    expect((await list('per_page=50')).data).toHaveLength(30);
    expect((await list('per_page=100')).data).toHaveLength(30);
    const beyond = await list('page=9');
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.total).toBe(30);
  });

  it.each([
    ['per_page', '20'], ['per_page', 'abc'], ['sort_by', 'created'], ['sort', 'random'], ['search_by', 'domain'],
    ['status', '4'], ['status', 'active'], ['space_id', 'x'], ['domain_id', '-1'], ['pixel_id', '-1'], ['page', '0'], // pixel_id=0 filters nothing, as phpShort (compat-link-list)
    ['search', '%00%00%00'], // a NUL ends an FTS5 term and PostgreSQL refuses it: found by the API fuzz test
  ])('rejects %s=%s with 422 on that field', async (field, value) => {
    const r = await s.api('GET', `/links?${field}=${value}`);
    expect(r.status).toBe(422);
    expect(r.body.errors).toHaveProperty(field);
  });

  it('keeps status totals exact through disables, deletes, click limits and other users', async () => {
    const other = await s.newUserKey('other');
    await s.api('POST', '/links', { key: other, form: { url: 'https://other.example', disabled: '1' } });
    await s.api('PUT', '/links/2', { form: { disabled: '1' } }); // a01: active → disabled
    await s.api('PUT', '/links/1', { form: { disabled: '0' } }); // a00: disabled → expired (dated)
    await s.api('DELETE', '/links/4'); // a03: disabled, gone
    await s.api('POST', '/links', { form: { url: 'https://example.com/capped', alias: 'capped', expiration_clicks: '1' } });
    // Clicks arrive through the redirect server; here one is written straight to the database.
    await s.sql("UPDATE link_clicks SET clicks = 1 WHERE link_id = (SELECT id FROM links WHERE alias = 'capped')");
    expect((await list('status=2&search=capped&search_by=alias')).data.map((l) => l.alias)).toEqual(['capped']);
    for (const status of [0, 1, 2, 3]) {
      const b = await list(`status=${status}&per_page=100`);
      expect(b.meta.total, `status ${status}`).toBe(b.data.length);
    }
    const totals = await Promise.all([1, 2, 3].map(async (st) => (await list(`status=${st}`)).meta.total));
    expect(totals.reduce((a, b) => a + b)).toBe((await list('status=0')).meta.total);
    expect((await list('status=0')).meta.total).toBe(30); // 30 - 1 deleted + 1 capped; the other user's link is not counted
  });
});

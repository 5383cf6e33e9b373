// Searching a destination by any piece of it. SQLite's search index leaves
// out each URL's scheme and "www." (migrations/lighter-search.ts); a term
// that reaches into them must still find its links, as PostgreSQL's does.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
const URLS: Record<string, string> = {
  www: 'https://www.cutting.example/path/one',
  plain: 'https://articles.example/two',
  http: 'HTTP://WWW.Shouting.example/three',
  deep: 'https://other.example/redirect?to=https://www.cutting.example/',
};
beforeAll(async () => {
  s = await startServer();
  for (const [alias, url] of Object.entries(URLS)) expect((await s.api('POST', '/links', { json: { url, alias } })).status).toBe(201);
});
afterAll(async () => { await s.close(); });

const found = async (search: string, by: 'url' | 'all') => {
  const r = await s.api('GET', `/links?search=${encodeURIComponent(search)}&search_by=${by}&per_page=100`);
  expect(r.status, search).toBe(200);
  return (r.body.data as { alias: string }[]).map((l) => l.alias).sort();
};

it.each(['url', 'all'] as const)('finds a destination by any piece of it, its scheme and "www." included (search_by=%s)', async (by) => {
  expect(await found('cutting.example', by)).toEqual(['deep', 'www']);
  expect(await found('www.cutting', by)).toEqual(['deep', 'www']);
  expect(await found('//www.cut', by)).toEqual(['deep', 'www']);
  expect(await found('.cutting', by)).toEqual(['deep', 'www']);
  expect(await found('https://www.cutting.example/path', by)).toEqual(['www']);
  expect(await found('//articles', by)).toEqual(['plain']);
  expect(await found('https://articles', by)).toEqual(['plain']);
  expect(await found('shouting', by)).toEqual(['http']);
  expect(await found('www.shout', by)).toEqual(['http']);
  expect(await found('http', by)).toEqual(['deep', 'http', 'plain', 'www']);
  expect(await found('www', by)).toEqual(['deep', 'http', 'www']);
  expect(await found('/path/one', by)).toEqual(['www']);
  expect(await found('redirect?to', by)).toEqual(['deep']);
});

it('finds a link again after its destination changes, and not by the old one', async () => {
  const id = (await s.api('GET', '/links?search=articles&search_by=url')).body.data[0].id as number;
  expect((await s.api('PUT', `/links/${id}`, { json: { url: 'https://www.renamed.example/two' } })).status).toBe(200);
  expect(await found('articles', 'url')).toEqual([]);
  expect(await found('renamed.example', 'url')).toEqual(['plain']);
  expect(await found('www.renamed', 'url')).toEqual(['plain']);
  expect((await s.api('DELETE', `/links/${id}`)).status).toBe(200);
  expect(await found('renamed', 'url')).toEqual([]);
});

// Spaces, pixels, stats, the OpenAPI document, the rate limit and error bodies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIXEL_TYPES } from '../../../shared/constants.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
beforeAll(async () => { s = await startServer(); });
afterAll(async () => { await s.close(); });

describe('spaces', () => {
  it('does CRUD with color, counts links, and frees links when deleted', async () => {
    const c = await s.api('POST', '/spaces', { form: { name: 'Launch', color: '#AbCdEf' } });
    expect(c.status).toBe(201);
    expect(c.body.data).toMatchObject({ name: 'Launch', color: '#abcdef', links_count: 0 });
    const l = (await s.api('POST', '/links', { form: { url: 'https://example.com', space_id: String(c.body.data.id) } })).body.data;
    expect((await s.api('GET', `/spaces/${c.body.data.id}`)).body.data.links_count).toBe(1);
    const u = await s.api('PATCH', `/spaces/${c.body.data.id}`, { json: { name: 'Launch 2' } });
    expect(u.body.data).toMatchObject({ name: 'Launch 2', color: '#abcdef' });
    expect((await s.api('POST', '/spaces', { form: { name: 'x', color: 'red' } })).body.errors).toHaveProperty('color');
    expect((await s.api('POST', '/spaces', { form: { color: '#000000' } })).body.errors).toHaveProperty('name');
    expect((await s.api('DELETE', `/spaces/${c.body.data.id}`)).body).toEqual({ id: c.body.data.id, object: 'space', deleted: true, status: 200 });
    expect((await s.api('GET', `/links/${l.id}`)).body.data.space).toBeNull();
  });

  it('lists with search, sort and per_page and rejects bad parameters', async () => {
    for (const n of ['Beta', 'Alpha', 'Gamma']) await s.api('POST', '/spaces', { form: { name: n } });
    const r = await s.api('GET', '/spaces?sort_by=name&sort=asc&per_page=25');
    expect(r.body.data.map((x: { name: string }) => x.name)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect((await s.api('GET', '/spaces?search=amm')).body.data.map((x: { name: string }) => x.name)).toEqual(['Gamma']);
    expect((await s.api('GET', '/spaces?per_page=7')).status).toBe(422);
    expect((await s.api('GET', '/spaces?sort_by=color')).status).toBe(422);
  });
});

describe('pixels', () => {
  it.each(PIXEL_TYPES)('creates a %s pixel', async (type) => {
    const r = await s.api('POST', '/pixels', { form: { name: `P ${type}`, type, pixel_id: 'ID-123_x.y' } });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ type, pixel_id: 'ID-123_x.y', links_count: 0 });
  });

  it('rejects unknown types and unsafe ids, updates and deletes (detaching from links)', async () => {
    expect((await s.api('POST', '/pixels', { form: { name: 'x', type: 'myspace', pixel_id: '1' } })).body.errors).toHaveProperty('type');
    expect((await s.api('POST', '/pixels', { form: { name: 'x', type: 'x', pixel_id: '"><script>' } })).body.errors).toHaveProperty('pixel_id');
    const p = (await s.api('POST', '/pixels', { form: { name: 'Mine', type: 'bing', pixel_id: '42' } })).body.data;
    const l = (await s.api('POST', '/links', { form: `url=https%3A%2F%2Fexample.com&pixel_ids[]=${p.id}` })).body.data;
    expect((await s.api('GET', `/pixels/${p.id}`)).body.data.links_count).toBe(1);
    expect((await s.api('PUT', `/pixels/${p.id}`, { form: { pixel_id: '43' } })).body.data).toMatchObject({ pixel_id: '43', type: 'bing', name: 'Mine' });
    expect((await s.api('DELETE', `/pixels/${p.id}`)).body).toEqual({ id: p.id, object: 'pixel', deleted: true, status: 200 });
    expect((await s.api('GET', `/links/${l.id}`)).body.data.pixels).toEqual([]);
  });
});

describe('stats', () => {
  it('gives a link\'s totals and empty breakdowns before any click', async () => {
    const l = (await s.api('POST', '/links', { form: { url: 'https://example.com' } })).body.data;
    const r = await s.api('GET', `/stats/${l.id}`);
    expect(r.body).toEqual({
      data: {
        link_id: l.id, clicks: 0, from: null, to: null, interval: 'day', total: 0, days: [], series: [],
        countries: [], platforms: [], browsers: [], languages: [], referrers: [],
        cities: [], continents: [], devices: [], sources: [], utm_sources: [], utm_mediums: [], utm_campaigns: [], destinations: [],
        hours: Array.from({ length: 24 }, (_, hour) => ({ hour, count: 0 })),
        weekdays: Array.from({ length: 7 }, (_, i) => ({ weekday: i + 1, count: 0 })),
        hour_weekday: [], previous: null, city_database: true,
      },
      status: 200,
    });
    expect((await s.api('GET', '/stats/99999')).status).toBe(404);
    expect((await s.api('GET', '/stats/abc')).status).toBe(404);
  });
});

describe('contract edges', () => {
  it('serves an OpenAPI 3.1 document built from the route schemas', async () => {
    const r = await fetch(`${s.url}/api/v1/openapi.json`);
    const doc = (await r.json()) as { openapi: string; paths: Record<string, Record<string, { parameters?: { name: string; schema: { enum?: unknown[] } }[] }>> };
    expect(doc.openapi).toBe('3.1.0');
    for (const p of ['/api/v1/links', '/api/v1/links/{id}', '/api/v1/domains', '/api/v1/domains/{id}', '/api/v1/spaces', '/api/v1/pixels', '/api/v1/stats', '/api/v1/stats/{id}', '/api/v1/account']) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
    const perPage = doc.paths['/api/v1/links']!.get!.parameters!.find((x) => x.name === 'sort_by');
    expect(perPage?.schema.enum).toEqual(['id', 'clicks', 'title', 'alias', 'url']);
    // Response shapes are documented, and every $ref points at a component that exists.
    const text = JSON.stringify(doc);
    const components = (doc as unknown as { components: { schemas: Record<string, { properties?: Record<string, unknown> }> } }).components.schemas;
    for (const [, ref] of text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) expect(components, ref).toHaveProperty([ref!]);
    expect(Object.keys(components.Link!.properties!)).toEqual(expect.arrayContaining(['short_url', 'ends_at', 'status', 'password', 'privacy_password']));
    expect(text).toContain('"401"');
  });

  it('answers unknown API routes, bad JSON and oversize bodies with contract bodies', async () => {
    expect((await s.api('GET', '/nothing/here')).body).toEqual({ message: 'Resource not found.', status: 404 });
    const badJson = await fetch(`${s.url}/api/v1/links`, {
      method: 'POST', headers: { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' }, body: '{"url":',
    });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toEqual({ message: 'The request body is not valid JSON.', status: 400 });
    const huge = await s.api('POST', '/links', { form: `url=https%3A%2F%2Fexample.com&x=${'a'.repeat(1_100_000)}` });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: 'The request body is too large.', status: 413 });
    const deep = await s.api('POST', '/links', { form: `url=https%3A%2F%2Fexample.com&country${'[a]'.repeat(50)}=1` });
    expect(deep.status).toBe(422);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After and X-RateLimit headers past the per-key limit, and other keys are unaffected', async () => {
    const limited = await startServer({ rateLimit: 5 });
    try {
      for (let i = 0; i < 5; i++) {
        const r = await limited.api('GET', '/account');
        expect(r.status).toBe(200);
        expect(r.headers.get('x-ratelimit-limit')).toBe('5');
        expect(r.headers.get('x-ratelimit-remaining')).toBe(String(4 - i));
      }
      const r = await limited.api('GET', '/account');
      expect(r.status).toBe(429);
      expect(r.body.status).toBe(429);
      expect(r.body.message).toMatch(/^Too many requests\. Retry in \d+ seconds\.$/);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      const other = await limited.newUserKey('other');
      expect((await limited.api('GET', '/account', { key: other })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

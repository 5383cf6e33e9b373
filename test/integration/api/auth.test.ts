import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
beforeAll(async () => { s = await startServer(); });
afterAll(async () => { await s.close(); });

const UNAUTH = { message: 'Unauthenticated.', status: 401 };

describe('authentication', () => {
  it.each([
    ['no header', null, undefined],
    ['malformed header', null, { authorization: 'Token abc' }],
    ['unknown key', 'ldk_0000000000000000000000000000000000000000', undefined],
    ['a key that is not ours', 'not-a-key', undefined],
  ])('answers 401 for %s', async (_n, key, headers) => {
    for (const p of ['/links', '/domains', '/account', '/links/1', '/nope']) {
      const r = await s.api('GET', p, { key: key as string | null, headers });
      expect(r.status, p).toBe(401);
      expect(r.body, p).toEqual(UNAUTH);
    }
  });

  it('refuses a key whose prefix matches but whose secret does not', async () => {
    const forged = `${s.key.slice(0, 12)}${'x'.repeat(s.key.length - 12)}`;
    expect((await s.api('GET', '/account', { key: forged })).status).toBe(401);
  });

  it('keeps two users apart: the second key neither reads nor changes the first key\'s records', async () => {
    const d = (await s.api('POST', '/domains', { form: { name: 'mine.example' } })).body.data;
    const sp = (await s.api('POST', '/spaces', { form: { name: 'Mine' } })).body.data;
    const px = (await s.api('POST', '/pixels', { form: { name: 'Mine', type: 'x', pixel_id: 'abc' } })).body.data;
    const l = (await s.api('POST', '/links', { form: { url: 'https://example.com/mine', domain_id: String(d.id) } })).body.data;
    const other = await s.newUserKey('intruder');
    const NOT_FOUND = { message: 'Resource not found.', status: 404 };
    for (const [res, id] of [['domains', d.id], ['spaces', sp.id], ['pixels', px.id], ['links', l.id], ['stats', l.id]] as const) {
      expect((await s.api('GET', `/${res}/${id}`, { key: other })).body, res).toEqual(NOT_FOUND);
      if (res === 'stats') continue;
      const change: Record<string, string> = res === 'domains' ? { index_page: 'https://evil.example' } : res === 'links' ? { url: 'https://evil.example' } : { name: 'x' };
      expect((await s.api('PUT', `/${res}/${id}`, { key: other, form: change })).status, res).toBe(404);
      expect((await s.api('DELETE', `/${res}/${id}`, { key: other })).status, res).toBe(404);
    }
    for (const res of ['domains', 'spaces', 'pixels', 'links']) {
      expect((await s.api('GET', `/${res}`, { key: other })).body.meta.total, res).toBe(0);
    }
    // Nor can it attach the first user's domain, space or pixel to its own link.
    const steal = await s.api('POST', '/links', { key: other, form: `url=https%3A%2F%2Fx.example&domain_id=${d.id}` });
    expect(steal.body.errors).toHaveProperty('domain_id');
    expect((await s.api('POST', '/links', { key: other, form: `url=https%3A%2F%2Fx.example&space_id=${sp.id}` })).body.errors).toHaveProperty('space_id');
    expect((await s.api('POST', '/links', { key: other, form: `url=https%3A%2F%2Fx.example&pixel_ids[]=${px.id}` })).body.errors).toHaveProperty('pixel_ids');
    // The owner still sees everything unchanged.
    expect((await s.api('GET', `/links/${l.id}`)).body.data.url).toBe('https://example.com/mine');
  });

  it('reports the account of the key', async () => {
    const r = await s.api('GET', '/account');
    expect(r.body).toMatchObject({ data: { name: 'owner' }, status: 200 });
  });

  it('stores keys only as hashes', () => {
    for (const f of readdirSync(s.dataDir)) {
      expect(readFileSync(path.join(s.dataDir, f)).includes(s.key), f).toBe(false);
    }
  });
});

// Every answer carries X-Content-Type-Options: nosniff, so no browser reads a
// JSON answer (which may echo what a request sent) as HTML or script.
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
beforeAll(async () => { s = await startServer(); });
afterAll(async () => { await s.close(); });

describe('X-Content-Type-Options', () => {
  it.each([
    ['a success', 'GET', '/links', {}],
    ['a created record', 'POST', '/links', { form: { url: 'https://example.com/' } }],
    ['a 422', 'POST', '/links', { form: { url: 'javascript:alert(1)' } }],
    ['a 401', 'GET', '/links', { key: null }],
    ['a 404 under /api/v1', 'GET', '/nothing-here', {}],
    ['the OpenAPI document', 'GET', '/openapi.json', { key: null }],
  ] as const)('is nosniff on %s', async (_what, method, p, opts) => {
    const r = await s.api(method, p, opts as Parameters<TestServer['api']>[2]);
    expect(r.headers.get('content-type')).toMatch(/json/);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('is nosniff on a 400 for unreadable JSON', async () => {
    const r = await request(`${s.url}/api/v1/links`, {
      method: 'POST', headers: { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' }, body: '{"url":',
    });
    expect(r.statusCode).toBe(400);
    expect(await r.body.json()).toMatchObject({ status: 400 });
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });

  it('is nosniff on a JSON 404 under /api outside the versioned API, and on HTML pages', async () => {
    for (const p of ['/api/other', '/no-such-link', '/']) {
      const r = await request(`${s.url}${p}`);
      await r.body.text();
      expect(r.headers['x-content-type-options'], p).toBe('nosniff');
    }
  });
});

// Path ids are read only in their canonical spelling: `01`, `+1`, ` 1`, `1.0`,
// `1e0` name no record, so every route with an id in its path answers 404 with
// the standard body and leaves record 1 as it was (a generated `PATCH
// /users/01` once suspended and demoted user 1). Routes come from the served
// OpenAPI document, so a new route is covered without being listed here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

const SPELLINGS = ['01', '+1', '%201', '1%20', '1.0', '1e0', '0x1', '1_', '١'];

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ rateLimit: 0 }, { webhooks: false });
  const made = async (path: string, form: Record<string, string>) => {
    const r = await s.api('POST', path, { form });
    expect(r.status, r.text).toBe(201);
    expect(r.body.data.id).toBe(1);
  };
  await made('/domains', { name: 'ids.example' });
  await made('/links', { url: 'https://example.com' });
  await made('/spaces', { name: 'Space' });
  await made('/pixels', { name: 'Pixel', type: 'x', pixel_id: 'p1' });
  await made('/webhooks', { url: 'https://hooks.example/in', 'events[]': 'link.created' });
  expect((await s.api('POST', '/webhooks/1/test')).body.data.id).toBe(1);
  // A second admin, so that user 1 could be demoted and suspended if an id were misread.
  expect((await s.api('POST', '/users', { form: { name: 'second', role: 'admin' } })).status).toBe(201);
});
afterAll(async () => s?.close());

/** Everything a route could change about record 1 of each kind, read back. */
const snapshot = async () => Promise.all(['/domains/1', '/links/1', '/spaces/1', '/pixels/1', '/webhooks/1', '/users/1', '/keys/1']
  .map(async (p) => (await s.api('GET', p)).body));

describe('non-canonical path ids', () => {
  it('are 404 on every route with an id in its path, and change nothing', async () => {
    const doc = (await s.api('GET', '/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths).filter(([p]) => /\{[a-z_]+\}/.test(p))
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => [m.toUpperCase(), p.replace(/^\/api\/v1/, '')] as const));
    expect(routes.length).toBeGreaterThanOrEqual(20);
    const before = await snapshot();
    let tried = 0;
    for (const [method, template] of routes) {
      const params = template.match(/\{[a-z_]+\}/g)!;
      for (const param of params) {
        for (const spelling of SPELLINGS) {
          const path = params.reduce((p, x) => p.replace(x, x === param ? spelling : '1'), template);
          const r = await s.api(method, path, method === 'GET' || method === 'DELETE' ? {}
            : { json: { status: 'suspended', role: 'member', color: '#000000', disabled: 1, url: 'https://changed.example' } });
          expect(r.body, `${method} ${path} → ${r.text}`).toEqual({ message: 'Resource not found.', status: 404 });
          expect(r.status).toBe(404);
          tried++;
        }
      }
    }
    expect(tried).toBeGreaterThanOrEqual(20 * SPELLINGS.length);
    expect(await snapshot()).toEqual(before);
  });

  it('the canonical id still reaches the record', async () => {
    expect((await s.api('GET', '/users/1')).body.data).toMatchObject({ id: 1, role: 'admin', status: 'active' });
    expect((await s.api('GET', '/webhooks/1/deliveries/1')).status).toBe(200);
    expect((await s.api('GET', '/users/99999999999999999999')).status).toBe(404);
  });
});

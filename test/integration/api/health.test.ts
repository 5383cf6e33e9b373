// GET /healthz: what a load balancer asks a node (no key needed); 200 while
// the node reaches its database (503 otherwise: test/integration/postgres/database-loss).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, TEST_ENGINE, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
beforeAll(async () => { s = await startServer(); });
afterAll(async () => { await s.close(); });

it('answers 200 without a key, names the engine, and is never cached', async () => {
  const r = await fetch(`${s.url}/healthz`);
  expect(r.status).toBe(200);
  expect(r.headers.get('cache-control')).toBe('no-store');
  const body = await r.json();
  if (TEST_ENGINE === 'postgres') expect(body).toEqual({ status: 'ok', engine: 'postgres' });
  // SQLite's click writer shows its backlog: nothing waits on an idle server, whose writer thread has not started.
  else {
    expect(body).toEqual({
      status: 'ok', engine: 'sqlite', clicks_pending: 0, clicks_pending_bound: expect.any(Number), redirects_waiting: 0, click_writer: 'idle',
    });
  }
});

it('keeps the path from links: healthz is a reserved alias', async () => {
  const r = await s.api('POST', '/links', { form: { url: 'https://example.com/h', alias: 'healthz' } });
  expect(r.status).toBe(422);
  expect(r.body.errors).toHaveProperty('alias');
});

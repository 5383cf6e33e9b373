// Plain redirects are answered before Fastify (fast-path.ts); they must look
// exactly like the ones Fastify answers, resolve hosts and proxies the same
// way, and leave every other case to the routes.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLink, startRedirectServer, within, type RedirectServer } from './helpers.ts';

let s: RedirectServer;
beforeAll(async () => { s = await startRedirectServer({ trustProxy: ['127.0.0.1'] }); });
afterAll(() => s.close());

it('answers a plain link with the same redirect headers as every other answer, query passed on', async () => {
  await createLink(s, { url: 'https://example.com/plain', alias: 'fast' });
  const r = await s.hit('/fast?utm=x');
  expect(r.status).toBe(302);
  expect(r.location).toBe('https://example.com/plain?utm=x');
  expect(r.headers['cache-control']).toBe('no-store');
  expect(r.headers['x-content-type-options']).toBe('nosniff');
  expect(r.headers['content-length']).toBe('0');
  expect(r.text).toBe('');
});

it('leaves passwords, pixels, limits, statistics pages and unknown aliases to the routes', async () => {
  await createLink(s, { url: 'https://example.com/p', alias: 'locked', password: 'pw' });
  expect((await s.hit('/locked')).status).toBe(200);
  expect((await s.hit('/locked+')).status).toBe(200);
  expect((await s.hit('/no-such-alias')).status).toBe(404);
  expect((await s.hit('/fast/')).status).toBe(302); // trailing slash: Fastify's ignoreTrailingSlash
});

it('resolves the host from a trusted proxy\'s X-Forwarded-Host, like Fastify', async () => {
  const d = (await s.api('POST', '/domains', { name: 'go.example.com' })).body.data;
  await createLink(s, { url: 'https://example.com/on-domain', alias: 'hosted', domain: String(d.id) });
  expect((await s.hit('/hosted', { host: 'go.example.com:8080' })).location).toBe('https://example.com/on-domain');
  expect((await s.hit('/hosted', { headers: { 'x-forwarded-host': 'evil.example, go.example.com' } })).location).toBe('https://example.com/on-domain');
  expect((await s.hit('/hosted')).status).toBe(404);
});

it('goes through Fastify, and its request log, when requests are logged', async () => {
  let out = '';
  const stream = new Writable({ write(chunk, _e, cb) { out += String(chunk); cb(); } });
  const logged = await startRedirectServer({}, { logger: { level: 'info', stream } });
  try {
    await createLink(logged, { url: 'https://example.com/l', alias: 'logged' });
    expect((await logged.hit('/logged')).status).toBe(302);
    await within(1000, async () => expect(out).toMatch(/"url":"\/logged"/));
  } finally {
    await logged.close();
  }
});

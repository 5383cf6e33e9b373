// A valid key is never refused because other requests from the same address
// (one address may be every client, behind a proxy without --trust-proxy)
// sent wrong, revoked or expired keys; those failures stay limited.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { KEY_FAILURE_LIMIT } from '../../../electron/server/redirect/access.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let clock = Date.parse('2030-01-01T00:00:00Z');
beforeAll(async () => { s = await startServer({ rateLimit: 600 }, { webhooks: false, now: () => clock }); });
afterAll(async () => { await s.close(); });

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const wrongKey = () => `ldk_${[...randomBytes(40)].map((b) => BASE62[b % 62]).join('')}`;

it('50 wrong, revoked and expired keys from one address: the wrong ones get 429, a valid key (even one never used there) 200', async () => {
  const revoked = (await s.api('POST', '/keys', { json: { name: 'revoked' } })).body.data;
  expect((await s.api('DELETE', `/keys/${revoked.id}`)).status).toBe(200);
  const expiring = (await s.api('POST', '/keys', { json: { name: 'expiring', expires_at: new Date(clock + 60_000).toISOString() } })).body.data;
  clock += 120_000;
  const fresh = await s.newUserKey('never used before');

  const bad = [() => wrongKey(), () => revoked.key as string, () => expiring.key as string, () => null];
  const statuses: number[] = [];
  for (let i = 0; i < 50; i++) statuses.push((await s.api('GET', '/links', { key: bad[i % bad.length]!() })).status);
  expect(statuses.slice(0, KEY_FAILURE_LIMIT.max)).toEqual(Array(KEY_FAILURE_LIMIT.max).fill(401));
  expect(statuses.slice(KEY_FAILURE_LIMIT.max)).toEqual(Array(50 - KEY_FAILURE_LIMIT.max).fill(429));

  expect((await s.api('GET', '/links', { key: fresh })).status).toBe(200);
  expect((await s.api('GET', '/account')).status).toBe(200);
  // Success forgives nothing: the failures go on being refused, before and after the valid key again.
  for (const next of bad) {
    const r = await s.api('GET', '/links', { key: next() });
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  }
  expect((await s.api('POST', '/links', { key: fresh, json: { url: 'https://example.com/after-the-storm' } })).status).toBe(201);
  expect((await s.api('GET', '/links', { key: wrongKey() })).status).toBe(429);
});

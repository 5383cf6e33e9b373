// Property: whatever a client sends, the API answers with contract-shaped JSON
// and never a 5xx. 5,000+ generated bodies and query strings over real HTTP.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let seen = 0;
beforeAll(async () => {
  s = await startServer({ rateLimit: 0 });
  await s.api('POST', '/domains', { form: { name: 'fuzz.example' } });
  await s.api('POST', '/spaces', { form: { name: 'Fuzz' } });
  await s.api('POST', '/pixels', { form: { name: 'Fuzz', type: 'x', pixel_id: 'f' } });
  await s.api('POST', '/links', { form: { url: 'https://example.com' } });
});
afterAll(async () => {
  await s.close();
  expect(seen).toBeGreaterThanOrEqual(5000);
});

const LINK_FIELDS = ['url', 'domain_id', 'domain', 'alias', 'password', 'space_id', 'pixel_ids', 'disabled', 'privacy', 'privacy_password',
  'expiration_url', 'expiration_date', 'expiration_time', 'expiration_clicks', 'target_type', 'country', 'platform', 'language', 'rotation'];
const OTHER_FIELDS = ['name', 'index_page', 'not_found_page', 'color', 'type', 'pixel_id'];
const QUERY_FIELDS = ['search', 'search_by', 'status', 'space_id', 'domain_id', 'pixel_id', 'sort_by', 'sort', 'per_page', 'page'];

const scalar = fc.oneof(
  fc.constantFrom('', '0', '1', '2', '3', '4', '5', '-1', '10', '25', '100', '1e3', '0x10', 'NaN', 'null', 'true', 'US', 'iOS', 'OS X', 'en',
    'https://example.com', 'javascript:alert(1)', 'http://', '2099-01-01', '2099-02-30', '23:59', '24:00', 'asc', 'desc', 'title', 'alias',
    'url', 'id', 'clicks', 'name', 'google-analytics', '#ffffff', 'a'.repeat(3000), '<script>', "'; DROP TABLE links; --", '%', '_', '"'),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer({ min: -5, max: 200 }).map(String),
);
const key = (fields: string[]) => fc.oneof(
  fc.constantFrom(...fields),
  fc.tuple(fc.constantFrom(...fields), fc.array(fc.oneof(fc.constant(''), fc.nat({ max: 120 }).map(String), fc.constantFrom('key', 'value', '__proto__', 'constructor')), { maxLength: 4 }))
    .map(([f, path]) => f + path.map((p) => `[${p}]`).join('')),
  fc.string({ maxLength: 12 }),
);
const formBody = (fields: string[]) => fc.oneof(
  fc.array(fc.tuple(key(fields), scalar), { maxLength: 14 })
    .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')),
  fc.string({ maxLength: 200 }),
);
const jsonBody = (fields: string[]) => fc.oneof(
  fc.dictionary(fc.constantFrom(...fields), fc.oneof(fc.jsonValue({ maxDepth: 3 }), scalar), { maxKeys: 10 }),
  fc.jsonValue({ maxDepth: 3 }),
);

const isStringArrayRecord = (v: unknown) =>
  typeof v === 'object' && v !== null && !Array.isArray(v) &&
  Object.values(v).every((list) => Array.isArray(list) && list.length > 0 && list.every((m) => typeof m === 'string' && m.length > 0));

async function send(method: string, path: string, body?: { form?: string; json?: unknown; raw?: string }): Promise<void> {
  const headers: Record<string, string> = { authorization: `Bearer ${s.key}`, accept: 'application/json' };
  let payload: string | undefined;
  if (body?.form !== undefined) { headers['content-type'] = 'application/x-www-form-urlencoded'; payload = body.form; }
  if (body?.json !== undefined) { headers['content-type'] = 'application/json'; payload = JSON.stringify(body.json); }
  const res = await fetch(`${s.url}/api/v1${path}`, { method, headers, body: payload });
  const text = await res.text();
  seen++;
  expect(res.status, `${method} ${path} ${payload ?? ''} → ${text}`).toBeLessThan(500);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const b = JSON.parse(text) as Record<string, unknown>;
  expect(b.status).toBe(res.status);
  if (res.status >= 400) {
    expect(Object.keys(b).every((k) => ['message', 'errors', 'status'].includes(k))).toBe(true);
    // A 422's message is the field map (phpShort's API), errors the same map; other errors say a sentence.
    if (res.status === 422) {
      expect(isStringArrayRecord(b.errors), text).toBe(true);
      expect(b.message).toEqual(b.errors);
    } else expect(typeof b.message).toBe('string');
    expect(text).not.toMatch(/SQLITE|at .*\.ts:\d+|stack/i);
  } else if (method === 'DELETE') {
    expect(b.deleted).toBe(true);
  } else {
    expect(b).toHaveProperty('data');
    if (Array.isArray(b.data)) expect(b).toHaveProperty('meta.total');
  }
}

const RUNS = { create: 1400, update: 900, lists: 1500, others: 1000, ids: 300 };

describe('API under generated input', () => {
  it('link creates (form and JSON)', async () => {
    await fc.assert(fc.asyncProperty(fc.oneof(formBody(LINK_FIELDS).map((form) => ({ form })), jsonBody(LINK_FIELDS).map((json) => ({ json }))),
      async (body) => send('POST', '/links', body)), { numRuns: RUNS.create });
  }, 240_000);

  it('link updates', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom('PUT', 'PATCH'), fc.oneof(formBody(LINK_FIELDS).map((form) => ({ form })), jsonBody(LINK_FIELDS).map((json) => ({ json }))),
      async (method, body) => send(method, '/links/1', body)), { numRuns: RUNS.update });
  }, 240_000);

  it('list query strings on every list endpoint', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom('/links', '/domains', '/spaces', '/pixels'), formBody(QUERY_FIELDS),
      async (path, q) => send('GET', `${path}?${q}`)), { numRuns: RUNS.lists });
  }, 240_000);

  it('domain, space and pixel writes', async () => {
    await fc.assert(fc.asyncProperty(
      fc.constantFrom('POST /domains', 'PUT /domains/1', 'POST /spaces', 'PATCH /spaces/1', 'POST /pixels', 'PUT /pixels/1'),
      fc.oneof(formBody(OTHER_FIELDS).map((form) => ({ form })), jsonBody(OTHER_FIELDS).map((json) => ({ json }))),
      async (route, body) => {
        const [method, path] = route.split(' ') as [string, string];
        await send(method, path, body);
      }), { numRuns: RUNS.others });
  }, 240_000);

  it('path ids', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom('links', 'domains', 'spaces', 'pixels', 'stats'), fc.oneof(fc.string({ maxLength: 12 }), fc.integer().map(String)),
      async (res, id) => send('GET', `/${res}/${encodeURIComponent(id)}`)), { numRuns: RUNS.ids });
  });
});

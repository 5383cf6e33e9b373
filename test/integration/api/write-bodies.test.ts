// Property: a body that is not an object (null, a list, a number, a string),
// an empty body or `{}` sent to any write route is answered in words: a 4xx
// in the contract's shape, never a 500, and never a change made from nothing.
// Runs on both engines (the postgres project includes test/integration/api).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let ids: Record<'domain' | 'link' | 'space' | 'pixel' | 'webhook' | 'user' | 'key', number>;
beforeAll(async () => {
  s = await startServer({ rateLimit: 0 }, { webhooks: false });
  const made = async (path: string, form: Record<string, string>) => {
    const r = await s.api('POST', path, { form });
    expect(r.status, r.text).toBe(201);
    return r.body.data.id as number;
  };
  ids = {
    domain: await made('/domains', { name: 'bodies.example' }),
    link: await made('/links', { url: 'https://example.com' }),
    space: await made('/spaces', { name: 'Space' }),
    pixel: await made('/pixels', { name: 'Pixel', type: 'x', pixel_id: 'p1' }),
    webhook: await made('/webhooks', { url: 'https://hooks.example/in', 'events[]': 'link.created' }),
    user: await made('/users', { name: 'member' }),
    key: await made('/keys', { name: 'spare' }),
  };
});
afterAll(async () => s?.close());

/** Every route that reads a body, with an id that exists. */
const ROUTES = (): [string, string][] => [
  ['POST', '/domains'], ['PUT', `/domains/${ids.domain}`], ['PATCH', `/domains/${ids.domain}`],
  ['POST', '/links'], ['PUT', `/links/${ids.link}`], ['PATCH', `/links/${ids.link}`],
  ['POST', '/links/bulk'], ['PATCH', '/links/bulk'], ['DELETE', '/links/bulk'],
  ['POST', '/spaces'], ['PUT', `/spaces/${ids.space}`], ['PATCH', `/spaces/${ids.space}`],
  ['POST', '/pixels'], ['PUT', `/pixels/${ids.pixel}`], ['PATCH', `/pixels/${ids.pixel}`],
  ['POST', '/webhooks'], ['PUT', `/webhooks/${ids.webhook}`], ['PATCH', `/webhooks/${ids.webhook}`],
  ['POST', '/users'], ['PATCH', `/users/${ids.user}`],
  ['POST', '/keys'], ['PATCH', `/keys/${ids.key}`],
];

const NOT_OBJECTS = fc.oneof(
  fc.constantFrom<unknown>(null, [], [{}], 0, 1, -1.5, '', 'name=x', true, false),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 20 }),
);

async function send(method: string, path: string, contentType: string | null, payload: string | undefined) {
  const headers: Record<string, string> = { authorization: `Bearer ${s.key}`, accept: 'application/json' };
  if (contentType) headers['content-type'] = contentType;
  const res = await fetch(`${s.url}/api/v1${path}`, { method, headers, body: payload });
  const text = await res.text();
  const body = JSON.parse(text) as { message?: unknown; errors?: Record<string, string[]>; status?: unknown };
  expect(res.status, `${method} ${path} ${payload} → ${text}`).toBeLessThan(500);
  expect(body.status).toBe(res.status);
  return { status: res.status, body, text };
}

const counts = async () => (await s.sql(`SELECT (SELECT COUNT(*) FROM api_keys) AS k, (SELECT COUNT(*) FROM users) AS u,
  (SELECT COUNT(*) FROM links) AS l, (SELECT COUNT(*) FROM domains) AS d`))[0];

describe('bodies that are not objects', () => {
  it('null, a list, a number or a string as JSON is 422 on every write route, and changes nothing', async () => {
    const before = await counts();
    await fc.assert(fc.asyncProperty(fc.constantFrom(...ROUTES()), NOT_OBJECTS, async ([method, path], value) => {
      const r = await send(method, path, 'application/json', JSON.stringify(value));
      expect(r.status, `${method} ${path} ${JSON.stringify(value)} → ${r.text}`).toBe(422);
      expect(r.body.errors).toEqual({ body: [expect.stringMatching(/object/)] });
    }), { numRuns: 300 });
    expect(await counts()).toEqual(before);
  });

  it('null on POST /keys mints nothing', async () => {
    const before = await counts();
    const r = await send('POST', '/keys', 'application/json', 'null');
    expect(r.status).toBe(422);
    expect(r.body.message).toEqual({ body: [expect.stringMatching(/must be an object/)] });
    expect(await counts()).toEqual(before);
  });

  it('an empty body, with or without a content type, and a form body are never a 500', async () => {
    await fc.assert(fc.asyncProperty(
      fc.constantFrom(...ROUTES()),
      fc.constantFrom<[string | null, string | undefined]>(
        [null, undefined], ['application/json', ''], ['application/json', ' '], ['application/x-www-form-urlencoded', ''],
        ['application/json', '{}'], ['application/x-www-form-urlencoded', 'unknown=1'], ['application/json', '{"unknown":1}'],
      ),
      async ([method, path], [type, payload]) => {
        const r = await send(method, path, type, payload);
        if (method !== 'POST' || path !== '/keys') expect(r.status, `${method} ${path} ${type} ${payload} → ${r.text}`).toBe(422);
      },
    ), { numRuns: 200 });
  });
});

describe('an update with nothing to change', () => {
  it('PATCH /users/{id} with {}, an empty body or only unknown fields is 422 naming the fields it takes', async () => {
    for (const [type, payload] of [['application/json', '{}'], [null, undefined], ['application/json', ''], ['application/json', '{"nickname":"x"}'],
      ['application/x-www-form-urlencoded', 'nickname=x']] as const) {
      const r = await send('PATCH', `/users/${ids.user}`, type, payload);
      expect(r.status, r.text).toBe(422);
      expect(r.body.message).toEqual({ body: ['Nothing to change: send at least one of name, role, status, links, link_limit_minute, link_limit_day.'] });
      expect(r.body.errors).toEqual({ body: ['Nothing to change: send at least one of name, role, status, links, link_limit_minute, link_limit_day.'] });
    }
    const u = await s.api('GET', `/users/${ids.user}`);
    expect(u.body.data).toMatchObject({ name: 'member', role: 'member', status: 'active' });
  });

  it('every PUT and PATCH of one record answers {} with 422, and the record is unchanged', async () => {
    for (const [method, path] of ROUTES().filter(([m, p]) => m !== 'POST' && !p.endsWith('/bulk'))) {
      const before = await s.api('GET', path);
      const r = await send(method, path, 'application/json', '{}');
      expect(r.status, `${method} ${path} → ${r.text}`).toBe(422);
      expect(r.body.message).toEqual({ body: [expect.stringMatching(/^Nothing to change: send at least one of /)] });
      expect((await s.api('GET', path)).body).toEqual(before.body);
    }
  });
});

// The served OpenAPI document says the rules the validators apply (electron/server/api/openapi-declare.ts,
// shared/schemas/openapi-marks.ts): for each value below, the document (held by Ajv with formats, as
// Schemathesis holds it) and the server agree on whether it is taken. Before the declarations, the
// document allowed every value here that the server refuses.
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConformance, type Conforms, type Encoding } from '../../fuzz/conformance.ts';
import type { Schema } from '../../fuzz/schema-values.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let doc: Schema;
let conforms: Conforms;
let linkId: number;
beforeAll(async () => {
  s = await startServer({ rateLimit: 0 }, { webhooks: false });
  doc = (await s.api('GET', '/openapi.json')).body as Schema;
  conforms = createConformance(doc);
  linkId = (await s.api('POST', '/links', { json: { url: 'https://example.com/declared' } })).body.data.id;
});
afterAll(async () => s.close());

const bodySchema = (method: string, path: string, type = 'application/json'): Schema =>
  doc.paths[`/api/v1${path}`][method.toLowerCase()].requestBody.content[type].schema;

/** The document's word and the server's answer on one body. */
async function agree(method: string, path: string, template: string, body: Record<string, unknown>, encoding: Encoding = 'json') {
  const type = encoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
  const text = encoding === 'form' ? qs.stringify(body, { arrayFormat: 'indices' }) : JSON.stringify(body);
  const judged = encoding === 'form' ? qs.parse(text, { depth: 10, arrayLimit: 1000 }) : JSON.parse(text);
  const documented = conforms(`${method} ${template}`, bodySchema(method, template, type), judged, encoding) === null;
  const r = await fetch(`${s.url}/api/v1${path}`, { method, headers: { authorization: `Bearer ${s.key}`, 'content-type': type }, body: text });
  return { documented, status: r.status, answer: await r.text() };
}

describe('the document declares what the server refuses', () => {
  const refused: [string, string, string, Record<string, unknown>][] = [
    ['a URL that is not http(s)', 'POST', '/links', { url: 'ftp://example.com/x' }],
    ['a URL without a scheme', 'POST', '/links', { url: 'example.com/x' }],
    ['a reserved alias, in any case', 'POST', '/links', { url: 'https://example.com/r', alias: 'API' }],
    ['a period end without its start on a new link', 'POST', '/links', { url: 'https://example.com/p', active_period_end_at: '2031-01-31 10:00' }],
    ['a period end that is no date', 'POST', '/links', { url: 'https://example.com/p', active_period_start_at: '2030-01-31', active_period_end_at: '31/01/2031' }],
    ['an expiration_time without its date on a new link', 'POST', '/links', { url: 'https://example.com/t', expiration_time: '10:00' }],
    ['a country code that is none', 'POST', '/links', { url: 'https://example.com/c', rules: [{ if: { countries: ['XY'] }, url: 'https://example.com/z' }] }],
    ['a rule without conditions', 'POST', '/links', { url: 'https://example.com/c', rules: [{ if: {}, url: 'https://example.com/z' }] }],
    ['targets whose key is no country', 'POST', '/links', { url: 'https://example.com/t', targets_type: 'countries', targets: [{ key: 'XX', value: 'https://example.com/x' }] }],
    ['a weight on a country target', 'POST', '/links', { url: 'https://example.com/t', targets_type: 'countries', targets: [{ key: 'US', value: 'https://example.com/x', weight: 5 }] }],
    ['target_type and targets_type naming two types', 'POST', '/links', { url: 'https://example.com/t', target_type: 2, targets_type: 'countries', targets: [{ key: 'US', value: 'https://example.com/x' }] }],
    ['targets without a type', 'POST', '/links', { url: 'https://example.com/t', targets: [{ value: 'https://example.com/x' }] }],
    ['a webhook without events', 'POST', '/webhooks', { url: 'https://93.184.215.14/hook' }],
    ['a webhook with no event', 'POST', '/webhooks', { url: 'https://93.184.215.14/hook', events: [] }],
    ['a domain name with a scheme', 'POST', '/domains', { name: 'https://links.example.com' }],
    ['an expiry that is no date', 'POST', '/keys', { expires_at: 'tomorrow' }],
    ['an update that changes nothing', 'PATCH', '/spaces/{id}', {}],
    ['a JSON field named __proto__', 'POST', '/spaces', JSON.parse('{"name":"S","__proto__":{"x":1}}') as Record<string, unknown>],
  ];
  for (const [what, method, template, body] of refused) {
    it(`${what}: ${method} ${template} refused by both`, async () => {
      const path = template === '/spaces/{id}' ? `/spaces/${(await s.api('POST', '/spaces', { json: { name: 'Declared' } })).body.data.id}` : template;
      const r = await agree(method, path, template, body);
      expect(r.status, r.answer).toBe(422);
      expect(r.documented).toBe(false);
    });
  }
});

describe('the document allows what the server takes', () => {
  // The last field: whether the old document allowed it already (the new declarations must keep it allowed).
  const taken: [string, string, Record<string, unknown>, Encoding, boolean][] = [
    ['"" clears a URL field (JSON)', 'PATCH', { expiration_url: '' }, 'json', false],
    ['null for no pixels (JSON)', 'PATCH', { pixel_ids: null }, 'json', false],
    ['true for a 0/1 field (JSON)', 'PATCH', { disabled: true }, 'json', false],
    ['"1" for a Laravel boolean (JSON)', 'PATCH', { sensitive_content: '1' }, 'json', false],
    ['"" clears a number field (form)', 'PATCH', { clicks_limit: '' }, 'form', true],
    ['a period end with its time', 'PATCH', { active_period_end_at: '2031-01-31 10:00' }, 'json', true],
    ['the largest integer (form)', 'PATCH', { expiration_clicks: String(Number.MAX_SAFE_INTEGER) }, 'form', true],
    ['a lower-case country in a rule', 'PATCH', { rules: [{ if: { countries: ['us'] }, url: 'https://example.com/us' }] }, 'json', true],
  ];
  for (const [what, method, body, encoding, holds] of taken) {
    it(`${what}: ${method} /links/{id} taken by both${holds ? ' (holds)' : ''}`, async () => {
      const r = await agree(method, `/links/${linkId}`, '/links/{id}', body, encoding);
      expect(r.status, r.answer).toBe(200);
      expect(r.documented).toBe(true);
    });
  }

  it('weighted rotations and lower-case country targets on a new link: POST /links taken by both (holds)', async () => {
    for (const body of [
      { url: 'https://example.com/r', targets_type: 'rotations', targets: [{ value: 'https://example.com/r1', weight: 30 }, { value: 'https://example.com/r2' }] },
      { url: 'https://example.com/c', target_type: 1, country: [{ key: 'us', value: 'https://example.com/us' }] },
    ]) {
      const r = await agree('POST', '/links', '/links', body);
      expect(r.status, r.answer).toBe(201);
      expect(r.documented).toBe(true);
    }
  });

  it('a key expiring at an instant with an offset: POST /keys taken by both (holds)', async () => {
    const r = await agree('POST', '/keys', '/keys', { expires_at: '2031-01-31T17:00:00+05:00' });
    expect(r.status, r.answer).toBe(201);
    expect(r.documented).toBe(true);
  });
});

it('a form field named as one of Object.prototype\'s is refused, and the form body declares those names reserved', async () => {
  const r = await s.api('POST', '/spaces', { form: 'name=S&constructor=x' });
  expect(r.status).toBe(422);
  expect(Object.keys(r.body.errors)).toEqual(['constructor']);
  const names = bodySchema('POST', '/spaces', 'application/x-www-form-urlencoded').propertyNames.not.enum;
  expect(names).toEqual(expect.arrayContaining(['__proto__', 'constructor', 'toString', 'hasOwnProperty']));
  // JSON takes them as any other name (only __proto__ is reserved there).
  expect((await s.api('POST', '/spaces', { json: { name: 'T', constructor: 'x' } })).status).toBe(201);
  expect(bodySchema('POST', '/spaces').propertyNames).toEqual({ not: { const: '__proto__' } });
});

it('form bodies declare how nested fields are spelled: bracket paths for objects and lists of objects, repeated names for lists of values', () => {
  const media = doc.paths['/api/v1/links'].post.requestBody.content['application/x-www-form-urlencoded'];
  expect(media.encoding.country).toEqual({ style: 'deepObject', explode: true });
  expect(media.encoding.rules).toEqual({ style: 'deepObject', explode: true });
  expect(media.encoding.pixel_ids).toEqual({ style: 'form', explode: true });
  expect(media.encoding.url).toBeUndefined();
});

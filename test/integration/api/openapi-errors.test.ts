// The framework's own refusals (unreadable JSON, a foreign media type, a body
// or path segment too large) answer the contract's {message, status}, and the
// served OpenAPI document names them, and every other status, on each route.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ rateLimit: 0 });
});
afterAll(async () => s.close());

const contractBody = (status: number, body: unknown) => {
  expect(body).toEqual({ message: expect.any(String), status });
  expect((body as { message: string }).message).not.toMatch(/FST_|statusCode/);
};

describe('framework errors in the contract shape', () => {
  it('a 5,000-character id answers 414 {message, status}', async () => {
    const r = await s.api('GET', `/links/${'a'.repeat(5000)}`);
    expect(r.status).toBe(414);
    contractBody(414, r.body);
    expect(r.text).not.toContain('FST_ERR_MAX_PARAM_LENGTH');
  });

  it('bad percent-encoding in a path id answers 400 {message, status}', async () => {
    const r = await s.api('GET', '/links/%E0%A4%A');
    expect(r.status).toBe(400);
    contractBody(400, r.body);
  });

  it('JSON that does not parse answers 400 naming JSON', async () => {
    const r = await fetch(`${s.url}/api/v1/links`, { method: 'POST', headers: { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' }, body: '{"url":"x",}' });
    expect(r.status).toBe(400);
    const body = (await r.json()) as { message: string };
    contractBody(400, body);
    expect(body.message).toMatch(/JSON/);
  });

  it('a foreign media type answers 415 naming the ones accepted', async () => {
    const r = await fetch(`${s.url}/api/v1/links`, { method: 'POST', headers: { authorization: `Bearer ${s.key}`, 'content-type': 'application/xml' }, body: '<url/>' });
    expect(r.status).toBe(415);
    const body = (await r.json()) as { message: string };
    contractBody(415, body);
    expect(body.message).toContain('application/json');
  });

  it('a body over 1 MB answers 413 {message, status}', async () => {
    const r = await fetch(`${s.url}/api/v1/spaces`, { method: 'POST', headers: { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' }, body: `{"name":"${'a'.repeat(1024 * 1024)}"}` });
    expect(r.status).toBe(413);
    contractBody(413, await r.json());
  });

  it('a DELETE with an unreadable body answers 400, not a 500', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const body = '{';
      const req = request(`${s.url}/api/v1/links/1`, { method: 'DELETE', headers: { authorization: `Bearer ${s.key}`, 'content-type': 'application/json', 'content-length': body.length } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(400);
  });
});

describe('the OpenAPI document tells every status', () => {
  let doc: any;
  beforeAll(async () => {
    doc = (await s.api('GET', '/openapi.json')).body;
  });
  const responsesOf = (path: string, method: string) => Object.keys(doc.paths[`/api/v1${path}`][method].responses);

  it('names the framework statuses where they can occur', () => {
    expect(responsesOf('/links', 'post')).toEqual(expect.arrayContaining(['201', '400', '401', '403', '413', '415', '422', '429', '431', '503']));
    expect(responsesOf('/links/{id}', 'patch')).toEqual(expect.arrayContaining(['400', '404', '413', '414', '415', '422']));
    expect(responsesOf('/links/{id}', 'get')).toEqual(expect.arrayContaining(['400', '404', '414', '431']));
    // A GET's body is never read: no 413 or 415 there.
    expect(responsesOf('/links', 'get')).not.toContain('415');
  });

  it('documents every error body as {message, status}, a 422 with errors', () => {
    const { Error: error, ValidationError: validation } = doc.components.schemas;
    expect(error.required).toEqual(['message', 'status']);
    expect(validation.required).toEqual(['message', 'errors', 'status']);
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        for (const [status, r] of Object.entries<any>(op.responses)) {
          if (Number(status) < 400) continue;
          const ref = r.content['application/json'].schema.$ref;
          expect(ref, `${method} ${path} ${status}`).toBe(status === '422' ? '#/components/schemas/ValidationError' : '#/components/schemas/Error');
        }
      }
    }
  });

  it('says bodies may be JSON or form-encoded', () => {
    expect(Object.keys(doc.paths['/api/v1/links'].post.requestBody.content)).toEqual(['application/json', 'application/x-www-form-urlencoded']);
  });

  it('documents GET /audit/export as text/csv, and the 409 of a redelivery under way', () => {
    expect(Object.keys(doc.paths['/api/v1/audit/export'].get.responses['200'].content)).toEqual(['text/csv']);
    expect(responsesOf('/webhooks/{id}/deliveries/{delivery_id}/redeliver', 'post')).toContain('409');
  });
});

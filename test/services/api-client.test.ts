// Each typed error comes from a real failure: a real Linkdesk server refusing
// a key, rejecting fields, limiting requests; a closed port; an HTML server; a
// TLS server with a self-signed certificate; a server slower than the deadline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../../electron/services/api-client.ts';
import { transportError } from '../../electron/services/net/failures.ts';
import { ServiceError } from '../../electron/services/errors.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { closedPort, httpServer, httpsServer, selfSignedCert } from './helpers.ts';

const client = (baseUrl: string, key: string | null, timeoutMs?: number): ApiClient =>
  createApiClient({ baseUrl, getKey: async () => key, timeoutMs });

async function failure(p: Promise<unknown>): Promise<ServiceError['error']> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ServiceError) return err.error;
    throw err;
  }
  throw new Error('expected a failure');
}

describe('API client against phpShort itself', () => {
  it('a 422 whose message is the field map, without errors (phpShort API StoreLinkRequest failedValidation), lands on its fields', async () => {
    const phpShort = await httpServer((_req, res) => {
      res.writeHead(422, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: { url: ['The url field is required.'], alias: ['The alias has already been taken.'] }, status: 422 }));
    });
    const api = client(phpShort.url, 'key');
    const e = await failure(api.request('POST', '/links', { body: {} }));
    expect(e).toMatchObject({
      kind: 'validation', status: 422, message: 'The url field is required.',
      fields: { url: ['The url field is required.'], alias: ['The alias has already been taken.'] },
    });
    await api.close();
    await phpShort.close();
  });
});

describe('API client against a real Linkdesk server', () => {
  let server: TestServer;
  let api: ApiClient;
  beforeAll(async () => {
    server = await startServer({ rateLimit: 0 });
    api = client(server.url, server.key);
  });
  afterAll(async () => {
    await api.close();
    await server.close();
  });

  it('sends the Bearer key and returns the body', async () => {
    const body = await api.request('GET', '/account');
    expect(body).toMatchObject({ data: { name: 'owner' }, status: 200 });
  });

  it('401: invalid-key', async () => {
    const bad = client(server.url, `ldk_${'A'.repeat(40)}`);
    expect(await failure(bad.request('GET', '/account'))).toMatchObject({ kind: 'invalid-key', status: 401 });
    await bad.close();
  });

  it('no stored key: no-key, and nothing is sent', async () => {
    const none = client(server.url, null);
    expect(await failure(none.request('GET', '/account'))).toMatchObject({ kind: 'no-key' });
    await none.close();
  });

  it('422: validation with the field errors', async () => {
    const e = await failure(api.request('POST', '/links', { body: { url: 'javascript:alert(1)' } }));
    expect(e.kind).toBe('validation');
    expect(e.status).toBe(422);
    expect(Object.keys(e.fields ?? {})).toContain('url');
    expect(e.message).toBe(e.fields?.url?.[0]);
  });

  it('404: not-found', async () => {
    expect(await failure(api.request('GET', '/links/999999'))).toMatchObject({ kind: 'not-found', status: 404, message: 'Resource not found.' });
  });

  it('409: conflict, deleting a domain that still has links', async () => {
    const domain = (await api.request('POST', '/domains', { body: { name: 'go.example.test' } })).data as { id: number };
    await api.request('POST', '/links', { body: { url: 'https://example.com/a', domain_id: domain.id } });
    const e = await failure(api.request('DELETE', `/domains/${domain.id}`));
    expect(e).toMatchObject({ kind: 'conflict', status: 409 });
    expect(e.message).toMatch(/links/);
  });

  it('passes list queries through, and the API owns their validation', async () => {
    const page = await api.request('GET', '/links', { query: { per_page: 10, search: undefined } });
    expect(page).toMatchObject({ meta: { per_page: 10 } });
    expect(await failure(api.request('GET', '/links', { query: { per_page: 7 } }))).toMatchObject({ kind: 'validation' });
  });
});

it('429: rate-limited with the retry time from Retry-After', async () => {
  const server = await startServer({ rateLimit: 1 });
  const api = client(server.url, server.key);
  try {
    await api.request('GET', '/account');
    const e = await failure(api.request('GET', '/account'));
    expect(e.kind).toBe('rate-limited');
    expect(e.status).toBe(429);
    expect(e.retryAfterSeconds).toBeGreaterThan(0);
    expect(e.retryAfterSeconds).toBeLessThanOrEqual(60);
  } finally {
    await api.close();
    await server.close();
  }
});

it('a closed port: unreachable', async () => {
  const api = client(`http://127.0.0.1:${await closedPort()}`, 'k');
  const e = await failure(api.request('GET', '/account'));
  expect(e.kind).toBe('unreachable');
  expect(e.message).toMatch(/connection refused/);
  await api.close();
});

it('a host name that does not resolve: unreachable (error shape as Node gives it)', () => {
  const err = Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.invalid'), { code: 'ENOTFOUND' });
  expect(transportError(err, { host: 'nowhere.invalid', hostname: 'nowhere.invalid', route: { type: 'direct' }, proxyCredentials: false, timeoutMs: 1000 }).error).toMatchObject({ kind: 'unreachable', message: expect.stringMatching(/could not be found/) });
});

it('a server that answers HTML: not-linkdesk', async () => {
  const html = await httpServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>My blog</title><p>Hello');
  });
  const api = client(html.url, 'k');
  try {
    const e = await failure(api.request('GET', '/account'));
    expect(e.kind).toBe('not-linkdesk');
    expect(e.message).toMatch(/web page \("My blog"\) instead of the API/);
    expect(e.reason).toBe('html-login');
    // JSON that is not this API is no better.
    const other = await httpServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"hello":"world"}'));
    const api2 = client(other.url, 'k');
    expect(await failure(api2.request('GET', '/account'))).toMatchObject({ kind: 'not-linkdesk' });
    await api2.close();
    await other.close();
  } finally {
    await api.close();
    await html.close();
  }
});

it('a redirect (http to https, a moved site): not-linkdesk, naming where it points', async () => {
  const moved = await httpServer((_req, res) => res.writeHead(301, { location: 'https://short.example/api/v1/account' }).end());
  const api = client(moved.url, 'k');
  const e = await failure(api.request('GET', '/account'));
  expect(e.kind).toBe('not-linkdesk');
  expect(e.message).toContain('https://short.example');
  await api.close();
  await moved.close();
});

it('a TLS server with a self-signed certificate: tls; trusting that certificate makes it work', async () => {
  const tls = selfSignedCert();
  const server = await httpsServer(tls, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ data: { id: 1, name: 'tls', created_at: '2026-01-01T00:00:00Z' }, status: 200 }));
  });
  const api = client(server.url, 'k');
  const trusting = createApiClient({ baseUrl: server.url, getKey: async () => 'k', ca: [tls.cert] });
  try {
    const e = await failure(api.request('GET', '/account'));
    expect(e.kind).toBe('tls');
    expect(e.message).toMatch(/SELF_SIGNED/);
    expect(await trusting.request('GET', '/account')).toMatchObject({ data: { name: 'tls' } });
  } finally {
    await api.close();
    await trusting.close();
    await server.close();
  }
});

it('a server slower than the deadline: timeout, on time', async () => {
  const slow = await httpServer(() => { /* never answers */ });
  const api = client(slow.url, 'k', 300);
  try {
    const t0 = performance.now();
    const e = await failure(api.request('GET', '/account'));
    const elapsed = performance.now() - t0;
    expect(e.kind).toBe('timeout');
    expect(e.message).toMatch(/0\.3 s/);
    expect(elapsed).toBeGreaterThanOrEqual(280);
    expect(elapsed).toBeLessThan(2000);
  } finally {
    await api.close();
    await slow.close();
  }
});

it('a proxy error page in front of an instance: server', async () => {
  const proxy = await httpServer((_req, res) => res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>502 Bad Gateway</h1>'));
  const api = client(proxy.url, 'k');
  expect(await failure(api.request('GET', '/account'))).toMatchObject({ kind: 'server', status: 502 });
  await api.close();
  await proxy.close();
});

it('a base URL with a path prefix reaches /prefix/api/v1', async () => {
  const seen: string[] = [];
  const s = await httpServer((req, res) => {
    seen.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{},"status":200}');
  });
  const api = client(`${s.url}/short`, 'k');
  await api.request('GET', '/links', { query: { page: 2 } });
  expect(seen).toEqual(['/short/api/v1/links?page=2']);
  await api.close();
  await s.close();
});

// GET /api/docs (issue 46): the API reference page and its assets, served by the server itself under a CSP that
// allows this origin only, cached by version and ETag, and nothing else under /api/docs/assets.
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

const uiVersion = (createRequire(import.meta.url)('swagger-ui-dist/package.json') as { version: string }).version;

/** A request whose path is sent as written (fetch would resolve `..` before sending). */
function raw(url: string, rawPath: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path: rawPath, headers: { connection: 'close', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

let s: TestServer;
beforeAll(async () => { s = await startServer({ rateLimit: 0 }, { webhooks: false }); });
afterAll(async () => s.close());

describe('GET /api/docs', () => {
  it('is an HTML page under a CSP of this origin only, readable without a key', async () => {
    const res = await raw(s.url, '/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toMatch(/https?:|\*/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const html = res.body.toString();
    // Every script and stylesheet the page names is on this server, under the UI's version.
    const refs = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!).filter((r) => !r.startsWith('data:'));
    expect(refs.filter((r) => r.startsWith('/api/docs/assets/')).length).toBe(4);
    for (const r of refs) expect(r.startsWith('/')).toBe(true);
    expect(html).toContain(`/api/docs/assets/${uiVersion}/swagger-ui-bundle.js`);
    expect(html).toContain('data-document="/api/v1/openapi.json"');
    expect(res.body.length).toBeLessThan(2048);
  });

  it('is the same page on every instance', async () => {
    const other = await startServer({ rateLimit: 0 }, { webhooks: false });
    try {
      const [a, b] = await Promise.all([raw(s.url, '/api/docs'), raw(other.url, '/api/docs')]);
      expect(b.body.equals(a.body)).toBe(true);
      expect(b.headers.etag).toBe(a.headers.etag);
    } finally { await other.close(); }
  });

  it('serves its assets from here, compressed, cached a year under the version, revalidated by ETag', async () => {
    for (const [name, type] of [['swagger-ui-bundle.js', 'text/javascript'], ['swagger-ui.css', 'text/css'], ['docs.js', 'text/javascript'], ['docs.css', 'text/css']]) {
      const res = await raw(s.url, `/api/docs/assets/${uiVersion}/${name}`, { 'accept-encoding': 'gzip' });
      expect(res.status, name).toBe(200);
      expect(res.headers['content-type'], name).toBe(`${type}; charset=utf-8`);
      expect(res.headers['cache-control'], name).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-security-policy'], name).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
      const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.body) : res.body;
      expect(body.length, name).toBeGreaterThan(100);
      const again = await raw(s.url, `/api/docs/assets/${uiVersion}/${name}`, { 'if-none-match': String(res.headers.etag) });
      expect(again.status, name).toBe(304);
      expect(again.body.length, name).toBe(0);
    }
    const bundle = await raw(s.url, `/api/docs/assets/${uiVersion}/swagger-ui-bundle.js`, { 'accept-encoding': 'gzip' });
    expect(bundle.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(bundle.body).toString()).toContain('SwaggerUIBundle');
    // Another version's address gets today's file, but not cached as immutable.
    const old = await raw(s.url, '/api/docs/assets/1.0.0/docs.css');
    expect(old.status).toBe(200);
    expect(old.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 for an unknown asset and for a path out of the folder', async () => {
    for (const p of [`/api/docs/assets/${uiVersion}/swagger-ui.js.map`, `/api/docs/assets/${uiVersion}/index.html`,
      '/api/docs/assets/../../package.json', `/api/docs/assets/${uiVersion}/..%2F..%2Fpackage.json`,
      `/api/docs/assets/${uiVersion}/..%2Fswagger-ui-dist%2Fpackage.json`, '/api/docs/assets/package.json', '/api/docs/swagger-ui-bundle.js',
      `/api/docs/assets/${uiVersion}/%2e%2e/package.json`, '/api/docs/assets/x/../../../package.json']) {
      const res = await raw(s.url, p);
      expect(res.status, p).toBe(404);
      expect(res.body.toString(), p).not.toContain('"dependencies"');
    }
  });

  it('renders the same served document the reference reads (holds)', async () => {
    const doc = await s.api('GET', '/openapi.json', { key: null });
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toContain('/api/v1/links');
    // The reference itself is not an operation of the API.
    expect(Object.keys(doc.body.paths).some((p) => p.startsWith('/api/docs'))).toBe(false);
  });
});

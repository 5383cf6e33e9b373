// GET /api/docs (issue 46): the API reference page and its assets, served by this server alone, with a CSP that
// allows only this origin's scripts; unknown asset names and path traversal are the usual 404.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
beforeAll(async () => { s = await startServer({ rateLimit: 0 }, { webhooks: false }); });
afterAll(async () => s.close());

/** A GET with the path sent as written (fetch would resolve "../" before sending). */
function rawGet(pathname: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  const u = new URL(s.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path: pathname, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

const assetPaths = (html: string) => [...html.matchAll(/(?:src|href)="(\/api\/docs\/assets\/[^"]+)"/g)].map((m) => m[1]!);

describe('GET /api/docs', () => {
  it('serves a small HTML page with a CSP of this origin only, no key needed', async () => {
    const res = await rawGet('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-eval|https?:/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.text.length).toBeLessThan(2048);
    // Nothing on the page points elsewhere.
    expect(res.text).not.toMatch(/(?:src|href)="(?:https?:)?\/\//);
    expect(assetPaths(res.text)).toHaveLength(4);
  });

  it('serves every asset the page names, typed, gzipped, cached for a year with an ETag', async () => {
    const html = (await rawGet('/api/docs')).text;
    for (const p of assetPaths(html)) {
      const res = await rawGet(p, { 'accept-encoding': 'gzip' });
      expect(res.status, p).toBe(200);
      expect(String(res.headers['content-type']), p).toMatch(p.endsWith('.js') ? /^text\/javascript/ : /^text\/css/);
      expect(res.headers['cache-control'], p).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-security-policy'], p).toContain("script-src 'self'");
      const etag = String(res.headers.etag);
      expect(etag).toMatch(/^"/);
      expect((await rawGet(p, { 'if-none-match': etag })).status, p).toBe(304);
    }
    const bundle = assetPaths(html).find((p) => p.endsWith('swagger-ui-bundle.js'))!;
    expect((await rawGet(bundle, { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it('answers 404 for an unknown asset and for path traversal', async () => {
    const html = (await rawGet('/api/docs')).text;
    const dir = assetPaths(html)[0]!.replace(/[^/]+$/, '');
    expect((await rawGet(`${dir}nope.js`)).status).toBe(404);
    for (const p of ['/api/docs/assets/../../package.json', `${dir}..%2F..%2Fpackage.json`, `${dir}%2e%2e/package.json`, '/api/docs/assets/x/../../../package.json']) {
      const res = await rawGet(p);
      expect(res.status, p).toBe(404);
      expect(res.text, p).not.toContain('"dependencies"');
    }
  });
});

// GET /api/docs: the API reference, Swagger UI (swagger-ui-dist, Apache-2.0) rendering the served
// OpenAPI document (/api/v1/openapi.json). Everything the page loads comes from this server: the
// bundle and its stylesheet from the swagger-ui-dist package, our script and stylesheet from here
// (docs-assets.ts). No request leaves the machine, and the CSP says so to the browser.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DOCS_SCRIPT, DOCS_STYLE } from './docs-assets.ts';
import { notFound } from './errors.ts';

/** Scripts and styles from this origin only, no 'unsafe-inline' and no 'unsafe-eval' (Swagger UI sets styles through
 * the DOM, which a CSP allows; its syntax highlighter is off, docs-assets.ts); the document fetched from here; images
 * from here or data: URLs (its icons). The e2e spec fails on any violation. */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

interface Asset { type: string; body: Buffer; gzip: Buffer | null; etag: string }

const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

function asset(read: () => Buffer, type: string): () => Asset {
  let loaded: Asset | null = null;
  // Read and compressed on the first request only: the idle server holds none of it.
  return () => {
    if (loaded) return loaded;
    const body = read();
    const gzip = body.length > 1024 ? gzipSync(body, { level: 9 }) : null;
    loaded = { type, body, gzip, etag: etagOf(body) };
    return loaded;
  };
}

// Written whole so dist:check's import graph sees the package (scripts/dist-graph.mjs, CREATE_REQUIRE).
const uiDir = () => path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const uiVersion = () => (JSON.parse(readFileSync(path.join(uiDir(), 'package.json'), 'utf8')) as { version: string }).version;

function page(version: string): string {
  const v = encodeURIComponent(version);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Linkdesk API reference</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/api/docs/assets/${v}/swagger-ui.css">
<link rel="stylesheet" href="/api/docs/assets/${v}/docs.css">
</head>
<body>
<noscript>The reference needs JavaScript. The document it shows is at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</noscript>
<div id="swagger-ui" data-document="/api/v1/openapi.json"></div>
<script src="/api/docs/assets/${v}/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/${v}/docs.js"></script>
</body>
</html>
`;
}

const SECURITY = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'content-security-policy': DOCS_CSP };

function send(req: FastifyRequest, reply: FastifyReply, a: Asset, cache: string) {
  reply.headers({ ...SECURITY, 'content-type': a.type, 'cache-control': cache, etag: a.etag, vary: 'Accept-Encoding' });
  if (req.headers['if-none-match'] === a.etag) return reply.code(304).send();
  if (a.gzip && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return reply.header('content-encoding', 'gzip').send(a.gzip);
  return reply.send(a.body);
}

export function registerDocsPage(app: FastifyInstance) {
  const version = uiVersion();
  const html = Buffer.from(page(version));
  const pageAsset: Asset = { type: 'text/html; charset=utf-8', body: html, gzip: null, etag: etagOf(html) };
  // Only these names are served: a request for any other (../../package.json included) is the usual 404.
  const assets = new Map<string, () => Asset>([
    ['swagger-ui-bundle.js', asset(() => readFileSync(path.join(uiDir(), 'swagger-ui-bundle.js')), 'text/javascript; charset=utf-8')],
    ['swagger-ui.css', asset(() => readFileSync(path.join(uiDir(), 'swagger-ui.css')), 'text/css; charset=utf-8')],
    ['docs.js', asset(() => Buffer.from(DOCS_SCRIPT), 'text/javascript; charset=utf-8')],
    ['docs.css', asset(() => Buffer.from(DOCS_STYLE), 'text/css; charset=utf-8')],
  ]);

  app.get('/api/docs', { schema: { hide: true } }, (req, reply) => send(req, reply, pageAsset, 'no-cache'));
  app.get<{ Params: { version: string; name: string } }>('/api/docs/assets/:version/:name', { schema: { hide: true } }, (req, reply) => {
    const load = assets.get(req.params.name);
    // The API's own 404 (errors.ts), through its error handler like every other unknown resource.
    if (!load) throw notFound();
    // The version in the address changes with the package, so an asset never changes under its address; an older
    // version's address gets today's file, revalidated.
    return send(req, reply, load(), req.params.version === version ? 'public, max-age=31536000, immutable' : 'no-cache');
  });
}

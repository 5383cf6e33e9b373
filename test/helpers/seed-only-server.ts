// A server that offers only what the seed defines (domains and links under
// /api/v1), like a phpShort-style instance: a real node:http server on
// 127.0.0.1 port 0 in front of a real Linkdesk test server. Domains and links
// are forwarded as they came (method, headers with Authorization, body); every
// other /api/v1 path (spaces, pixels, stats, account…) answers 404, as JSON or
// as a web server's HTML page. Paths outside /api/v1 (the redirects) are forwarded.
import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startServer, type TestServer } from './server.ts';

export interface SeedOnlyServer {
  url: string;
  /** The upstream's key, which this server passes on. */
  key: string;
  /** The Linkdesk server behind it, for seeding and checking records. */
  upstream: TestServer;
  /** Every /api/v1 request this server refused with 404, as `METHOD /path`. */
  refused: string[];
  close(): Promise<void>;
}

const API_PATH = /^\/api\/v1(\/|$)/;
const SEED_PATH = /^\/api\/v1\/(domains|links)(\/|$)/;
/** Bulk link routes are Linkdesk's own, not the seed's. */
const BULK_PATH = /^\/api\/v1\/links\/bulk\/?$/;

const NOT_FOUND_HTML = '<!doctype html><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>';

export async function startSeedOnlyServer(opts: { notFound: 'json' | 'html' }): Promise<SeedOnlyServer> {
  const upstream = await startServer();
  const target = new URL(upstream.url);
  // No keep-alive: nothing is left open towards the upstream when it closes.
  const agent = new Agent({ keepAlive: false });
  const refused: string[] = [];

  const forward = (req: IncomingMessage, res: ServerResponse, pathAndQuery: string) => {
    const headers = { ...req.headers, host: target.host };
    const out = request({ host: target.hostname, port: target.port, method: req.method, path: pathAndQuery, headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => { if (!res.headersSent) res.writeHead(502).end(); else res.destroy(); });
    req.pipe(out);
  };

  const server = createServer((req, res) => {
    // The parsed path, so `/api/v1/links/../spaces` counts as what it is.
    const url = new URL(req.url ?? '/', 'http://seed-only');
    if (!API_PATH.test(url.pathname) || (SEED_PATH.test(url.pathname) && !BULK_PATH.test(url.pathname))) {
      forward(req, res, `${url.pathname}${url.search}`);
      return;
    }
    refused.push(`${req.method} ${url.pathname}`);
    req.resume();
    if (opts.notFound === 'json') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Resource not found.', status: 404 }));
    } else {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end(NOT_FOUND_HTML);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    key: upstream.key,
    upstream,
    refused,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
      agent.destroy();
      await upstream.close();
    },
  };
}

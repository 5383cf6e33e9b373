// The built renderer, served the way the app serves it: static files from
// out/renderer with the main process's Content-Security-Policy header.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { mimeOf, rendererCsp } from '../../electron/services/web-security.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const RENDERER_OUT = path.join(ROOT, 'out/renderer');

/** Builds the production renderer once per run (LINKDESK_E2E_NO_BUILD=1 serves what is there). */
export function buildRenderer(): void {
  if (process.env.LINKDESK_E2E_NO_BUILD && existsSync(path.join(RENDERER_OUT, 'index.html'))) return;
  execFileSync(path.join(ROOT, 'node_modules/.bin/vite'), ['build', '--config', 'vite.renderer.config.ts', '--logLevel', 'warn'], {
    cwd: ROOT, stdio: 'inherit',
  });
}

export interface Site { url: string; close(): Promise<void> }

export async function serveRenderer(): Promise<Site> {
  const csp = rendererCsp();
  const server: Server = createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.resolve(RENDERER_OUT, `.${rel === '/' ? '/index.html' : path.posix.normalize(rel)}`);
    if (!file.startsWith(RENDERER_OUT + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': mimeOf(file), 'content-security-policy': csp, 'cache-control': 'no-store' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

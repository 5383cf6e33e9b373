// Redirects answered before Fastify sees the request. Fastify's request and
// reply objects, hooks and router cost more than the lookup and the redirect
// together; for the common case (a GET of an active link with no password,
// pixels or click limit, whose answer is always a redirect) none of that
// adds anything. Every other request, and every request while the server is
// closing or logging each request, goes to Fastify as before.
import proxyAddr from '@fastify/proxy-addr';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { RESERVED_ALIASES } from '../../../shared/constants.ts';
import { ASCII_ALIAS_PATTERN } from '../../../shared/schemas/links.ts';
import type { RedirectLink } from '../db/repositories/redirect-repository.ts';
import type { ClickGate } from './click-gate.ts';

export type TrustFn = (address: string, hop: number) => boolean;
/** What a visit needs of a request, from Fastify's request or a raw one. */
export interface Client { method: string; url: string; headers: IncomingMessage['headers']; ip: string }

export interface FastRoute {
  /** The link for `alias` on `host` when its answer is certainly a redirect; undefined sends the request to Fastify. */
  plainLink(host: string, alias: string, userAgent: string | undefined): RedirectLink | undefined;
  /** Records the visit and returns where it goes. */
  forward(link: RedirectLink, client: Client): string;
  redirectStatus: number;
  /** False while closing or logging every request. */
  enabled(): boolean;
  /** Closed while the click writer is behind: redirects wait on it (click-gate.ts). */
  gate: ClickGate;
}

const RESERVED = new Set<string>(RESERVED_ALIASES);

const lastEntry = (v: string) => {
  const i = v.lastIndexOf(',');
  return (i === -1 ? v : v.slice(i + 1)).trim();
};

/** Host and client address exactly as Fastify works them out with the same trust setting. */
export function clientAddressing(trust: false | string[] | TrustFn) {
  const fn: TrustFn | null = trust === false ? null : Array.isArray(trust) ? proxyAddr.compile(trust) : trust;
  return {
    ip(req: IncomingMessage): string {
      if (!fn) return req.socket.remoteAddress ?? '';
      const all = proxyAddr.all(req, fn);
      return all[all.length - 1] ?? '';
    },
    /** Lower case, no port, no trailing dot: as domains store it. */
    hostname(req: IncomingMessage): string {
      const fwd = req.headers['x-forwarded-host'];
      let host = fn && fwd && fn(req.socket.remoteAddress ?? '', 0) ? lastEntry(String(fwd)) : (req.headers.host ?? '');
      host = host[0] === '[' ? host.slice(0, host.indexOf(']') + 1) : host.split(':', 1)[0]!;
      host = host.toLowerCase();
      return host.endsWith('.') ? host.slice(0, -1) : host;
    },
  };
}

/**
 * Puts the fast path in front of Fastify's own request listener on `server`.
 * (Fastify creates the server itself; wrapping its listener keeps Fastify's
 * server options, timeouts included, as they are.)
 */
export function installFastPath(server: Server, route: FastRoute, trust: false | string[] | TrustFn): void {
  const addressing = clientAddressing(trust);
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (listeners.length !== 1) return; // not the server shape this expects: leave it to Fastify
  const fastify = listeners[0]!;
  server.removeListener('request', fastify);
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'GET') {
      const url = req.url ?? '';
      const q = url.indexOf('?');
      // ASCII aliases only: one spelled in other scripts arrives percent-encoded and goes to Fastify, which decodes it.
      const alias = url.slice(1, q === -1 ? undefined : q);
      if (url.charCodeAt(0) === 47 && ASCII_ALIAS_PATTERN.test(alias) && !RESERVED.has(alias.toLowerCase())) {
        // A redirect records a click: while the writer is behind, it waits for room.
        if (!route.gate.open) return park(req, res);
        const link = route.enabled() ? route.plainLink(addressing.hostname(req), alias, req.headers['user-agent']) : undefined;
        if (link) {
          const location = route.forward(link, { method: 'GET', url, headers: req.headers, ip: addressing.ip(req) });
          res.writeHead(route.redirectStatus, { location, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'content-length': 0 });
          res.end();
          return;
        }
      }
    }
    fastify(req, res);
  };
  const park = (req: IncomingMessage, res: ServerResponse) => {
    const waits = route.gate.wait(() => {
      if (!res.destroyed) handle(req, res); // a visitor who gave up leaves no click
    });
    if (!waits) {
      res.writeHead(503, { 'retry-after': '1', 'cache-control': 'no-store', 'content-type': 'text/plain; charset=utf-8' });
      res.end('Busy: try again in a second.\n');
    }
  };
  server.on('request', handle);
}

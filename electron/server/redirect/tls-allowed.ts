// GET /.well-known/linkdesk/tls-allowed?domain=NAME: Caddy's on-demand TLS
// `ask`. Caddy asks it before getting a certificate for a host name it is
// handshaking for; 200 lets it, anything else refuses. Allowed: the domains
// registered on the instance (any user's) and the instance's own host, read
// from the redirect server's memory, so a domain added or deleted anywhere
// is seen as quickly as its links are.
//
// Caddy sends no key, so the question is answered only to the machines that
// may ask it: loopback, the trusted proxies, and --tls-ask-from. Anyone else
// could use it to list which of a thousand names are our domains.
import type { FastifyInstance } from 'fastify';
import proxyAddr from '@fastify/proxy-addr';
import { domainToASCII } from 'node:url';
import type { TrustProxy } from '../config.ts';
import { comparableHost } from '../api/routes/domains.ts';

export const TLS_ALLOWED_PATH = '/.well-known/linkdesk/tls-allowed';

/** Whether a connection from `address` may ask: loopback, the trusted proxies' addresses, or --tls-ask-from. */
function askerPolicy(trustProxy: TrustProxy, askFrom: string[]): (address: string) => boolean {
  // proxy-addr reads ranges as --trust-proxy writes them: names (loopback), CIDRs, netmasks, IPv4-mapped addresses.
  const trusted = proxyAddr.compile(['loopback', ...(Array.isArray(trustProxy) ? trustProxy : []), ...askFrom]);
  return (address) => trusted(address, 0);
}

export interface TlsAllowedOptions {
  /** The redirect server's answer: is `host` (comparable, ASCII) a registered domain or the own host? */
  knownHost(host: string): boolean;
  trustProxy: TrustProxy;
  askFrom: string[];
}

const text = 'text/plain; charset=utf-8';

export function registerTlsAllowed(app: FastifyInstance, o: TlsAllowedOptions): void {
  const mayAsk = askerPolicy(o.trustProxy, o.askFrom);
  app.get<{ Querystring: { domain?: unknown } }>(TLS_ALLOWED_PATH, { schema: { hide: true } }, (req, reply) => {
    reply.header('cache-control', 'no-store');
    // The client's address as --trust-proxy resolves it, not the connection's: Caddy asks
    // directly (no X-Forwarded-For), while a visitor's request proxied by that same Caddy
    // arrives from loopback too, naming the visitor.
    if (!mayAsk(req.ip)) {
      return reply.code(403).send({ message: 'Only the TLS proxy may ask this (see --tls-ask-from).', status: 403 });
    }
    const raw = req.query.domain;
    if (typeof raw !== 'string' || !raw.trim()) return reply.code(400).send({ message: 'The domain parameter is required.', status: 400 });
    const host = domainToASCII(comparableHost(raw));
    if (host && o.knownHost(host)) return reply.code(200).type(text).send('allowed\n');
    return reply.code(404).type(text).send('not a domain of this instance\n');
  });
}

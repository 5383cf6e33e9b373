// A server's first requests decide, for good, where V8 makes every later
// request's objects. V8 watches each place in the code that makes objects (a
// literal in Node's HTTP parser, in Fastify's request) over its first hundred
// or so objects: if most outlive two young-generation collections, all its
// later objects are made straight in the old generation ("pretenured"), and
// that decision is never revisited. When long-lived requests come first (live
// statistics streams reconnecting after a restart: 100 were enough), every
// redirect's request objects were made in the old generation from then on:
// main-thread old space grew ~29 instead of ~2 MB/s, mark-compacts went from
// 2-5 to 8-18 a run, and CPU per redirect rose 20-50% for the life of the
// process (bench:redirect --live-streams 100 --live-idle). Turning
// pretenuring off instead cost every redirect ~16%. So the server answers a
// burst of short requests of its own before anyone else's: the decision is
// then "short-lived", which is what request objects are.
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { TLS_ALLOWED_PATH } from '../redirect/tls-allowed.ts';

/**
 * Enough dead objects per site to outweigh what survives until V8 next weighs them: with 400, 100 streams
 * opened first cost +2 to +11% (noisy machine), without the burst +22%. More costs memory: 2,000 grew the young
 * generation and idle RSS by 18 MB (bench:overload idle 138 MB; 400: 122 MB; none: 118-120 MB).
 */
const REQUESTS = 400;
/**
 * node:http through require, not an ESM import: an ESM import reads every export of the module, and
 * node:http's WebSocket, fetch-era getters load Node's bundled undici (a 760 KB script and what it
 * builds), which the idle server would then hold for nothing: bench:overload idle 124-126 -> 11x MB.
 */
const http = createRequire(import.meta.url)('node:http') as typeof import('node:http');
const SOCKETS = 4;
/** Best effort: start-up never waits longer than this for it. */
const BOUND_MS = 5000;
// Answered from memory with no click, log entry or audit row (redirect/tls-allowed.ts).
const PATH = `${TLS_ALLOWED_PATH}?domain=warm-up.invalid`;

/** Sends the burst to `app`'s own listening address; resolves when done, failed or out of time. */
/** Answers how many requests it sent (fewer than `requests` when the time bound ran out first, as on a loaded machine). */
export async function settleRequestSites(app: FastifyInstance, requests = REQUESTS): Promise<number> {
  // A server that logs every request (info and below) is being watched, not measured: 4,000 lines of its own would bury what it is watched for.
  if (['trace', 'debug', 'info'].includes(app.log.level)) return 0;
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return 0;
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  const agent = new http.Agent({ keepAlive: true, maxSockets: SOCKETS });
  const deadline = Date.now() + BOUND_MS;
  const one = () => new Promise<void>((resolve, reject) => {
    const req = http.get({ host, port: address.port, path: PATH, agent }, (res) => {
      res.resume();
      res.on('end', resolve);
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  let sent = 0;
  try {
    for (; sent < requests && Date.now() < deadline; sent += SOCKETS) {
      await Promise.all(Array.from({ length: SOCKETS }, one));
    }
  } catch {
    // A server that cannot answer itself (closing, a firewall on its own address) starts as it would have anyway.
  } finally {
    agent.destroy();
  }
  return sent;
}

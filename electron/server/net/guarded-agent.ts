// An undici Agent for requests to addresses users typed (title fetches,
// webhooks, destination health checks): every connection's actual address is
// checked right after the TCP connect, before anything is sent (for https,
// before the TLS ClientHello), so an IP literal or a DNS answer that changes
// between a check and the connect cannot reach a private address the instance
// does not allow.
//
// undici itself is loaded with the first such request: a server that never
// fetches anything (titles off, no webhooks, no health check due) does not
// hold its 6 MB of heap.
import type { Socket } from 'node:net';
import type { Dispatcher, buildConnector } from 'undici';
import { anyAddress, publicOnly, type AddressPolicy } from './address-policy.ts';

type Undici = typeof import('undici');
let undici: Promise<Undici> | undefined;
const loadUndici = () => (undici ??= import('undici'));

export interface GuardedAgentOptions {
  allowPrivate?: boolean;
  /** Connect, headers and body timeouts. */
  timeoutMs: number;
  /** Which connections may proceed; public addresses only unless `allowPrivate`. (Tests widen it.) */
  policy?: AddressPolicy;
  /** Certificates trusted for https in place of the system's (a test's self-signed one). */
  ca?: string | Buffer;
}

/** The error a refused connection fails with (`code` EPRIVATE). */
export function refused(address: string): Error {
  return Object.assign(new Error(`refused to connect to ${address || 'an unknown address'}: not a public address`), { code: 'EPRIVATE' });
}

function createGuardedAgent({ Agent, buildConnector }: Undici, opts: GuardedAgentOptions): Dispatcher {
  const policy = opts.policy ?? (opts.allowPrivate ? anyAddress : publicOnly);
  const connectTo = buildConnector({ timeout: opts.timeoutMs, ...(opts.ca ? { ca: opts.ca } : {}) });
  const guarded: buildConnector.connector = (options, callback) => {
    const tls = options.protocol === 'https:';
    // Plain TCP first; TLS is layered on the same socket once its address has passed.
    const tcp = tls ? { ...options, protocol: 'http:', port: options.port || '443', httpSocket: undefined } : options;
    connectTo(tcp, (err, socket) => {
      if (err || !socket) return callback(err ?? new Error('no socket'), null);
      const address = socket.remoteAddress ?? '';
      if (!policy(address, socket.remotePort ?? 0)) {
        socket.destroy();
        return callback(refused(address), null);
      }
      if (!tls) return callback(null, socket);
      connectTo({ ...options, httpSocket: socket as Socket }, (tlsErr, secure) => {
        if (tlsErr || !secure) {
          socket.destroy();
          return callback(tlsErr ?? new Error('no socket'), null);
        }
        callback(null, secure);
      });
    });
  };
  return new Agent({ connect: guarded, headersTimeout: opts.timeoutMs, bodyTimeout: opts.timeoutMs });
}

export type GuardedRequestOptions = Omit<Dispatcher.RequestOptions, 'origin' | 'path' | 'dispatcher' | 'method'> & { method?: Dispatcher.HttpMethod };

export interface GuardedClient {
  request(url: string, options: GuardedRequestOptions): Promise<Dispatcher.ResponseData>;
  close(): Promise<void>;
}

/** Requests through a guarded agent (made, with undici, on the first request); `wrap` adds interceptors. */
export function createGuardedClient(opts: GuardedAgentOptions, wrap?: (agent: Dispatcher, u: Undici) => Dispatcher): GuardedClient {
  let dispatcher: Promise<Dispatcher> | undefined;
  const agent = () => (dispatcher ??= loadUndici().then((u) => {
    const guarded = createGuardedAgent(u, opts);
    return wrap ? wrap(guarded, u) : guarded;
  }));
  return {
    async request(url, options) {
      const [u, d] = await Promise.all([loadUndici(), agent()]);
      return u.request(url, { ...options, dispatcher: d });
    },
    async close() {
      if (dispatcher) await (await dispatcher).close();
    },
  };
}

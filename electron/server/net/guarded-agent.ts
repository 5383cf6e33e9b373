// An undici Agent for requests to addresses users typed (title fetches,
// webhooks, destination health checks): every connection's actual address is
// checked right after the TCP connect, before anything is sent (for https,
// before the TLS ClientHello), so an IP literal or a DNS answer that changes
// between a check and the connect cannot reach a private address the instance
// does not allow.
import type { Socket } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { anyAddress, publicOnly, type AddressPolicy } from './address-policy.ts';

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

export function createGuardedAgent(opts: GuardedAgentOptions): Agent {
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

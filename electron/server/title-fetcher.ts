// Best-effort <title> of a link's destination, fetched after the create has
// answered. Bounded in time and size (and at most 5 redirects), and it
// refuses private addresses unless the instance allows them: the address
// actually connected to is checked for every connection, each redirect hop
// included (an IP literal or a DNS answer that changes between a check and
// the connect cannot slip through, since nothing is sent before the check).
import type { Socket } from 'node:net';
import { decodeHTML } from 'entities';
import { Agent, buildConnector, interceptors, request } from 'undici';
import { anyAddress, publicOnly, type AddressPolicy } from './net/address-policy.ts';

export { isPrivateAddress } from './net/address-policy.ts';

export interface TitleFetcher {
  fetchTitle(url: string): Promise<string | null>;
  close(): Promise<void>;
}

export function extractTitle(html: string): string | null {
  const m = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  if (!m?.[1]) return null;
  const text = decodeHTML(m[1])
    .replace(/\s+/g, ' ')
    .trim();
  return text ? text.slice(0, 255) : null;
}

/** The page's character set: Content-Type's, else a <meta> in its first bytes, else UTF-8. */
export function charsetOf(contentType: string, head: Buffer): string {
  const fromHeader = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1];
  const start = head.subarray(0, 4096).toString('latin1');
  const fromMeta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(start)?.[1];
  return (fromHeader ?? fromMeta ?? 'utf-8').toLowerCase();
}

/** The whole body read so far, decoded in one piece (so characters split across chunks stay whole). */
export function decodePage(body: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body); // an unknown label
  }
}

export interface TitleFetcherOptions {
  allowPrivate?: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  /** Which connections may proceed; public addresses only unless `allowPrivate`. (Tests widen it.) */
  policy?: AddressPolicy;
}

const MAX_REDIRECTS = 5;

export function createTitleFetcher(opts: TitleFetcherOptions = {}): TitleFetcher {
  const timeoutMs = opts.timeoutMs ?? 5000;
  const maxBytes = opts.maxBytes ?? 256 * 1024;
  const policy = opts.policy ?? (opts.allowPrivate ? anyAddress : publicOnly);
  const connectTo = buildConnector({ timeout: timeoutMs });
  const guarded: buildConnector.connector = (options, callback) => {
    connectTo(options, (err, socket) => {
      if (err || !socket) return callback(err ?? new Error('no socket'), null);
      const s = socket as Socket;
      const address = s.remoteAddress ?? '';
      if (!policy(address, s.remotePort ?? 0)) {
        s.destroy();
        return callback(Object.assign(new Error(`refused to fetch from ${address}: not a public address`), { code: 'EPRIVATE' }), null);
      }
      callback(null, socket);
    });
  };
  const agent = new Agent({ connect: guarded, headersTimeout: timeoutMs, bodyTimeout: timeoutMs })
    .compose(interceptors.redirect({ maxRedirections: MAX_REDIRECTS }));

  return {
    async fetchTitle(url) {
      try {
        const res = await request(url, {
          dispatcher: agent,
          signal: AbortSignal.timeout(timeoutMs),
          headers: { 'user-agent': 'LinkdeskTitleFetcher/1.0', accept: 'text/html' },
        });
        const type = String(res.headers['content-type'] ?? '');
        if (res.statusCode >= 400 || !type.includes('html')) {
          await res.body.dump();
          return null;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of res.body) {
          chunks.push(chunk as Buffer);
          size += (chunk as Buffer).length;
          // `</title>` is ASCII in every charset a page's <meta> can name.
          if (size >= maxBytes || /<\/title>/i.test((chunk as Buffer).toString('latin1'))) break;
        }
        res.body.destroy();
        const body = Buffer.concat(chunks).subarray(0, maxBytes);
        return extractTitle(decodePage(body, charsetOf(type, body)));
      } catch {
        return null;
      }
    },
    async close() {
      await agent.close();
    },
  };
}

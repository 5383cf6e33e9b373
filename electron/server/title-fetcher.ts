// Best-effort <title> of a link's destination, fetched after the create has
// answered. Bounded in time and size (and at most 5 redirects), and it
// refuses private addresses unless the instance allows them: the address
// actually connected to is checked for every connection, each redirect hop
// included (net/guarded-agent.ts).
import { createRequire } from 'node:module';
import type { AddressPolicy } from './net/address-policy.ts';
import { createGuardedClient } from './net/guarded-agent.ts';

export { isPrivateAddress } from './net/address-policy.ts';

export interface TitleFetcher {
  fetchTitle(url: string): Promise<string | null>;
  close(): Promise<void>;
}

// entities (HTML's named references: a table of some 2,000) is loaded with the first title, not at
// start: a server with titles off, or that has fetched none yet, does not hold it.
let decodeHTML: ((text: string) => string) | undefined;
const decode = (text: string) => (decodeHTML ??= (createRequire(import.meta.url)('entities') as typeof import('entities')).decodeHTML)(text);

export function extractTitle(html: string): string | null {
  const m = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  if (!m?.[1]) return null;
  const text = decode(m[1])
    .replace(/\s+/g, ' ')
    .trim();
  return text ? text.slice(0, 255) : null;
}

/**
 * The page's character set, in the HTML standard's order: a byte order mark,
 * then Content-Type's, then a <meta> in its first bytes, else UTF-8.
 */
export function charsetOf(contentType: string, head: Buffer): string {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  const fromHeader = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1];
  if (fromHeader) return fromHeader.toLowerCase();
  const start = head.subarray(0, 4096).toString('latin1');
  const fromMeta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(start)?.[1]?.toLowerCase();
  // A <meta> that could be read as ASCII cannot truly be UTF-16; the standard reads such pages as UTF-8.
  return !fromMeta || fromMeta.startsWith('utf-16') ? 'utf-8' : fromMeta;
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
  /** Certificates trusted for https in place of the system's (a test's self-signed one). */
  ca?: string | Buffer;
}

const MAX_REDIRECTS = 5;

export function createTitleFetcher(opts: TitleFetcherOptions = {}): TitleFetcher {
  const timeoutMs = opts.timeoutMs ?? 5000;
  const maxBytes = opts.maxBytes ?? 256 * 1024;
  const agent = createGuardedClient({ timeoutMs, allowPrivate: opts.allowPrivate, policy: opts.policy, ca: opts.ca },
    (guarded, { interceptors }) => guarded.compose(interceptors.redirect({ maxRedirections: MAX_REDIRECTS })));

  return {
    async fetchTitle(url) {
      try {
        const res = await agent.request(url, {
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

// A destination on a known URL shortener's host could hide any address: it is
// resolved one hop (a HEAD, no redirect followed, bounded in time) through the
// guarded agent (never to a private address unless the instance allows them),
// and the Location is checked too. A shortener that does not answer in time
// lets the write through (as a threat list that cannot be reached does).
import { createGuardedClient, type GuardedClient } from '../net/guarded-agent.ts';
import type { AddressPolicy } from '../net/address-policy.ts';
import { hostOf } from './url-host.ts';

/** Hosts (and their subdomains) whose links are resolved one hop before they are stored. `--known-shorteners` replaces the list. */
export const KNOWN_SHORTENERS: readonly string[] = [
  'bit.ly', 'tinyurl.com', 't.co', 'goo.gl', 'ow.ly', 'is.gd', 'buff.ly', 'rebrand.ly', 'cutt.ly', 'shorturl.at', 'tiny.cc', 'rb.gy', 's.id', 't.ly',
];

export const SHORTENER_TIMEOUT_MS = 2_000;

export interface ShortenerOptions {
  hosts?: readonly string[];
  allowPrivate?: boolean;
  policy?: AddressPolicy;
  timeoutMs?: number;
}

export interface ShortenerResolver {
  /** Whether `url`'s host is a known shortener's (or a subdomain of one). */
  isShortened(url: string): boolean;
  /** The absolute address the short link sends to (one hop), or null: no redirect, or no answer in time. */
  resolve(url: string): Promise<string | null>;
  close(): Promise<void>;
}

export function createShortenerResolver(o: ShortenerOptions = {}): ShortenerResolver {
  const hosts = new Set((o.hosts ?? KNOWN_SHORTENERS).map((h) => h.toLowerCase()));
  const timeoutMs = o.timeoutMs ?? SHORTENER_TIMEOUT_MS;
  let client: GuardedClient | null = null;
  const isShortened = (url: string) => {
    const host = hostOf(url);
    if (!host) return false;
    for (let h = host; h; h = h.includes('.') ? h.slice(h.indexOf('.') + 1) : '') if (hosts.has(h)) return true;
    return false;
  };
  return {
    isShortened,
    async resolve(url) {
      client ??= createGuardedClient({ timeoutMs, allowPrivate: o.allowPrivate, policy: o.policy });
      try {
        const res = await client.request(url.trim(), {
          method: 'HEAD', signal: AbortSignal.timeout(timeoutMs), headers: { 'user-agent': 'LinkdeskLinkCheck/1.0' },
        });
        await res.body.dump();
        const location = res.headers.location;
        const text = Array.isArray(location) ? location[0] : location;
        if (res.statusCode < 300 || res.statusCode >= 400 || !text) return null;
        return new URL(text, url.trim()).href;
      } catch {
        return null;
      }
    },
    async close() {
      await client?.close();
    },
  };
}

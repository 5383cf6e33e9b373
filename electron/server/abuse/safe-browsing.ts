// Google Safe Browsing v4 (threatMatches:find), asked about every destination
// a write stores, through the guarded agent, in 2 s at most. A match is cached
// for the cacheDuration its answer states; a clean answer for CLEAN_CACHE_MS
// (the API states none for it). When the service cannot be asked (no answer
// in time, 429, 5xx, an unreadable answer), the caller lets the write through
// and marks the link due for a later check: failing closed would take the
// service down with Google's.
import { createGuardedClient, type GuardedClient } from '../net/guarded-agent.ts';
import type { AddressPolicy } from '../net/address-policy.ts';
import { packageVersion } from '../version.ts';

export const SAFE_BROWSING_URL = 'https://safebrowsing.googleapis.com/v4/threatMatches:find';
export const SAFE_BROWSING_TIMEOUT_MS = 2_000;
/** How long a URL found clean is believed. */
export const CLEAN_CACHE_MS = 5 * 60_000;
const THREAT_TYPES = ['MALWARE', 'SOCIAL_ENGINEERING', 'UNWANTED_SOFTWARE', 'POTENTIALLY_HARMFUL_APPLICATION'];
const MAX_CACHED = 100_000;
/** After a failure, writes do not wait for the service again for this long: they go through, due for a re-check. */
export const PAUSE_AFTER_FAILURE_MS = 30_000;
/** URLs per request (the API's limit is 500 threat entries). */
const PER_REQUEST = 500;

export interface SafeBrowsingOptions {
  key: string;
  url?: string;
  allowPrivate?: boolean;
  policy?: AddressPolicy;
  timeoutMs?: number;
  now?: () => number;
}

/** threat: the threat type of the first match of each URL that has one; unknown: the service could not be asked. */
export interface SafeBrowsingAnswer { threats: Map<string, string>; unknown: boolean }

export interface SafeBrowsing {
  lookup(urls: string[]): Promise<SafeBrowsingAnswer>;
  /** The answer from cache alone (for re-checks that must not wait): undefined when not cached. */
  cached(url: string): string | null | undefined;
  close(): Promise<void>;
}

/** "300s", "1.5s" → ms; the default when absent or unreadable. */
const durationMs = (d: unknown, fallback: number) => {
  const m = typeof d === 'string' ? /^(\d+(?:\.\d+)?)s$/.exec(d) : null;
  return m ? Math.round(Number(m[1]) * 1000) : fallback;
};

export function createSafeBrowsing(o: SafeBrowsingOptions): SafeBrowsing {
  const now = o.now ?? Date.now;
  const timeoutMs = o.timeoutMs ?? SAFE_BROWSING_TIMEOUT_MS;
  const endpoint = new URL(o.url ?? SAFE_BROWSING_URL);
  endpoint.searchParams.set('key', o.key);
  const cache = new Map<string, { threat: string | null; until: number }>();
  let client: GuardedClient | null = null;
  let pausedUntil = -Infinity;
  const cached = (url: string) => {
    const c = cache.get(url);
    if (!c) return undefined;
    if (c.until <= now()) {
      cache.delete(url);
      return undefined;
    }
    return c.threat;
  };
  const remember = (url: string, threat: string | null, ms: number) => {
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(url, { threat, until: now() + ms });
  };

  return {
    cached,
    async lookup(urls) {
      const threats = new Map<string, string>();
      const ask: string[] = [];
      for (const u of new Set(urls)) {
        const c = cached(u);
        if (c === undefined) ask.push(u);
        else if (c !== null) threats.set(u, c);
      }
      if (!ask.length) return { threats, unknown: false };
      if (now() < pausedUntil) return { threats, unknown: true };
      let unknown = false;
      for (let i = 0; i < ask.length && !unknown; i += PER_REQUEST) {
        unknown = !(await askSome(ask.slice(i, i + PER_REQUEST), threats));
      }
      if (unknown) pausedUntil = now() + PAUSE_AFTER_FAILURE_MS;
      return { threats, unknown };
    },
    async close() {
      await client?.close();
    },
  };

  /** Asks about `ask`, adding matches to `threats`; false when the service could not be asked. */
  async function askSome(ask: string[], threats: Map<string, string>): Promise<boolean> {
    client ??= createGuardedClient({ timeoutMs, allowPrivate: o.allowPrivate, policy: o.policy });
    try {
      const res = await client.request(endpoint.href, {
        method: 'POST', signal: AbortSignal.timeout(timeoutMs),
        headers: { 'content-type': 'application/json', 'user-agent': `Linkdesk/${packageVersion()}` },
        body: JSON.stringify({
          client: { clientId: 'linkdesk', clientVersion: packageVersion() },
          threatInfo: {
            threatTypes: THREAT_TYPES, platformTypes: ['ANY_PLATFORM'], threatEntryTypes: ['URL'],
            threatEntries: ask.map((url) => ({ url })),
          },
        }),
      });
      if (res.statusCode !== 200) {
        await res.body.dump();
        return false;
      }
      const body = await res.body.json() as { matches?: { threatType?: string; threat?: { url?: string }; cacheDuration?: string }[] };
      const found = new Map<string, { type: string; ms: number }>();
      for (const m of body.matches ?? []) {
        const url = m.threat?.url;
        if (typeof url === 'string' && !found.has(url)) found.set(url, { type: String(m.threatType ?? 'THREAT'), ms: durationMs(m.cacheDuration, CLEAN_CACHE_MS) });
      }
      for (const u of ask) {
        const f = found.get(u);
        if (f) threats.set(u, f.type);
        remember(u, f?.type ?? null, f?.ms ?? CLEAN_CACHE_MS);
      }
      return true;
    } catch {
      return false;
    }
  }
}

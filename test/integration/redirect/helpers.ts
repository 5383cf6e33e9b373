// Shared by the redirect tests: real HTTP with real Host headers (undici's
// request sends the Host it is given, which fetch does not), real browser
// User-Agent strings, and a server that can be restarted on the same data.
import { request } from 'undici';
import type { AppDeps } from '../../../electron/server/app.ts';
import type { ServerConfig } from '../../../electron/server/config.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

/** Real User-Agent strings, one per platform of the seed. */
export const UA = {
  iOS: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  Android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.6422.113 Mobile Safari/537.36',
  Windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
  'OS X': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  Linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  Ubuntu: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  'Chrome OS': 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
} as const;
export const BROWSER_UA = UA.Windows;

export interface Hit { status: number; location: string | undefined; headers: Record<string, string | string[] | undefined>; text: string }

export interface RedirectServer extends Omit<TestServer, 'api'> {
  api(method: string, p: string, form?: Record<string, string> | string): Promise<{ status: number; body: any }>;
  /** One request to the redirect server; a browser User-Agent unless headers say otherwise. */
  hit(p: string, opts?: { host?: string; headers?: Record<string, string>; method?: 'GET' | 'HEAD' | 'POST'; form?: Record<string, string> }): Promise<Hit>;
}

/**
 * startServer (test/helpers/server.ts) without the API rate limit, plus `hit`
 * for the redirect side. `dataDir` and `apiKey` restart on earlier data.
 */
export async function startRedirectServer(
  config: Partial<ServerConfig> = {}, deps: Partial<AppDeps> = {}, dataDir?: string, apiKey?: string,
): Promise<RedirectServer> {
  const base = await startServer({ rateLimit: 0, ...config }, deps, dataDir && apiKey ? { dataDir, key: apiKey } : undefined);

  const hit: RedirectServer['hit'] = async (p, opts = {}) => {
    const headers: Record<string, string> = { 'user-agent': BROWSER_UA, ...opts.headers };
    if (opts.host) headers.host = opts.host;
    let body: string | undefined;
    if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.form).toString();
    }
    const res = await request(`${base.url}${p}`, { method: opts.method ?? (body ? 'POST' : 'GET'), headers, body });
    const text = await res.body.text();
    const location = res.headers.location;
    return { status: res.statusCode, location: Array.isArray(location) ? location[0] : location, headers: res.headers, text };
  };

  return { ...base, api: (method, p, form) => base.api(method, p, form === undefined ? {} : { form }), hit };
}

/**
 * After a write behind the server's back (as the title fetcher's or another
 * node's): any write through the API makes its redirects catch up with every
 * change before it answers, on either engine.
 */
export async function catchUp(s: RedirectServer): Promise<void> {
  await s.api('POST', '/spaces', { name: 'catch up' });
}

/** Creates a link through the API and returns its response data. */
export async function createLink(s: RedirectServer, form: Record<string, string> | string) {
  const r = await s.api('POST', '/links', form);
  if (r.status !== 201) throw new Error(`create link: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** The pause before each next try of `within`: 20 ms, growing by half each time, at most 1 s. */
export const pollDelay = (attempt: number) => Math.min(1000, 20 * 1.5 ** attempt);

/**
 * The least time `within` waits before it fails. A test waits for what it needs, not for a time: the `ms` a call
 * names is what it usually takes, and a loaded two-core machine (a second suite beside this one) takes several
 * times that; only a failure ever waits this long.
 */
export const MIN_WAIT_MS = 10_000;

/**
 * Polls until `check` passes, failing after `ms` (`least` at least); returns how long it took.
 * The pauses grow (pollDelay), so a long wait on a slow machine stays far
 * below the API's rate limit (600 a minute per key) instead of meeting it and
 * seeing only 429s while what it waits for is on its way.
 */
export async function within(ms: number, check: () => Promise<void>, least = MIN_WAIT_MS): Promise<number> {
  const start = performance.now();
  for (let attempt = 0; ; attempt++) {
    try {
      await check();
      return performance.now() - start;
    } catch (err) {
      if (performance.now() - start > Math.max(ms, least)) throw err;
      await new Promise((r) => setTimeout(r, pollDelay(attempt)));
    }
  }
}

/** The Content-Security-Policy of a response as a map of directive to sources. */
export function cspOf(h: Hit): Map<string, string[]> {
  const raw = h.headers['content-security-policy'];
  if (typeof raw !== 'string') throw new Error('no Content-Security-Policy header');
  return new Map(raw.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
}

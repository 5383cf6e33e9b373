// One visit to one destination, as the health checker makes it: HEAD, or GET
// when HEAD is refused (405/501) with the body dropped after a few KB;
// redirects followed by hand, at most 5, so a loop can be told from a long
// chain. The title fetcher's limits: one time limit for the whole visit, and
// no private addresses unless the instance allows them (net/guarded-agent.ts).
import type { Dispatcher } from 'undici';
import type { AddressPolicy } from '../net/address-policy.ts';
import { createGuardedClient } from '../net/guarded-agent.ts';

export const HEALTH_USER_AGENT = 'LinkdeskHealthCheck/1.0';
const MAX_REDIRECTS = 5;
const MAX_BODY = 4096;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** `detail` says why a destination is broken: its status code or the network error, in a few words. */
export type ProbeResult = { ok: true } | { ok: false; detail: string };

export interface HealthProbe {
  /** Rejects only when `signal` aborts (the checker is stopping); every other failure is a result. */
  check(url: string, signal?: AbortSignal): Promise<ProbeResult>;
  close(): Promise<void>;
}

export interface HealthProbeOptions {
  allowPrivate?: boolean;
  /** For the whole visit, redirects included. */
  timeoutMs?: number;
  /** Which connections may proceed; public addresses only unless `allowPrivate`. (Tests widen it.) */
  policy?: AddressPolicy;
  ca?: string | Buffer;
}

const codeOf = (err: unknown): string => {
  const e = err as { code?: unknown; name?: unknown; cause?: { code?: unknown } } | null;
  return String(e?.code ?? e?.cause?.code ?? e?.name ?? '');
};

/** A network failure in the words the links table shows. */
export function describeFailure(err: unknown): string {
  const code = codeOf(err);
  if (code === 'EPRIVATE') return 'refused: private address';
  if (/^(TimeoutError|ETIMEDOUT|UND_ERR_(CONNECT|HEADERS|BODY)_TIMEOUT)$/.test(code)) return 'timeout';
  if (code === 'ENOTFOUND' || code === 'EAI_NODATA' || code === 'EAI_NONAME') return 'DNS: host not found';
  if (code === 'EAI_AGAIN' || code === 'EAI_FAIL') return 'DNS: lookup failed';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET') return 'connection reset';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'host unreachable';
  if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH|ERR_CERT)/.test(code)) return 'TLS: certificate refused';
  return 'network error';
}

export function createHealthProbe(opts: HealthProbeOptions = {}): HealthProbe {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const agent = createGuardedClient({ timeoutMs, allowPrivate: opts.allowPrivate, policy: opts.policy, ca: opts.ca });

  async function visit(url: string, method: Dispatcher.HttpMethod, signal: AbortSignal) {
    const res = await agent.request(url, { method, signal, headers: { 'user-agent': HEALTH_USER_AGENT, accept: '*/*' } });
    // Only the status matters: past a few KB the connection is dropped rather than read.
    await res.body.dump({ limit: MAX_BODY }).catch(() => undefined);
    const location = res.headers.location;
    return { status: res.statusCode, location: Array.isArray(location) ? location[0] : location };
  }

  return {
    async check(url, signal) {
      const limit = AbortSignal.timeout(timeoutMs);
      const both = signal ? AbortSignal.any([limit, signal]) : limit;
      const seen = new Set<string>();
      let current = URL.parse(url)?.href ?? url;
      try {
        for (let hop = 0; ; hop++) {
          seen.add(current);
          let answer = await visit(current, 'HEAD', both);
          if (answer.status === 405 || answer.status === 501) answer = await visit(current, 'GET', both);
          const { status, location } = answer;
          if (!REDIRECTS.has(status) || !location) return status < 400 ? { ok: true } : { ok: false, detail: String(status) };
          const next = URL.parse(location, current);
          // A redirect out of the web (mailto:, an app's scheme) is where the link leads; nothing more to visit.
          if (!next || (next.protocol !== 'http:' && next.protocol !== 'https:')) return { ok: true };
          next.hash = '';
          if (seen.has(next.href)) return { ok: false, detail: 'redirect loop' };
          if (hop + 1 > MAX_REDIRECTS) return { ok: false, detail: 'too many redirects' };
          current = next.href;
        }
      } catch (err) {
        if (signal?.aborted) throw signal.reason;
        return { ok: false, detail: limit.aborted ? 'timeout' : describeFailure(err) };
      }
    },
    async close() {
      await agent.close();
    },
  };
}

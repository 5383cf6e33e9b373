// Remembering a right password for a while, and slowing down wrong ones:
// link passwords on the redirect server, API keys on the API.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type Gate = 'link' | 'stats';

const REMEMBER_SECONDS = 30 * 60;

export const cookieName = (gate: Gate, linkId: number) => `ld_${gate}_${linkId}`;

/** The value of one cookie from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * `<expiry>.<mac>`: an HMAC (per-instance secret) over the gate, the link and
 * the stored password hash, so changing the password ends every remembered
 * session, and a cookie for one link or gate opens no other.
 */
export function createPasswordMemory(secret: Buffer, now: () => number) {
  const mac = (gate: Gate, linkId: number, passwordHash: string, expiry: number) =>
    createHmac('sha256', secret).update(`${gate}\n${linkId}\n${expiry}\n${passwordHash}`).digest('base64url');

  return {
    /** A Set-Cookie header value that lets this browser through for a while. */
    issue(gate: Gate, linkId: number, passwordHash: string, secure: boolean): string {
      const expiry = Math.floor(now() / 1000) + REMEMBER_SECONDS;
      const value = `${expiry}.${mac(gate, linkId, passwordHash, expiry)}`;
      return `${cookieName(gate, linkId)}=${value}; Max-Age=${REMEMBER_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
    },

    valid(gate: Gate, linkId: number, passwordHash: string, cookieHeader: string | undefined): boolean {
      const value = readCookie(cookieHeader, cookieName(gate, linkId));
      const m = value && /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value);
      if (!m) return false;
      const expiry = Number(m[1]);
      if (expiry * 1000 <= now()) return false;
      return timingSafeEqual(Buffer.from(m[2]!), Buffer.from(mac(gate, linkId, passwordHash, expiry)));
    },
  };
}
export type PasswordMemory = ReturnType<typeof createPasswordMemory>;

export interface AttemptLimit { max: number; windowMs: number }
export const DEFAULT_ATTEMPT_LIMIT: AttemptLimit = { max: 5, windowMs: 15 * 60_000 };
const MAX_TRACKED = 50_000;

/**
 * Password attempts per client address and link, in a sliding window. Kept
 * in memory: nothing to clean up in the database, at the price that a
 * restart of the server forgives earlier attempts.
 */
export function createAttemptLimiter(limit: AttemptLimit, now: () => number) {
  const failures = new Map<string, number[]>();
  const recent = (key: string) => {
    const cutoff = now() - limit.windowMs;
    const list = (failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) failures.set(key, list);
    else failures.delete(key);
    return list;
  };

  const waitOf = (list: number[]) =>
    list.length >= limit.max ? Math.max(1, Math.ceil((list[list.length - limit.max]! + limit.windowMs - now()) / 1000)) : 0;
  const count = (key: string, list: number[]) => {
    list.push(now());
    failures.delete(key); // re-inserted last: the Map's order is least recently failed first
    failures.set(key, list);
    if (failures.size > MAX_TRACKED) failures.delete(failures.keys().next().value as string);
  };

  return {
    /**
     * Counts an attempt before its password is checked, so parallel requests
     * cannot slip past the limit while a check is running. 0 when allowed;
     * otherwise the seconds until the next attempt is, and nothing is counted.
     */
    attempt(key: string): number {
      const list = recent(key);
      const wait = waitOf(list);
      if (!wait) count(key, list);
      return wait;
    },

    /** Seconds until `key` may try again (0: now), counting nothing. */
    wait(key: string): number {
      return waitOf(recent(key));
    },

    /** Counts a failure found after the fact, for callers that check `wait` first. */
    fail(key: string): void {
      count(key, recent(key));
    },

    /** A right answer forgives the earlier wrong ones. */
    succeed(key: string): void {
      failures.delete(key);
    },
  };
}
export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;

export const KEY_FAILURE_LIMIT: AttemptLimit = { max: 30, windowMs: 60_000 };

/**
 * API requests without a working key (missing, wrong, revoked, expired), per
 * client address. Past the limit a failure is answered 429 instead of 401,
 * and a right key from that address still works: one address may be every
 * client (behind a proxy without --trust-proxy), and a key is 190 random
 * bits, so the limit is there to keep failures cheap and quiet, not because
 * a guess could succeed. A success forgives nothing, so a client holding one
 * valid key cannot use it to reset its count of wrong ones.
 */
export function createKeyFailureLimit(limit: AttemptLimit, now: () => number) {
  const failures = createAttemptLimiter(limit, now);
  return {
    limit,
    /** Seconds until this client's failures are answered 401 again; 0: now. */
    wait: (ip: string): number => failures.wait(ip),
    failed: (ip: string): void => failures.fail(ip),
  };
}
export type KeyFailureLimit = ReturnType<typeof createKeyFailureLimit>;

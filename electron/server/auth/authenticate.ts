import type { FastifyRequest } from 'fastify';
import { unauthenticated } from '../api/errors.ts';
import type { UsersRepository } from '../db/repositories/users-repository.ts';
import { parseApiKey, sameHash, sha256 } from '../util/secrets.ts';
import { isoNow } from '../util/time.ts';

export interface Principal { userId: number; keyId: number }

declare module 'fastify' {
  interface FastifyRequest { principal: Principal | null }
}

/** `api_keys.last_used_at` is written at most this often per key. */
export const KEY_USE_RECORD_INTERVAL_MS = 60_000;

/** Resolves `Authorization: Bearer <key>` to its user, or throws the contract's 401. */
export function createAuthenticator(users: UsersRepository, now: () => number = Date.now) {
  // Process-local, so several processes on one database may each write once a minute.
  const recorded = new Map<number, number>();

  /**
   * A write per request would put a disk flush on every API call, so a key's
   * use is recorded once a minute at most, after this request has gone its
   * way (setImmediate), and a failure to record it only reaches the log.
   */
  function recordUse(req: FastifyRequest, keyId: number) {
    const t = now();
    const last = recorded.get(keyId);
    if (last !== undefined && t - last < KEY_USE_RECORD_INTERVAL_MS) return;
    recorded.set(keyId, t);
    setImmediate(() => {
      users.touchKey(keyId, isoNow(t))
        .catch((err: unknown) => req.log.warn({ err, keyId }, 'could not record when an API key was last used'));
    });
  }

  return async function authenticate(req: FastifyRequest): Promise<void> {
    const header = req.headers.authorization;
    const m = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    const key = m?.[1];
    const parsed = key ? parseApiKey(key) : null;
    if (!key || !parsed) throw unauthenticated();
    const row = await users.activeKeyByPrefix(parsed.prefix);
    if (!row || !sameHash(row.hash, sha256(key))) throw unauthenticated();
    req.principal = { userId: row.user_id, keyId: row.id };
    recordUse(req, row.id);
  };
}

export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw unauthenticated();
  return req.principal;
}

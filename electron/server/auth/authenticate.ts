import type { FastifyRequest } from 'fastify';
import { isScope, scopesForRole, type Scope, type UserRole } from '../../../shared/scopes.ts';
import { ApiError, unauthenticated } from '../api/errors.ts';
import type { UsersRepository } from '../db/repositories/users-repository.ts';
import { parseApiKey, sameHash, sha256 } from '../util/secrets.ts';
import { isoNow } from '../util/time.ts';

export interface Principal {
  userId: number;
  keyId: number;
  /** `ldk_XXXXXXXX`, the key's public lookup prefix (what the audit log names). */
  keyPrefix: string;
  role: UserRole;
  /** What the key may do, already narrowed to what its user's role allows. */
  scopes: Scope[];
  /** The one domain the key is restricted to, or null. */
  domainId: number | null;
  expiresAt: string | null;
}

declare module 'fastify' {
  interface FastifyRequest { principal: Principal | null }
}

/** `api_keys.last_used_at` is written at most this often per key. */
export const KEY_USE_RECORD_INTERVAL_MS = 60_000;

const REVOKED = 'This API key has been revoked.';
const SUSPENDED = "This API key's user is suspended.";
const expiredMessage = (at: string) => `This API key expired at ${at}.`;

/**
 * Resolves `Authorization: Bearer <key>` to its user and what the key may do,
 * or throws a 401 that says why. The key and its user are read on every
 * request (one indexed join), with no cache: a revocation or a suspension
 * written by any node is refused by every node from its next request.
 */
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
    const row = await users.keyForAuth(parsed.prefix);
    // Only someone holding the whole key learns why it is refused.
    if (!row || !sameHash(row.hash, sha256(key))) throw unauthenticated();
    if (row.revoked_at) throw new ApiError(401, REVOKED);
    if (row.expires_at && Date.parse(row.expires_at) <= now()) throw new ApiError(401, expiredMessage(row.expires_at));
    if (row.status !== 'active') throw new ApiError(401, SUSPENDED);
    const role: UserRole = row.role === 'admin' ? 'admin' : 'member';
    const stored = (JSON.parse(row.scopes) as unknown[]).filter(isScope);
    req.principal = {
      userId: row.user_id, keyId: row.id, keyPrefix: `ldk_${row.prefix}`, role, scopes: scopesForRole(stored, role),
      domainId: row.domain_id, expiresAt: row.expires_at,
    };
    recordUse(req, row.id);
  };
}

export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw unauthenticated();
  return req.principal;
}

import type { FastifyRequest } from 'fastify';
import { unauthenticated } from '../api/errors.ts';
import type { UsersRepository } from '../db/repositories/users-repository.ts';
import { parseApiKey, sameHash, sha256 } from '../util/secrets.ts';

export interface Principal { userId: number; keyId: number }

declare module 'fastify' {
  interface FastifyRequest { principal: Principal | null }
}

/** Resolves `Authorization: Bearer <key>` to its user, or throws the contract's 401. */
export function createAuthenticator(users: UsersRepository) {
  return async function authenticate(req: FastifyRequest): Promise<void> {
    const header = req.headers.authorization;
    const m = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    const key = m?.[1];
    const parsed = key ? parseApiKey(key) : null;
    if (!key || !parsed) throw unauthenticated();
    const row = await users.activeKeyByPrefix(parsed.prefix);
    if (!row || !sameHash(row.hash, sha256(key))) throw unauthenticated();
    req.principal = { userId: row.user_id, keyId: row.id };
  };
}

export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw unauthenticated();
  return req.principal;
}

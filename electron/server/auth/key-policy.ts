// A key never grants more than the key that acts on it: it may make, change
// or revoke only keys no broader than itself, in each of the three things a
// key is narrowed by (scopes, domain, expiry). The rule is relative to the
// acting key alone, so an admin key restricted to a domain or expiring soon is
// held to it too; the `admin` scope only widens which users' keys it sees.
import { firstMissing, type Scope } from '../../../shared/scopes.ts';
import { ApiError } from '../api/errors.ts';

/** What a key may do, as the policy compares it: scopes already narrowed by the user's role. */
export interface KeyReach { scopes: readonly Scope[]; domainId: number | null; expiresAt: string | null }

export type ReachField = 'scopes' | 'domain_id' | 'expires_at';

/** Where `target` reaches beyond `actor` (the field and the difference in words), or null when it does not. */
export function beyond(actor: KeyReach, target: KeyReach): { field: ReachField; why: string } | null {
  const missing = firstMissing(actor.scopes, target.scopes);
  if (missing) return { field: 'scopes', why: `it has the ${missing} scope, which this key lacks` };
  if (actor.domainId !== null && target.domainId !== actor.domainId) {
    const its = target.domainId === null ? 'it is not restricted to a domain' : `it is restricted to domain ${target.domainId}`;
    return { field: 'domain_id', why: `this key is restricted to domain ${actor.domainId}, and ${its}` };
  }
  if (actor.expiresAt !== null && (target.expiresAt === null || Date.parse(target.expiresAt) > Date.parse(actor.expiresAt))) {
    const its = target.expiresAt === null ? 'it never expires' : `it expires later, at ${target.expiresAt}`;
    return { field: 'expires_at', why: `this key expires at ${actor.expiresAt}, and ${its}` };
  }
  return null;
}

/** A 403 that names the field, in the message and in `errors`. */
export const broader = (field: ReachField, message: string) => new ApiError(403, message, { [field]: [message] });

/** 403 unless the key `targetId` (shaped `target`) is no broader than `actor`; a key may always act on itself. */
export function mayActOn(actor: KeyReach & { keyId: number }, targetId: number, target: KeyReach, verb: 'change' | 'revoke'): void {
  if (targetId === actor.keyId) return;
  const b = beyond(actor, target);
  if (b) throw broader(b.field, `This key may not ${verb} key ${targetId}: in ${b.field}, ${b.why}. A key may ${verb} only keys no broader than itself.`);
}

// A live statistics stream outlives the request that opened it, so the rights
// it was opened with are read again from the database while it runs (every
// RECHECK_MS, one query for all the open streams' keys): any node's write, a
// revocation, a suspension, a demotion, reaches every node's streams. A stream
// whose key or user no longer allows what it was opened with ends with a last
// `event: end` naming why; a narrower reach ends it rather than narrowing it
// silently, so the reader knows to reconnect and is told its new reach then.
import { grants, isScope, scopesForRole } from '../../../../shared/scopes.ts';

export const RECHECK_MS = 500;

export type EndReason = 'key-revoked' | 'key-expired' | 'user-suspended' | 'user-deleted' | 'reach-narrowed';
export interface EndVerdict { reason: EndReason; message: string }

/** What a stream was opened with. `admin`: it hears every user's clicks (the key's admin scope). */
export interface OpenedReach { keyId: number; ownerId: number; admin: boolean; domainId: number | null }

interface KeyRightsRow {
  id: number | string; scopes: string; expires_at: string | null; domain_id: number | string | null; revoked_at: string | null; role: string; status: string;
}
export interface RightsSource {
  keysRights(ids: number[]): Promise<KeyRightsRow[]>;
  usersThatExist(ids: number[]): Promise<number[]>;
}

/** Reads the keys of `opened` once and answers, per stream, why it must end (or nothing). */
export function createRightsCheck(src: RightsSource, now: () => number) {
  return async function check(opened: readonly OpenedReach[]): Promise<(EndVerdict | null)[]> {
    const keyIds = [...new Set(opened.map((o) => o.keyId))];
    const rows = new Map((await src.keysRights(keyIds)).map((r) => [Number(r.id), r]));
    const orphans = [...new Set(opened.filter((o) => !rows.has(o.keyId)).map((o) => o.ownerId))];
    const users = new Set(orphans.length ? await src.usersThatExist(orphans) : []);
    const t = now();
    return opened.map((o) => {
      const row = rows.get(o.keyId);
      if (!row) {
        return users.has(o.ownerId)
          ? { reason: 'key-revoked', message: 'This API key no longer exists.' }
          : { reason: 'user-deleted', message: "This API key's user has been deleted." };
      }
      if (row.revoked_at) return { reason: 'key-revoked', message: 'This API key has been revoked.' };
      if (row.expires_at && Date.parse(row.expires_at) <= t) return { reason: 'key-expired', message: `This API key expired at ${row.expires_at}.` };
      if (row.status !== 'active') return { reason: 'user-suspended', message: "This API key's user is suspended." };
      const scopes = scopesForRole((JSON.parse(row.scopes) as unknown[]).filter(isScope), row.role);
      const narrowed = (why: string): EndVerdict => ({ reason: 'reach-narrowed', message: `${why} Reconnect to follow what the key reaches now.` });
      if (!grants(scopes, 'stats:read')) return narrowed('This API key no longer has the stats:read scope.');
      if (o.admin && !scopes.includes('admin')) {
        return narrowed(row.role === 'admin' ? 'This API key no longer has the admin scope, so it hears only its own user\'s clicks.'
          : "This API key's user is no longer an admin, so the key hears only its own user's clicks.");
      }
      const domainId = row.domain_id === null ? null : Number(row.domain_id);
      if (domainId !== null && domainId !== o.domainId) return narrowed(`This API key is now restricted to domain ${domainId}.`);
      return null;
    });
  };
}

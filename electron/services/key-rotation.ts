// Rotate key: a new key for an instance, made with the old one through the
// API (same scopes, same domain; its expiry can be no later than the old
// key's), stored in the secret store, checked, and only then the old key
// revoked. Whichever step fails, nothing is lost: until the new key has
// answered, the old one stays stored and valid; once it has, it is never
// thrown away.
import type { ApiKey, ApiKeyCreated } from '../../shared/schemas/admin.ts';
import { single } from './api-answers.ts';
import type { ApiClient } from './api-client.ts';
import { ServiceError } from './errors.ts';
import { say, se } from './i18n/service-errors.ts';
import type { SecretStore } from './secret-store.ts';

export interface RotationDeps {
  /** Reads its key from `secrets` under `account` on every request (as the desktop's clients do). */
  client: ApiClient;
  secrets: Pick<SecretStore, 'get' | 'set' | 'warning'>;
  account: string;
  now?: () => number;
}

export interface RotationResult { prefix: string; keyId: number; oldKeyId: number; oldKeyRevoked: boolean; message: string }

const stamp = (now: number) => new Date(now).toISOString().slice(0, 10);
const why = (err: unknown) => (err instanceof ServiceError ? err.error.message : err instanceof Error ? err.message : String(err));

export async function rotateKey(d: RotationDeps): Promise<RotationResult> {
  const now = d.now ?? Date.now;
  const old = await d.secrets.get(d.account);
  if (!old) throw new ServiceError('no-key', say(se.rotateNoKey));

  // 1. What the old key is, and 2. its successor, both with the old key.
  const current = single<ApiKey>(await d.client.request('GET', '/keys/current'));
  const made = single<ApiKeyCreated>(await d.client.request('POST', '/keys', {
    body: { name: `${current.name || 'Linkdesk desktop'} (rotated ${stamp(now())})`.slice(0, 255), scopes: current.scopes, ...(current.domain_id !== null && { domain_id: current.domain_id }) },
  }));
  if (typeof made.key !== 'string' || typeof made.id !== 'number') throw new ServiceError('not-linkdesk', say(se.rotateNoAnswer));

  /** The new key is of no use: revoked with the old one, which is stored again; best effort. */
  const dropNew = async () => {
    try {
      await d.client.request('DELETE', `/keys/${made.id}`);
    } catch {
      // Unused and unstored: it expires with nothing holding it, and the key list shows it.
    }
  };

  // 3. Stored.
  try {
    await d.secrets.set(d.account, made.key);
  } catch (err) {
    await dropNew();
    throw new ServiceError('keychain', say(se.rotateNotStored, { reason: why(err) }));
  }

  // 4. Checked: the stored key answers as the new key.
  try {
    const seen = single<ApiKey>(await d.client.request('GET', '/keys/current'));
    if (seen.id !== made.id) throw new Error(`the server answered as key ${seen.id}`);
  } catch (err) {
    try {
      await d.secrets.set(d.account, old);
    } catch (restoreErr) {
      // The new key stays stored (it may well work); the old one is still valid, so nothing is lost either way.
      throw new ServiceError('keychain', say(se.rotateStuck, { prefix: made.prefix, reason: why(err), restoreReason: why(restoreErr), keyId: String(made.id) }));
    }
    await dropNew();
    throw new ServiceError(err instanceof ServiceError ? err.error.kind : 'server', say(se.rotateFailed, { reason: why(err) }));
  }

  // 5. Only now the old key goes, with the new one. A save in effect but not confirmed on the disk is said too.
  const unsure = d.secrets.warning?.() ?? null;
  const told = (message: string) => (unsure ? `${message} ${unsure}` : message);
  try {
    await d.client.request('DELETE', `/keys/${current.id}`);
  } catch (err) {
    return {
      prefix: made.prefix, keyId: made.id, oldKeyId: current.id, oldKeyRevoked: false,
      message: told(`The new key (${made.prefix}) is stored and works, but the old key (${current.prefix}, key ${current.id}) could not be revoked (${why(err)}); revoke it from the keys list.`),
    };
  }
  return { prefix: made.prefix, keyId: made.id, oldKeyId: current.id, oldKeyRevoked: true, message: told(`The key was rotated: ${made.prefix} replaces ${current.prefix}, which is revoked.`) };
}

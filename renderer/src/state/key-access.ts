// What the selected instance's key may do, from `keys.current`: an admin key
// gets *Users & keys* and *Activity*, any other key *My keys*. A seed-only
// server, or a Linkdesk server older than the users and keys routes, offers
// neither (the sidebar says so). Keyed by instance like every server query, and
// under 'keys' so a change to keys (or a rotation) reads it again.
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import type { IpcError } from '../../../shared/contract.ts';
import type { ApiKey } from '../../../shared/schemas/admin.ts';
import { grants, type Scope } from '../../../shared/scopes.ts';
import { call, toIpcError } from '../api/api.ts';
import { instanceKey } from '../api/query.ts';
import { useInstances } from './instances-store.ts';
import { useServerFeatures } from './server-features.ts';

export type KeyAccess =
  | { state: 'checking' }
  /** The server has no /keys (seed-only, or older than roles and scopes). */
  | { state: 'not-offered'; message: string }
  | { state: 'admin'; key: ApiKey }
  | { state: 'member'; key: ApiKey }
  /** The key could not be read (unreachable, refused): the screens show why. */
  | { state: 'unknown'; error: IpcError };

export const KEYS_RESOURCE = 'keys';
const currentKeyQueryKey = (instanceId: string | null) => instanceKey(instanceId, KEYS_RESOURCE, 'current');

function accessOf(key: ApiKey): KeyAccess {
  return key.scopes.includes('admin') ? { state: 'admin', key } : { state: 'member', key };
}

export function useKeyAccess(): KeyAccess {
  const intl = useIntl();
  const instanceId = useInstances((s) => s.selectedId);
  // A new connection state (a new key saved, the server back) is a reason to ask again.
  const connected = useInstances((s) => (s.selectedId ? s.reach[s.selectedId]?.state === 'connected' : false));
  const features = useServerFeatures();
  const q = useQuery({
    queryKey: [...currentKeyQueryKey(instanceId), connected],
    queryFn: () => call('keys.current', undefined, { quiet: true }),
    enabled: instanceId !== null && features.linkdesk,
    staleTime: 30_000,
  });
  if (!features.linkdesk) return { state: 'not-offered', message: intl.formatMessage({ id: 'app.keys.notOffered', defaultMessage: 'This server does not offer key management.' }) };
  if (q.data) return accessOf(q.data);
  if (q.error) {
    const error = toIpcError(q.error);
    return error.kind === 'unsupported' ? { state: 'not-offered', message: error.message } : { state: 'unknown', error };
  }
  return { state: 'checking' };
}

/** Whether the key (when known) grants `scope`; an unknown key is given the benefit of the doubt (the server decides). */
export function keyGrants(access: KeyAccess, scope: Scope): boolean {
  return access.state === 'admin' || access.state === 'member' ? grants(access.key.scopes, scope) : true;
}

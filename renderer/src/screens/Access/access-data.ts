// Users and keys through the contract, and the query keys they live under:
// 'users' and 'keys' of the selected instance. A change to either reads both
// again (a user's deletion revokes their keys; a key's change moves a user's
// last activity), and the current key too, which the sidebar decides on.
import type { Deleted, Page } from '../../../../shared/api-types.ts';
import type { ApiKey, ApiKeyCreated, User } from '../../../../shared/schemas/admin.ts';
import { call } from '../../api/api.ts';
import { invalidateResource } from '../../api/query.ts';
import type { Body, ListQuery } from '../../api/types.ts';
import { useInstanceQuery } from '../../api/use-instance-query.ts';
import { useInstances } from '../../state/instances-store.ts';
import { KEYS_RESOURCE } from '../../state/key-access.ts';

const USERS_RESOURCE = 'users';

export const access = {
  users: (query: ListQuery): Promise<Page<User>> => call('users.list', { query }),
  createUser: (data: Body): Promise<User> => call('users.create', { data }),
  updateUser: (id: number, data: Body): Promise<User> => call('users.update', { id, data }),
  deleteUser: (id: number, links?: 'delete' | 'move', toUserId?: number): Promise<Deleted> =>
    call('users.delete', { id, ...(links ? { links } : {}), ...(toUserId ? { toUserId } : {}) }),
  keys: (query: ListQuery): Promise<Page<ApiKey>> => call('keys.list', { query }),
  /** The answer holds the key itself: hand it to the dialog that shows it once, and nowhere else. */
  createKey: (data: Body): Promise<ApiKeyCreated> => call('keys.create', { data }),
  renameKey: (id: number, name: string): Promise<ApiKey> => call('keys.update', { id, data: { name } }),
  revokeKey: (id: number): Promise<Deleted> => call('keys.revoke', { id }),
};

export const useUsers = (query: ListQuery, enabled = true) =>
  useInstanceQuery(USERS_RESOURCE, query, () => access.users(query), { enabled });
export const useKeys = (query: ListQuery) => useInstanceQuery(KEYS_RESOURCE, query, () => access.keys(query));

/** Every user (for pickers): the first 100, which is what one page can hold. */
export const useAllUsers = (enabled = true) => useUsers({ per_page: 100 }, enabled);

export function refreshAccess(): Promise<unknown> {
  const id = useInstances.getState().selectedId;
  return Promise.all([invalidateResource(id, USERS_RESOURCE), invalidateResource(id, KEYS_RESOURCE)]);
}

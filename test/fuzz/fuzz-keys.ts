// The fuzz's two users (an admin and a member) and their keys. The API lets a
// generated request suspend, demote or delete them or revoke their keys; then
// they are put back on the host's side (as `linkdesk keys create --user` would),
// so that what the fuzz created before stays theirs and in reach.
import type { Store } from '../../electron/server/db/database.ts';
import type { PostgresStore } from '../../electron/server/db/postgres.ts';
import { createUsersRepository } from '../../electron/server/db/repositories/users-repository.ts';

export async function fuzzKeys(store: Store | PostgresStore) {
  const users = createUsersRepository(store.db);
  let made = 0;
  const ids: Record<'admin' | 'member', number> = { admin: 0, member: 0 };
  const keyOf = async (role: 'admin' | 'member') => {
    if (ids[role] && (await users.showUser(ids[role]))) {
      await users.updateUser(ids[role], { status: 'active', role });
      return (await users.addKey(ids[role])).key;
    }
    const u = await users.createUserWithKey(`fuzz-${role}-${++made}`, role);
    ids[role] = u.userId;
    return u.key;
  };
  const renewKeys = async () => ({ admin: await keyOf('admin'), member: await keyOf('member') });
  return { keys: await renewKeys(), renewKeys, renewals: () => made };
}

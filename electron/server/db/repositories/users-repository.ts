import type { Kysely } from 'kysely';
import { newApiKey } from '../../util/secrets.ts';
import { isoNow } from '../../util/time.ts';
import type { DB } from '../schema.ts';

export interface KeyRow { id: number; user_id: number; user_name: string; prefix: string; created_at: string; last_used_at: string | null; revoked_at: string | null }

export function createUsersRepository(db: Kysely<DB>) {
  async function addKey(userId: number) {
    const { key, prefix, hash } = newApiKey();
    const row = await db.insertInto('api_keys')
      .values({ user_id: userId, prefix, hash, created_at: isoNow(), last_used_at: null, revoked_at: null })
      .returning('id').executeTakeFirstOrThrow();
    return { keyId: row.id, key, prefix };
  }

  return {
    async findUser(id: number) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The users called exactly `name`, oldest first. */
    async usersNamed(name: string) {
      return db.selectFrom('users').select(['id', 'name']).where('name', '=', name).orderBy('id').execute();
    },

    /** A new user with its first key; the key is returned once and never stored in the clear. */
    async createUserWithKey(name: string) {
      return db.transaction().execute(async (trx) => {
        const user = await trx.insertInto('users').values({ name, created_at: isoNow() }).returning(['id', 'name']).executeTakeFirstOrThrow();
        const { key, prefix, hash } = newApiKey();
        const k = await trx.insertInto('api_keys')
          .values({ user_id: user.id, prefix, hash, created_at: isoNow(), last_used_at: null, revoked_at: null })
          .returning('id').executeTakeFirstOrThrow();
        return { userId: user.id, name: user.name, keyId: k.id, key, prefix };
      });
    },

    addKey,

    async listKeys(): Promise<KeyRow[]> {
      return db.selectFrom('api_keys').innerJoin('users', 'users.id', 'api_keys.user_id')
        .select(['api_keys.id', 'api_keys.user_id', 'users.name as user_name', 'api_keys.prefix', 'api_keys.created_at', 'api_keys.last_used_at', 'api_keys.revoked_at'])
        .orderBy('api_keys.id').execute();
    },

    async findKey(id: number) {
      return db.selectFrom('api_keys').select(['id', 'user_id', 'revoked_at']).where('id', '=', id).executeTakeFirst();
    },

    /** True when a key was revoked by this call. */
    async revokeKey(id: number): Promise<boolean> {
      const r = await db.updateTable('api_keys').set({ revoked_at: isoNow() }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },

    /** Records that a key was used at `at` (ISO); the authenticator calls it at most once a minute per key. */
    async touchKey(id: number, at: string): Promise<void> {
      await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
    },

    async activeKeyByPrefix(prefix: string) {
      return db.selectFrom('api_keys').select(['id', 'user_id', 'hash']).where('prefix', '=', prefix).where('revoked_at', 'is', null).executeTakeFirst();
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;

import { sql, type Kysely } from 'kysely';
import { FULL_ACCESS, normalizeScopes, type Scope, type UserRole, type UserStatus } from '../../../../shared/scopes.ts';
import { nameKey } from '../../../../shared/user-names.ts';
import { newApiKey } from '../../util/secrets.ts';
import { isoNow } from '../../util/time.ts';
import type { DB } from '../schema.ts';

export interface KeyRow {
  id: number; user_id: number; user_name: string; user_role: string; prefix: string; name: string; scopes: string; expires_at: string | null;
  domain_id: number | null; created_at: string; last_used_at: string | null; revoked_at: string | null;
  /** The key that made this one through the API; null for the CLI's and the desktop app's. */
  created_by_key_id: number | null;
}
export interface UserRow {
  id: number; name: string; role: string; status: string; created_at: string;
  links_count: number; last_active_at: string | null;
  links_stopped: number; link_limit_minute: number | null; link_limit_day: number | null;
}
/** What the authenticator needs of a key, found by its prefix whatever its state (so a refusal can say why). */
export interface AuthKeyRow {
  id: number; user_id: number; prefix: string; hash: string; scopes: string; expires_at: string | null; domain_id: number | null;
  revoked_at: string | null; role: string; status: string;
}
export interface NewKey {
  userId: number; name?: string; scopes: readonly Scope[]; expiresAt?: string | null; domainId?: number | null; createdByKeyId?: number | null;
}

const KEY_COLUMNS = [
  'api_keys.id', 'api_keys.user_id', 'users.name as user_name', 'users.role as user_role', 'api_keys.prefix', 'api_keys.name', 'api_keys.scopes', 'api_keys.expires_at',
  'api_keys.domain_id', 'api_keys.created_at', 'api_keys.last_used_at', 'api_keys.revoked_at', 'api_keys.created_by_key_id',
] as const;

export function createUsersRepository(db: Kysely<DB>) {
  async function insertKey(trx: Kysely<DB>, k: NewKey) {
    const { key, prefix, hash } = newApiKey();
    const row = await trx.insertInto('api_keys').values({
      user_id: k.userId, prefix, hash, created_at: isoNow(), last_used_at: null, revoked_at: null,
      name: k.name ?? '', scopes: JSON.stringify(normalizeScopes(k.scopes)), expires_at: k.expiresAt ?? null,
      domain_id: k.domainId ?? null, created_by_key_id: k.createdByKeyId ?? null,
    }).returning('id').executeTakeFirstOrThrow();
    return { keyId: row.id, key, prefix };
  }

  /** The first user of an instance is admin whatever `role` says, decided inside the transaction so two first starts cannot both miss it. */
  async function insertUser(trx: Kysely<DB>, name: string, role: UserRole) {
    const any = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    return trx.insertInto('users').values({ name, created_at: isoNow(), role: any ? role : 'admin', status: 'active' })
      .returning(['id', 'name', 'role']).executeTakeFirstOrThrow();
  }

  const userRows = () => db.selectFrom('users')
    .leftJoin('link_counts', 'link_counts.user_id', 'users.id')
    .select(['users.id', 'users.name', 'users.role', 'users.status', 'users.created_at', 'users.links_stopped', 'users.link_limit_minute', 'users.link_limit_day'])
    .select((eb) => [
      eb.fn.coalesce('link_counts.total', sql<number>`0`).as('links_count'),
      eb.selectFrom('api_keys').select((k) => k.fn.max('api_keys.last_used_at').as('m')).whereRef('api_keys.user_id', '=', 'users.id').as('last_active_at'),
    ]);

  /**
   * Runs a change that may take away an active admin, in a transaction that
   * first locks the admins' rows (two requests cannot each remove "the other"
   * last admin); false, with nothing changed, when it would leave none.
   */
  const linkIdsOf = async (trx: Kysely<DB>, userId: number) =>
    (await trx.selectFrom('links').select('id').where('user_id', '=', userId).orderBy('id').execute()).map((r) => Number(r.id));

  const keepingAdmin = (change: (trx: Kysely<DB>) => Promise<void>): Promise<boolean> => db.transaction().execute(async (trx) => {
    await lockAdmins(trx);
    await change(trx);
    const left = await trx.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('role', '=', 'admin').where('status', '=', 'active').executeTakeFirstOrThrow();
    if (Number(left.n) === 0) throw new LastAdminError();
    return true;
  }).catch((err: unknown) => {
    if (err instanceof LastAdminError) return false;
    throw err;
  });

  /** Every key made by `id`, by the keys it made, and so on, revoked or not; oldest first. */
  async function keysMadeBy(id: number): Promise<KeyRow[]> {
    const found: KeyRow[] = [];
    const seen = new Set([id]);
    // One generation a query: lineages are short, and the index on created_by_key_id answers each.
    for (let parents = [id]; parents.length;) {
      const rows = await db.selectFrom('api_keys').innerJoin('users', 'users.id', 'api_keys.user_id').select(KEY_COLUMNS)
        .where('api_keys.created_by_key_id', 'in', parents).orderBy('api_keys.id').execute();
      const fresh = rows.filter((r) => !seen.has(r.id));
      for (const r of fresh) seen.add(r.id);
      found.push(...fresh);
      parents = fresh.map((r) => r.id);
    }
    return found.sort((a, b) => a.id - b.id);
  }

  /** Revokes those of `ids` not revoked yet, in one statement; the ids this call revoked, ascending. */
  async function revokeKeys(ids: readonly number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await db.updateTable('api_keys').set({ revoked_at: isoNow() }).where('id', 'in', [...ids]).where('revoked_at', 'is', null)
      .returning('id').execute();
    return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  }

  return {
    async findUser(id: number) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** A user with its link count and last activity (its keys' last use). */
    async showUser(id: number): Promise<UserRow | undefined> {
      return (await userRows().where('users.id', '=', id).executeTakeFirst()) as UserRow | undefined;
    },

    async listUsers(q: { page: number; per_page: number; role?: string; status?: string; search?: string }): Promise<{ rows: UserRow[]; total: number }> {
      let base = db.selectFrom('users');
      if (q.role) base = base.where('role', '=', q.role);
      if (q.status) base = base.where('status', '=', q.status);
      if (q.search) base = base.where('name', '=', q.search);
      const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      let rows = userRows();
      if (q.role) rows = rows.where('users.role', '=', q.role);
      if (q.status) rows = rows.where('users.status', '=', q.status);
      if (q.search) rows = rows.where('users.name', '=', q.search);
      const list = await rows.orderBy('users.id').limit(q.per_page).offset((q.page - 1) * q.per_page).execute();
      return { rows: list as UserRow[], total: Number(total) };
    },

    /** Every user, oldest first (the CLI's list). */
    async allUsers(): Promise<UserRow[]> {
      return (await userRows().orderBy('users.id').execute()) as UserRow[];
    },

    /**
     * The users called `name` whatever its case (nameKey), oldest first. Compared here rather than
     * in SQL: SQLite's lower() folds ASCII only, and an instance has few users.
     */
    async usersNamed(name: string) {
      const key = nameKey(name);
      return (await db.selectFrom('users').select(['id', 'name']).orderBy('id').execute()).filter((u) => nameKey(u.name) === key);
    },

    /** A new user (admin if it is the instance's first). */
    async createUser(name: string, role: UserRole = 'member') {
      return db.transaction().execute((trx) => insertUser(trx, name, role));
    },

    /**
     * A new user with its first key, with full access (`admin` counts only
     * while the user is an admin; the first user of an instance is); the key
     * is returned once and never stored in the clear.
     */
    async createUserWithKey(name: string, role: UserRole = 'member') {
      return db.transaction().execute(async (trx) => {
        const user = await insertUser(trx, name, role);
        const k = await insertKey(trx, { userId: user.id, scopes: FULL_ACCESS });
        return { userId: user.id, name: user.name, role: user.role as UserRole, ...k };
      });
    },

    async updateUser(id: number, changes: { name?: string; role?: UserRole; status?: UserStatus }): Promise<void> {
      if (!Object.keys(changes).length) return;
      await db.updateTable('users').set(changes).where('id', '=', id).execute();
    },

    /** Applies `changes` unless they would leave no active admin; false then. */
    /** `links_stopped`: 1 stops every link of a suspended user (migration 17's trigger announces them all to the redirect caches). */
    async updateUserKeepingAdmin(id: number, changes: {
      name?: string; role?: UserRole; status?: UserStatus; links_stopped?: number; link_limit_minute?: number | null; link_limit_day?: number | null;
    }): Promise<boolean> {
      // A restored user's links redirect again, whoever restores them (the API, the CLI).
      const set = changes.status === 'active' ? { ...changes, links_stopped: 0 } : changes;
      return keepingAdmin(async (trx) => {
        await trx.updateTable('users').set(set).where('id', '=', id).execute();
      });
    },

    /**
     * Deletes the user and everything it owns, unless it is the last active
     * admin; false then. Else the ids of the links that went with it (read
     * in the same transaction, for their audit entries).
     */
    async deleteUserKeepingAdmin(id: number): Promise<number[] | false> {
      let links: number[] = [];
      const done = await keepingAdmin(async (trx) => {
        links = await linkIdsOf(trx, id);
        await trx.deleteFrom('users').where('id', '=', id).execute();
      });
      return done && links;
    },

    /**
     * Moves what `id` owns (domains, spaces, pixels, links with their counters
     * and statistics) to `to`, then deletes `id` with its keys and webhooks;
     * all in one transaction. False when `id` is the last active admin; else the ids of the links that moved.
     */
    async deleteUserMovingTo(id: number, to: number): Promise<number[] | false> {
      let links: number[] = [];
      const done = await keepingAdmin(async (trx) => {
        links = await linkIdsOf(trx, id);
        for (const table of ['domains', 'spaces', 'pixels', 'links', 'link_clicks', 'click_days', 'link_purges'] as const) {
          await trx.updateTable(table).set({ user_id: to }).where('user_id', '=', id).execute();
        }
        // Account rollups are keyed by user: the two users' days are added together.
        await sql`INSERT INTO account_days (user_id, day, clicks) SELECT CAST(${to} AS bigint), day, clicks FROM account_days WHERE user_id = ${id}
          ON CONFLICT (user_id, day) DO UPDATE SET clicks = account_days.clicks + excluded.clicks`.execute(trx);
        await sql`INSERT INTO account_dims (user_id, dim, day, value, clicks) SELECT CAST(${to} AS bigint), dim, day, value, clicks FROM account_dims WHERE user_id = ${id}
          ON CONFLICT (user_id, dim, day, value) DO UPDATE SET clicks = account_dims.clicks + excluded.clicks`.execute(trx);
        await sql`INSERT INTO account_month_dims (user_id, dim, month, value, clicks) SELECT CAST(${to} AS bigint), dim, month, value, clicks FROM account_month_dims WHERE user_id = ${id}
          ON CONFLICT (user_id, dim, month, value) DO UPDATE SET clicks = account_month_dims.clicks + excluded.clicks`.execute(trx);
        await trx.deleteFrom('account_days').where('user_id', '=', id).execute();
        await trx.deleteFrom('account_dims').where('user_id', '=', id).execute();
        await trx.deleteFrom('account_month_dims').where('user_id', '=', id).execute();
        // The per-user link totals are kept by triggers on insert and delete only: counted again.
        await trx.deleteFrom('link_counts').where('user_id', 'in', [id, to]).execute();
        await sql`INSERT INTO link_counts (user_id, total, disabled)
          SELECT user_id, count(*), sum(CASE WHEN disabled <> 0 THEN 1 ELSE 0 END) FROM links WHERE user_id = ${to} GROUP BY user_id`.execute(trx);
        await trx.deleteFrom('users').where('id', '=', id).execute();
      });
      return done && links;
    },

    async linkCount(userId: number): Promise<number> {
      const r = await db.selectFrom('links').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /**
     * Another key for an existing user with full access: everything its role
     * allows, now and after a promotion (the CLI's `keys create --user`, the desktop's own key).
     */
    async addKey(userId: number) {
      return insertKey(db, { userId, scopes: FULL_ACCESS });
    },

    /** A key as asked for; the caller has checked the scopes against its own and the role. */
    createKey: (k: NewKey) => insertKey(db, k),

    async listKeys(filter: { userId?: number } = {}): Promise<KeyRow[]> {
      let q = db.selectFrom('api_keys').innerJoin('users', 'users.id', 'api_keys.user_id').select(KEY_COLUMNS);
      if (filter.userId !== undefined) q = q.where('api_keys.user_id', '=', filter.userId);
      return q.orderBy('api_keys.id').execute();
    },

    async pageKeys(q: { page: number; per_page: number; userId?: number; state?: 'active' | 'revoked' }): Promise<{ rows: KeyRow[]; total: number }> {
      let base = db.selectFrom('api_keys').innerJoin('users', 'users.id', 'api_keys.user_id');
      if (q.userId !== undefined) base = base.where('api_keys.user_id', '=', q.userId);
      if (q.state === 'active') base = base.where('api_keys.revoked_at', 'is', null);
      if (q.state === 'revoked') base = base.where('api_keys.revoked_at', 'is not', null);
      const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const rows = await base.select(KEY_COLUMNS).orderBy('api_keys.id', 'desc').limit(q.per_page).offset((q.page - 1) * q.per_page).execute();
      return { rows, total: Number(total) };
    },

    async findKey(id: number): Promise<KeyRow | undefined> {
      return db.selectFrom('api_keys').innerJoin('users', 'users.id', 'api_keys.user_id').select(KEY_COLUMNS)
        .where('api_keys.id', '=', id).executeTakeFirst();
    },

    /** True when a key was revoked by this call. */
    async revokeKey(id: number): Promise<boolean> {
      const r = await db.updateTable('api_keys').set({ revoked_at: isoNow() }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },

    async renameKey(id: number, name: string): Promise<void> {
      await db.updateTable('api_keys').set({ name }).where('id', '=', id).execute();
    },

    /** Changes what a key may do; the caller has checked that each change narrows it. */
    async updateKey(id: number, changes: { name?: string; scopes?: readonly Scope[]; expiresAt?: string; domainId?: number }): Promise<void> {
      const set = {
        ...(changes.name !== undefined && { name: changes.name }),
        ...(changes.scopes !== undefined && { scopes: JSON.stringify(normalizeScopes(changes.scopes)) }),
        ...(changes.expiresAt !== undefined && { expires_at: changes.expiresAt }),
        ...(changes.domainId !== undefined && { domain_id: changes.domainId }),
      };
      if (Object.keys(set).length) await db.updateTable('api_keys').set(set).where('id', '=', id).execute();
    },

    keysMadeBy,
    revokeKeys,

    /**
     * Revokes `ids` (`rootId` and the lineage the caller has checked), then
     * any key of `rootId`'s lineage still active: one a key of it made while
     * this ran, by a request already past its key check. The ids revoked, ascending.
     */
    async revokeLineage(rootId: number, ids: readonly number[]): Promise<number[]> {
      const revoked = await revokeKeys(ids);
      for (let round = 0; round < 5; round++) {
        const late = (await keysMadeBy(rootId)).filter((k) => k.revoked_at === null).map((k) => k.id);
        if (!late.length) break;
        revoked.push(...(await revokeKeys(late)));
      }
      return revoked.sort((a, b) => a - b);
    },

    /** Records that a key was used at `at` (ISO); the authenticator calls it at most once a minute per key. */
    async touchKey(id: number, at: string): Promise<void> {
      await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
    },

    /** The key with this prefix, revoked or not, with its user's role and status: one indexed read per request. */
    async keyForAuth(prefix: string): Promise<AuthKeyRow | undefined> {
      return db.selectFrom('api_keys').innerJoin('users', 'users.id', 'api_keys.user_id')
        .select(['api_keys.id', 'api_keys.user_id', 'api_keys.prefix', 'api_keys.hash', 'api_keys.scopes', 'api_keys.expires_at', 'api_keys.domain_id',
          'api_keys.revoked_at', 'users.role', 'users.status'])
        .where('api_keys.prefix', '=', prefix).executeTakeFirst();
    },

    /** The keys' rights as they stand now, with their users' (the live streams re-check these); a deleted key or user has no row. */
    async keysRights(ids: number[]) {
      if (!ids.length) return [];
      return db.selectFrom('api_keys').innerJoin('users', 'users.id', 'api_keys.user_id')
        .select(['api_keys.id', 'api_keys.scopes', 'api_keys.expires_at', 'api_keys.domain_id', 'api_keys.revoked_at', 'users.role', 'users.status'])
        .where('api_keys.id', 'in', ids).execute();
    },

    /** Which of `ids` are users still. */
    async usersThatExist(ids: number[]): Promise<number[]> {
      if (!ids.length) return [];
      return (await db.selectFrom('users').select('id').where('id', 'in', ids).execute()).map((r) => Number(r.id));
    },

    async activeKeyByPrefix(prefix: string) {
      return db.selectFrom('api_keys').select(['id', 'user_id', 'hash']).where('prefix', '=', prefix).where('revoked_at', 'is', null).executeTakeFirst();
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;

class LastAdminError extends Error {}

/**
 * A no-op write to every admin row: PostgreSQL holds their row locks to the
 * end of the transaction (a second one waits, then counts what the first
 * committed), and SQLite's transaction holds the writer's lock from here.
 */
async function lockAdmins(trx: Kysely<DB>) {
  await trx.updateTable('users').set({ role: sql<string>`role` }).where('role', '=', 'admin').execute();
}

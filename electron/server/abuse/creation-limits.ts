// Limits on creation (issue 44): links one user may create a minute and a
// day. Each user's own limits are set by admins (`link_limit_minute`,
// `link_limit_day`; a member cannot change them, PATCH /users is an admin's);
// null takes the instance's defaults (--links-per-minute, --links-per-day),
// which apply to members: an admin is limited only by limits set on them.
// Creations are counted per user and minute in `link_creations` (deleting
// links, or importing them with old dates, does not give any back). A
// request reserves what it may create before it writes, so two at once cannot
// both pass the limit; what it did not create is given back after.
import { sql, type Kysely } from 'kysely';
import { ApiError } from '../api/errors.ts';
import type { DB } from '../db/schema.ts';

export interface CreationLimitOptions {
  db: Kysely<DB>;
  perMinute: number;
  perDay: number;
  now(): number;
}

const DAY_MINUTES = 1440;
const plural = (n: number) => `${n} link${n === 1 ? '' : 's'}`;

export function createCreationLimits(o: CreationLimitOptions) {
  const add = (userId: number, minute: number, n: number) => o.db.insertInto('link_creations').values({ user_id: userId, minute, count: n })
    .onConflict((oc) => oc.columns(['user_id', 'minute']).doUpdateSet({ count: sql`link_creations.count + ${n}` })).execute();

  async function limitsOf(userId: number): Promise<{ minute: number; day: number } | null> {
    const u = await o.db.selectFrom('users').select(['role', 'link_limit_minute', 'link_limit_day']).where('id', '=', userId).executeTakeFirst();
    if (!u) return null;
    const admin = u.role === 'admin';
    const minute = u.link_limit_minute ?? (admin ? null : o.perMinute);
    const day = u.link_limit_day ?? (admin ? null : o.perDay);
    if (minute === null && day === null) return null;
    return { minute: minute ?? Number.MAX_SAFE_INTEGER, day: day ?? Number.MAX_SAFE_INTEGER };
  }

  return {
    /**
     * Reserves `n` creations for `userId`, or throws 429 saying which limit and when to retry (Retry-After). Returns
     * `release(unused)`, to give back what the request did not create.
     */
    async reserve(userId: number, n: number): Promise<(unused: number) => Promise<void>> {
      const none = async () => {};
      if (n <= 0) return none;
      const limits = await limitsOf(userId);
      if (!limits) return none;
      const now = o.now();
      const minute = Math.floor(now / 60_000);
      await add(userId, minute, n);
      const rows = await o.db.selectFrom('link_creations').select(['minute', 'count'])
        .where('user_id', '=', userId).where('minute', '>', minute - DAY_MINUTES).orderBy('minute').execute();
      const inMinute = Number(rows.find((r) => Number(r.minute) === minute)?.count ?? 0);
      const inDay = rows.reduce((a, r) => a + Number(r.count), 0);
      const over = inMinute > limits.minute ? 'minute' : inDay > limits.day ? 'day' : null;
      if (over) {
        await add(userId, minute, -n);
        const left = Math.max(0, over === 'minute' ? limits.minute - (inMinute - n) : limits.day - (inDay - n));
        // The minute's count starts again at the next minute; the day's as its oldest creations leave the last 24 hours.
        let retryAt = (minute + 1) * 60_000;
        if (over === 'day') {
          let freed = left;
          for (const r of rows) {
            freed += Number(r.count);
            retryAt = (Number(r.minute) + DAY_MINUTES + 1) * 60_000;
            if (freed >= n) break;
          }
        }
        const wait = Math.max(1, Math.ceil((retryAt - now) / 1000));
        const limit = over === 'minute' ? limits.minute : limits.day;
        throw new ApiError(429,
          `Too many links created: this account may create ${plural(limit)} a ${over}, and ${left === 0 ? 'none is' : `only ${plural(left)} are`} left `
          + `for now${n > 1 ? ` (this request would create ${n})` : ''}. Try again in ${wait} seconds, or ask an administrator to raise the limit.`,
          undefined, { 'retry-after': String(wait) });
      }
      // Old minutes go now and then (a row a user and minute at most).
      if (Math.random() < 0.01) await o.db.deleteFrom('link_creations').where('minute', '<=', minute - DAY_MINUTES).execute();
      return async (unused) => {
        if (unused > 0) await add(userId, minute, -unused);
      };
    },
  };
}
export type CreationLimits = ReturnType<typeof createCreationLimits>;

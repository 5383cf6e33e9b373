// The destination checker's reads and writes. Due links are the active ones
// never checked or checked longer than an interval ago, unchecked first, then
// oldest: two ranges of the links_health_due index.
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../schema.ts';

export interface DueLink { id: number; url: string; targets: string; target_type: number }
export type LinkHealth = 'ok' | 'broken' | 'unknown';

/** Neither disabled nor expired (by date or by spent click budget). */
const activeSql = (now: number) => sql<SqlBool>`(links.disabled = 0 AND (links.ends_at IS NULL OR links.ends_at > ${now})
  AND (links.expiration_clicks IS NULL OR (SELECT clicks FROM link_clicks WHERE link_id = links.id) < links.expiration_clicks))`;

export function createHealthRepository(db: Kysely<DB>) {
  return {
    /**
     * Claims up to `limit` due links for this process. The claim moves
     * health_checked_at to `leaseMs` before the links fall due again, so a
     * check that never finishes (a killed process) is retried after the
     * lease, not after a whole interval. Claiming is one conditional UPDATE:
     * on PostgreSQL a node that picked the same rows waits for the other's
     * claim, re-reads the condition, and gets none of them.
     */
    async claimDue(now: number, intervalMs: number, leaseMs: number, limit: number): Promise<DueLink[]> {
      const cutoff = now - intervalMs;
      const never = await db.selectFrom('links').select('id')
        .where('disabled', '=', 0).where('health_checked_at', 'is', null).where(activeSql(now)).limit(limit).execute();
      const stale = never.length < limit
        ? await db.selectFrom('links').select('id')
          .where('disabled', '=', 0).where('health_checked_at', '<=', cutoff).where(activeSql(now))
          .orderBy('health_checked_at').limit(limit - never.length).execute()
        : [];
      const ids = [...never, ...stale].map((r) => r.id);
      if (!ids.length) return [];
      return db.updateTable('links').set({ health_checked_at: cutoff + leaseMs })
        .where('id', 'in', ids)
        .where((eb) => eb.or([eb('health_checked_at', 'is', null), eb('health_checked_at', '<=', cutoff)]))
        .returning(['id', 'url', 'targets', 'target_type']).execute();
    },

    /** Stores a check's outcome unless the link was pointed elsewhere meanwhile (it is unknown and due again then). */
    async store(link: DueLink, health: Exclude<LinkHealth, 'unknown'>, detail: string | null, now: number): Promise<void> {
      await db.updateTable('links').set({ health, health_detail: detail, health_checked_at: now })
        .where('id', '=', link.id).where('url', '=', link.url).where('targets', '=', link.targets).where('target_type', '=', link.target_type)
        .execute();
    },
  };
}
export type HealthRepository = ReturnType<typeof createHealthRepository>;

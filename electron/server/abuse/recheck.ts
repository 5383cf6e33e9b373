// Existing links re-checked (issue 44): with each pass of the scheduled
// destination checks (health/checker.ts), up to `perMinute` links a minute
// are tested with a pluggable verdict (part A's ctx.abuse.matchLink: the
// blocklists, the offline threat lists and Safe Browsing from its cache), and
// a link that matches is banned (bans.ts, source from the match). Links whose
// check could not be made when they were stored (`abuse_check_due`, part A's
// column; skipped while it does not exist) go first, oldest first; then a walk
// over every link not banned yet, in id order, that starts again at the end.
// The walk's place is this process's own: two nodes each walk at their rate.
import { sql, type Kysely } from 'kysely';
import type { BanSource } from '../../../shared/api-types.ts';
import type { DB } from '../db/schema.ts';
import { SYSTEM_ACTOR, type Bans } from './bans.ts';

export interface RecheckLink { id: number; user_id: number; url: string; expiration_url: string | null; targets: string; rules: string | null }
export interface Verdict {
  field: string;
  url: string;
  match: { kind: 'host' | 'keyword' | 'threat'; entry: string; source: string; legal: boolean };
}
/** 'due': a threat list could not be asked; the link stays (or is put) first in line for the next pass. */
export type VerdictOf = (link: RecheckLink) => Promise<Verdict | null | 'due'>;

export interface RecheckOptions {
  db: Kysely<DB>;
  bans: Pick<Bans, 'banLink'>;
  verdictOf: VerdictOf;
  /** Links tested a minute at most (--abuse-recheck-per-minute). */
  perMinute: number;
  now(): number;
}

/** A pass after a long pause makes up at most this many minutes. */
const CATCH_UP_MINUTES = 5;
const COLUMNS = ['id', 'user_id', 'url', 'expiration_url', 'targets', 'rules'] as const;

/** Threat-list entries (URLhaus, PhishTank, Safe Browsing) ban as `threat`, the admins' own lists as `blocklist`. */
export function banSourceOf(match: Verdict['match']): BanSource {
  return match.kind === 'threat' || ['urlhaus', 'phishtank', 'safe-browsing', 'safebrowsing'].includes(match.source) ? 'threat' : 'blocklist';
}

/** What the owner and the admins read (never visitors): which entry matched, and where. */
export const reasonOf = (v: Verdict) => `${v.match.kind === 'threat' ? 'On a threat list' : 'On the blocklist'}: ${v.match.kind} ${v.match.entry} (${v.match.source}), in ${v.field}.`;

export function createRecheck(o: RecheckOptions) {
  let cursor = 0;
  let lastRun: number | null = null;
  let dueColumn = false;

  /** Looked for at each pass until found (one statement a pass): a database migrated meanwhile is seen. */
  const hasDueColumn = async () => {
    if (!dueColumn) {
      try {
        await sql`SELECT abuse_check_due FROM links WHERE 1 = 0`.execute(o.db);
        dueColumn = true;
      } catch {
        // not there (yet)
      }
    }
    return dueColumn;
  };

  async function test(link: RecheckLink): Promise<boolean | 'due'> {
    const v = await o.verdictOf(link);
    if (v === 'due') {
      if (await hasDueColumn()) await sql`UPDATE links SET abuse_check_due = ${o.now()} WHERE id = ${link.id}`.execute(o.db);
      return 'due';
    }
    if (v) await o.bans.banLink(link.id, { reason: reasonOf(v), legal: v.match.legal, source: banSourceOf(v.match) }, SYSTEM_ACTOR);
    return v !== null;
  }

  return {
    /** One pass: tests as many links as the time since the last pass allows. How many were tested and banned. */
    async run(signal?: AbortSignal): Promise<{ checked: number; banned: number }> {
      const now = o.now();
      const minutes = lastRun === null ? 1 : Math.min(CATCH_UP_MINUTES, (now - lastRun) / 60_000);
      let budget = Math.floor(minutes * o.perMinute);
      if (budget < 1) return { checked: 0, banned: 0 };
      lastRun = now;
      let checked = 0;
      let banned = 0;
      if (await hasDueColumn()) {
        const due = await sql<RecheckLink>`SELECT ${sql.join(COLUMNS.map((c) => sql.ref(c)))} FROM links
          WHERE abuse_check_due IS NOT NULL AND banned_at IS NULL ORDER BY abuse_check_due, id LIMIT ${budget}`.execute(o.db);
        for (const l of due.rows) {
          if (signal?.aborted) break;
          const t = await test(l);
          if (t === true) banned++;
          // Asked and answered: off the list (still due: test() moved it to the back of the line).
          if (t !== 'due') await sql`UPDATE links SET abuse_check_due = NULL WHERE id = ${l.id}`.execute(o.db);
          checked++;
        }
        budget -= checked;
      }
      while (budget > 0 && !signal?.aborted) {
        const rows = await o.db.selectFrom('links').select([...COLUMNS]).where('id', '>', cursor).where('banned_at', 'is', null)
          .orderBy('id').limit(Math.min(budget, 500)).execute();
        if (!rows.length) {
          if (cursor === 0) break; // no link to test
          cursor = 0; // the walk starts again
          if (checked === 0) continue;
          break;
        }
        for (const l of rows) {
          if (signal?.aborted) break;
          cursor = l.id;
          if (await test(l) === true) banned++;
          checked++;
          budget--;
        }
      }
      return { checked, banned };
    },
  };
}
export type Recheck = ReturnType<typeof createRecheck>;

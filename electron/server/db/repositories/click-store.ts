// Storing clicks: the raw log, the per-link counter and the daily rollups that
// statistics read, in one transaction per batch. Takes a bare better-sqlite3
// connection because it runs in the click-writer worker thread on that
// thread's own connection, and on the request thread for links with a click
// limit. Also the background upkeep: folding clicks of older releases into
// the rollups, purging a deleted link's clicks, pruning old raw rows.
import type Database from 'better-sqlite3';
import { dayCounter, hourCounter } from '../../util/days.ts';
import {
  OTHER_DIM, VALUE_CAP, addCounts, addCountsText, collapse, inMonths, mergedDims, monthOf, type ClickRecord, type Collapsed,
} from './click-rollup.ts';

export interface Upkeep {
  /** Clicks of older releases still to be folded into the rollups. */
  foldPending: number;
  /** Deleted links whose clicks are still being purged. */
  purging: number;
}

export interface ClickStoreOptions {
  /** Values kept per dimension, link (or account) and day; VALUE_CAP unless a test makes it small. */
  cap?: number;
}

export function createClickStore(sqlite: Database.Database, timeZone: string, { cap = VALUE_CAP }: ClickStoreOptions = {}) {
  const dayOf = dayCounter(timeZone);
  const hourOf = hourCounter(timeZone);
  // The link-day being upserted: when add_counts is handed its very text, its entries are taken as built
  // instead of parsed, and merged into the day's text as it is while no dimension can reach the cap.
  let upserting: Collapsed['linkDays'][number] | null = null;
  sqlite.function('add_counts', { deterministic: true }, (a: string, b: string) => {
    if (upserting === null || upserting.dims !== b) return addCounts(a, b, cap);
    return addCountsText(a, upserting.entries, upserting.heads, cap) ?? addCounts(a, b, cap, upserting.entries);
  });
  const addClicks = sqlite.prepare<[number, number]>('UPDATE link_clicks SET clicks = clicks + ? WHERE link_id = ?');
  const spendOne = sqlite.prepare<[number, number]>(
    'UPDATE link_clicks SET clicks = clicks + 1 WHERE link_id = ? AND clicks < (SELECT expiration_clicks FROM links WHERE id = ?)');
  const insertLog = sqlite.prepare<(number | string | null)[]>(
    `INSERT INTO click_log (link_id, created_at, country, platform, browser, language, referrer,
       city, continent, device, source, utm_source, utm_medium, utm_campaign, destination) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  // One row per link and day, its dimensions included: one upsert per link-day.
  const upLinkDay = sqlite.prepare<[number, number, number, number, string]>(
    `INSERT INTO click_days (link_id, day, user_id, clicks, dims) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (link_id, day) DO UPDATE SET clicks = clicks + excluded.clicks, dims = add_counts(dims, excluded.dims)`);
  const upUserDay = sqlite.prepare<[number, number, number]>(
    `INSERT INTO account_days (user_id, day, clicks) VALUES (?, ?, ?)
     ON CONFLICT (user_id, day) DO UPDATE SET clicks = clicks + excluded.clicks`);
  const upUserDim = sqlite.prepare<[number, number, number, string, number]>(
    `INSERT INTO account_dims (user_id, dim, day, value, clicks) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (user_id, dim, day, value) DO UPDATE SET clicks = clicks + excluded.clicks`);
  const addUserDim = sqlite.prepare<[number, number, number, number, string]>(
    'UPDATE account_dims SET clicks = clicks + ? WHERE user_id = ? AND dim = ? AND day = ? AND value = ?');
  const userDimValues = sqlite.prepare<[number, number, number], number>(
    'SELECT count(*) FROM account_dims WHERE user_id = ? AND dim = ? AND day = ?').pluck();
  const userDimsHeld = sqlite.prepare<[number, number, number], string>(
    'SELECT value FROM account_dims WHERE user_id = ? AND dim = ? AND day = ?').pluck();
  // The same sums per month: every change to an account_dims row is made to its month's row too.
  const upMonthDim = sqlite.prepare<[number, number, number, string, number]>(
    `INSERT INTO account_month_dims (user_id, dim, month, value, clicks) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (user_id, dim, month, value) DO UPDATE SET clicks = clicks + excluded.clicks`);
  const collapseOptions = { hourOf, cap };
  const capLinkDay = sqlite.prepare<[number, number]>("UPDATE click_days SET dims = add_counts('[]', dims) WHERE link_id = ? AND day = ?");

  /** Adds clicks to the rollups, collapsing repeats within the batch first. */
  function rollup(clicks: readonly ClickRecord[], collapsed = collapse(clicks, dayOf, collapseOptions)) {
    const r = collapsed;
    for (const d of r.linkDays) {
      upserting = d;
      try {
        upLinkDay.run(d.link_id, d.day, d.user_id, d.clicks, d.dims);
      } finally {
        upserting = null;
      }
      // A new row takes the batch's values as they are: past the cap, they are capped now (a stored row never is past it).
      if (d.over) capLinkDay.run(d.link_id, d.day);
    }
    for (const d of r.userDays) upUserDay.run(d.user_id, d.day, d.clicks);
    // A value the account's day has counts on; a new one while its dimension has room, else under (other).
    // How many values a dimension's day holds is counted once per batch and kept up to date here (the
    // transaction holds the write lock, so nobody else adds any meanwhile), and what goes under (other) is
    // summed and written once per dimension and day: a high-cardinality dimension (a destination per link,
    // the cities of a viral link) otherwise cost a scan of up to `cap` rows and three writes per value.
    const held = new Map<string, number>();
    // A dimension's day at the cap: the values it holds, read once, so a value it does not hold goes under
    // (other) without an UPDATE that finds nothing (a destination per link makes that most clicks of a busy day).
    const full = new Map<string, Set<string>>();
    const others = new Map<string, { user_id: number; dim: number; day: number; clicks: number }>();
    const toOther = (user_id: number, dim: number, day: number, clicks: number) => {
      const key = `${user_id}:${dim}:${day}`;
      const o = others.get(key);
      if (o) o.clicks += clicks; else others.set(key, { user_id, dim, day, clicks });
    };
    const toMonth = (user_id: number, dim: number, day: number, value: string, clicks: number) => {
      if (inMonths(dim)) upMonthDim.run(user_id, dim, monthOf(day), value, clicks);
    };
    for (const d of r.userDims) {
      const { dim, value } = d;
      if (dim >= OTHER_DIM) {
        toOther(d.user_id, dim, d.day, d.clicks);
        continue;
      }
      const key = `${d.user_id}:${dim}:${d.day}`;
      const values = full.get(key);
      if (values !== undefined && !values.has(value)) {
        toOther(d.user_id, dim + OTHER_DIM, d.day, d.clicks);
        continue;
      }
      if (addUserDim.run(d.clicks, d.user_id, dim, d.day, value).changes === 0) {
        const n = held.get(key) ?? userDimValues.get(d.user_id, dim, d.day) ?? 0;
        if (n >= cap) {
          held.set(key, n);
          full.set(key, new Set(userDimsHeld.all(d.user_id, dim, d.day)));
          toOther(d.user_id, dim + OTHER_DIM, d.day, d.clicks);
          continue;
        }
        held.set(key, n + 1);
        upUserDim.run(d.user_id, dim, d.day, value, d.clicks);
      }
      toMonth(d.user_id, dim, d.day, value, d.clicks);
    }
    for (const o of others.values()) {
      upUserDim.run(o.user_id, o.dim, o.day, '', o.clicks);
      toMonth(o.user_id, o.dim, o.day, '', o.clicks);
    }
  }

  const log = (c: ClickRecord) => insertLog.run(c.link_id, c.created_at, c.country, c.platform, c.browser, c.language, c.referrer,
    c.city ?? null, c.continent ?? null, c.device ?? null, c.source ?? null, c.utm_source ?? null, c.utm_medium ?? null, c.utm_campaign ?? null, c.destination ?? null);

  // BEGIN IMMEDIATE everywhere: a writer takes the lock up front and waits for
  // it (busy_timeout), instead of failing when it finds another process's
  // write between its read and its write.
  const writeTx = sqlite.transaction((clicks: readonly ClickRecord[]) => {
    const r = collapse(clicks, dayOf, collapseOptions);
    // Each link's counter, in link order (linkDays are sorted by link, then day).
    // A link deleted while its clicks waited: its counter row is gone, and its
    // clicks go with it instead of landing in the purged log.
    let gone: Set<number> | undefined;
    const { linkDays } = r;
    for (let i = 0; i < linkDays.length;) {
      const id = linkDays[i]!.link_id;
      let n = 0;
      for (; i < linkDays.length && linkDays[i]!.link_id === id; i++) n += linkDays[i]!.clicks;
      if (addClicks.run(n, id).changes === 0) (gone ??= new Set()).add(id);
    }
    const kept = gone ? clicks.filter((c) => !gone.has(c.link_id)) : clicks;
    for (const c of kept) log(c);
    rollup(kept, gone ? undefined : r);
    return kept.length;
  });

  // The click budget is spent with a conditional UPDATE: whichever request
  // runs it when one click is left gets it, and nobody gets click N+1.
  const spendTx = sqlite.transaction((c: ClickRecord): boolean => {
    if (spendOne.run(c.link_id, c.link_id).changes === 0) return false;
    log(c);
    rollup([c]);
    return true;
  });

  // --- upkeep ---------------------------------------------------------------
  const stateOf = sqlite.prepare<[string], number>('SELECT value FROM click_state WHERE name = ?').pluck();
  const setState = sqlite.prepare<[number, string]>('UPDATE click_state SET value = ? WHERE name = ?');
  const unfolded = sqlite.prepare<[number, number], ClickRecord>(
    `SELECT click_log.link_id, links.user_id, click_log.created_at, click_log.country, click_log.platform, click_log.browser,
            click_log.language, click_log.referrer, click_log.city, click_log.continent, click_log.device, click_log.source,
            click_log.utm_source, click_log.utm_medium, click_log.utm_campaign, click_log.destination
     FROM click_log JOIN links ON links.id = click_log.link_id WHERE click_log.id > ? AND click_log.id <= ?`);
  const lastUnfolded = sqlite.prepare<[number, number, number], number>(
    'SELECT max(id) FROM (SELECT id FROM click_log WHERE id > ? AND id <= ? ORDER BY id LIMIT ?)').pluck();

  /** Folds up to `max` raw clicks of an older release into the rollups; the number left. */
  const foldTx = sqlite.transaction((max: number): number => {
    const after = stateOf.get('fold_after') ?? 0;
    const to = stateOf.get('fold_to') ?? 0;
    if (after >= to) return 0;
    const last = lastUnfolded.get(after, to, max) ?? to;
    rollup(unfolded.all(after, last));
    setState.run(last, 'fold_after');
    return to - last;
  });

  const nextPurge = sqlite.prepare<[], { link_id: number; user_id: number; next_log_id: number; last_log_id: number }>(
    'SELECT link_id, user_id, next_log_id, last_log_id FROM link_purges ORDER BY link_id LIMIT 1');
  const takeUserDim = sqlite.prepare<[number, number, number, number, string]>(
    'UPDATE account_dims SET clicks = clicks - ? WHERE user_id = ? AND dim = ? AND day = ? AND value = ?');
  const takeMonthDim = sqlite.prepare<[number, number, number, number, string]>(
    'UPDATE account_month_dims SET clicks = clicks - ? WHERE user_id = ? AND dim = ? AND month = ? AND value = ?');
  const purgeDays = sqlite.prepare<[number, number], { day: number; clicks: number; dims: string }>(
    'SELECT day, clicks, dims FROM click_days WHERE link_id = ? LIMIT ?');
  const dropDay = sqlite.prepare<[number, number]>('DELETE FROM click_days WHERE link_id = ? AND day = ?');
  const takeUserDay = sqlite.prepare<[number, number, number]>('UPDATE account_days SET clicks = clicks - ? WHERE user_id = ? AND day = ?');
  const purgeLog = sqlite.prepare<[number, number, number]>('DELETE FROM click_log WHERE id >= ? AND id < ? AND link_id = ?');
  const advancePurge = sqlite.prepare<[number, number]>('UPDATE link_purges SET next_log_id = ? WHERE link_id = ?');
  const donePurge = sqlite.prepare<[number]>('DELETE FROM link_purges WHERE link_id = ?');
  const purgeCount = sqlite.prepare<[], number>('SELECT count(*) FROM link_purges').pluck();

  /**
   * One bounded step of purging a deleted link: its rollups (taken off the
   * account's too), then its raw clicks, a range of log ids at a time. False
   * when nothing is left to purge.
   */
  const purgeTx = sqlite.transaction((max: number): boolean => {
    const p = nextPurge.get();
    if (!p) return false;
    // A day row carries its values too: a step stops after about `max` rows written.
    const days = purgeDays.all(p.link_id, max);
    let written = 0;
    for (const d of days) {
      dropDay.run(p.link_id, d.day);
      takeUserDay.run(d.clicks, p.user_id, d.day);
      const dims = mergedDims(d.dims);
      const month = monthOf(d.day);
      for (const [dim, value, n] of dims) {
        // Only what the day's row gave up (a value the account's day counted under (other) has no row to take from).
        if (takeUserDim.run(n, p.user_id, dim, d.day, value).changes && inMonths(dim)) takeMonthDim.run(n, p.user_id, dim, month, value);
      }
      written += 2 + dims.length;
      if (written >= max) return true;
    }
    if (days.length === max) return true;
    // Log ids, not rows: the log has no index by link, so a step scans a
    // bounded stretch of it by rowid.
    const end = Math.min(p.next_log_id + max * 20, p.last_log_id + 1);
    purgeLog.run(p.next_log_id, end, p.link_id);
    if (end > p.last_log_id) donePurge.run(p.link_id);
    else advancePurge.run(end, p.link_id);
    return true;
  });

  const pruneOld = sqlite.prepare<[number, number, number]>(
    'DELETE FROM click_log WHERE id IN (SELECT id FROM click_log WHERE id > ? AND created_at < ? ORDER BY id LIMIT ?)');
  const pruneChanges = sqlite.prepare<[number]>('DELETE FROM redirect_changes WHERE at < ?');
  const oldClick = sqlite.prepare<[number, number], number>('SELECT 1 FROM click_log WHERE id > ? AND created_at < ? LIMIT 1').pluck();
  const oldChange = sqlite.prepare<[number], number>('SELECT 1 FROM redirect_changes WHERE at < ? LIMIT 1').pluck();

  return {
    /** Stores a batch; returns how many clicks were kept (clicks of deleted links are dropped). */
    write: (clicks: readonly ClickRecord[]): number => writeTx.immediate(clicks),

    /** Records one click on a link with a click limit; false when the budget is already spent. */
    spend: (click: ClickRecord): boolean => spendTx.immediate(click),

    /**
     * One bounded round of upkeep: fold, purge, prune. `retentionMs` drops raw
     * clicks older than that (rollups stay). True when more work is waiting.
     */
    upkeep(now: number, retentionMs: number | null, max = 2000): boolean {
      if (foldTx.immediate(max) > 0) return true;
      if (purgeTx.immediate(max)) return true;
      let more = false;
      if (retentionMs !== null) {
        const folded = stateOf.get('fold_to') ?? 0;
        more = sqlite.transaction(() => pruneOld.run(folded, now - retentionMs, max).changes === max).immediate();
      }
      // Caches in every process read the change feed at least every few
      // hundred ms; ten minutes of it is plenty (older readers start afresh).
      sqlite.transaction(() => pruneChanges.run(now - 600_000)).immediate();
      return more;
    },

    /** Whether `upkeep` has anything to do (a start decides by it whether the writer thread is needed yet). */
    upkeepDue(now: number, retentionMs: number | null): boolean {
      const { foldPending, purging } = this.status();
      if (foldPending > 0 || purging > 0 || oldChange.get(now - 600_000) !== undefined) return true;
      return retentionMs !== null && oldClick.get(stateOf.get('fold_to') ?? 0, now - retentionMs) !== undefined;
    },

    status(): Upkeep {
      const after = stateOf.get('fold_after') ?? 0;
      const to = stateOf.get('fold_to') ?? 0;
      return { foldPending: Math.max(0, to - after), purging: purgeCount.get() ?? 0 };
    },
  };
}
export type ClickStore = ReturnType<typeof createClickStore>;

// Storing clicks: the raw log, the per-link counter and the daily rollups that
// statistics read, in one transaction per batch. Takes a bare better-sqlite3
// connection because it runs in the click-writer worker thread on that
// thread's own connection, and on the request thread for links with a click
// limit. Also the background upkeep: folding clicks of older releases into
// the rollups, purging a deleted link's clicks, pruning old raw rows.
import type Database from 'better-sqlite3';
import { dayCounter } from '../../util/days.ts';

/** A click as stored: enriched, never a bot's. */
export interface ClickRecord {
  link_id: number;
  user_id: number;
  created_at: number;
  country: string | null;
  platform: string | null;
  browser: string | null;
  language: string | null;
  referrer: string | null;
}

/** Rollup dimensions; their numbers are stored in click_days.dims and account_dims. */
export const DIMENSIONS = { country: 1, platform: 2, browser: 3, language: 4, referrer: 5 } as const;
export type Dimension = keyof typeof DIMENSIONS;
const DIMENSION_LIST = Object.entries(DIMENSIONS) as [Dimension, number][];

export interface Upkeep {
  /** Clicks of older releases still to be folded into the rollups. */
  foldPending: number;
  /** Deleted links whose clicks are still being purged. */
  purging: number;
}

/** Between a dimension's number and its value in a rollup key ("1:DE"); values may hold it too, numbers never. */
export const DIM_SEP = ':';

/** A link-day's `dims` (JSON text from SQLite, an object from PostgreSQL's jsonb) as [dimension number, value, clicks]. */
export function dimsOf(dims: string | Record<string, number>): [number, string, number][] {
  return Object.entries(typeof dims === 'string' ? JSON.parse(dims) as Record<string, number> : dims).map(([k, n]) => {
    const i = k.indexOf(DIM_SEP);
    return [Number(k.slice(0, i)), k.slice(i + 1), n];
  });
}

/**
 * Adds two `dims` JSON objects (SQL function add_counts, registered on the
 * click store's connection). `b` is a batch's few values; `a`, the day so
 * far, may hold hundreds: its counts are changed in place in the text, not
 * parsed and written again. Both are JSON as JSON.stringify (or SQLite's
 * json_group_object) writes it: no spaces, and every key begins with its
 * dimension's number, so a key's text preceded by "{" or "," and followed by
 * ":" can only be that key (a quote inside a string is always escaped). A key
 * that needs escaping takes the slow way, where the two writers might differ.
 */
export function addCounts(a: string, b: string): string {
  if (a === '{}') return b;
  const more = JSON.parse(b) as Record<string, number>;
  let out = a;
  let extra = '';
  for (const k in more) {
    const quoted = JSON.stringify(k);
    if (quoted.length !== k.length + 2) return addCountsParsed(a, more);
    const key = `${quoted}:`;
    let at = out.indexOf(key);
    while (at > 0 && out.charCodeAt(at - 1) !== 123 /* { */ && out.charCodeAt(at - 1) !== 44 /* , */) at = out.indexOf(key, at + 1);
    if (at <= 0) {
      extra += `,${key}${more[k]}`;
      continue;
    }
    const from = at + key.length;
    let to = from;
    while (to < out.length && out.charCodeAt(to) >= 48 && out.charCodeAt(to) <= 57) to++;
    if (to === from) return addCountsParsed(a, more); // not a plain count: leave it to JSON
    out = out.slice(0, from) + String(Number(out.slice(from, to)) + more[k]!) + out.slice(to);
  }
  if (!extra) return out;
  return out.length === 2 ? `{${extra.slice(1)}}` : `${out.slice(0, -1)}${extra}}`;
}

function addCountsParsed(a: string, more: Record<string, number>): string {
  const sum = JSON.parse(a) as Record<string, number>;
  for (const [k, n] of Object.entries(more)) sum[k] = (sum[k] ?? 0) + n;
  return JSON.stringify(sum);
}

/** A batch's clicks summed per rollup row, in key order (neighbouring B-tree pages; one lock order for every writer). */
export interface Collapsed {
  linkDays: { link_id: number; day: number; user_id: number; clicks: number; dims: string }[];
  userDays: { user_id: number; day: number; clicks: number }[];
  userDims: { user_id: number; dim: number; day: number; value: string; clicks: number }[];
}

/** A dimension's value as a rollup key: its parts, and its JSON text ("1:DE" quoted) for a link-day's `dims`. */
interface DimKey { dim: number; value: string; json: string }
// One DimKey per value seen (values repeat: a few countries, browsers, languages), so a batch
// does not build and quote the same strings for every click. Forgotten all at once past 5,000
// values or 250,000 characters (referrer hosts may each be new, and up to 253 long): about 2 MB at most.
const MAX_KEYS = 5000;
const MAX_KEY_CHARS = 250_000;
const dimKeys = DIMENSION_LIST.map(() => new Map<string, DimKey>());
let dimKeyCount = 0;
let dimKeyChars = 0;
function dimKey(index: number, dim: number, value: string): DimKey {
  const known = dimKeys[index]!;
  let k = known.get(value);
  if (k === undefined) {
    if (dimKeyCount >= MAX_KEYS || dimKeyChars >= MAX_KEY_CHARS) {
      for (const m of dimKeys) m.clear();
      dimKeyCount = 0;
      dimKeyChars = 0;
    }
    k = { dim, value, json: JSON.stringify(`${dim}${DIM_SEP}${value}`) };
    known.set(value, k);
    dimKeyCount += 1;
    dimKeyChars += value.length;
  }
  return k;
}

/** One link's (or account's) clicks on one day: its count and each value's (found by a map once there are many). */
interface Cell { n: number; keys: DimKey[]; counts: number[]; index?: Map<string, number> }
const SCAN_KEYS = 16;
function count(cell: Cell, k: DimKey): void {
  const { keys } = cell;
  if (cell.index) {
    const i = cell.index.get(k.json);
    if (i !== undefined) cell.counts[i]! += 1;
    else {
      cell.index.set(k.json, keys.length);
      keys.push(k);
      cell.counts.push(1);
    }
    return;
  }
  for (let i = 0; i < keys.length; i++) {
    if (keys[i]!.json === k.json) {
      cell.counts[i]! += 1;
      return;
    }
  }
  keys.push(k);
  cell.counts.push(1);
  if (keys.length > SCAN_KEYS) cell.index = new Map(keys.map((x, i) => [x.json, i]));
}

/** Counts a click's values into a cell. */
function countValues(cell: Cell, c: ClickRecord): void {
  cell.n += 1;
  for (let i = 0; i < DIMENSION_LIST.length; i++) {
    const [name, dim] = DIMENSION_LIST[i]!;
    const v = c[name];
    if (v !== null) count(cell, dimKey(i, dim, v));
  }
}

/**
 * Sums a batch per link-day (dimensions as the `dims` JSON) and per account-day and value.
 * A busy writer's batch holds thousands of links with a click or two each: their clicks are
 * chained by link in typed arrays and summed one link-day at a time in one reused cell, so the
 * batch leaves no map or cell per link behind (only the rows it returns).
 */
export function collapse(clicks: readonly ClickRecord[], dayOf: (ms: number) => number): Collapsed {
  const n = clicks.length;
  const days = new Float64Array(n);
  // Each link's clicks as a chain, newest first: `last` holds a link's newest click, `prev` the one before each.
  const last = new Map<number, number>();
  const prev = new Int32Array(n);
  // Few accounts: owner id -> day -> cell.
  const users = new Map<number, Map<number, Cell>>();
  for (let i = 0; i < n; i++) {
    const c = clicks[i]!;
    const day = (days[i] = dayOf(c.created_at));
    prev[i] = last.get(c.link_id) ?? -1;
    last.set(c.link_id, i);
    let byDay = users.get(c.user_id);
    if (!byDay) users.set(c.user_id, (byDay = new Map()));
    let cell = byDay.get(day);
    if (!cell) byDay.set(day, (cell = { n: 0, keys: [], counts: [] }));
    countValues(cell, c);
  }
  const out: Collapsed = { linkDays: [], userDays: [], userDims: [] };
  const cell: Cell = { n: 0, keys: [], counts: [] };
  const chain: number[] = [];
  for (const id of Float64Array.from(last.keys()).sort()) {
    chain.length = 0;
    for (let i = last.get(id)!; i !== -1; i = prev[i]!) chain.push(i);
    // Oldest first, as they came; a batch mostly spans one day, sometimes two.
    chain.reverse();
    const first = days[chain[0]!]!;
    const linkDays = chain.every((i) => days[i] === first) ? [first] : [...new Set(chain.map((i) => days[i]!))].sort((x, y) => x - y);
    for (const day of linkDays) {
      cell.n = 0;
      cell.keys.length = 0;
      cell.counts.length = 0;
      cell.index = undefined;
      for (const i of chain) if (days[i] === day) countValues(cell, clicks[i]!);
      let dims = '{';
      for (let k = 0; k < cell.keys.length; k++) dims += `${k ? ',' : ''}${cell.keys[k]!.json}:${cell.counts[k]}`;
      out.linkDays.push({ link_id: id, day, user_id: clicks[chain[0]!]!.user_id, clicks: cell.n, dims: `${dims}}` });
    }
  }
  const byKey = <V>(m: Map<number, V>) => (m.size === 1 ? [...m] : [...m].sort((x, y) => x[0] - y[0]));
  for (const [id, byDay] of byKey(users)) {
    for (const [day, c] of byKey(byDay)) {
      out.userDays.push({ user_id: id, day, clicks: c.n });
      const dims = c.keys.map((k, i) => ({ user_id: id, dim: k.dim, day, value: k.value, clicks: c.counts[i]! }));
      dims.sort((x, y) => x.dim - y.dim || (x.value < y.value ? -1 : x.value > y.value ? 1 : 0));
      out.userDims.push(...dims);
    }
  }
  return out;
}

export function createClickStore(sqlite: Database.Database, timeZone: string) {
  const dayOf = dayCounter(timeZone);
  sqlite.function('add_counts', { deterministic: true }, addCounts);
  const addClicks = sqlite.prepare<[number, number]>('UPDATE link_clicks SET clicks = clicks + ? WHERE link_id = ?');
  const spendOne = sqlite.prepare<[number, number]>(
    'UPDATE link_clicks SET clicks = clicks + 1 WHERE link_id = ? AND clicks < (SELECT expiration_clicks FROM links WHERE id = ?)');
  const insertLog = sqlite.prepare<[number, number, string | null, string | null, string | null, string | null, string | null]>(
    'INSERT INTO click_log (link_id, created_at, country, platform, browser, language, referrer) VALUES (?, ?, ?, ?, ?, ?, ?)');
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

  /** Adds clicks to the rollups, collapsing repeats within the batch first. */
  function rollup(clicks: readonly ClickRecord[], collapsed = collapse(clicks, dayOf)) {
    const r = collapsed;
    for (const d of r.linkDays) upLinkDay.run(d.link_id, d.day, d.user_id, d.clicks, d.dims);
    for (const d of r.userDays) upUserDay.run(d.user_id, d.day, d.clicks);
    for (const d of r.userDims) upUserDim.run(d.user_id, d.dim, d.day, d.value, d.clicks);
  }

  const log = (c: ClickRecord) => insertLog.run(c.link_id, c.created_at, c.country, c.platform, c.browser, c.language, c.referrer);

  // BEGIN IMMEDIATE everywhere: a writer takes the lock up front and waits for
  // it (busy_timeout), instead of failing when it finds another process's
  // write between its read and its write.
  const writeTx = sqlite.transaction((clicks: readonly ClickRecord[]) => {
    const r = collapse(clicks, dayOf);
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
            click_log.language, click_log.referrer
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
      const dims = dimsOf(d.dims);
      for (const [dim, value, n] of dims) takeUserDim.run(n, p.user_id, dim, d.day, value);
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

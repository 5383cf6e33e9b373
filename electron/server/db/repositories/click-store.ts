// Storing clicks: the raw log, the per-link counter and the daily rollups that
// statistics read, in one transaction per batch. Takes a bare better-sqlite3
// connection because it runs in the click-writer worker thread on that
// thread's own connection, and on the request thread for links with a click
// limit. Also the background upkeep: folding clicks of older releases into
// the rollups, purging a deleted link's clicks, pruning old raw rows.
import type Database from 'better-sqlite3';
import { bucketOf, dayCounter, hourCounter } from '../../util/days.ts';

/** A click as stored: enriched, never a bot's. Fields after `referrer` came with issue 33 (absent: unknown). */
export interface ClickRecord {
  link_id: number;
  user_id: number;
  created_at: number;
  country: string | null;
  platform: string | null;
  browser: string | null;
  language: string | null;
  referrer: string | null;
  /** cityKey(): country, region and city together. */
  city?: string | null;
  continent?: string | null;
  device?: string | null;
  source?: 'link' | 'qr' | null;
  utm_source?: string | null;
  utm_medium?: string | null;
  utm_campaign?: string | null;
}

/**
 * Rollup dimensions; their numbers are stored in click_days.dims and
 * account_dims. `hour` is the click's hour of day in the instance's time
 * zone (a day's weekday needs no storing: it is the day's).
 */
export const DIMENSIONS = {
  country: 1, platform: 2, browser: 3, language: 4, referrer: 5,
  city: 6, continent: 7, device: 8, hour: 9, source: 10, utm_source: 11, utm_medium: 12, utm_campaign: 13,
} as const;
export type Dimension = keyof typeof DIMENSIONS;
const DIMENSION_LIST = Object.entries(DIMENSIONS) as [Dimension, number][];
/** A dimension's values past the cap are counted together under this number plus the dimension's, with the value ''. */
export const OTHER_DIM = 100;
/** Values kept per dimension, link (or account) and day; the rest count under `(other)`. */
export const VALUE_CAP = 1000;

/** The month (its first day's number) an account-day's values are also summed in (account_month_dims); hours are not. */
export const monthOf = (day: number): number => bucketOf(day, 'month');
const inMonths = (dim: number): boolean => dim !== DIMENSIONS.hour;

const SEP = '\u001f';
/** A city's rollup value: its country, region and name in one string (names from the database hold no control characters). */
export const cityKey = (p: { country: string; region: string | null; city: string }) => `${p.country}${SEP}${p.region ?? ''}${SEP}${p.city}`;
export function cityOfKey(key: string): { value: string; region: string | null; country: string } {
  const [country = '', region = '', value = ''] = key.split(SEP);
  return { value, region: region || null, country };
}

export interface Upkeep {
  /** Clicks of older releases still to be folded into the rollups. */
  foldPending: number;
  /** Deleted links whose clicks are still being purged. */
  purging: number;
}

/** One value's clicks in a link-day's `dims`: [dimension number, value, clicks]. */
export type DimEntry = [number, string, number];

/**
 * A link-day's `dims` (JSON text from SQLite, parsed jsonb from PostgreSQL):
 * an array of [dimension, value, clicks]. Values are array elements, never
 * object keys: V8's JSON.parse (Node 24) can return a wrong key after a
 * similar key that ends in an escaped backslash, and values may hold anything.
 */
export function dimsOf(dims: string | DimEntry[]): DimEntry[] {
  const v: unknown = typeof dims === 'string' ? JSON.parse(dims) : dims;
  return Array.isArray(v) ? v as DimEntry[] : []; // '{}': a row from before migration 13 that never had a value
}

const keyOf = (d: number, v: string) => `${d}\u0000${v}`;

/**
 * Adds a batch's `dims` to a day's so far (SQL function add_counts; PostgreSQL
 * has its own with the same rule). Values the day has keep counting; a new
 * value takes a place while its dimension has fewer than `cap`, the batch's
 * most frequent first, and is counted under its dimension's `(other)` entry
 * (OTHER_DIM + dimension, value '') once it has not.
 */
export function addCounts(a: string, b: string, cap = VALUE_CAP, parsedB?: readonly DimEntry[]): string {
  const day = dimsOf(a);
  const at = new Map<string, number>();
  const used = new Map<number, number>();
  for (let i = 0; i < day.length; i++) {
    const [d, v] = day[i]!;
    at.set(keyOf(d, v), i);
    if (d < OTHER_DIM) used.set(d, (used.get(d) ?? 0) + 1);
  }
  const batch = parsedB ?? dimsOf(b);
  if (!day.length && batch.length <= cap) return b;
  const fresh: DimEntry[] = [];
  for (const e of batch) {
    const i = at.get(keyOf(e[0], e[1]));
    if (i === undefined) fresh.push(e);
    else day[i]![2] += e[2];
  }
  if (!fresh.length) return JSON.stringify(day);
  // Stable: equal counts keep the batch's order.
  fresh.sort((x, y) => y[2] - x[2]);
  for (const e of fresh) {
    let [d, v] = e;
    if (d < OTHER_DIM && (used.get(d) ?? 0) >= cap) [d, v] = [d + OTHER_DIM, ''];
    const k = keyOf(d, v);
    const i = at.get(k);
    if (i !== undefined) day[i]![2] += e[2];
    else {
      at.set(k, day.length);
      day.push([d, v, e[2]]);
      if (d < OTHER_DIM) used.set(d, (used.get(d) ?? 0) + 1);
    }
  }
  return JSON.stringify(day);
}

/** A batch's clicks summed per rollup row, in key order (neighbouring B-tree pages; one lock order for every writer). */
export interface Collapsed {
  /** `over`: the batch alone has more than the cap's values of a dimension for this link-day. */
  /** `entries`: `dims` as the array it was written from (add_counts need not parse it back). */
  linkDays: { link_id: number; day: number; user_id: number; clicks: number; dims: string; entries: DimEntry[]; over: boolean }[];
  userDays: { user_id: number; day: number; clicks: number }[];
  userDims: { user_id: number; dim: number; day: number; value: string; clicks: number }[];
}

/** A dimension's value as a rollup key: its parts, and its JSON text (`6,"US…"`) inside a link-day's `dims` entry. */
interface DimKey { dim: number; value: string; json: string }
// One DimKey per value seen (values repeat: a few countries, browsers, languages), so a batch
// does not build and quote the same strings for every click. Forgotten all at once past 5,000
// values or 250,000 characters (referrer hosts and campaigns may each be new): about 2 MB at most.
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
    k = { dim, value, json: `${dim},${JSON.stringify(value)}` };
    known.set(value, k);
    dimKeyCount += 1;
    dimKeyChars += value.length;
  }
  return k;
}
const HOUR_INDEX = DIMENSION_LIST.findIndex(([name]) => name === 'hour');

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
function countValues(cell: Cell, c: ClickRecord, hour: number): void {
  cell.n += 1;
  for (let i = 0; i < DIMENSION_LIST.length; i++) {
    const [name, dim] = DIMENSION_LIST[i]!;
    const v = i === HOUR_INDEX ? HOURS[hour]! : (c as unknown as Record<string, string | null | undefined>)[name];
    if (v != null) count(cell, dimKey(i, dim, v));
  }
}
const HOURS = Array.from({ length: 24 }, (_, h) => String(h));

/** Whether a cell holds more than `cap` values of one dimension (its row must then be capped as it is stored). */
function overCap(cell: Cell, cap: number): boolean {
  if (cell.keys.length <= cap) return false;
  const per = new Map<number, number>();
  for (const k of cell.keys) {
    const n = (per.get(k.dim) ?? 0) + 1;
    if (n > cap) return true;
    per.set(k.dim, n);
  }
  return false;
}

export interface CollapseOptions {
  /** A click's hour of day in the instance's time zone (UTC's by default). */
  hourOf?: (ms: number) => number;
  /** Values kept per dimension and day (VALUE_CAP). */
  cap?: number;
}
const utcHour = (ms: number) => Math.floor((((ms % 86_400_000) + 86_400_000) % 86_400_000) / 3_600_000);

/**
 * Sums a batch per link-day (dimensions as the `dims` JSON) and per account-day and value,
 * uncapped: which values keep a place is decided against what is stored (add_counts, rollup()).
 * A busy writer's batch holds thousands of links with a click or two each: their clicks are
 * chained by link in typed arrays and summed one link-day at a time in one reused cell, so the
 * batch leaves no map or cell per link behind (only the rows it returns).
 */
export function collapse(clicks: readonly ClickRecord[], dayOf: (ms: number) => number, o: CollapseOptions = {}): Collapsed {
  const hourOf = o.hourOf ?? utcHour;
  const cap = o.cap ?? VALUE_CAP;
  const n = clicks.length;
  const days = new Float64Array(n);
  const hours = new Uint8Array(n);
  // Each link's clicks as a chain, newest first: `last` holds a link's newest click, `prev` the one before each.
  const last = new Map<number, number>();
  const prev = new Int32Array(n);
  // Few accounts: owner id -> day -> cell.
  const users = new Map<number, Map<number, Cell>>();
  for (let i = 0; i < n; i++) {
    const c = clicks[i]!;
    const day = (days[i] = dayOf(c.created_at));
    hours[i] = hourOf(c.created_at);
    prev[i] = last.get(c.link_id) ?? -1;
    last.set(c.link_id, i);
    let byDay = users.get(c.user_id);
    if (!byDay) users.set(c.user_id, (byDay = new Map()));
    let cell = byDay.get(day);
    if (!cell) byDay.set(day, (cell = { n: 0, keys: [], counts: [] }));
    countValues(cell, c, hours[i]!);
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
      for (const i of chain) if (days[i] === day) countValues(cell, clicks[i]!, hours[i]!);
      // Uncapped: the day's values so far decide which of these keep a place (add_counts).
      let dims = '[';
      const entries: DimEntry[] = [];
      for (let k = 0; k < cell.keys.length; k++) {
        const key = cell.keys[k]!;
        dims += `${k ? ',' : ''}[${key.json},${cell.counts[k]}]`;
        entries.push([key.dim, key.value, cell.counts[k]!]);
      }
      out.linkDays.push({ link_id: id, day, user_id: clicks[chain[0]!]!.user_id, clicks: cell.n, dims: `${dims}]`, entries, over: overCap(cell, cap) });
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

export interface ClickStoreOptions {
  /** Values kept per dimension, link (or account) and day; VALUE_CAP unless a test makes it small. */
  cap?: number;
}

export function createClickStore(sqlite: Database.Database, timeZone: string, { cap = VALUE_CAP }: ClickStoreOptions = {}) {
  const dayOf = dayCounter(timeZone);
  const hourOf = hourCounter(timeZone);
  // The link-day being upserted: when add_counts is handed its very text, its entries are taken as built instead of parsed.
  let upserting: { dims: string; entries: DimEntry[] } | null = null;
  sqlite.function('add_counts', { deterministic: true }, (a: string, b: string) =>
    addCounts(a, b, cap, upserting !== null && upserting.dims === b ? upserting.entries : undefined));
  const addClicks = sqlite.prepare<[number, number]>('UPDATE link_clicks SET clicks = clicks + ? WHERE link_id = ?');
  const spendOne = sqlite.prepare<[number, number]>(
    'UPDATE link_clicks SET clicks = clicks + 1 WHERE link_id = ? AND clicks < (SELECT expiration_clicks FROM links WHERE id = ?)');
  const insertLog = sqlite.prepare<(number | string | null)[]>(
    `INSERT INTO click_log (link_id, created_at, country, platform, browser, language, referrer,
       city, continent, device, source, utm_source, utm_medium, utm_campaign) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
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
    let month = NaN, monthDay = NaN;
    for (const d of r.userDims) {
      let { dim, value } = d;
      if (dim >= OTHER_DIM) upUserDim.run(d.user_id, dim, d.day, value, d.clicks);
      else if (addUserDim.run(d.clicks, d.user_id, dim, d.day, value).changes === 0) {
        if ((userDimValues.get(d.user_id, dim, d.day) ?? 0) >= cap) [dim, value] = [dim + OTHER_DIM, ''];
        upUserDim.run(d.user_id, dim, d.day, value, d.clicks);
      }
      if (!inMonths(dim)) continue;
      if (d.day !== monthDay) [month, monthDay] = [monthOf(d.day), d.day];
      upMonthDim.run(d.user_id, dim, month, value, d.clicks);
    }
  }

  const log = (c: ClickRecord) => insertLog.run(c.link_id, c.created_at, c.country, c.platform, c.browser, c.language, c.referrer,
    c.city ?? null, c.continent ?? null, c.device ?? null, c.source ?? null, c.utm_source ?? null, c.utm_medium ?? null, c.utm_campaign ?? null);

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
            click_log.utm_source, click_log.utm_medium, click_log.utm_campaign
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
      const dims = dimsOf(d.dims);
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

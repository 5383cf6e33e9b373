// What a stored click is and how clicks are summed into the rollups that
// statistics read: the dimensions, the `dims` entries of a link-day (arrays,
// never values as JSON object keys), merging them under the value cap, and
// collapsing a batch into rows. No database here: the SQLite store
// (click-store.ts) and PostgreSQL's (pg-click-store.ts) both write what it builds.
import { bucketOf } from '../../util/days.ts';

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
  /** Where the visitor was sent, as configured (issue 34; without the visitor's query). */
  destination?: string | null;
}

/**
 * Rollup dimensions; their numbers are stored in click_days.dims and
 * account_dims. `hour` is the click's hour of day in the instance's time
 * zone (a day's weekday needs no storing: it is the day's).
 */
export const DIMENSIONS = {
  country: 1, platform: 2, browser: 3, language: 4, referrer: 5,
  city: 6, continent: 7, device: 8, hour: 9, source: 10, utm_source: 11, utm_medium: 12, utm_campaign: 13, destination: 14,
} as const;
export type Dimension = keyof typeof DIMENSIONS;
const DIMENSION_LIST = Object.entries(DIMENSIONS) as [Dimension, number][];
/** A dimension's values past the cap are counted together under this number plus the dimension's, with the value ''. */
export const OTHER_DIM = 100;
/** Values kept per dimension, link (or account) and day; the rest count under `(other)`. */
export const VALUE_CAP = 1000;

/** The month (its first day's number) an account-day's values are also summed in (account_month_dims); hours are not. */
export const monthOf = (day: number): number => bucketOf(day, 'month');
export const inMonths = (dim: number): boolean => dim !== DIMENSIONS.hour;

const SEP = '\u001f';
/** A city's rollup value: its country, region and name in one string (names from the database hold no control characters). */
export const cityKey = (p: { country: string; region: string | null; city: string }) => `${p.country}${SEP}${p.region ?? ''}${SEP}${p.city}`;
export function cityOfKey(key: string): { value: string; region: string | null; country: string } {
  const [country = '', region = '', value = ''] = key.split(SEP);
  return { value, region: region || null, country };
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
 * A link-day's `dims` with each value once. A row holds each value once as written (addCounts,
 * addCountsText), but one whose text is not as JSON.stringify writes it (a row an upgrade wrote)
 * may be given a value again by addCountsText: its clicks are then the sum, in its first place.
 */
export function mergedDims(dims: string | DimEntry[]): DimEntry[] {
  const all = dimsOf(dims);
  const at = new Map<string, number>();
  const out: DimEntry[] = [];
  for (const e of all) {
    const k = keyOf(e[0], e[1]);
    const i = at.get(k);
    if (i === undefined) {
      at.set(k, out.length);
      out.push(e);
    } else out[i]![2] += e[2];
  }
  return out;
}

/**
 * Adds a batch's `dims` to a day's so far (SQL function add_counts; PostgreSQL
 * has its own with the same rule). Values the day has keep counting; a new
 * value takes a place while its dimension has fewer than `cap`, the batch's
 * most frequent first, and is counted under its dimension's `(other)` entry
 * (OTHER_DIM + dimension, value '') once it has not.
 */
export function addCounts(a: string, b: string, cap = VALUE_CAP, parsedB?: readonly DimEntry[]): string {
  // The day's entries, each value once (an appended row may hold one several times: mergedDims).
  const day: DimEntry[] = [];
  const at = new Map<string, number>();
  const used = new Map<number, number>();
  for (const e of dimsOf(a)) {
    const [d, v] = e;
    const k = keyOf(d, v);
    const i = at.get(k);
    if (i !== undefined) {
      day[i]![2] += e[2];
      continue;
    }
    at.set(k, day.length);
    day.push(e);
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

/**
 * addCounts for a batch collapse() built, done on the day's text: a value the day has gets its
 * count raised where it stands, a new one is appended (most clicks first), no parsing and no
 * re-serialising. The same text as addCounts gives, as long as the day's entries and the batch's
 * together cannot pass the cap (no value then goes under (other)); undefined past that, or for a
 * day that is empty or not an array: addCounts then. `heads[i]` is entry i's text up to its count
 * (`[6,"DE",`): in JSON text that starts an entry of that dimension and value (a quote inside a
 * value is escaped), unless it holds a `]` (then it could begin inside another value: declined). An entry is at least 8 characters (`[1,"",1]`) and a comma, so a day
 * of length L holds at most (L - 1) / 9 entries.
 */
export function addCountsText(a: string, batch: readonly DimEntry[], heads: readonly string[], cap: number): string | undefined {
  if (a.length <= 2 || a.charCodeAt(0) !== 91 || Math.floor((a.length - 1) / 9) + batch.length > cap) return undefined;
  const edits: [number, number, number][] = [];
  const fresh: number[] = [];
  for (let i = 0; i < batch.length; i++) {
    const head = heads[i]!;
    // Found as text, a head starts a real entry unless its first quote is another value's closing one: the text
    // after that quote is `,<count>]`, so such a head holds a `]` (never escaped in JSON). Those values go the long way.
    if (head.includes(']')) return undefined;
    const p = a.indexOf(head);
    if (p < 0) {
      fresh.push(i);
      continue;
    }
    const from = p + head.length;
    const to = a.indexOf(']', from);
    const n = Number(a.slice(from, to));
    if (to < 0 || !Number.isSafeInteger(n)) return undefined;
    edits.push([from, to, n + batch[i]![2]]);
  }
  if (edits.length > 1) edits.sort((x, y) => x[0] - y[0]);
  let out = '';
  let at = 0;
  for (const [from, to, n] of edits) {
    out += a.slice(at, from) + n;
    at = to;
  }
  out += a.slice(at, a.length - 1);
  // Stable: equal counts keep the batch's order, as addCounts's sort does.
  if (fresh.length > 1) fresh.sort((x, y) => batch[y]![2] - batch[x]![2] || x - y);
  for (const i of fresh) out += `,${heads[i]}${batch[i]![2]}]`;
  return `${out}]`;
}

/** A batch's clicks summed per rollup row, in key order (neighbouring B-tree pages; one lock order for every writer). */
export interface Collapsed {
  /** `over`: the batch alone has more than the cap's values of a dimension for this link-day. */
  /** `entries`: `dims` as the array it was written from (add_counts need not parse it back). */
  /** `heads`: each entry's text up to its count (addCountsText). */
  linkDays: { link_id: number; day: number; user_id: number; clicks: number; dims: string; entries: DimEntry[]; heads: string[]; over: boolean }[];
  userDays: { user_id: number; day: number; clicks: number }[];
  userDims: { user_id: number; dim: number; day: number; value: string; clicks: number }[];
}

/** A dimension's value as a rollup key: its parts, its JSON text (`6,"US…"`) inside a link-day's `dims` entry, and the entry's up to its count. */
interface DimKey { dim: number; value: string; json: string; head: string }
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
    const json = `${dim},${JSON.stringify(value)}`;
    k = { dim, value, json, head: `[${json},` };
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
      const heads: string[] = [];
      for (let k = 0; k < cell.keys.length; k++) {
        const key = cell.keys[k]!;
        dims += `${k ? ',' : ''}${key.head}${cell.counts[k]}]`;
        entries.push([key.dim, key.value, cell.counts[k]!]);
        heads.push(key.head);
      }
      out.linkDays.push({ link_id: id, day, user_id: clicks[chain[0]!]!.user_id, clicks: cell.n, dims: `${dims}]`, entries, heads, over: overCap(cell, cap) });
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

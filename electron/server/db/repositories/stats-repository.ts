// Statistics, read from the daily rollups only (click_days, whose rows carry
// their day's dimensions, for a link; account_days / account_dims for an
// account), never from the raw log: a range costs a row per day (and per
// value, for an account), however many clicks it holds.
import { sql, type Kysely } from 'kysely';
import type { CityRow, CountRow, LinkStats, RangeStats, StatsInterval } from '../../../../shared/api-types.ts';
import { bucketOf, dateOfDay, nextBucket, weekdayOf, type DayNumber } from '../../util/days.ts';
import type { DB } from '../schema.ts';
import { cityOfKey, DIMENSIONS, dimsOf, OTHER_DIM, type Dimension } from './click-rollup.ts';

/** Days of the instance's time zone, inclusive; a missing end is the first or last day with clicks. */
export interface StatsRange { from?: DayNumber; to?: DayNumber; interval?: StatsInterval }

/** A link of an account's top list, before its short URL is built. */
export interface TopLinkRow { id: number; alias: string; url: string; title: string | null; domain: string | null; clicks: number }
export type AccountRangeStats = RangeStats & { top_links: TopLinkRow[] };

const TOP_VALUES = 50;
const TOP_LINKS = 10;
const UNKNOWN = 'Unknown';
/** The answer's name for the values past a link-day's cap (click-store.ts VALUE_CAP). */
export const OTHER = '(other)';
type ListName = 'countries' | 'platforms' | 'browsers' | 'languages' | 'referrers' | 'cities' | 'continents' | 'devices' | 'sources'
  | 'utm_sources' | 'utm_mediums' | 'utm_campaigns' | 'destinations';
const LIST_OF: Record<Exclude<Dimension, 'hour'>, ListName> = {
  country: 'countries', platform: 'platforms', browser: 'browsers', language: 'languages', referrer: 'referrers',
  city: 'cities', continent: 'continents', device: 'devices', source: 'sources', utm_source: 'utm_sources', utm_medium: 'utm_mediums', utm_campaign: 'utm_campaigns',
  destination: 'destinations',
};
/** Lists whose clicks without a value are shown as Unknown (the others leave them out: no city found, no UTM value, clicks from before a dimension existed). */
const WITH_UNKNOWN = new Set<Dimension>(['country', 'platform', 'browser', 'language', 'referrer', 'continent', 'device']);
const DIMENSION_NAMES = new Map<number, Dimension>(Object.entries(DIMENSIONS).map(([name, n]) => [n, name as Dimension]));
const HOUR = DIMENSIONS.hour;
/** Every dimension's number and its (other) bucket's, but hours (summed by weekday apart). */
const LISTED_NUMBERS: number[] = Object.values(DIMENSIONS).filter((n) => n !== HOUR).flatMap((n) => [n, n + OTHER_DIM]);

/**
 * Whose rollups: a link's (dimensions inside its day rows) or an account's
 * (dimensions in a table of their own). Table and key names are fixed here,
 * never from a request.
 */
type Scope = { days: 'click_days'; dims: null; key: 'link_id'; id: number } | { days: 'account_days'; dims: 'account_dims'; key: 'user_id'; id: number };

const byCount = (a: CountRow, b: CountRow) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);

/** Known values as counted, plus the clicks no value was recorded for (where `total` is given); the top ones. */
function countList(known: Map<string, number>, total: number | null, top: number): CountRow[] {
  const rows = [...known].map(([value, count]) => ({ value, count }));
  const unknown = total === null ? 0 : total - rows.reduce((n, r) => n + r.count, 0);
  if (unknown > 0) {
    const same = rows.find((r) => r.value === UNKNOWN);
    if (same) same.count += unknown;
    else rows.push({ value: UNKNOWN, count: unknown });
  }
  return rows.sort(byCount).slice(0, top);
}

const cityRows = (rows: CountRow[]): CityRow[] => rows.map((r) => (r.value === OTHER
  ? { value: OTHER, region: null, country: null, count: r.count }
  : { ...cityOfKey(r.value), count: r.count }));

/** Every bucket from from's to to's, zeros included; days outside the range were never summed in. */
function seriesOf(days: { day: number; clicks: number }[], from: DayNumber, to: DayNumber, interval: StatsInterval) {
  const sums = new Map<number, number>();
  for (const d of days) {
    const b = bucketOf(d.day, interval);
    sums.set(b, (sums.get(b) ?? 0) + d.clicks);
  }
  const series: { date: string; count: number }[] = [];
  for (let b = bucketOf(from, interval); b <= to; b = nextBucket(b, interval)) series.push({ date: dateOfDay(b), count: sums.get(b) ?? 0 });
  return series;
}

export interface StatsOptions {
  /** How many links each walk for top links reads in all-time order before the range's rows are summed instead. */
  walks?: readonly number[];
  /** Whether a city database is open (the answers' `city_database`). */
  cityDatabase?: boolean;
  /** Values each list answers, most clicks first (50; a test may ask for all). */
  topValues?: number;
}

export function createStatsRepository(db: Kysely<DB>, { walks = [256, 4096], cityDatabase = false, topValues = TOP_VALUES }: StatsOptions = {}) {
  const table = (name: string) => sql.table(name);
  const col = (name: string) => sql.ref(name);

  async function bounds(s: Scope, from?: DayNumber, to?: DayNumber) {
    const r = await sql<{ first: number | null; last: number | null }>`
      SELECT min(day) AS first, max(day) AS last FROM ${table(s.days)}
      WHERE ${col(s.key)} = ${s.id} AND clicks > 0
        ${from === undefined ? sql`` : sql`AND day >= ${from}`} ${to === undefined ? sql`` : sql`AND day <= ${to}`}`.execute(db);
    return r.rows[0] ?? { first: null, last: null };
  }

  /** The range made concrete: missing ends become the first/last day with clicks (null when none). */
  async function resolve(s: Scope, range: StatsRange) {
    let from: DayNumber | null = range.from ?? null;
    let to: DayNumber | null = range.to ?? null;
    if (range.from === undefined || range.to === undefined) {
      const b = await bounds(s, range.from, range.to);
      if (range.from === undefined) from = b.first;
      if (range.to === undefined) to = b.last;
    }
    return { from, to, interval: range.interval ?? 'day' };
  }

  const hoursOf = (cells: Map<number, number>) => {
    const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, count: 0 }));
    const hourWeekday: { weekday: number; hour: number; count: number }[] = [];
    for (const [k, count] of [...cells].sort((a, b) => a[0] - b[0])) {
      if (count <= 0) continue;
      const weekday = Math.floor(k / 24), hour = k % 24;
      hours[hour]!.count += count;
      hourWeekday.push({ weekday, hour, count });
    }
    return { hours, hour_weekday: hourWeekday };
  };

  /** Clicks in the range of the same length that ends the day before `from`. */
  async function previousOf(s: Scope, from: DayNumber, to: DayNumber) {
    const pTo = from - 1, pFrom = from - (to - from + 1);
    const r = await sql<{ total: number | string | null }>`
      SELECT sum(clicks) AS total FROM ${table(s.days)} WHERE ${col(s.key)} = ${s.id} AND day >= ${pFrom} AND day <= ${pTo}`.execute(db);
    return { from: dateOfDay(pFrom), to: dateOfDay(pTo), total: Number(r.rows[0]?.total ?? 0) };
  }

  async function rangeStats(s: Scope, from: DayNumber | null, to: DayNumber | null, interval: StatsInterval, comparable: boolean): Promise<RangeStats> {
    const empty: RangeStats = {
      from: from === null ? null : dateOfDay(from), to: to === null ? null : dateOfDay(to), interval,
      total: 0, days: [], series: [], countries: [], platforms: [], browsers: [], languages: [], referrers: [],
      cities: [], continents: [], devices: [], ...hoursOf(new Map()),
      weekdays: Array.from({ length: 7 }, (_, i) => ({ weekday: i + 1, count: 0 })),
      sources: [], utm_sources: [], utm_mediums: [], utm_campaigns: [], destinations: [],
      previous: null, city_database: cityDatabase,
    };
    if (from === null || to === null) return empty;
    const previous = comparable ? await previousOf(s, from, to) : null;
    const days = (await sql<{ day: number; clicks: number; dims?: string }>`
      SELECT day, clicks ${s.dims === null ? sql`, dims` : sql``} FROM ${table(s.days)}
      WHERE ${col(s.key)} = ${s.id} AND day >= ${from} AND day <= ${to} AND clicks > 0 ORDER BY day`.execute(db)).rows;
    const series = seriesOf(days, from, to, interval);
    const total = days.reduce((n, d) => n + d.clicks, 0);
    if (total === 0) return { ...empty, series, previous };
    const known = new Map<Dimension, Map<string, number>>([...DIMENSION_NAMES.values()].map((name) => [name, new Map()]));
    // weekday * 24 + hour -> clicks
    const cells = new Map<number, number>();
    const count = (dim: number, value: string, n: number, day: number | null) => {
      if (dim === HOUR) {
        if (day === null) return;
        const k = weekdayOf(day) * 24 + Number(value);
        cells.set(k, (cells.get(k) ?? 0) + n);
        return;
      }
      const other = dim > OTHER_DIM;
      const values = known.get(DIMENSION_NAMES.get(other ? dim - OTHER_DIM : dim)!);
      const v = other ? OTHER : value;
      values?.set(v, (values.get(v) ?? 0) + n);
    };
    if (s.dims === null) {
      for (const d of days) for (const [dim, value, n] of dimsOf(d.dims!)) count(dim, value, n, d.day);
    } else {
      // Whole months from account_month_dims, the days of partial months from account_dims: a year
      // is about 12 × its values instead of 365 × (dim IN (…) lets each primary key bound the range per dimension).
      const first = bucketOf(from, 'month') === from ? from : nextBucket(bucketOf(from, 'month'), 'month');
      const end = bucketOf(to + 1, 'month');
      const parts = first < end
        ? [{ t: 'account_month_dims', c: 'month', from: first, to: end - 1 }, { t: s.dims, c: 'day', from, to: first - 1 }, { t: s.dims, c: 'day', from: end, to }]
        : [{ t: s.dims, c: 'day', from, to }];
      for (const p of parts) {
        if (p.from > p.to) continue;
        const dims = (await sql<{ dim: number; value: string; clicks: number }>`
          SELECT dim, value, sum(clicks) AS clicks FROM ${table(p.t)}
          WHERE ${col(s.key)} = ${s.id} AND dim IN (${sql.join(LISTED_NUMBERS)}) AND ${col(p.c)} >= ${p.from} AND ${col(p.c)} <= ${p.to}
          GROUP BY dim, value`.execute(db)).rows;
        for (const d of dims) count(d.dim, d.value, Number(d.clicks), null);
      }
      // Hours by weekday: a day's weekday is the day's, worked out in SQL so that a year is 168 rows, not 8,760.
      const hours = (await sql<{ wd: number; value: string; clicks: number }>`
        SELECT ((day % 7) + 10) % 7 AS wd, value, sum(clicks) AS clicks FROM ${table(s.dims)}
        WHERE ${col(s.key)} = ${s.id} AND dim = ${HOUR} AND day >= ${from} AND day <= ${to}
        GROUP BY ((day % 7) + 10) % 7, value`.execute(db)).rows;
      for (const h of hours) {
        const k = (Number(h.wd) + 1) * 24 + Number(h.value);
        cells.set(k, (cells.get(k) ?? 0) + Number(h.clicks));
      }
    }
    for (const values of known.values()) for (const [value, n] of values) if (n <= 0) values.delete(value);
    const lists = Object.fromEntries([...known].filter(([name]) => name !== 'hour')
      .map(([name, values]) => [LIST_OF[name as Exclude<Dimension, 'hour'>], countList(values, WITH_UNKNOWN.has(name) ? total : null, topValues)])) as
      Record<ListName, CountRow[]>;
    const weekdays = empty.weekdays.map((w) => ({ ...w }));
    for (const d of days) weekdays[weekdayOf(d.day) - 1]!.count += d.clicks;
    return {
      ...empty, total, series,
      days: days.map((d) => ({ date: dateOfDay(d.day), count: d.clicks })),
      ...lists, cities: cityRows(lists.cities), ...hoursOf(cells), weekdays, previous,
    };
  }

  /**
   * The account's links with the most clicks in the range, most first, ties by
   * id. Links are taken in order of their all-time counters (the (user_id,
   * clicks) index) with each one's days in the range summed (its primary key);
   * once a counter is below the 10th best sum, no link further down can have
   * more in the range than it has in all, so the rest need not be read. That
   * holds because a click reaches the counter and the rollups together (and
   * clicks of older releases are counted before they are folded in). Long
   * ranges settle within the first links; each walk is one statement, so a
   * click written meanwhile cannot reorder links under it. A range that ranks
   * links far from their all-time order falls back to summing the range's rows
   * through click_days' (user_id, day, link_id, clicks) index, whose cost grows
   * with the range's rows instead.
   */
  type WalkRow = { id: number; total: number; clicks: number | null };
  async function topLinks(userId: number, from: DayNumber, to: DayNumber): Promise<TopLinkRow[]> {
    const rank = (rows: { id: number; clicks: number | null }[]) => rows.filter((r): r is { id: number; clicks: number } => !!r.clicks)
      .sort((a, b) => b.clicks - a.clicks || a.id - b.id).slice(0, TOP_LINKS);
    let best: { id: number; clicks: number }[] | null = null;
    for (const limit of walks) {
      const rows: WalkRow[] = (await sql<WalkRow>`
        SELECT lc.link_id AS id, lc.clicks AS total,
          (SELECT sum(cd.clicks) FROM click_days cd WHERE cd.link_id = lc.link_id AND cd.day >= ${from} AND cd.day <= ${to}) AS clicks
        FROM link_clicks lc WHERE lc.user_id = ${userId} AND lc.clicks > 0
        ORDER BY lc.clicks DESC, lc.link_id DESC LIMIT ${limit}`.execute(db)).rows;
      const ranked = rank(rows);
      if (rows.length < limit || (ranked.length === TOP_LINKS && rows.at(-1)!.total < ranked.at(-1)!.clicks)) {
        best = ranked;
        break;
      }
    }
    best ??= (await sql<{ id: number; clicks: number }>`
      SELECT t.link_id AS id, t.clicks FROM (
        SELECT link_id, sum(clicks) AS clicks FROM click_days WHERE user_id = ${userId} AND day >= ${from} AND day <= ${to} GROUP BY link_id
      ) t JOIN link_clicks lc ON lc.link_id = t.link_id AND lc.user_id = ${userId}
      WHERE t.clicks > 0 ORDER BY t.clicks DESC, t.link_id LIMIT ${TOP_LINKS}`.execute(db)).rows;
    if (!best.length) return [];
    const details = new Map((await sql<Omit<TopLinkRow, 'clicks'>>`
      SELECT l.id, l.alias, l.url, l.title, d.name AS domain FROM links l LEFT JOIN domains d ON d.id = l.domain_id
      WHERE l.user_id = ${userId} AND l.id IN (${sql.join(best.map((b) => b.id))})`.execute(db)).rows.map((r) => [r.id, r]));
    return best.flatMap((b) => {
      const l = details.get(b.id);
      return l ? [{ ...l, clicks: b.clicks }] : [];
    });
  }

  return {
    /** A link's clicks in a range; all time (daily) by default. `clicks` is its all-time counter. */
    async forLink(linkId: number, clicks: number, range: StatsRange = {}): Promise<LinkStats> {
      const s: Scope = { days: 'click_days', dims: null, key: 'link_id', id: linkId };
      const r = await resolve(s, range);
      return { link_id: linkId, clicks, ...(await rangeStats(s, r.from, r.to, r.interval, range.from !== undefined)) };
    },

    /** An account's clicks in a range, and its top links there. */
    async forAccount(userId: number, range: StatsRange = {}): Promise<AccountRangeStats> {
      const s: Scope = { days: 'account_days', dims: 'account_dims', key: 'user_id', id: userId };
      const r = await resolve(s, range);
      const stats = await rangeStats(s, r.from, r.to, r.interval, range.from !== undefined);
      return { ...stats, top_links: stats.total === 0 ? [] : await topLinks(userId, r.from!, r.to!) };
    },
  };
}
export type StatsRepository = ReturnType<typeof createStatsRepository>;

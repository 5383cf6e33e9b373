// phpShort's statistics call, GET /stats/{id}?name=X, answered from the same
// rollups as Linkdesk's own answer: `click` is the clicks by hour, day, month
// or year, as phpShort's DateRangeTrait::range picks for the range, the other
// names one dimension as a Laravel page (LengthAwarePaginator::toArray), with
// values written as phpShort writes them (country `US:United States`, city
// `US:Mountain View, California`: the region as the city database names it).
import { z } from 'zod';
import type { LinkStats } from '../../../shared/api-types.ts';
import { PER_PAGE_VALUES, SORT_DIRECTIONS } from '../../../shared/constants.ts';
import { int, oneOf, oneOfStrings, searchText } from '../../../shared/schemas/fields.ts';

export const PHPSHORT_NAMES = ['click', 'browser', 'city', 'country', 'device', 'language', 'operating_system', 'referrer', 'continent', 'destination'] as const;
export type PhpShortName = (typeof PHPSHORT_NAMES)[number];

/** The query fields phpShort's call adds to the statistics query. */
export const phpShortQueryShape = {
  name: oneOfStrings('name', PHPSHORT_NAMES).optional()
    .describe("phpShort's form: answer one dimension (click: the days) in phpShort's shape instead of Linkdesk's"),
  search: searchText.describe('With name: values containing this text (case-insensitive)'),
  sort_by: oneOfStrings('sort_by', ['count', 'value'] as const).optional().describe('With name: count (default) or value'),
  sort: oneOfStrings('sort', SORT_DIRECTIONS).optional().describe('With name: desc (default) or asc'),
  per_page: oneOf('per_page', PER_PAGE_VALUES).optional().describe('With name: 10 (default), 25, 50 or 100'),
  page: int('page', 1).optional().describe('With name: the page, from 1'),
};
export interface PhpShortQuery {
  name?: PhpShortName; search?: string; sort_by?: 'count' | 'value'; sort?: 'asc' | 'desc'; per_page?: number; page?: number;
  from?: string; to?: string;
}

/** `value` null: clicks whose value is unknown (phpShort's NULL column, grouped like any value). */
const row = z.object({ value: z.string().nullable(), count: z.number().int() });
type Row = { value: string | null; count: number };

/** The unit DateRangeTrait::range picks (DateRangeTrait.php:35-47): by the days between from and to. */
type ClickUnit = 'hour' | 'day' | 'month' | 'year';
function clickUnit(from: string, to: string): ClickUnit {
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
  return days < 1 ? 'hour' : days < 90 ? 'day' : days < 730 ? 'month' : 'year';
}

/** The clicks by `unit`, keyed as phpShort formats them (`Y-m-d H`, `Y-m-d`, `Y-m`, `Y`); `day` is the one day of an hourly answer. */
function clickRows(stats: LinkStats, unit: ClickUnit, day: string): Row[] {
  if (unit === 'hour') return stats.hours.filter((h) => h.count > 0).map((h) => ({ value: `${day} ${String(h.hour).padStart(2, '0')}`, count: h.count }));
  if (unit === 'day') return stats.days.map((d) => ({ value: d.date, count: d.count }));
  const width = unit === 'month' ? 7 : 4;
  const sums = new Map<string, number>();
  for (const d of stats.days) sums.set(d.date.slice(0, width), (sums.get(d.date.slice(0, width)) ?? 0) + d.count);
  return [...sums].map(([value, count]) => ({ value, count }));
}

/** ORDER BY `by` `sort` (StatController.php:49 and :62); ties by value the same way. MySQL puts NULL first in ascending order. */
function sortRows(rows: Row[], by: 'count' | 'value', sort: 'asc' | 'desc') {
  const dir = sort === 'asc' ? 1 : -1;
  const byValue = (a: Row, b: Row) => (a.value === b.value ? 0 : a.value === null ? -1 : b.value === null ? 1 : a.value < b.value ? -1 : 1);
  rows.sort((a, b) => dir * (by === 'count' ? a.count - b.count || byValue(a, b) : byValue(a, b)));
}
export const phpShortClickSchema = z.object({ data: z.array(row), status: z.literal(200) }).meta({ id: 'PhpShortClicks' });
export const phpShortPageSchema = z.object({
  data: z.object({
    current_page: z.number().int(), data: z.array(row), first_page_url: z.string(), from: z.number().int().nullable(),
    last_page: z.number().int(), last_page_url: z.string(),
    links: z.array(z.object({ url: z.string().nullable(), label: z.string(), active: z.boolean() })),
    next_page_url: z.string().nullable(), path: z.string(), per_page: z.number().int(), prev_page_url: z.string().nullable(),
    to: z.number().int().nullable(), total: z.number().int(),
  }),
  status: z.literal(200),
}).meta({ id: 'PhpShortStatsPage' });

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const countryName = (code: string) => {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
};

/** Linkdesk's name for the clicks whose value is unknown (stats-repository.ts); phpShort's column holds NULL. */
const UNKNOWN = 'Unknown';

/** One dimension's rows in phpShort's spelling. */
function rowsOf(stats: LinkStats, name: Exclude<PhpShortName, 'click'>): Row[] {
  return spelled(stats, name).map((r) => (r.value === UNKNOWN ? { value: null, count: r.count } : r));
}

function spelled(stats: LinkStats, name: Exclude<PhpShortName, 'click'>): { value: string; count: number }[] {
  switch (name) {
    case 'country': return stats.countries.map((r) => ({ value: /^[A-Z]{2}$/.test(r.value) ? `${r.value}:${countryName(r.value)}` : r.value, count: r.count }));
    case 'city': return stats.cities.map((r) => ({
      value: r.country ? `${r.country}:${r.value}${r.region ? `, ${r.region}` : ''}` : r.value, count: r.count,
    }));
    case 'browser': return stats.browsers;
    case 'device': return stats.devices;
    case 'language': return stats.languages;
    case 'operating_system': return stats.platforms;
    case 'referrer': return stats.referrers;
    case 'continent': return stats.continents;
    // Linkdesk's own: phpShort has no such statistic.
    case 'destination': return stats.destinations;
  }
}

/** Laravel's page links: every page up to 12, else the first two, a window of 3 each side, the last two, with "..." between. */
function pageLinks(current: number, last: number, url: (p: number) => string) {
  const item = (p: number) => ({ url: url(p), label: String(p), active: p === current });
  const gap = { url: null, label: '...', active: false };
  const range = (a: number, b: number) => Array.from({ length: Math.max(0, b - a + 1) }, (_, i) => item(a + i));
  let middle;
  if (last < 13) middle = range(1, last);
  else if (current <= 6) middle = [...range(1, 8), gap, ...range(last - 1, last)];
  else if (current > last - 6) middle = [...range(1, 2), gap, ...range(last - 7, last)];
  else middle = [...range(1, 2), gap, ...range(current - 3, current + 3), gap, ...range(last - 1, last)];
  return [
    { url: current > 1 ? url(current - 1) : null, label: '&laquo; Previous', active: false },
    ...middle,
    { url: current < last ? url(current + 1) : null, label: 'Next &raquo;', active: false },
  ];
}

/**
 * The answer to `?name=`: `path` is the route's own URL, `query` the request's (kept in page links);
 * `range` the days phpShort's range() would take (from: the request's, else the link's creation day; to: the request's, else today).
 */
export function phpShortAnswer(stats: LinkStats, q: PhpShortQuery & { name: PhpShortName }, path: string, range: { from: string; to: string }) {
  if (q.name === 'click') {
    // Not searched, not paged: every bucket with clicks (StatController.php:39-50).
    const rows = clickRows(stats, clickUnit(range.from, range.to), range.from);
    sortRows(rows, q.sort_by ?? 'count', q.sort ?? 'desc');
    return { data: rows, status: 200 as const };
  }
  const needle = q.search?.toLowerCase();
  // LIKE never matches NULL.
  const rows = rowsOf(stats, q.name).filter((r) => !needle || (r.value !== null && r.value.toLowerCase().includes(needle)));
  sortRows(rows, q.sort_by ?? 'count', q.sort ?? 'desc');
  const perPage = q.per_page ?? 10;
  const page = q.page ?? 1;
  const total = rows.length;
  const last = Math.max(1, Math.ceil(total / perPage));
  const kept = new URLSearchParams();
  for (const k of ['name', 'search', 'sort_by', 'sort', 'per_page', 'from', 'to'] as const) if (q[k] !== undefined) kept.set(k, String(q[k]));
  const url = (p: number) => `${path}?${new URLSearchParams([...kept, ['page', String(p)]])}`;
  const slice = rows.slice((page - 1) * perPage, page * perPage);
  const from = slice.length ? (page - 1) * perPage + 1 : null;
  return {
    data: {
      current_page: page, data: slice, first_page_url: url(1), from, last_page: last, last_page_url: url(last),
      links: pageLinks(page, last, url), next_page_url: page < last ? url(page + 1) : null, path, per_page: perPage,
      prev_page_url: page > 1 ? url(page - 1) : null, to: from === null ? null : from + slice.length - 1, total,
    },
    status: 200 as const,
  };
}

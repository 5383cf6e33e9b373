// The date range and interval a statistics screen asks for. The renderer does
// not know the instance's time zone, so a preset sends only its first day,
// counted back from this computer's date: the server ends the range on its own
// today, and new clicks are never cut off by a clock ahead of or behind it.
import type { StatsInterval } from '../../../../shared/api-types.ts';
import { statsQuerySchema, type StatsQuery } from '../../../../shared/schemas/stats.ts';

export type Preset = '7d' | '30d' | '90d' | 'year' | 'all' | 'custom';

export const PRESETS: { value: Preset; label: string }[] = [
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: '90d', label: '90 days' },
  { value: 'year', label: 'This year' },
  { value: 'all', label: 'All time' },
  { value: 'custom', label: 'Custom' },
];

export const INTERVALS: { value: StatsInterval; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

/** What the user chose; `from`/`to` are the custom range's inputs, kept when another preset is picked. */
export interface RangeChoice { preset: Preset; from: string; to: string; interval: StatsInterval }

const LAST_DAYS: Partial<Record<Preset, number>> = { '7d': 7, '30d': 30, '90d': 90 };

const pad = (n: number) => String(n).padStart(2, '0');

/** This computer's date, YYYY-MM-DD. */
export const localToday = (now: Date = new Date()): string => `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

/** A calendar date moved by whole days (no time zone involved: a date names a day). */
export function addDays(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

export type RangeQuery = { ok: true; query: StatsQuery } | { ok: false; field: 'from' | 'to'; message: string };

/** The query for a choice, or why a custom range cannot be asked for (the API's own rules and words). */
export function rangeQuery(choice: RangeChoice, today: string): RangeQuery {
  const { preset, interval } = choice;
  const days = LAST_DAYS[preset];
  if (days !== undefined) return { ok: true, query: { from: addDays(today, -(days - 1)), interval } };
  if (preset === 'year') return { ok: true, query: { from: `${today.slice(0, 4)}-01-01`, interval } };
  if (preset === 'all') return { ok: true, query: { interval } };
  if (!choice.from) return { ok: false, field: 'from', message: 'Enter the first day.' };
  if (!choice.to) return { ok: false, field: 'to', message: 'Enter the last day.' };
  const parsed = statsQuerySchema.safeParse({ from: choice.from, to: choice.to, interval });
  if (parsed.success) return { ok: true, query: { from: choice.from, to: choice.to, interval } };
  const issue = parsed.error.issues[0]!;
  return { ok: false, field: issue.path[0] === 'to' ? 'to' : 'from', message: issue.message };
}

/** The query for an applied (valid) choice, counted from today as it is now. */
export function queryOf(applied: RangeChoice): StatsQuery {
  const q = rangeQuery(applied, localToday());
  return q.ok ? q.query : { interval: applied.interval };
}

// The date range and interval a statistics screen asks for. The renderer does
// not know the instance's time zone, so a preset sends only its first day,
// counted back from this computer's date: the server ends the range on its own
// today, and new clicks are never cut off by a clock ahead of or behind it.
import type { StatsInterval } from '../../../../shared/api-types.ts';
import { defineMessages, type IntlShape } from 'react-intl';
import { statsQuerySchema, type StatsQuery } from '../../../../shared/schemas/stats.ts';
import { getIntl } from '../../i18n/current.ts';
import { plain } from '../../i18n/plain.ts';

export type Preset = '7d' | '30d' | '90d' | 'year' | 'all' | 'custom';

const presetWords = plain(defineMessages({
  '7d': { id: 'app.stats.range.7d', defaultMessage: '{days, plural, one {# day} other {# days}}' },
  '30d': { id: 'app.stats.range.30d', defaultMessage: '{days, plural, one {# day} other {# days}}' },
  '90d': { id: 'app.stats.range.90d', defaultMessage: '{days, plural, one {# day} other {# days}}' },
  year: { id: 'app.stats.range.year', defaultMessage: 'This year' },
  all: { id: 'app.stats.range.all', defaultMessage: 'All time' },
  custom: { id: 'app.stats.range.custom', defaultMessage: 'Custom' },
}));
const intervalWords = plain(defineMessages({
  day: { id: 'app.stats.interval.day', defaultMessage: 'Day' },
  week: { id: 'app.stats.interval.week', defaultMessage: 'Week' },
  month: { id: 'app.stats.interval.month', defaultMessage: 'Month' },
}));
const m = plain(defineMessages({
  firstDay: { id: 'app.stats.range.needsFrom', defaultMessage: 'Enter the first day.' },
  lastDay: { id: 'app.stats.range.needsTo', defaultMessage: 'Enter the last day.' },
}));
const PRESET_KEYS: Preset[] = ['7d', '30d', '90d', 'year', 'all', 'custom'];

export const presets = (intl: IntlShape = getIntl()): { value: Preset; label: string }[] =>
  PRESET_KEYS.map((value) => ({ value, label: intl.formatMessage(presetWords[value], { days: LAST_DAYS[value] ?? 0 }) }));

export const intervals = (intl: IntlShape = getIntl()): { value: StatsInterval; label: string }[] =>
  (['day', 'week', 'month'] as const).map((value) => ({ value, label: intl.formatMessage(intervalWords[value]) }));

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
  if (!choice.from) return { ok: false, field: 'from', message: getIntl().formatMessage(m.firstDay) };
  if (!choice.to) return { ok: false, field: 'to', message: getIntl().formatMessage(m.lastDay) };
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

import type { CountRow, LinkStats, RangeStats, StatsInterval } from '../../../../shared/api-types.ts';
import { defineMessages, type IntlShape } from 'react-intl';
import { fmt } from '../../format.ts';
import { getIntl } from '../../i18n/current.ts';
import { languageName, regionName } from '../../i18n/names.ts';
import { plain } from '../../i18n/plain.ts';

/** How a bucket is named in words: a month by its month, a day or week by its (first) day, in the user's locale. */
export const bucketLabel = (date: string, interval: StatsInterval): string => (interval === 'month' ? fmt.month(date.slice(0, 7)) : fmt.day(date));

/** The same, short enough for a chart's axis. */
export const bucketTick = (date: string, interval: StatsInterval): string => (interval === 'month' ? fmt.month(date.slice(0, 7)) : fmt.shortDay(date));

/** Below this many values a breakdown is a ranked list: a chart of one or two bars says less than the numbers. */
export const LIST_BELOW = 6;

/** The chart's points: the server's buckets, zeros included; a server of the first release sends days only. */
export function seriesRows(stats: Pick<RangeStats, 'days' | 'interval'> & { series?: RangeStats['series'] }): { date: string; Clicks: number }[] {
  if (!Array.isArray(stats.series)) return fillDays(stats.days);
  const interval = stats.interval ?? 'day';
  // A month's bucket is its first day; the month is what it stands for.
  return stats.series.map((b) => ({ date: interval === 'month' ? b.date.slice(0, 7) : b.date, Clicks: b.count }));
}

/** Every day from the first click to the last, zero where nothing happened. */
export function fillDays(days: LinkStats['days']): { date: string; Clicks: number }[] {
  if (!days.length) return [];
  const counts = new Map(days.map((d) => [d.date, d.count]));
  const out: { date: string; Clicks: number }[] = [];
  const end = new Date(`${days[days.length - 1]!.date}T00:00:00Z`).getTime();
  // A long-lived link would make years of bars; past 400 days, show the days we have.
  const start = new Date(`${days[0]!.date}T00:00:00Z`).getTime();
  if ((end - start) / 86_400_000 > 400) return days.map((d) => ({ date: d.date, Clicks: d.count }));
  for (let t = start; t <= end; t += 86_400_000) {
    const date = new Date(t).toISOString().slice(0, 10);
    out.push({ date, Clicks: counts.get(date) ?? 0 });
  }
  return out;
}

const m = plain(defineMessages({
  unknown: { id: 'app.stats.value.unknown', defaultMessage: 'Unknown' },
  direct: { id: 'app.stats.referrer.direct', defaultMessage: 'Direct or unknown' },
  other: { id: 'app.stats.value.other', defaultMessage: 'Other', description: 'The values past the top ten, added up under one bar' },
}));

// The API reports a missing value as "Unknown".
const known = (v: string) => v !== '' && v !== 'Unknown';

/** Each breakdown's values as people read them, in the app's language (countries and languages by Intl's names). */
export const LABELERS: Record<'countries' | 'platforms' | 'browsers' | 'languages' | 'referrers', (v: string, intl?: IntlShape) => string> = {
  countries: (v, intl = getIntl()) => (known(v) ? regionName(v, intl.locale) : intl.formatMessage(m.unknown)),
  languages: (v, intl = getIntl()) => (known(v) ? languageName(v, intl.locale) : intl.formatMessage(m.unknown)),
  platforms: (v, intl = getIntl()) => (known(v) ? v : intl.formatMessage(m.unknown)),
  browsers: (v, intl = getIntl()) => (known(v) ? v : intl.formatMessage(m.unknown)),
  referrers: (v, intl = getIntl()) => (known(v) ? v : intl.formatMessage(m.direct)),
};

/** The top rows, the rest summed as "Other", for a chart that stays readable. */
export function topRows(rows: CountRow[], label: (v: string) => string, limit = 10, intl: IntlShape = getIntl()): { name: string; Clicks: number }[] {
  const sorted = [...rows].sort((a, b) => b.count - a.count);
  const top = sorted.slice(0, limit).map((r) => ({ name: label(r.value), Clicks: r.count }));
  const rest = sorted.slice(limit).reduce((n, r) => n + r.count, 0);
  return rest ? [...top, { name: intl.formatMessage(m.other), Clicks: rest }] : top;
}

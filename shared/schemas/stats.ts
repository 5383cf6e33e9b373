// Query and response shapes of /stats and /stats/{id}.
import { z } from 'zod';
import type { AccountStats, LinkStats, StatsInterval } from '../api-types.ts';
import { dateString, oneOfStrings } from './fields.ts';
import { same } from './same-type.ts';

export const STATS_INTERVALS = ['day', 'week', 'month'] as const satisfies readonly StatsInterval[];

/** A series longer than this many buckets is refused: ten years by day, centuries by month. */
export const STATS_MAX_BUCKETS = 3660;

const DAY_MS = 86_400_000;
/** Buckets of `interval` from `from` to `to` (YYYY-MM-DD, from <= to), weeks starting on Monday. */
export function bucketCount(from: string, to: string, interval: StatsInterval): number {
  const a = Date.parse(`${from}T00:00:00Z`), b = Date.parse(`${to}T00:00:00Z`);
  if (interval === 'month') {
    const x = new Date(a), y = new Date(b);
    return (y.getUTCFullYear() - x.getUTCFullYear()) * 12 + y.getUTCMonth() - x.getUTCMonth() + 1;
  }
  if (interval === 'week') {
    const monday = (t: number) => t / DAY_MS - ((new Date(t).getUTCDay() + 6) % 7);
    return (monday(b) - monday(a)) / 7 + 1;
  }
  return (b - a) / DAY_MS + 1;
}

export const rangeTooLong = (interval: StatsInterval) =>
  `The range may span at most ${STATS_MAX_BUCKETS} ${interval}s; choose a shorter range${interval === 'month' ? '' : ' or a longer interval'}.`;

/** `from`/`to` inclusive, in the instance's time zone; both optional (all time). */
export const statsQuerySchema = z.object({
  from: dateString('from').optional().describe('First day, YYYY-MM-DD in the instance time zone (default: the first day with clicks)'),
  to: dateString('to').optional().describe('Last day, inclusive (default: today when from is given, else the last day with clicks)'),
  interval: oneOfStrings('interval', STATS_INTERVALS).default('day').describe('Buckets of series: day, week (from Monday) or month'),
}).superRefine((q, ctx) => {
  if (q.from === undefined || q.to === undefined) return;
  if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'The from date must not be after the to date.' });
  else if (bucketCount(q.from, q.to, q.interval) > STATS_MAX_BUCKETS) ctx.addIssue({ code: 'custom', path: ['from'], message: rangeTooLong(q.interval) });
});
export type StatsQuery = z.infer<typeof statsQuerySchema>;

const countRow = z.object({ value: z.string(), count: z.number().int() });
const dated = z.object({ date: z.string(), count: z.number().int() });
const rangeShape = {
  from: z.string().nullable().describe('First day answered (YYYY-MM-DD, instance time zone)'),
  to: z.string().nullable().describe('Last day answered, inclusive'),
  interval: z.enum(STATS_INTERVALS),
  total: z.number().int().describe('Clicks in the range'),
  days: z.array(dated).describe('Days with clicks in the range'),
  series: z.array(dated).describe('Every bucket of the interval in the range, zeros included; date is the first day of the bucket'),
  countries: z.array(countRow), platforms: z.array(countRow), browsers: z.array(countRow),
  languages: z.array(countRow), referrers: z.array(countRow),
  cities: z.array(z.object({ value: z.string(), region: z.string().nullable(), country: z.string().nullable(), count: z.number().int() }))
    .describe('Cities with region and country code, from the city database ([] without one); `(other)` counts values past the daily cap'),
  continents: z.array(countRow).describe('Continent codes: AF AN AS EU NA OC SA'),
  devices: z.array(countRow).describe('desktop, mobile, tablet, watch, television, console'),
  hours: z.array(z.object({ hour: z.number().int(), count: z.number().int() })).describe('24 entries: hour of day, instance time zone'),
  weekdays: z.array(z.object({ weekday: z.number().int(), count: z.number().int() })).describe('7 entries, 1 = Monday'),
  hour_weekday: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), count: z.number().int() }))
    .describe('Clicks by weekday (1 = Monday) and hour, only cells with clicks'),
  sources: z.array(countRow).describe('link or qr (the short URL carried ?qr=1)'),
  utm_sources: z.array(countRow), utm_mediums: z.array(countRow), utm_campaigns: z.array(countRow),
  destinations: z.array(countRow).describe('Where visitors were sent: the URL of the rule, target or link that applied, as configured (without the visitor\'s query)'),
  previous: z.object({ from: z.string(), to: z.string(), total: z.number().int() }).nullable()
    .describe('Clicks in the range of the same length ending the day before from; null without from (all time)'),
  city_database: z.boolean().describe('Whether the instance has a city database'),
};

export const statsSchema = z.object({
  link_id: z.number().int(), clicks: z.number().int().describe('All-time clicks'), ...rangeShape,
}).meta({ id: 'LinkStats' });

export const accountStatsSchema = z.object({
  ...rangeShape,
  top_links: z.array(z.object({
    id: z.number().int(), alias: z.string(), short_url: z.string(), url: z.string(), title: z.string().nullable(), clicks: z.number().int(),
  })).describe('Links with the most clicks in the range (at most 10)'),
}).meta({ id: 'AccountStats' });

same<z.infer<typeof statsSchema>, LinkStats>(true);
same<z.infer<typeof accountStatsSchema>, AccountStats>(true);

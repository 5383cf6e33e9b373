// Statistics as CSV (Accept: text/csv on /stats and /stats/{id}): one
// `dimension,value,clicks` row per value of every dimension, the series as
// rows named after the interval (day, week or month), cells a spreadsheet
// would run as formulas neutralized as every Linkdesk export does.
import { stringify } from 'csv-stringify/sync';
import type { RangeStats } from '../../../shared/api-types.ts';
import { neutralizeRows } from '../../../shared/csv-safe.ts';

type Lists = Pick<RangeStats, 'countries' | 'platforms' | 'browsers' | 'languages' | 'referrers' | 'continents' | 'devices' | 'sources'
  | 'utm_sources' | 'utm_mediums' | 'utm_campaigns' | 'destinations'>;
const LISTS: [keyof Lists, string][] = [
  ['countries', 'country'], ['continents', 'continent'], ['platforms', 'platform'], ['browsers', 'browser'], ['devices', 'device'],
  ['languages', 'language'], ['referrers', 'referrer'], ['sources', 'source'],
  ['utm_sources', 'utm_source'], ['utm_mediums', 'utm_medium'], ['utm_campaigns', 'utm_campaign'],
  ['destinations', 'destination'],
];

export function statsCsv(stats: RangeStats, topLinks: { short_url: string; clicks: number }[] = []): string {
  const rows: (string | number)[][] = [['dimension', 'value', 'clicks'], ['total', '', stats.total]];
  if (stats.previous) rows.push(['previous_total', `${stats.previous.from}..${stats.previous.to}`, stats.previous.total]);
  for (const s of stats.series) rows.push([stats.interval, s.date, s.count]);
  for (const [list, dim] of LISTS) for (const r of stats[list] ?? []) rows.push([dim, r.value, r.count]);
  for (const c of stats.cities ?? []) rows.push(['city', [c.value, c.region, c.country].filter(Boolean).join(', '), c.count]);
  for (const h of stats.hours ?? []) rows.push(['hour', h.hour, h.count]);
  for (const w of stats.weekdays ?? []) rows.push(['weekday', w.weekday, w.count]);
  for (const l of topLinks) rows.push(['link', l.short_url, l.clicks]);
  return stringify(neutralizeRows(rows));
}

/** Whether the request asks for CSV rather than JSON (text/csv named, and before any JSON). */
export function wantsCsv(accept: string | undefined): boolean {
  if (!accept) return false;
  const types = accept.toLowerCase().split(',').map((t) => t.split(';')[0]!.trim());
  const csv = types.indexOf('text/csv');
  const json = types.indexOf('application/json');
  return csv !== -1 && (json === -1 || csv < json);
}

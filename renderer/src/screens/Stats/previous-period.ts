// The range before the one on screen, of the same length and ending the day
// before it starts, as the server's `previous` names it; its buckets come
// from a second request so the screen can draw them under the current ones.
import type { StatsQuery } from '../../../../shared/schemas/stats.ts';
import { bucketCount } from '../../../../shared/schemas/stats.ts';
import { addDays } from './stats-range.ts';
import type { ShownStats } from './stats-types.ts';

/** The previous range's query, or null when there is none (all time, or a server that answers no range). */
export function previousQuery(s: ShownStats, asked: StatsQuery): StatsQuery | null {
  if (s.previous === null || !asked.from || !s.from || !s.to) return null;
  if (s.previous) return { from: s.previous.from, to: s.previous.to, interval: s.interval };
  const days = bucketCount(s.from, s.to, 'day');
  const to = addDays(s.from, -1);
  return { from: addDays(to, -(days - 1)), to, interval: s.interval };
}

/** "+12% on the previous 30 days" and its direction. */
export function changeText(current: number, previous: number, from: string, to: string): { text: string; trend: 'up' | 'down' | 'same' } {
  const days = bucketCount(from, to, 'day');
  const span = days === 1 ? 'the previous day' : `the previous ${days} days`;
  if (previous === 0) return current === 0 ? { text: `No clicks in this range nor ${span}`, trend: 'same' } : { text: `New: no clicks in ${span}`, trend: 'up' };
  const pct = Math.round(((current - previous) / previous) * 100);
  if (pct === 0) return { text: `Same as ${span}`, trend: 'same' };
  return { text: `${pct > 0 ? '+' : '−'}${Math.abs(pct)}% on ${span}`, trend: pct > 0 ? 'up' : 'down' };
}

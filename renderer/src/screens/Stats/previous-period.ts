// The range before the one on screen, of the same length and ending the day
// before it starts, as the server's `previous` names it; its buckets come
// from a second request so the screen can draw them under the current ones.
import { defineMessages, type IntlShape } from 'react-intl';
import type { StatsQuery } from '../../../../shared/schemas/stats.ts';
import { getIntl } from '../../i18n/current.ts';
import { plain } from '../../i18n/plain.ts';
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

const m = plain(defineMessages({
  change: { id: 'app.stats.change', defaultMessage: '{change, number, ::percent sign-always} on {days, plural, one {the previous day} other {the previous # days}}' },
  same: { id: 'app.stats.change.same', defaultMessage: 'Same as {days, plural, one {the previous day} other {the previous # days}}' },
  fresh: { id: 'app.stats.change.new', defaultMessage: 'New: no clicks in {days, plural, one {the previous day} other {the previous # days}}' },
  none: { id: 'app.stats.change.none', defaultMessage: 'No clicks in this range nor {days, plural, one {the previous day} other {the previous # days}}' },
}));

/** "+12% on the previous 30 days" and its direction, in the app's language. */
export function changeText(current: number, previous: number, from: string, to: string, intl: IntlShape = getIntl()): { text: string; trend: 'up' | 'down' | 'same' } {
  const days = bucketCount(from, to, 'day');
  if (previous === 0) {
    return current === 0 ? { text: intl.formatMessage(m.none, { days }), trend: 'same' } : { text: intl.formatMessage(m.fresh, { days }), trend: 'up' };
  }
  const pct = Math.round(((current - previous) / previous) * 100);
  if (pct === 0) return { text: intl.formatMessage(m.same, { days }), trend: 'same' };
  return { text: intl.formatMessage(m.change, { change: pct / 100, days }), trend: pct > 0 ? 'up' : 'down' };
}

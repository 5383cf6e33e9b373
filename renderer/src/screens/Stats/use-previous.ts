// The previous range's statistics for the dashed line and the change in percent.
import type { RangeStats } from '../../../../shared/api-types.ts';
import type { StatsQuery } from '../../../../shared/schemas/stats.ts';
import { api } from '../../api/api.ts';
import { useInstanceQuery } from '../../api/use-instance-query.ts';
import { previousQuery } from './previous-period.ts';
import type { PreviousSeries, ShownStats } from './stats-types.ts';

/** `id`: a link's; none: the account's. Null until the current range has answered, and for all time. */
export function usePreviousPeriod(id: number | undefined, stats: ShownStats | undefined, asked: StatsQuery):
  { series: PreviousSeries | null; range: { from: string; to: string; total: number } | null } {
  const q = stats ? previousQuery(stats, asked) : null;
  const prev = useInstanceQuery<RangeStats>('stats', { id, previous: q }, () => (id === undefined ? api.accountStats(q ?? {}) : api.stats(id, q ?? {})),
    { enabled: q !== null });
  if (!q || !stats) return { series: null, range: null };
  const p = prev.data;
  // The server's own total of the previous range comes with the current answer; the series needs the second request.
  const total = stats.previous?.total ?? p?.total;
  return {
    series: p && !prev.stale ? { total: p.total, series: p.series ?? [] } : null,
    range: total === undefined ? null : { from: q.from!, to: q.to!, total },
  };
}

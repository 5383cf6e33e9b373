import { describe, expect, it } from 'vitest';
import { LABELERS, fillDays, topRows } from '../../../renderer/src/screens/Stats/stats-data.ts';

describe('stats data for the charts', () => {
  it('fills days without clicks with zero', () => {
    expect(fillDays([{ date: '2026-02-27', count: 2 }, { date: '2026-03-02', count: 1 }])).toEqual([
      { date: '2026-02-27', Clicks: 2 }, { date: '2026-02-28', Clicks: 0 }, { date: '2026-03-01', Clicks: 0 }, { date: '2026-03-02', Clicks: 1 },
    ]);
    expect(fillDays([])).toEqual([]);
  });

  it('keeps the top rows, sums the rest as Other, and names codes', () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({ value: `v${i}`, count: 12 - i }));
    const top = topRows(rows, (v) => v, 10);
    expect(top).toHaveLength(11);
    expect(top[10]).toEqual({ name: 'Other', Clicks: 2 + 1 });
    expect(LABELERS.countries('DE')).toBe('Germany');
    expect(LABELERS.countries('Unknown')).toBe('Unknown');
    expect(LABELERS.languages('ja')).toBe('Japanese');
    expect(LABELERS.referrers('Unknown')).toBe('Direct or unknown');
  });
});

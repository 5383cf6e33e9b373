import { describe, expect, it } from 'vitest';
import { useStatsRange } from '../../../renderer/src/screens/Stats/range-store.ts';
import { addDays, localToday, queryOf, rangeQuery, type RangeChoice } from '../../../renderer/src/screens/Stats/stats-range.ts';
import { fmt } from '../../../renderer/src/format.ts';
import { bucketLabel, seriesRows } from '../../../renderer/src/screens/Stats/stats-data.ts';

const choice = (c: Partial<RangeChoice>): RangeChoice => ({ preset: '30d', from: '', to: '', interval: 'day', ...c });

describe('statistics range presets', () => {
  it('counts the last N days back from today, today included, and leaves the end to the instance', () => {
    expect(rangeQuery(choice({ preset: '7d' }), '2026-03-04')).toEqual({ ok: true, query: { from: '2026-02-26', interval: 'day' } });
    expect(rangeQuery(choice({ preset: '30d', interval: 'week' }), '2026-03-04')).toEqual({ ok: true, query: { from: '2026-02-03', interval: 'week' } });
    expect(rangeQuery(choice({ preset: '90d' }), '2024-03-30')).toEqual({ ok: true, query: { from: '2024-01-01', interval: 'day' } });
  });

  it('starts this year on 1 January and asks for all time without dates', () => {
    expect(rangeQuery(choice({ preset: 'year', interval: 'month' }), '2026-12-31')).toEqual({ ok: true, query: { from: '2026-01-01', interval: 'month' } });
    expect(rangeQuery(choice({ preset: 'all', from: '2026-01-01', to: '2026-01-02' }), '2026-03-04')).toEqual({ ok: true, query: { interval: 'day' } });
  });

  it('sends a custom range as typed, and refuses one the API would refuse, with its words', () => {
    expect(rangeQuery(choice({ preset: 'custom', from: '2026-01-01', to: '2026-01-31' }), '2026-03-04'))
      .toEqual({ ok: true, query: { from: '2026-01-01', to: '2026-01-31', interval: 'day' } });
    expect(rangeQuery(choice({ preset: 'custom', from: '2026-02-01', to: '2026-01-31' }), '2026-03-04'))
      .toEqual({ ok: false, field: 'from', message: 'The from date must not be after the to date.' });
    expect(rangeQuery(choice({ preset: 'custom', from: '', to: '2026-01-31' }), '2026-03-04')).toMatchObject({ ok: false, field: 'from' });
    expect(rangeQuery(choice({ preset: 'custom', from: '2026-01-01', to: '' }), '2026-03-04')).toMatchObject({ ok: false, field: 'to' });
    expect(rangeQuery(choice({ preset: 'custom', from: '1900-01-01', to: '2026-01-31' }), '2026-03-04'))
      .toMatchObject({ ok: false, field: 'from', message: expect.stringContaining('at most 3660 days') });
    expect(rangeQuery(choice({ preset: 'custom', from: '1900-01-01', to: '2026-01-31', interval: 'month' }), '2026-03-04')).toMatchObject({ ok: true });
  });

  it('moves dates across month and leap-year ends and reads today in the local zone', () => {
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('the session range store', () => {
  it('keeps asking for the last valid range while a custom one is wrong, and says why', () => {
    const s = useStatsRange.getState();
    s.choose({ preset: 'custom', from: '2026-01-01', to: '2026-01-10', interval: 'week' });
    expect(queryOf(useStatsRange.getState().applied)).toEqual({ from: '2026-01-01', to: '2026-01-10', interval: 'week' });
    s.choose({ from: '2026-02-01' });
    expect(useStatsRange.getState()).toMatchObject({ from: '2026-02-01', problem: { field: 'from', message: 'The from date must not be after the to date.' } });
    expect(queryOf(useStatsRange.getState().applied)).toEqual({ from: '2026-01-01', to: '2026-01-10', interval: 'week' });
    s.choose({ preset: 'all' });
    expect(useStatsRange.getState()).toMatchObject({ problem: null, from: '2026-02-01' });
    expect(queryOf(useStatsRange.getState().applied)).toEqual({ interval: 'week' });
  });

  it('counts a preset from the day the request is made', () => {
    useStatsRange.getState().choose({ preset: '7d', interval: 'day' });
    expect(queryOf(useStatsRange.getState().applied)).toEqual({ from: addDays(localToday(), -6), interval: 'day' });
  });
});

describe('series for the chart', () => {
  it('names buckets by day, week start or month, and falls back to days for servers without series', () => {
    expect(seriesRows({ interval: 'month', days: [], series: [{ date: '2026-01-01', count: 3 }, { date: '2026-02-01', count: 0 }] }))
      .toEqual([{ date: '2026-01', Clicks: 3 }, { date: '2026-02', Clicks: 0 }]);
    // In words, in the user's locale (format.test.ts covers the locales).
    expect(bucketLabel('2026-03-02', 'week')).toBe(fmt.day('2026-03-02'));
    expect(bucketLabel('2026-03-01', 'month')).toBe(fmt.month('2026-03'));
    expect(seriesRows({ interval: undefined as never, days: [{ date: '2026-01-01', count: 1 }, { date: '2026-01-03', count: 2 }] }))
      .toEqual([{ date: '2026-01-01', Clicks: 1 }, { date: '2026-01-02', Clicks: 0 }, { date: '2026-01-03', Clicks: 2 }]);
  });
});

// The previous range a statistics screen compares with, and how the change reads.
import { describe, expect, it } from 'vitest';
import { changeText, previousQuery } from '../../../renderer/src/screens/Stats/previous-period.ts';
import type { ShownStats } from '../../../renderer/src/screens/Stats/stats-types.ts';

const answer = (from: string | null, to: string | null, previous?: ShownStats['previous']) =>
  ({ from, to, interval: 'day', previous } as unknown as ShownStats);

describe('previousQuery', () => {
  it('asks for the range the server names', () => {
    expect(previousQuery(answer('2026-03-01', '2026-03-31', { from: '2026-01-29', to: '2026-02-28', total: 4 }), { from: '2026-03-01', interval: 'day' }))
      .toEqual({ from: '2026-01-29', to: '2026-02-28', interval: 'day' });
  });
  it('works it out the same way from an older server: as long, ending the day before, across a month end', () => {
    expect(previousQuery(answer('2026-03-01', '2026-03-03'), { from: '2026-03-01', interval: 'day' }))
      .toEqual({ from: '2026-02-26', to: '2026-02-28', interval: 'day' });
    expect(previousQuery(answer('2024-03-01', '2024-03-30'), { from: '2024-03-01', interval: 'day' }))
      .toEqual({ from: '2024-01-31', to: '2024-02-29', interval: 'day' });
  });
  it('has none for all time', () => {
    expect(previousQuery(answer('2026-01-01', '2026-03-03', null), { interval: 'day' })).toBeNull();
    expect(previousQuery(answer('2026-01-01', '2026-03-03'), { interval: 'day' })).toBeNull();
    expect(previousQuery(answer(null, null), { from: '2026-01-01', interval: 'day' })).toBeNull();
  });
});

describe('changeText', () => {
  it('says the change in whole percent on the previous days', () => {
    expect(changeText(112, 100, '2026-01-01', '2026-01-30')).toEqual({ text: '+12% on the previous 30 days', trend: 'up' });
    expect(changeText(3, 4, '2026-01-01', '2026-01-07')).toEqual({ text: '-25% on the previous 7 days', trend: 'down' }); // Intl writes the sign (ICU ::percent sign-always)
    expect(changeText(5, 5, '2026-01-01', '2026-01-01')).toEqual({ text: 'Same as the previous day', trend: 'same' });
  });
  it('never divides by nothing', () => {
    expect(changeText(3, 0, '2026-01-01', '2026-01-30')).toEqual({ text: 'New: no clicks in the previous 30 days', trend: 'up' });
    expect(changeText(0, 0, '2026-01-01', '2026-01-30').trend).toBe('same');
  });
});

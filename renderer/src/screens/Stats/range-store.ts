// The range and interval of the statistics screens, shared by the dashboard
// and every link's screen and kept for the session: moving from one link to
// the next (or from a top link to its statistics) keeps what was chosen.
import { create } from 'zustand';
import { localToday, rangeQuery, type RangeChoice } from './stats-range.ts';

interface RangeState extends RangeChoice {
  /**
   * The last choice that makes a valid query: what the screens ask for (an
   * invalid custom range leaves it as it was). A choice, not dates, so a
   * preset is counted from the day of each request.
   */
  applied: RangeChoice;
  /** Why the current custom range is not asked for. */
  problem: { field: 'from' | 'to'; message: string } | null;
  choose(change: Partial<RangeChoice>): void;
}

const INITIAL: RangeChoice = { preset: '30d', from: '', to: '', interval: 'day' };

export const useStatsRange = create<RangeState>((set, get) => ({
  ...INITIAL,
  applied: INITIAL,
  problem: null,
  choose(change) {
    const { preset, from, to, interval } = { ...get(), ...change };
    const next = { preset, from, to, interval };
    const q = rangeQuery(next, localToday());
    set(q.ok ? { ...next, applied: next, problem: null } : { ...next, problem: { field: q.field, message: q.message } });
  },
}));

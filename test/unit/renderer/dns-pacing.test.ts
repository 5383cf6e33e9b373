// The domains screen's own DNS checks: each domain once when shown, pending /
// wrong / failed ones again at most every 10 minutes, settled ones never, and
// never more than one check a second per instance. A clock stands in for time.
import { describe, expect, it } from 'vitest';
import { createDnsPacer, DOMAIN_RECHECK_MS, INSTANCE_GAP_MS, type CheckedState } from '../../../renderer/src/screens/Domains/dns-pacing.ts';

function world(states: Record<number, CheckedState | undefined>) {
  let t = 1_800_000_000_000;
  const pacer = createDnsPacer(() => t);
  const list = () => Object.entries(states).map(([id, state]) => ({ id: Number(id), state }));
  const checks: { id: number; at: number }[] = [];
  /** Runs the scheduler as the screen does, for `ms` of clock time: wait, check, record what the check found. */
  const run = (ms: number, found: (id: number) => CheckedState = (id) => states[id] ?? 'pending') => {
    const end = t + ms;
    for (;;) {
      const n = pacer.next(list());
      if (!n || t + n.waitMs > end) break;
      t += n.waitMs;
      pacer.started(n.id);
      checks.push({ id: n.id, at: t });
      states[n.id] = found(n.id);
    }
    t = end;
  };
  return { pacer, list, checks, run, advance: (ms: number) => { t += ms; }, now: () => t };
}

describe('DNS check pacing', () => {
  it('checks every shown domain once, one a second, in list order', () => {
    const w = world({ 1: undefined, 2: undefined, 3: undefined });
    const first = w.now();
    w.run(5_000, () => 'ok');
    expect(w.checks).toEqual([{ id: 1, at: first }, { id: 2, at: first + 1000 }, { id: 3, at: first + 2000 }]);
  });

  it('re-checks pending, wrong and failed domains every 10 minutes, ok and unknown ones never', () => {
    const w = world({ 1: undefined, 2: undefined, 3: undefined, 4: undefined, 5: undefined });
    const found: Record<number, CheckedState> = { 1: 'pending', 2: 'wrong', 3: 'failed', 4: 'ok', 5: 'unknown' };
    w.run(60 * 60_000 + 10_000, (id) => found[id]!);
    const per = (id: number) => w.checks.filter((c) => c.id === id).map((c) => c.at);
    for (const id of [1, 2, 3]) {
      const times = per(id);
      expect(times.length).toBe(1 + 6); // the first, then one every 10 minutes of the hour
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(DOMAIN_RECHECK_MS);
    }
    expect(per(4)).toHaveLength(1);
    expect(per(5)).toHaveLength(1);
  });

  it('never starts two checks of one instance within a second, even with many domains due at once', () => {
    const states: Record<number, CheckedState | undefined> = {};
    for (let id = 1; id <= 50; id++) states[id] = undefined;
    const w = world(states);
    w.run(2 * 60 * 60_000 + 60_000, () => 'pending');
    for (let i = 1; i < w.checks.length; i++) expect(w.checks[i]!.at - w.checks[i - 1]!.at).toBeGreaterThanOrEqual(INSTANCE_GAP_MS);
    // 50 domains, each first checked within the first minute and then every 10 minutes for two hours: none skipped.
    expect(w.checks).toHaveLength(50 * 13);
  });

  it("counts the user's own checks: a domain just checked by hand waits its 10 minutes, and the next check waits its second", () => {
    const w = world({ 1: 'wrong', 2: 'pending' });
    w.pacer.started(1);
    w.pacer.started(2);
    expect(w.pacer.next(w.list())).toEqual({ id: 1, waitMs: DOMAIN_RECHECK_MS });
    w.advance(DOMAIN_RECHECK_MS);
    w.pacer.started(2); // "Check again" on 2 just now
    expect(w.pacer.next(w.list())).toEqual({ id: 1, waitMs: INSTANCE_GAP_MS });
  });

  it('waits for a check that is still out instead of starting another of the same domain', () => {
    const w = world({ 1: undefined });
    w.pacer.started(1); // state still undefined: its answer has not come
    w.advance(DOMAIN_RECHECK_MS * 3);
    expect(w.pacer.next(w.list())).toBeNull();
  });
});

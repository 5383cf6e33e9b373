// The Live view's memory: newest first, bounded, held while paused, and a five-minute per-second rate.
import { describe, expect, it } from 'vitest';
import { KEPT, WINDOW_SECONDS, arrive, emptyFeed, rate, resume } from '../../../renderer/src/screens/Live/live-feed.ts';

const click = (alias: string) => ({ link_id: 1, alias, country: null, city: null, device: null, source: 'link' as const, at: '2026-01-01T00:00:00Z' });
const T = 1_800_000_000_000;

describe('live feed', () => {
  it('shows each batch newest first, above what was there', () => {
    let f = arrive(emptyFeed(), [click('a'), click('b')], false, T);
    f = arrive(f, [click('c')], false, T + 10);
    expect(f.clicks.map((c) => c.alias)).toEqual(['c', 'b', 'a']);
    expect(new Set(f.clicks.map((c) => c.key)).size).toBe(3);
  });
  it('keeps at most KEPT clicks', () => {
    const f = arrive(emptyFeed(), Array.from({ length: KEPT + 20 }, (_, i) => click(`x${i}`)), false, T);
    expect(f.clicks).toHaveLength(KEPT);
    expect(f.clicks[0]!.alias).toBe(`x${KEPT + 19}`);
  });
  it('holds clicks while paused and shows them on resume, newest first', () => {
    let f = arrive(emptyFeed(), [click('a')], false, T);
    f = arrive(f, [click('b'), click('c')], true, T);
    expect(f.clicks.map((c) => c.alias)).toEqual(['a']);
    expect(f.held).toHaveLength(2);
    f = resume(f);
    expect(f.clicks.map((c) => c.alias)).toEqual(['c', 'b', 'a']);
    expect(f.held).toEqual([]);
  });
  it('counts arrivals per second for the last five minutes, paused or not', () => {
    let f = arrive(emptyFeed(), [click('a'), click('b')], false, T);
    f = arrive(f, [click('c')], true, T + 2_000);
    const r = rate(f, T + 2_500);
    expect(r).toHaveLength(WINDOW_SECONDS);
    expect(r.slice(-3)).toEqual([2, 0, 1]);
    expect(rate(f, T + WINDOW_SECONDS * 1000 + 1_000).reduce((n, c) => n + c, 0)).toBe(1);
    // Seconds older than the window are forgotten as new clicks arrive.
    f = arrive(f, [click('d')], false, T + WINDOW_SECONDS * 1000 + 5_000);
    expect([...f.perSecond.values()]).toEqual([1]);
  });
});

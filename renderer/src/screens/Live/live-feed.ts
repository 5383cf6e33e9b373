// What the Live view keeps: the latest clicks, newest first, and clicks per
// second for the last five minutes, counted by when they reached this window
// (a remote instance's clock may be off; arrival is what "live" means here).
import type { LiveClick } from './live-types.ts';

export const KEPT = 500;
export const WINDOW_SECONDS = 300;

export interface Feed {
  /** Shown, newest first. */
  clicks: (LiveClick & { key: number })[];
  /** Arrived while paused, oldest first; shown on resume. */
  held: LiveClick[];
  /** Arrivals per whole second (epoch seconds), the last WINDOW_SECONDS only. */
  perSecond: Map<number, number>;
  next: number;
}

export const emptyFeed = (): Feed => ({ clicks: [], held: [], perSecond: new Map(), next: 0 });

/** Adds a batch (oldest first, as pushed). */
export function arrive(f: Feed, batch: LiveClick[], paused: boolean, nowMs: number): Feed {
  const second = Math.floor(nowMs / 1000);
  const perSecond = new Map(f.perSecond);
  perSecond.set(second, (perSecond.get(second) ?? 0) + batch.length);
  for (const s of perSecond.keys()) if (s <= second - WINDOW_SECONDS) perSecond.delete(s);
  if (paused) return { ...f, perSecond, held: [...f.held, ...batch].slice(-KEPT) };
  return { ...show(f, batch), perSecond };
}

/** Shows what was held while paused. */
export const resume = (f: Feed): Feed => ({ ...show(f, f.held), held: [] });

function show(f: Feed, batch: LiveClick[]): Feed {
  let next = f.next;
  const fresh = batch.map((c) => ({ ...c, key: next++ })).reverse();
  return { ...f, clicks: [...fresh, ...f.clicks].slice(0, KEPT), next };
}

/** The last WINDOW_SECONDS seconds' counts, oldest first, ending at `nowMs`. */
export function rate(f: Feed, nowMs: number): number[] {
  const end = Math.floor(nowMs / 1000);
  return Array.from({ length: WINDOW_SECONDS }, (_, i) => f.perSecond.get(end - WINDOW_SECONDS + 1 + i) ?? 0);
}

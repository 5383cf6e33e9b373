// When the domains screen checks a domain's DNS by itself. Each check makes the
// server resolve names and open a TLS connection, so the pace is modest: a
// domain is checked once when first shown; one that is pending, wrong or whose
// check failed again at most every 10 minutes; an ok or unconfigured (unknown)
// one not again until someone asks. Never more than one check a second per
// instance, whoever started it. No timers here: the clock is passed in, so the
// rules are tested without waiting.

/** What the last check of a domain found; undefined: never checked. */
export type CheckedState = 'ok' | 'pending' | 'wrong' | 'unknown' | 'failed' | 'unsupported';

export const DOMAIN_RECHECK_MS = 10 * 60_000;
export const INSTANCE_GAP_MS = 1_000;

export interface DnsPacer {
  /** A check of `id` starts now (the background's or the user's). */
  started(id: number): void;
  /** The next domain to check and how long to wait for it; null when none needs one. Earliest due first, then list order. */
  next(domains: readonly { id: number; state: CheckedState | undefined }[]): { id: number; waitMs: number } | null;
}

const SETTLED: ReadonlySet<CheckedState> = new Set(['ok', 'unknown', 'unsupported']);

export function createDnsPacer(now: () => number): DnsPacer {
  const last = new Map<number, number>();
  let lastAny = -Infinity;
  return {
    started(id) {
      const t = now();
      last.set(id, t);
      lastAny = Math.max(lastAny, t);
    },
    next(domains) {
      let best: { id: number; due: number } | null = null;
      for (const d of domains) {
        const checkedAt = last.get(d.id);
        let due: number;
        if (checkedAt === undefined) due = -Infinity;
        else if (d.state === undefined || SETTLED.has(d.state)) continue; // settled, or its check is still out
        else due = checkedAt + DOMAIN_RECHECK_MS;
        if (!best || due < best.due) best = { id: d.id, due };
      }
      if (!best) return null;
      const t = now();
      return { id: best.id, waitMs: Math.max(0, best.due - t, lastAny + INSTANCE_GAP_MS - t) };
    },
  };
}

const pacers = new Map<string, DnsPacer>();
/** One pacer per instance for the window's life, so leaving the screen and coming back keeps the pace. */
export function pacerFor(instanceId: string, now: () => number = Date.now): DnsPacer {
  let p = pacers.get(instanceId);
  if (!p) pacers.set(instanceId, (p = createDnsPacer(now)));
  return p;
}

// Backpressure for PostgreSQL's click writer (the counterpart of what
// clicks.ts does for SQLite's). Without it, a node answering more redirects
// than its writer stores grew a backlog until clicks were dropped at the
// writer's bound, and the rest of the backlog was still unwritten when the
// node stopped: clicks the visitors had been answered for were lost (a third
// of them in bench:redirect --postgres). Here, clicks answered but not yet
// stored are counted on the request thread; past the bound the gate closes
// and redirects wait (then 503) until the writer has caught up.
//
// The bound is what the writer stores in COMMIT_BUDGET_MS, learnt from its
// writes, so a backlog drains in well under a second at close. While the
// database cannot be reached, nothing drains whatever the bound: redirects
// keep being answered from memory (database-loss.test.ts) up to OUTAGE_BOUND
// clicks, which the writer keeps until the database is back.
import { createGate, type ClickGate } from './click-gate.ts';

const COMMIT_BUDGET_MS = 300;
const MIN_PENDING = 500;
const MAX_PENDING = 50_000;
/** Below the writer's own drop bound (pg-clicks.ts MAX_WAITING), so redirects wait before any click would be dropped. */
export const OUTAGE_BOUND = 100_000;

export interface PgBackpressure {
  gate: ClickGate;
  /** A click was answered and handed to the writer. */
  added(): void;
  /** The writer stored a batch (of `clicks`, deleted links' included) in `ms`. */
  stored(clicks: number, ms: number): void;
  /** The writer gave clicks up (its drop bound, or a writer that died with them). */
  lost(clicks: number): void;
  /** A write failed: the database may be unreachable. */
  failing(): void;
  /** Clicks answered and not yet stored. */
  pending(): number;
  /** Opens for good (closing: everything is stored or given up). */
  release(): void;
}

export function createPgBackpressure(onBehind?: () => void): PgBackpressure {
  const gate = createGate({ clicks: MAX_PENDING, bytes: Infinity, ageMs: Infinity, parked: 10_000 }, onBehind);
  let pending = 0;
  let perMs = MIN_PENDING / COMMIT_BUDGET_MS;
  let bound = MIN_PENDING;
  let down = false;
  const limit = () => (down ? OUTAGE_BOUND : bound);
  const update = () => {
    const now = performance.now();
    gate.update({ clicks: pending, bytes: 0, oldestAt: now }, now, limit());
  };
  return {
    gate,
    added() {
      pending += 1;
      if (pending >= limit()) gate.shut();
    },
    stored(clicks, ms) {
      pending = Math.max(0, pending - clicks);
      down = false;
      if (clicks >= MIN_PENDING / 2 && ms > 0) {
        perMs = 0.7 * perMs + 0.3 * (clicks / ms);
        bound = Math.max(MIN_PENDING, Math.min(MAX_PENDING, Math.round(2 * perMs * COMMIT_BUDGET_MS)));
      }
      update();
    },
    lost(clicks) {
      pending = Math.max(0, pending - clicks);
      update();
    },
    failing() {
      down = true;
      update();
    },
    pending: () => pending,
    release: () => gate.release(),
  };
}

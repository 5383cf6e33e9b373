// PostgreSQL's click writer (pg-click-worker.ts) runs below the request
// thread: when the cores are busy, redirects go first and clicks wait in its
// queue a little longer (it bounds that queue itself). SQLite's writer does
// not: redirects wait for it at the backlog's bound. (On Linux a thread has
// its own nice value, and pid 0 names the calling thread.)
import { setPriority } from 'node:os';

const WRITER_NICE = 10;

export function lowerWriterPriority(): void {
  try {
    setPriority(0, WRITER_NICE);
  } catch {
    // not permitted here: the writer runs at normal priority
  }
}

/**
 * The click writer's heap: what it keeps between batches is small, and V8's
 * default young generation (sized for the machine, up to 64 MB a half on a
 * large one) would hold mostly garbage.
 */
export const WRITER_LIMITS = { maxYoungGenerationSizeMb: 16 };

// Worker thread that enriches and stores batches of clicks on its own SQLite
// connection, and does the click tables' upkeep between batches (folding old
// clicks into rollups, purging deleted links' clicks, retention). After each
// committed batch the batch's number is published in shared memory, so the
// request thread can wait for it synchronously when a click limit needs exact
// numbers (see clicks.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { openClickConnection } from '../db/connection.ts';
import { createClickStore } from '../db/repositories/click-store.ts';
import { enrichPacked, type PackedClicks } from './click-batch.ts';
import { handedGeoLookup, type GeoBytes } from './geoip.ts';

export interface WriterData {
  file: string; committed: Int32Array; timeZone: string; retentionMs: number | null;
  /** With nothing stored and no upkeep for this long, the worker offers to stop (click-sinks.ts). */
  idleMs: number;
}
/** The first batch also carries the GeoIP database's bytes (shared with the request thread, read when clicks first come). */
export type ToWriter = { type: 'batch'; gen: number; clicks: PackedClicks; oldestAt?: number; geoip?: GeoBytes } | { type: 'flush' } | { type: 'close' };
export type FromWriter =
  | { type: 'error'; message: string }
  | { type: 'committed'; gen: number; clicks: number; ms: number }
  | { type: 'closed'; unwritten: number }
  | { type: 'idle' };

const RETRY_MS = 250;
const MERGE_BATCHES = 50;
// Batches arrive every HAND_OFF_MS (clicks.ts), which keeps the request
// thread's garbage young; they are committed together after this long, and
// at once when the request thread waits for them. A commit writes every page
// it dirtied once, however many clicks landed on it, so the longer a commit
// waits the less it costs per click; HAND_OFF_MS + this stays under the 1 s
// the README promises.
const COMMIT_AFTER_MS = 500;
const UPKEEP_IDLE_MS = 1000;
/**
 * A busy writer commits at once once it has this much of its own work waiting: big enough that a
 * commit's page writes are shared by many clicks, small enough that a commit under way and the
 * next one gathering stay within the 0.6 s the README promises.
 */
const COMMIT_AT_MS = 150;
const COMMIT_AT_MIN = 2000;
/** Clicks this writer stores a millisecond, from its recent commits. */
let pace = 0;
const UPKEEP_SLICE_MS = 20;
// Test hook: a writer slower than the redirects, by this many microseconds a
// click (test/integration/redirect/backpressure.test.ts). Never set in use.
const SLOW_US = Number(process.env.LINKDESK_TEST_CLICK_WRITER_US_PER_CLICK) || 0;
const nap = new Int32Array(new SharedArrayBuffer(4));
const { file, committed, timeZone, retentionMs, idleMs } = workerData as WriterData;
const port = parentPort!;

// At the request thread's priority, not below it: past the backlog's bound,
// redirects wait for this thread (click-gate.ts), so starving it would only
// slow them (bench:redirect: about 8% fewer redirects a second at nice 10).
const sqlite = openClickConnection(file);
const store = createClickStore(sqlite, timeZone);
const geo = handedGeoLookup();

const queue: Extract<ToWriter, { type: 'batch' }>[] = [];
/** Clicks in `queue`. */
let queued = 0;
let retry: NodeJS.Timeout | undefined;
let failing = false;
let pending: NodeJS.Timeout | undefined;
function commitNow(): void {
  clearTimeout(pending);
  pending = undefined;
  drain();
}
const report = (err: unknown) => {
  // Reported once per streak of failures; the work is kept and tried again.
  if (!failing) port.postMessage({ type: 'error', message: String(err) } satisfies FromWriter);
  failing = true;
};

// Everything waiting is written in one transaction: a commit costs about the
// same for a few clicks as for thousands (it writes each page it dirtied
// once), so under load the batches grow instead of the queue.
function drain(): void {
  while (queue.length) {
    const batches = queue.splice(0, MERGE_BATCHES);
    const began = performance.now();
    const clicks = batches.reduce((n, b) => n + b.clicks.length, 0);
    queued -= clicks;
    if (SLOW_US) Atomics.wait(nap, 0, 0, (SLOW_US / 1000) * clicks);
    try {
      store.write(batches.flatMap((b) => enrichPacked(b.clicks, geo)));
    } catch (err) {
      queue.unshift(...batches);
      queued += clicks;
      report(err);
      retry ??= setTimeout(() => {
        retry = undefined;
        drain();
      }, RETRY_MS);
      return;
    }
    failing = false;
    const ms = performance.now() - began;
    if (clicks >= COMMIT_AT_MIN && ms > 0) pace = pace ? 0.7 * pace + 0.3 * (clicks / ms) : clicks / ms;
    const gen = batches[batches.length - 1]!.gen;
    Atomics.store(committed, 0, gen);
    Atomics.notify(committed, 0);
    // The request thread may have redirects waiting for room (click-gate.ts).
    port.postMessage({ type: 'committed', gen, clicks, ms: performance.now() - began } satisfies FromWriter);
  }
}

// Upkeep in short slices between batches, so clicks never wait long for it.
let upkeepTimer: NodeJS.Timeout | undefined;
let lastBatchAt = performance.now();
let idleOffered = false;
function upkeep(): void {
  let more = false;
  const until = performance.now() + UPKEEP_SLICE_MS;
  try {
    do more = store.upkeep(Date.now(), retentionMs); while (more && performance.now() < until && queue.length === 0);
  } catch (err) {
    report(err);
  }
  // Nothing to store and nothing left to tidy for a while: offer to stop (once per quiet spell).
  if (!more && queue.length === 0 && !pending && !retry && !idleOffered && performance.now() - lastBatchAt >= idleMs) {
    idleOffered = true;
    port.postMessage({ type: 'idle' } satisfies FromWriter);
  }
  upkeepTimer = setTimeout(upkeep, more ? 1 : UPKEEP_IDLE_MS);
  upkeepTimer.unref();
}
upkeepTimer = setTimeout(upkeep, 50);
upkeepTimer.unref();

port.on('message', (m: ToWriter) => {
  if (m.type === 'batch') {
    if (m.geoip) geo.provide(m.geoip);
    lastBatchAt = performance.now();
    idleOffered = false;
    queue.push(m);
    queued += m.clicks.length;
    if (retry) return;
    // Under load, back to back: a commit as soon as a busy writer has a commit's worth, so it never
    // pauses while redirects wait for room. Otherwise a little later (within COMMIT_AFTER_MS of the
    // oldest click), with whatever else arrives meanwhile.
    if (queued >= Math.max(COMMIT_AT_MIN, pace * COMMIT_AT_MS)) {
      clearTimeout(pending);
      pending = setTimeout(commitNow, 0);
    } else if (!pending) {
      pending = setTimeout(commitNow, Math.max(0, COMMIT_AFTER_MS - (m.oldestAt === undefined ? 0 : Date.now() - m.oldestAt)));
    }
    return;
  }
  if (m.type === 'flush') {
    // The request thread waits for these clicks (a click limit): now.
    if (!retry) commitNow();
    return;
  }
  clearTimeout(retry);
  clearTimeout(pending);
  clearTimeout(upkeepTimer);
  retry = undefined;
  drain();
  sqlite.close();
  port.postMessage({ type: 'closed', unwritten: queue.reduce((n, b) => n + b.clicks.length, 0) } satisfies FromWriter);
  port.close();
});

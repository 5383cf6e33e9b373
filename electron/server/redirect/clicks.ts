// Click recording. A commit per click (with synchronous=FULL, an fsync each)
// would cap redirects at the disk's fsync rate, so ordinary clicks are
// collected raw and handed, every HAND_OFF_MS, to a sink (click-sinks.ts): a
// worker thread by default, or the request thread itself, which enriches them
// (bot, country, platform, browser, language, referrer) and stores them.
// The worker commits what it received every 500 ms (click-writer-worker.ts);
// a click is in the database within 0.6 s, and at most that window of clicks
// is lost if the process is killed.
// Under more clicks than the writer stores, redirects wait for it instead of
// the backlog growing (click-gate.ts): the window above holds under any load.
// Links with a click limit cannot wait: their click is enriched, spent and
// stored on the request thread before the visitor is answered, so the limit
// holds exactly, across processes and across a crash.
import type { ClickStore } from '../db/repositories/click-store.ts';
import type { ClickRecord } from '../db/repositories/click-rollup.ts';
import { createGate, GATE_LIMITS, type ClickGate, type GateLimits } from './click-gate.ts';
import { ClickPacker, linkIdsOf, type PackedClicks } from './click-batch.ts';
import { inlineSink, workerSink, type CommitWork, type Sink, type SinkOptions } from './click-sinks.ts';
import type { RawClick } from './enrich.ts';
import type { CountryLookup } from './geoip.ts';

const HAND_OFF_MS = 100;
const MAX_BUFFER = 5000;
const INLINE_UPKEEP_MS = 1000;
/** The writer is asked to commit at once when the oldest click waiting is this old (it would at about 0.6 s anyway). */
const FLUSH_AGE_MS = 450;
/** How long a commit of everything waiting may take. */
const COMMIT_BUDGET_MS = 300;
const MIN_PENDING = 200;

export type ClickWriterMode = 'worker' | 'inline';

export interface ClickRecorder {
  /** A click on a link without a click limit; stored within a few hundred ms. */
  add(click: RawClick): void;
  /** A click on a link with a click limit; false when the limit is already reached. */
  spend(click: ClickRecord): boolean;
  /** Closed while the clicks not yet stored are at their bound: a redirect waits on it before it records. */
  gate: ClickGate;
  /** Clicks answered but not yet known to be stored, and requests waiting at the gate. */
  pending(): { clicks: number; bytes: number; waiting: number; bound: number };
  /** Upkeep may be waiting (a write through the API, a start with clicks to fold or purge): the writer thread runs. */
  wake(): void;
  /** Whether the writer thread is running; false when idle or writing on the request thread. */
  writerRunning(): boolean;
  close(): Promise<void>;
}

export function createClickRecorder(
  store: ClickStore, geo: CountryLookup, mode: ClickWriterMode, o: SinkOptions & { onBehind?(): void }, limits: GateLimits = GATE_LIMITS,
): ClickRecorder {
  const gate = createGate(limits, o.onBehind);
  // How fast the writer stores clicks, from its recent commits: the backlog it
  // may have is what it stores in COMMIT_BUDGET_MS, so that a commit of all of
  // it ends within the promised window however slow the disk or the core.
  // It starts low and rises with the first commits, as fast as the writer proves to be.
  let perMs = MIN_PENDING / COMMIT_BUDGET_MS;
  let maxPending = MIN_PENDING;
  // Called by a sink after each commit (one may come before `sink` is assigned).
  const onCommit = (work: CommitWork) => {
    if (work.clicks >= MIN_PENDING / 2 && work.ms > 0) {
      perMs = 0.7 * perMs + 0.3 * (work.clicks / work.ms);
      // Twice a commit's worth: one commit under way while the next gathers, so the writer never waits for redirects.
      maxPending = Math.max(MIN_PENDING, Math.min(limits.clicks, Math.round(2 * perMs * COMMIT_BUDGET_MS)));
    }
    if (sink) check();
  };
  const inline = (stored: number): Sink => inlineSink(store, geo, o.onError, stored, onCommit);
  const sink: Sink = mode === 'worker' ? workerSink({ ...o, onCommit }, inline) : inline(0);
  // Clicks not yet handed off, packed (click-batch.ts): no object per click waits here.
  const buffer = new ClickPacker();
  let bufferAt = 0;
  let gen = 0;
  // Batches handed off but maybe not stored yet, with the links they hold.
  // Their links' ids are gathered only when a click on a limited link asks (spend), once per batch.
  const inflight: { gen: number; packed: PackedClicks; ids?: Set<number>; bytes: number; at: number }[] = [];
  let pendingClicks = 0;
  let pendingBytes = 0;

  function prune() {
    const stored = sink.committed();
    while (inflight.length && inflight[0]!.gen <= stored) {
      const b = inflight.shift()!;
      pendingClicks -= b.packed.length;
      pendingBytes -= b.bytes;
    }
  }

  function handOff() {
    if (buffer.length === 0) return;
    gen += 1;
    prune();
    const bytes = buffer.bytes;
    const packed = buffer.take();
    inflight.push({ gen, packed, bytes, at: bufferAt });
    sink.write({ gen, clicks: packed, oldestAt: performance.timeOrigin + bufferAt });
  }

  /** Hands off, asks for a commit when the oldest click is getting old, and opens or closes the gate. */
  function check() {
    prune();
    const now = performance.now();
    const oldestAt = inflight.length ? inflight[0]!.at : buffer.length ? bufferAt : Infinity;
    if (now - oldestAt >= FLUSH_AGE_MS) sink.flush();
    gate.update({ clicks: pendingClicks, bytes: pendingBytes, oldestAt }, now, maxPending);
  }

  const timer = setInterval(() => {
    handOff();
    check();
  }, HAND_OFF_MS);
  timer.unref();
  // Without a worker, the upkeep runs here, a bounded step at a time.
  const upkeep = mode === 'inline' ? setInterval(() => {
    try {
      store.upkeep(Date.now(), o.retentionMs, 500);
    } catch (err) {
      o.onError(err);
    }
  }, INLINE_UPKEEP_MS) : undefined;
  upkeep?.unref();

  return {
    gate,

    add(click) {
      if (buffer.length === 0) bufferAt = performance.now(); // the click's own time may come from a test's clock
      const bytes = buffer.add(click);
      pendingClicks += 1;
      pendingBytes += bytes;
      if (buffer.length >= MAX_BUFFER) handOff();
      if (pendingClicks >= maxPending || pendingBytes >= limits.bytes) {
        // Redirects wait from here; what is waiting goes to the writer now, to be stored at once.
        gate.shut();
        handOff();
        sink.flush();
      }
    },

    pending: () => ({ clicks: pendingClicks, bytes: pendingBytes, waiting: gate.waiting(), bound: maxPending }),

    wake: () => sink.wake(),
    writerRunning: () => sink.running(),

    spend(click) {
      // Clicks collected while the link had no limit count towards it now:
      // wait until they are in the database the limit is checked against.
      const id = click.link_id;
      if (buffer.has(id)) handOff();
      prune();
      const last = inflight.findLast((b) => (b.ids ??= linkIdsOf(b.packed)).has(id));
      if (last) sink.waitFor(last.gen);
      // Waits (busy_timeout) if the worker is in the middle of a batch.
      return store.spend(click);
    },

    async close() {
      clearInterval(timer);
      clearInterval(upkeep);
      handOff();
      await sink.close();
      prune();
      gate.release();
    },
  };
}

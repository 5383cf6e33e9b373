// Click recording. A commit per click (with synchronous=FULL, an fsync each)
// would cap redirects at the disk's fsync rate, so ordinary clicks are
// collected raw and handed, every HAND_OFF_MS, to a sink (click-sinks.ts): a
// worker thread by default, or the request thread itself, which enriches them
// (bot, country, platform, browser, language, referrer) and stores them.
// The worker commits what it received every 500 ms (click-writer-worker.ts);
// a click is in the database within 0.6 s, and at most that window of clicks
// is lost if the process is killed.
// Links with a click limit cannot wait: their click is enriched, spent and
// stored on the request thread before the visitor is answered, so the limit
// holds exactly, across processes and across a crash.
import type { ClickRecord, ClickStore } from '../db/repositories/click-store.ts';
import { inlineSink, workerSink, type Sink, type SinkOptions } from './click-sinks.ts';
import type { RawClick } from './enrich.ts';
import type { CountryLookup } from './geoip.ts';

const HAND_OFF_MS = 100;
const MAX_BUFFER = 5000;
const INLINE_UPKEEP_MS = 1000;

export type ClickWriterMode = 'worker' | 'inline';

export interface ClickRecorder {
  /** A click on a link without a click limit; stored within a few hundred ms. */
  add(click: RawClick): void;
  /** A click on a link with a click limit; false when the limit is already reached. */
  spend(click: ClickRecord): boolean;
  close(): Promise<void>;
}

export function createClickRecorder(
  store: ClickStore, geo: CountryLookup, mode: ClickWriterMode, o: SinkOptions,
): ClickRecorder {
  const inline = (stored: number): Sink => inlineSink(store, geo, o.onError, stored);
  const sink = mode === 'worker' ? workerSink(o, inline) : inline(0);
  let buffer: RawClick[] = [];
  let gen = 0;
  // Links with clicks in batches handed off but maybe not stored yet.
  let inflight: { gen: number; ids: Set<number> }[] = [];

  function handOff() {
    if (buffer.length === 0) return;
    gen += 1;
    const stored = sink.committed();
    inflight = inflight.filter((x) => x.gen > stored);
    inflight.push({ gen, ids: new Set(buffer.map((c) => c.link_id)) });
    sink.write({ gen, clicks: buffer });
    buffer = [];
  }

  const timer = setInterval(handOff, HAND_OFF_MS);
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
    add(click) {
      buffer.push(click);
      if (buffer.length >= MAX_BUFFER) handOff();
    },

    spend(click) {
      // Clicks collected while the link had no limit count towards it now:
      // wait until they are in the database the limit is checked against.
      const id = click.link_id;
      if (buffer.some((c) => c.link_id === id)) handOff();
      const stored = sink.committed();
      inflight = inflight.filter((b) => b.gen > stored);
      const last = inflight.findLast((b) => b.ids.has(id));
      if (last) sink.waitFor(last.gen);
      // Waits (busy_timeout) if the worker is in the middle of a batch.
      return store.spend(click);
    },

    async close() {
      clearInterval(timer);
      clearInterval(upkeep);
      handOff();
      await sink.close();
    },
  };
}

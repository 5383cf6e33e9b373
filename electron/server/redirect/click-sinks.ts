// Where batches of raw clicks go to be enriched and stored: a worker thread
// with its own connection (click-writer-worker.ts), or the request thread
// itself. Batches are numbered; a sink reports the highest number stored and
// can be waited on synchronously, which the exact click limit needs
// (clicks.ts). The worker also does the background upkeep (click-store.ts).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { WRITER_LIMITS } from './writer-priority.ts';
import type { ClickStore } from '../db/repositories/click-store.ts';
import type { FromWriter, ToWriter, WriterData } from './click-writer-worker.ts';
import { enrichAll, type RawClick } from './enrich.ts';
import { geoipBytes, type CountryLookup } from './geoip.ts';

const SETTLE_TIMEOUT_MS = 10_000;

export interface Batch { gen: number; clicks: RawClick[] }
export interface CommitWork { clicks: number; ms: number }

export interface Sink {
  write(batch: Batch): void;
  /** Highest batch number stored. */
  committed(): number;
  /** Asks for what was written to be stored now rather than at the next commit. */
  flush(): void;
  /** Blocks until batch `gen` is stored, or the wait times out (reported). */
  waitFor(gen: number): void;
  close(): Promise<void>;
}

/** What both kinds of sink need to store clicks and keep the tables tidy. */
export interface SinkOptions {
  file: string;
  timeZone: string;
  geoipPath: string;
  /** Raw clicks older than this are pruned (rollups stay); null keeps them. */
  retentionMs: number | null;
  onError(err: unknown): void;
  /** After each commit (on the request thread): how many clicks it stored and how long that took. */
  onCommit?(work: CommitWork): void;
}

/** Writes on the calling thread; a failed batch is kept and tried again with the next. */
export function inlineSink(
  store: ClickStore, geo: CountryLookup, onError: (err: unknown) => void, stored = 0, onCommit?: (work: CommitWork) => void,
): Sink {
  const pending: Batch[] = [];
  let done = stored;
  const drain = () => {
    const work = { clicks: 0, ms: 0 };
    while (pending.length) {
      const b = pending[0]!;
      const began = performance.now();
      try {
        store.write(enrichAll(b.clicks, geo));
      } catch (err) {
        onError(err);
        break;
      }
      work.ms += performance.now() - began;
      work.clicks += b.clicks.length;
      pending.shift();
      done = b.gen;
    }
    // Only after a commit: a failing write is retried by the recorder's timer, not from here.
    if (work.clicks) onCommit?.(work);
  };
  return {
    write(batch) {
      pending.push(batch);
      drain();
    },
    committed: () => done,
    flush: () => drain(),
    waitFor: () => drain(),
    close: async () => drain(),
  };
}

// In the desktop bundle this module is inside out/main/index.js, beside the
// worker built as an entry of its own (electron.vite.config.ts).
const WORKER_FILE = import.meta.url.endsWith('.ts') ? './click-writer-worker.ts' : './click-writer-worker.js';
export const WORKER_URL = new URL(WORKER_FILE, import.meta.url);

/**
 * Writes on a worker thread, started at once (it also runs the upkeep). If
 * the worker cannot start or stops (a bundle without the worker file, a
 * crash), the request thread takes over, starting with the batches the worker
 * had not confirmed.
 */
export function workerSink(o: SinkOptions, fallbackSink: (stored: number) => Sink, url: URL = WORKER_URL): Sink {
  if (url.protocol === 'file:' && !existsSync(fileURLToPath(url))) {
    o.onError(new Error(`${url.pathname} is missing; clicks are written on the request thread`));
    return fallbackSink(0);
  }
  const stored = new Int32Array(new SharedArrayBuffer(4));
  const unconfirmed: Batch[] = [];
  let fallback: Sink | undefined;
  let closing = false;
  let lastWritten = 0;
  // One flush message at a time: the next commit answers it.
  let flushAsked = false;

  const confirmed = () => {
    const n = Atomics.load(stored, 0);
    while (unconfirmed.length && unconfirmed[0]!.gen <= n) unconfirmed.shift();
    return n;
  };
  const takeOver = (why: unknown) => {
    if (fallback) return;
    o.onError(why);
    fallback = fallbackSink(confirmed());
    for (const b of unconfirmed.splice(0)) fallback.write(b);
  };

  const data: WriterData = { file: o.file, committed: stored, timeZone: o.timeZone, geoip: geoipBytes(o.geoipPath), retentionMs: o.retentionMs };
  const worker = new Worker(url, { workerData: data, resourceLimits: WRITER_LIMITS });
  worker.unref();
  const exited = new Promise<void>((resolve) => {
    worker.on('message', (m: FromWriter) => {
      if (m.type === 'committed') {
        flushAsked = false;
        o.onCommit?.(m);
      }
      if (m.type === 'error') o.onError(new Error(`click writer: ${m.message}`));
      if (m.type === 'closed' && m.unwritten) o.onError(new Error(`click writer closed with ${m.unwritten} clicks unwritten`));
    });
    worker.on('error', takeOver);
    worker.on('exit', (code) => {
      if (!closing) takeOver(new Error(`click writer stopped (exit ${code}); clicks are written on the request thread`));
      resolve();
    });
  });

  return {
    write(batch) {
      if (fallback) return fallback.write(batch);
      confirmed();
      unconfirmed.push(batch);
      lastWritten = batch.gen;
      worker.postMessage({ type: 'batch', ...batch } satisfies ToWriter);
    },
    committed: () => (fallback ? fallback.committed() : confirmed()),
    flush() {
      if (fallback) return fallback.flush();
      if (!flushAsked && confirmed() < lastWritten) {
        flushAsked = true;
        worker.postMessage({ type: 'flush' } satisfies ToWriter);
      }
    },
    waitFor(gen) {
      if (fallback) return fallback.waitFor(gen);
      if (Atomics.load(stored, 0) < gen) worker.postMessage({ type: 'flush' } satisfies ToWriter);
      // A worker that stops while this thread blocks is only noticed (its exit
      // event runs) afterwards; the wait is bounded and the miss reported.
      const deadline = Date.now() + SETTLE_TIMEOUT_MS;
      for (let seen = Atomics.load(stored, 0); seen < gen; seen = Atomics.load(stored, 0)) {
        const left = deadline - Date.now();
        if (left <= 0 || Atomics.wait(stored, 0, seen, left) === 'timed-out') {
          return o.onError(new Error('click writer did not store clicks in time; a click limit may be off'));
        }
      }
    },
    async close() {
      closing = true;
      if (fallback) return fallback.close();
      worker.ref(); // idle, it need not keep the process alive; closing, it must finish
      worker.postMessage({ type: 'close' } satisfies ToWriter);
      await exited;
      if (fallback) await (fallback as Sink).close();
    },
  };
}

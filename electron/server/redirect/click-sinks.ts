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
import { enrichPacked, type PackedClicks } from './click-batch.ts';
import { geoBytes, type CountryLookup } from './geoip.ts';

const SETTLE_TIMEOUT_MS = 10_000;

export interface Batch {
  gen: number; clicks: PackedClicks;
  /** When its oldest click came (epoch ms): the writer commits it within COMMIT_AFTER_MS of that, not of its arrival. */
  oldestAt?: number;
}
export interface CommitWork { clicks: number; ms: number }

export interface Sink {
  write(batch: Batch): void;
  /** Highest batch number stored. */
  committed(): number;
  /** Asks for what was written to be stored now rather than at the next commit. */
  flush(): void;
  /** Blocks until batch `gen` is stored, or the wait times out (reported). */
  waitFor(gen: number): void;
  /** Upkeep may be waiting (a link was deleted): a worker that is not running starts. */
  wake(): void;
  /** Whether a writer thread is running (false for the request thread's own writer). */
  running(): boolean;
  close(): Promise<void>;
}

/** What both kinds of sink need to store clicks and keep the tables tidy. */
export interface SinkOptions {
  file: string;
  timeZone: string;
  geoipPath: string;
  /** The city database's files (none: no cities). */
  geoipCity?: string[];
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
        store.write(enrichPacked(b.clicks, geo));
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
    wake() {},
    running: () => false,
    close: async () => drain(),
  };
}

// In the desktop bundle this module is inside out/main/index.js, beside the
// worker built as an entry of its own (electron.vite.config.ts).
const WORKER_FILE = import.meta.url.endsWith('.ts') ? './click-writer-worker.ts' : './click-writer-worker.js';
export const WORKER_URL = new URL(WORKER_FILE, import.meta.url);

/** How long a worker with nothing to store and no upkeep left waits before it offers to stop. */
const WRITER_IDLE_MS = 30_000;

/**
 * Writes on a worker thread. The thread runs while there is work: it starts
 * with the first batch, or when `wake()` says upkeep may be waiting (a link
 * was deleted, a start found clicks to fold), and stops once it has had
 * nothing to store and no upkeep for `idleMs`; the next batch starts another.
 * A server nobody clicks does not hold a second JavaScript thread.
 * If the worker cannot start or stops (a bundle without the worker file, a
 * crash), the request thread takes over, starting with the batches the worker
 * had not confirmed.
 */
export function workerSink(o: SinkOptions, fallbackSink: (stored: number) => Sink, url: URL = WORKER_URL, idleMs = WRITER_IDLE_MS): Sink {
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
  interface Run { worker: Worker; retiring: boolean; geoipSent: boolean; exited: Promise<void> }
  let running: Run | null = null;
  const exiting = new Set<Promise<void>>();

  const confirmed = () => {
    const n = Atomics.load(stored, 0);
    while (unconfirmed.length && unconfirmed[0]!.gen <= n) unconfirmed.shift();
    return n;
  };
  const takeOver = (why: unknown) => {
    if (fallback) return;
    o.onError(why);
    running = null;
    fallback = fallbackSink(confirmed());
    for (const b of unconfirmed.splice(0)) fallback.write(b);
  };

  const data: WriterData = { file: o.file, committed: stored, timeZone: o.timeZone, retentionMs: o.retentionMs, idleMs };
  const start = (): Run => {
    const worker = new Worker(url, { workerData: data, resourceLimits: WRITER_LIMITS });
    worker.unref();
    const run: Run = { worker, retiring: false, geoipSent: false, exited: Promise.resolve() };
    run.exited = new Promise<void>((resolve) => {
      worker.on('message', (m: FromWriter) => {
        if (m.type === 'committed') {
          flushAsked = false;
          o.onCommit?.(m);
        }
        if (m.type === 'error') o.onError(new Error(`click writer: ${m.message}`));
        if (m.type === 'closed' && m.unwritten) o.onError(new Error(`click writer closed with ${m.unwritten} clicks unwritten`));
        // Idle: it stops only if nothing was handed to it since (a batch on its way keeps it).
        if (m.type === 'idle' && running === run && !closing && confirmed() >= lastWritten) {
          run.retiring = true;
          running = null;
          worker.postMessage({ type: 'close' } satisfies ToWriter);
        }
      });
      worker.on('error', (err) => {
        if (!run.retiring) takeOver(err);
      });
      worker.on('exit', (code) => {
        if (!closing && !run.retiring) takeOver(new Error(`click writer stopped (exit ${code}); clicks are written on the request thread`));
        if (running === run) running = null;
        resolve();
      });
    });
    exiting.add(run.exited);
    void run.exited.then(() => exiting.delete(run.exited));
    running = run;
    return run;
  };

  return {
    write(batch) {
      if (fallback) return fallback.write(batch);
      confirmed();
      unconfirmed.push(batch);
      lastWritten = batch.gen;
      const run = running ?? start();
      const geoip = run.geoipSent ? undefined : geoBytes(o.geoipPath, o.geoipCity ?? []);
      run.geoipSent = true;
      run.worker.postMessage({ type: 'batch', ...batch, ...(geoip ? { geoip } : {}) } satisfies ToWriter);
    },
    committed: () => (fallback ? fallback.committed() : confirmed()),
    flush() {
      if (fallback) return fallback.flush();
      if (running && !flushAsked && confirmed() < lastWritten) {
        flushAsked = true;
        running.worker.postMessage({ type: 'flush' } satisfies ToWriter);
      }
    },
    waitFor(gen) {
      if (fallback) return fallback.waitFor(gen);
      // Without a running worker every batch handed over is stored already.
      if (Atomics.load(stored, 0) < gen) running?.worker.postMessage({ type: 'flush' } satisfies ToWriter);
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
    wake() {
      if (!fallback && !closing && !running) start();
    },
    running: () => (fallback ? false : running !== null),
    async close() {
      closing = true;
      if (fallback) return fallback.close();
      if (running) {
        running.worker.ref(); // idle, it need not keep the process alive; closing, it must finish
        running.worker.postMessage({ type: 'close' } satisfies ToWriter);
      }
      await Promise.all([...exiting]);
      if (fallback) await (fallback as Sink).close();
    },
  };
}

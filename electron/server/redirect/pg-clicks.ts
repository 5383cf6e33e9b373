// Click recording on PostgreSQL (the counterpart of clicks.ts). Raw clicks
// are collected and, every HAND_OFF_MS, enriched and written as one batch
// (pg-click-store.ts), one batch in flight at a time. While the database is
// unreachable, batches wait and are retried. Redirects wait before the
// backlog grows past what the writer stores (pg-backpressure.ts), or during an
// outage past OUTAGE_BOUND; MAX_WAITING, above both, is the last resort: the
// oldest are dropped and counted in the log, so nothing can eat the node's
// memory. Click limits are spent in the database before the visitor is
// answered, after this node's own waiting clicks of that link are in.
import type { ClickRecord } from '../db/repositories/click-rollup.ts';
import type { PgClickStore } from '../db/repositories/pg-click-store.ts';
import { enrichPacked, packClicks } from './click-batch.ts';
import type { RawClick } from './enrich.ts';
import type { CountryLookup } from './geoip.ts';

const HAND_OFF_MS = 100;
const RETRY_MS = [250, 500, 1000, 2000, 5000];
const UPKEEP_MS = 1000;
const CLOSE_WAIT_MS = 10_000;
export const MAX_WAITING = 200_000;
/** Batches waiting are written together up to this many clicks: a writer that fell behind catches up in fewer, larger transactions. */
const MAX_WRITE = 20_000;
// Test hook: a writer slower than the redirects, by this many microseconds a
// click (test/integration/postgres/click-backpressure.test.ts). Never set in use.
const SLOW_US = Number(process.env.LINKDESK_TEST_CLICK_WRITER_US_PER_CLICK) || 0;

export interface PgClickRecorder {
  add(click: RawClick): void;
  /** Resolves once this recorder's waiting clicks of the link are stored (or storing is failing). */
  settle(linkId: number): Promise<void>;
  spend(click: ClickRecord): Promise<boolean>;
  /** Clicks waiting to be written (for /healthz and tests). */
  waiting(): number;
  close(): Promise<void>;
}

export interface PgClickOptions {
  retentionMs: number | null;
  onError(err: unknown): void;
  /** Told how many clicks were dropped since the last report, when the buffer overflows. */
  onDropped(count: number, total: number): void;
  /** Clicks kept while they cannot be stored; MAX_WAITING by default. */
  maxWaiting?: number;
  /** A write stored `clicks` (deleted links' included) in `ms` (pg-backpressure.ts). */
  onStored?(clicks: number, ms: number): void;
  /** A write failed (pg-backpressure.ts). */
  onFailing?(): void;
  /** Clicks gone with a click writer thread that stopped (pg-worker-recorder.ts). */
  onLost?(clicks: number): void;
}

export function createPgClickRecorder(store: PgClickStore, geo: CountryLookup, o: PgClickOptions): PgClickRecorder {
  let buffer: RawClick[] = [];
  // Enriched batches not yet stored, oldest first.
  const queue: ClickRecord[][] = [];
  let queued = 0;
  let writing: Promise<void> | null = null;
  // How many of the queue's first batches the write under way holds.
  let inWrite = 0;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  let dropped = 0;
  let closing = false;

  function handOff() {
    if (!buffer.length) return;
    // Each distinct User-Agent, address, language and referrer worked out once, as SQLite's writer does.
    const batch = enrichPacked(packClicks(buffer), geo);
    buffer = [];
    queue.push(batch);
    queued += batch.length;
    // Past the bound, the oldest clicks go, exactly as many as it is exceeded
    // by; never those of the batch being written right now.
    let over = queued - (o.maxWaiting ?? MAX_WAITING);
    let lost = 0;
    for (let i = inWrite; over > 0 && i < queue.length;) {
      const old = queue[i]!;
      const n = Math.min(over, old.length);
      if (n === old.length) queue.splice(i, 1);
      else {
        old.splice(0, n);
        i++;
      }
      queued -= n;
      over -= n;
      lost += n;
    }
    if (lost) {
      dropped += lost;
      o.onDropped(lost, dropped);
    }
    pump();
  }

  function pump() {
    if (writing || retry || !queue.length) return;
    let n = 1;
    let size = queue[0]!.length;
    while (n < queue.length && size + queue[n]!.length <= MAX_WRITE) size += queue[n++]!.length;
    const batch = n === 1 ? queue[0]! : queue.slice(0, n).flat();
    inWrite = n;
    const t0 = performance.now();
    const written = store.write(batch).then(() => (SLOW_US ? new Promise((r) => setTimeout(r, (SLOW_US / 1000) * batch.length)) : undefined));
    writing = written.then(() => {
      queue.splice(0, n);
      queued -= batch.length;
      failures = 0;
      o.onStored?.(batch.length, performance.now() - t0);
    }, (err: unknown) => {
      o.onFailing?.();
      if (failures === 0) o.onError(err);
      failures += 1;
      retry = setTimeout(() => {
        retry = undefined;
        pump();
      }, RETRY_MS[Math.min(failures - 1, RETRY_MS.length - 1)]);
      if (!closing) retry.unref();
    }).finally(() => {
      writing = null;
      inWrite = 0;
      pump();
    });
  }

  /** Resolves when nothing is waiting or being written, or at the deadline (the database may be gone). */
  async function drained(deadline: number): Promise<void> {
    while ((writing || queue.length) && Date.now() < deadline) {
      if (writing) await writing;
      else if (retry) await new Promise((r) => setTimeout(r, 50));
      else pump();
    }
  }

  async function settle(id: number) {
    if (buffer.some((c) => c.link_id === id)) handOff();
    while (queue.some((b) => b.some((c) => c.link_id === id)) && failures === 0) {
      pump();
      if (writing) await writing;
    }
  }

  const timer = setInterval(handOff, HAND_OFF_MS);
  timer.unref();
  let upkeeping = false;
  const upkeep = setInterval(() => {
    if (upkeeping) return;
    upkeeping = true;
    void (async () => {
      try {
        for (let i = 0; i < 20 && (await store.upkeep(Date.now(), o.retentionMs, 500)); i++);
      } catch (err) {
        o.onError(err);
      } finally {
        upkeeping = false;
      }
    })();
  }, UPKEEP_MS);
  upkeep.unref();

  return {
    add(click) {
      buffer.push(click);
    },

    settle,

    async spend(click) {
      // Clicks of this link collected while it had no limit count towards it now.
      await settle(click.link_id);
      return store.spend(click);
    },

    waiting: () => queued + buffer.length,

    async close() {
      closing = true;
      clearInterval(timer);
      clearInterval(upkeep);
      handOff();
      await drained(Date.now() + CLOSE_WAIT_MS);
      clearTimeout(retry);
      if (queued) o.onError(new Error(`${queued} clicks could not be stored before the node stopped (database unreachable)`));
    },
  };
}

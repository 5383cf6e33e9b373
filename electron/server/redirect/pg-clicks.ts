// Click recording on PostgreSQL (the counterpart of clicks.ts). Raw clicks
// are collected and, every HAND_OFF_MS, enriched and written as one batch
// (pg-click-store.ts), one batch in flight at a time. While the database is
// unreachable, batches wait and are retried; past MAX_WAITING clicks the
// oldest are dropped and counted in the log, so a long outage cannot eat the
// node's memory. Click limits are spent in the database before the visitor
// is answered, after this node's own waiting clicks of that link are in.
import type { ClickRecord } from '../db/repositories/click-store.ts';
import type { PgClickStore } from '../db/repositories/pg-click-store.ts';
import { enrichPacked, packClicks } from './click-batch.ts';
import type { RawClick } from './enrich.ts';
import type { CountryLookup } from './geoip.ts';

const HAND_OFF_MS = 100;
const RETRY_MS = [250, 500, 1000, 2000, 5000];
const UPKEEP_MS = 1000;
const CLOSE_WAIT_MS = 10_000;
export const MAX_WAITING = 200_000;

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
}

export function createPgClickRecorder(store: PgClickStore, geo: CountryLookup, o: PgClickOptions): PgClickRecorder {
  let buffer: RawClick[] = [];
  // Enriched batches not yet stored, oldest first.
  const queue: ClickRecord[][] = [];
  let queued = 0;
  let writing: Promise<void> | null = null;
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
    for (let i = writing ? 1 : 0; over > 0 && i < queue.length;) {
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
    const batch = queue[0]!;
    writing = store.write(batch).then(() => {
      queue.splice(queue.indexOf(batch), 1);
      queued -= batch.length;
      failures = 0;
    }, (err: unknown) => {
      if (failures === 0) o.onError(err);
      failures += 1;
      retry = setTimeout(() => {
        retry = undefined;
        pump();
      }, RETRY_MS[Math.min(failures - 1, RETRY_MS.length - 1)]);
      if (!closing) retry.unref();
    }).finally(() => {
      writing = null;
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

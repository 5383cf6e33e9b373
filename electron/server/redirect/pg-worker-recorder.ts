// The request thread's side of click recording on a PostgreSQL node: raw
// clicks are handed to the worker (pg-click-worker.ts) every HAND_OFF_MS;
// a click budget is spent here, on the node's pool, once the worker has
// stored this node's waiting clicks of that link. If the worker cannot start
// or stops, the request thread records clicks itself (pg-clicks.ts).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { WRITER_LIMITS } from './writer-priority.ts';
import type { PostgresStore } from '../db/postgres.ts';
import { createPgClickStore } from '../db/repositories/pg-click-store.ts';
import type { RawClick } from './enrich.ts';
import { geoBytes, type CountryLookup } from './geoip.ts';
import type { FromPgWorker, PgWorkerData, ToPgWorker } from './pg-click-worker.ts';
import { createPgClickRecorder, type PgClickOptions, type PgClickRecorder } from './pg-clicks.ts';

const HAND_OFF_MS = 100;
const SETTLE_TIMEOUT_MS = 10_000;
const CLOSE_TIMEOUT_MS = 15_000;
const WORKER_URL = new URL(import.meta.url.endsWith('.ts') ? './pg-click-worker.ts' : './pg-click-worker.js', import.meta.url);

export function createPgWorkerRecorder(
  store: PostgresStore, geo: CountryLookup, o: PgClickOptions & { timeZone: string; geoipPath: string; geoipCity?: string[] },
): Pick<PgClickRecorder, 'add' | 'spend' | 'close'> {
  const clickStore = createPgClickStore(store.pool, o.timeZone);
  const inThread = () => createPgClickRecorder(clickStore, geo, o);
  if (!existsSync(fileURLToPath(WORKER_URL))) {
    o.onError(new Error(`${WORKER_URL.pathname} is missing; clicks are enriched and written on the request thread`));
    return inThread();
  }
  const data: PgWorkerData = { url: store.url, timeZone: o.timeZone, retentionMs: o.retentionMs };
  // The GeoIP database's bytes go with the first clicks (geoip.ts).
  let geoipSent = false;
  const geoipOnce = () => {
    if (geoipSent) return {};
    geoipSent = true;
    return { geoip: geoBytes(o.geoipPath, o.geoipCity ?? []) };
  };
  const worker = new Worker(WORKER_URL, { workerData: data, resourceLimits: WRITER_LIMITS });
  worker.unref();
  let buffer: RawClick[] = [];
  let fallback: ReturnType<typeof inThread> | null = null;
  let closing = false;
  let seq = 0;
  // Clicks posted to the worker and not yet stored or dropped there: lost if it dies.
  let inWorker = 0;
  const settling = new Map<number, () => void>();
  let closed: () => void = () => {};
  const done = new Promise<void>((resolve) => { closed = resolve; });

  const takeOver = (why: unknown) => {
    if (fallback || closing) return;
    o.onError(why);
    fallback = inThread();
    if (inWorker) o.onLost?.(inWorker);
    inWorker = 0;
    for (const c of buffer.splice(0)) fallback.add(c);
    for (const resolve of settling.values()) resolve();
    settling.clear();
  };
  worker.on('message', (m: FromPgWorker) => {
    if (m.type === 'settled') {
      settling.get(m.id)?.();
      settling.delete(m.id);
    } else if (m.type === 'stored') {
      inWorker -= m.count;
      o.onStored?.(m.count, m.ms);
    } else if (m.type === 'failing') o.onFailing?.();
    else if (m.type === 'error') o.onError(new Error(`click writer: ${m.message}`));
    else if (m.type === 'dropped') {
      inWorker -= m.count;
      o.onDropped(m.count, m.total);
    }
    else if (m.type === 'closed') {
      if (m.unwritten) o.onError(new Error(`click writer closed with ${m.unwritten} clicks unwritten`));
      closed();
    }
  });
  worker.on('error', takeOver);
  worker.on('exit', (code) => {
    if (!closing) takeOver(new Error(`click writer stopped (exit ${code}); clicks are written on the request thread`));
    closed();
  });

  const handOff = () => {
    if (fallback || !buffer.length) return;
    worker.postMessage({ type: 'clicks', clicks: buffer, ...geoipOnce() } satisfies ToPgWorker);
    inWorker += buffer.length;
    buffer = [];
  };
  const timer = setInterval(handOff, HAND_OFF_MS);
  timer.unref();

  return {
    add(click) {
      if (fallback) fallback.add(click);
      else buffer.push(click);
    },

    async spend(click) {
      if (!fallback) {
        const id = ++seq;
        const settled = new Promise<void>((resolve) => {
          settling.set(id, resolve);
          setTimeout(() => {
            if (settling.delete(id)) {
              o.onError(new Error('click writer did not store clicks in time; a click limit may be off'));
              resolve();
            }
          }, SETTLE_TIMEOUT_MS).unref();
        });
        worker.postMessage({ type: 'settle', id, linkId: click.link_id, clicks: buffer, ...geoipOnce() } satisfies ToPgWorker);
        inWorker += buffer.length;
        buffer = [];
        await settled;
      }
      if (fallback) await fallback.settle(click.link_id);
      return clickStore.spend(click);
    },

    async close() {
      clearInterval(timer);
      if (fallback) return fallback.close();
      handOff();
      closing = true;
      worker.ref(); // idle, it need not keep the process alive; closing, it must finish
      worker.postMessage({ type: 'close' } satisfies ToPgWorker);
      const timeout = setTimeout(() => void worker.terminate(), CLOSE_TIMEOUT_MS);
      await done;
      clearTimeout(timeout);
    },
  };
}

// Worker thread of a PostgreSQL node: enriches raw clicks (bot, country,
// platform, browser, language, referrer) and stores them in batches, on a
// small pool of its own, off the request thread (pg-clicks.ts does the
// batching, retries, bound and upkeep). The request thread sends what it
// collected every hand-off, and asks to settle a link before spending its
// click budget.
import { parentPort, workerData } from 'node:worker_threads';
import { openPostgres } from '../db/postgres.ts';
import { createPgClickStore } from '../db/repositories/pg-click-store.ts';
import type { RawClick } from './enrich.ts';
import { handedGeoLookup, type GeoBytes } from './geoip.ts';
import { createPgClickRecorder } from './pg-clicks.ts';
import { lowerWriterPriority } from './writer-priority.ts';

export interface PgWorkerData { url: string; timeZone: string; retentionMs: number | null }
/** The first clicks also carry the GeoIP database's bytes (shared with the request thread, read when clicks first come). */
export type ToPgWorker =
  | { type: 'clicks'; clicks: RawClick[]; geoip?: GeoBytes }
  | { type: 'settle'; id: number; linkId: number; clicks: RawClick[]; geoip?: GeoBytes }
  | { type: 'close' };
export type FromPgWorker =
  | { type: 'ready' }
  | { type: 'settled'; id: number }
  | { type: 'error'; message: string }
  | { type: 'dropped'; count: number; total: number }
  | { type: 'stored'; count: number; ms: number }
  | { type: 'failing' }
  | { type: 'closed'; unwritten: number };

const { url, timeZone, retentionMs } = workerData as PgWorkerData;
const geo = handedGeoLookup();
const port = parentPort!;
const post = (m: FromPgWorker) => port.postMessage(m);
lowerWriterPriority();

const RETRY_MS = [250, 500, 1000, 2000, 5000];
/** How long a close waits for a database not reached yet (as long as the recorder's own close waits). */
const CLOSE_WAIT_MS = 10_000;

// Messages that arrive before the database is reached wait here, the close
// too: a node that starts (or whose worker starts) during an outage must not
// lose the clicks it hands over meanwhile, as a worker that died on its first
// connect did.
const early: ToPgWorker[] = [];
let closeBy = Infinity;
let handle: (m: ToPgWorker) => void = (m) => {
  early.push(m);
  if (m.type === 'close') closeBy = Date.now() + CLOSE_WAIT_MS;
};
port.on('message', (m: ToPgWorker) => {
  if (m.type !== 'close' && m.geoip) geo.provide(m.geoip);
  handle(m);
});
post({ type: 'ready' });

async function openUntilReached() {
  for (let failures = 0; ; failures++) {
    try {
      return await openPostgres(url, { migrate: false, poolSize: 3 });
    } catch (err) {
      if (failures === 0) post({ type: 'error', message: `${String(err)}; clicks are kept and stored once it is reachable` });
      if (failures === 0) post({ type: 'failing' });
      if (Date.now() >= closeBy) {
        // Closing, and the database never came: nothing could be stored.
        post({ type: 'closed', unwritten: early.reduce((n, e) => n + (e.type === 'close' ? 0 : e.clicks.length), 0) });
        port.close();
        return null;
      }
      await new Promise((r) => setTimeout(r, Math.min(RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!, Math.max(0, closeBy - Date.now()))));
    }
  }
}

const opened = await openUntilReached();
if (!opened) process.exit(0);
const store = opened!;
const recorder = createPgClickRecorder(createPgClickStore(store.pool, timeZone), geo, {
  retentionMs,
  onError: (err) => post({ type: 'error', message: String(err) }),
  onDropped: (count, total) => post({ type: 'dropped', count, total }),
  // The request thread bounds the clicks answered and not yet stored by these (pg-backpressure.ts).
  onStored: (count, ms) => post({ type: 'stored', count, ms }),
  onFailing: () => post({ type: 'failing' }),
});

handle = (m) => {
  if (m.type === 'clicks') {
    for (const c of m.clicks) recorder.add(c);
  } else if (m.type === 'settle') {
    for (const c of m.clicks) recorder.add(c);
    void recorder.settle(m.linkId).finally(() => post({ type: 'settled', id: m.id }));
  } else {
    void (async () => {
      await recorder.close();
      const unwritten = recorder.waiting();
      await store.close();
      post({ type: 'closed', unwritten });
      port.close();
    })();
  }
};
for (const m of early.splice(0)) handle(m);

// Worker thread that stores batches of clicks on its own SQLite connection.
// Writing a click dirties B-tree pages of three indexes at random places; on
// the request thread that cost more than the redirect itself, here it runs
// next to it. After each committed batch the batch's number is published in
// shared memory, so the request thread can wait for it synchronously when a
// click limit needs exact numbers (see clicks.ts).
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { createClickWriter, type ClickRecord } from '../db/repositories/redirect-repository.ts';

export interface WriterData { file: string; committed: Int32Array }
export type ToWriter =
  | { type: 'batch'; gen: number; clicks: ClickRecord[]; rotation: [number, number][] }
  | { type: 'close' };
export type FromWriter = { type: 'error'; message: string } | { type: 'closed'; unwritten: number };

const RETRY_MS = 250;
const { file, committed } = workerData as WriterData;
const port = parentPort!;

// Same durability, lock patience and page cache as the main connection
// (database.ts): with the default 2 MB cache, random counter updates across a
// large links table re-read their pages from the OS on every batch.
// Foreign keys stay off here: the writer only inserts clicks for links whose
// counter it has just updated in the same transaction, so the per-row parent
// lookup would prove nothing new.
const sqlite = new Database(file);
sqlite.pragma('synchronous = FULL');
sqlite.pragma('busy_timeout = 5000');
sqlite.pragma('cache_size = -65536');
const writer = createClickWriter(sqlite);

const queue: Extract<ToWriter, { type: 'batch' }>[] = [];
let retry: NodeJS.Timeout | undefined;
let failing = false;

function drain(): void {
  while (queue.length) {
    const b = queue[0]!;
    try {
      writer.write(b.clicks, b.rotation);
    } catch (err) {
      // Kept and tried again (e.g. another process held the write lock);
      // reported once per streak of failures.
      if (!failing) port.postMessage({ type: 'error', message: String(err) } satisfies FromWriter);
      failing = true;
      retry ??= setTimeout(() => {
        retry = undefined;
        drain();
      }, RETRY_MS);
      return;
    }
    failing = false;
    queue.shift();
    Atomics.store(committed, 0, b.gen);
    Atomics.notify(committed, 0);
  }
}

port.on('message', (m: ToWriter) => {
  if (m.type === 'batch') {
    queue.push(m);
    if (!retry) drain();
    return;
  }
  clearTimeout(retry);
  retry = undefined;
  drain();
  sqlite.close();
  port.postMessage({ type: 'closed', unwritten: queue.reduce((n, b) => n + b.clicks.length, 0) } satisfies FromWriter);
  port.close();
});

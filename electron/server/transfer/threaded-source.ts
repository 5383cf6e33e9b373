// An ImportSource whose file is read on threads of their own (read-worker.ts):
// what the CLI imports with, so that reading, counting and writing share the
// two cores a small server has instead of taking turns on one. One thread
// streams the rows; another counts the whole file at the same time, so the
// importer can start writing before the count is in (inside a transaction it
// commits only once the count says the file is whole: cli/transfer.ts).
// Falls back to reading on the calling thread where the worker file is missing.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { openImport, TransferError, type ImportSource, type OpenOptions } from './read.ts';
import type { FromReader, ReaderData, SourceMeta, ToReader } from './read-worker.ts';
import type { ImportRow } from './types.ts';

const WORKER_URL = new URL(import.meta.url.endsWith('.ts') ? './read-worker.ts' : './read-worker.js', import.meta.url);

export type ThreadedSource = ImportSource & { close(): Promise<void> };

interface Reader {
  worker: Worker;
  /** Every message, and an error when the thread stops unasked. */
  listen(l: (m: FromReader) => void): () => void;
  next<T extends FromReader['type']>(type: T): Promise<Extract<FromReader, { type: T }>>;
}

const errorOf = (m: Extract<FromReader, { type: 'error' }>) => (m.transfer ? new TransferError(m.message) : new Error(m.message));

function startReader(data: ReaderData): Reader {
  const worker = new Worker(WORKER_URL, { workerData: data });
  const listeners = new Set<(m: FromReader) => void>();
  const emit = (m: FromReader) => { for (const l of [...listeners]) l(m); };
  worker.on('message', emit);
  worker.on('error', (err) => emit({ type: 'error', message: err.message, transfer: false }));
  worker.on('exit', (code) => emit({ type: 'error', message: `the file reader stopped (exit ${code})`, transfer: false }));
  const listen = (l: (m: FromReader) => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  };
  const next = <T extends FromReader['type']>(type: T) => new Promise<Extract<FromReader, { type: T }>>((resolve, reject) => {
    const stop = listen((m) => {
      if (m.type !== type && m.type !== 'error') return;
      stop();
      if (m.type === 'error') reject(errorOf(m));
      else resolve(m as Extract<FromReader, { type: T }>);
    });
  });
  return { worker, listen, next };
}

/** Opens `bytes` on reader threads; rejects as openImport throws. `close()` ends the threads. */
export async function openImportThreaded(bytes: Buffer, opts: OpenOptions = {}): Promise<ThreadedSource> {
  if (!existsSync(fileURLToPath(WORKER_URL))) return { ...openImport(bytes, opts), close: async () => {} };
  // Both threads read the same copy of the file.
  const shared = new SharedArrayBuffer(bytes.length);
  bytes.copy(Buffer.from(shared));
  const rowsReader = startReader({ bytes: shared, length: bytes.length, opts, mode: 'rows' });
  const counter = startReader({ bytes: shared, length: bytes.length, opts, mode: 'count' });
  const opened = rowsReader.next('opened');
  // Once it has counted, the counting thread's memory (its heap, its copy of the rows) is given back.
  const counted = counter.next('count').then((m) => m.n).finally(() => void counter.worker.terminate());
  counted.catch(() => {}); // read by count(); a file that fails to open fails there first
  const close = async () => {
    await Promise.all([rowsReader.worker.terminate(), counter.worker.terminate()]);
  };
  let meta: SourceMeta;
  try {
    meta = (await opened).meta;
  } catch (err) {
    await close();
    throw err;
  }

  async function* rows(): AsyncGenerator<ImportRow> {
    const waiting: FromReader[] = [];
    let notify: (() => void) | null = null;
    const stop = rowsReader.listen((m) => {
      if (m.type !== 'rows' && m.type !== 'end' && m.type !== 'error') return;
      waiting.push(m);
      notify?.();
      notify = null;
    });
    const send = (m: ToReader) => rowsReader.worker.postMessage(m);
    send({ type: 'rows' });
    try {
      for (;;) {
        if (!waiting.length) await new Promise<void>((resolve) => { notify = resolve; });
        const m = waiting.shift()!;
        if (m.type === 'end') return;
        if (m.type === 'error') throw errorOf(m);
        if (m.type === 'rows') {
          send({ type: 'more' });
          yield* m.rows;
        }
      }
    } finally {
      stop();
    }
  }

  return { ...meta, rows, count: () => counted, close };
}

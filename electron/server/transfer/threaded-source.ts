// An ImportSource whose file is read on a thread of its own (read-worker.ts):
// what the CLI imports with, so that reading and writing share the two cores
// a small server has instead of taking turns on one. Falls back to reading on
// the calling thread where the worker file is missing.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { openImport, TransferError, type ImportSource, type OpenOptions } from './read.ts';
import type { FromReader, ReaderData, SourceMeta, ToReader } from './read-worker.ts';
import type { ImportRow } from './types.ts';

const WORKER_URL = new URL(import.meta.url.endsWith('.ts') ? './read-worker.ts' : './read-worker.js', import.meta.url);

/** Opens `bytes` on a reader thread; rejects as openImport throws. `close()` ends the thread. */
export async function openImportThreaded(bytes: Buffer, opts: OpenOptions = {}): Promise<ImportSource & { close(): Promise<void> }> {
  if (!existsSync(fileURLToPath(WORKER_URL))) return { ...openImport(bytes, opts), close: async () => {} };
  const copy = new Uint8Array(bytes); // the worker gets the copy's memory; the caller keeps its buffer
  const worker = new Worker(WORKER_URL, { workerData: { bytes: copy, opts } satisfies ReaderData, transferList: [copy.buffer] });
  const listeners = new Set<(m: FromReader) => void>();
  let exited: Error | null = null;
  worker.on('message', (m: FromReader) => { for (const l of listeners) l(m); });
  worker.on('error', (err) => { exited = err; for (const l of listeners) l({ type: 'error', message: err.message, transfer: false }); });
  worker.on('exit', (code) => {
    exited ??= new Error(`the file reader stopped (exit ${code})`);
    for (const l of listeners) l({ type: 'error', message: exited.message, transfer: false });
  });
  const errorOf = (m: Extract<FromReader, { type: 'error' }>) => (m.transfer ? new TransferError(m.message) : new Error(m.message));
  const next = <T extends FromReader['type']>(type: T) => new Promise<Extract<FromReader, { type: T }>>((resolve, reject) => {
    const l = (m: FromReader) => {
      if (m.type !== type && m.type !== 'error') return;
      listeners.delete(l);
      if (m.type === 'error') reject(errorOf(m));
      else resolve(m as Extract<FromReader, { type: T }>);
    };
    listeners.add(l);
  });
  const send = (m: ToReader) => worker.postMessage(m);
  let meta: SourceMeta;
  try {
    meta = (await next('opened')).meta;
  } catch (err) {
    await worker.terminate();
    throw err;
  }

  async function* rows(): AsyncGenerator<ImportRow> {
    const waiting: FromReader[] = [];
    let notify: (() => void) | null = null;
    const l = (m: FromReader) => {
      if (m.type !== 'rows' && m.type !== 'end' && m.type !== 'error') return;
      waiting.push(m);
      notify?.();
      notify = null;
    };
    listeners.add(l);
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
      listeners.delete(l);
    }
  }

  return {
    ...meta,
    rows,
    async count() {
      const answer = next('count');
      send({ type: 'count' });
      return (await answer).n;
    },
    async close() {
      listeners.clear();
      await worker.terminate();
    },
  };
}

// A thread that reads an import file for the CLI (threaded-source.ts). As
// 'rows' it decodes, parses and maps the rows while the importing thread
// checks and writes the previous ones, sending them in batches and waiting
// for room after a few unanswered ones. As 'count' it reads the whole file
// once at the same time, to say how many rows it has or why it is unreadable.
import { parentPort, workerData } from 'node:worker_threads';
import { openImport, TransferError, type ImportSource, type OpenOptions } from './read.ts';
import type { ImportRow } from './types.ts';

export interface ReaderData { bytes: SharedArrayBuffer; length: number; opts: OpenOptions; mode: 'rows' | 'count' }
export type ToReader = { type: 'rows' } | { type: 'more' };
export type SourceMeta = Omit<ImportSource, 'rows' | 'count'>;
export type FromReader =
  | { type: 'opened'; meta: SourceMeta }
  | { type: 'count'; n: number }
  | { type: 'rows'; rows: ImportRow[] }
  | { type: 'end' }
  /** `transfer`: the file is unreadable (a TransferError, in words); else something broke. */
  | { type: 'error'; message: string; transfer: boolean };

const BATCH = 1000;
const AHEAD = 4;

const port = parentPort!;
const { bytes, length, opts, mode } = workerData as ReaderData;
const post = (m: FromReader) => port.postMessage(m);
const fail = (err: unknown) => post({ type: 'error', message: err instanceof Error ? err.message : String(err), transfer: err instanceof TransferError });

let credit = AHEAD;
let wake: (() => void) | null = null;

async function stream(source: ImportSource) {
  let rows: ImportRow[] = [];
  for await (const row of source.rows()) {
    rows.push(row);
    if (rows.length < BATCH) continue;
    post({ type: 'rows', rows });
    rows = [];
    if (--credit <= 0) await new Promise<void>((resolve) => { wake = resolve; });
  }
  if (rows.length) post({ type: 'rows', rows });
  post({ type: 'end' });
}

let source: ImportSource;
try {
  source = openImport(Buffer.from(bytes, 0, length), opts);
  const { rows: _rows, count: _count, ...meta } = source;
  post({ type: 'opened', meta });
} catch (err) {
  fail(err);
  process.exit(0);
}
// Test hook: a count that takes this much longer, so the importer writes before it is in
// (test/integration/cli/transfer.test.ts). Never set in use.
const COUNT_DELAY_MS = Number(process.env.LINKDESK_TEST_COUNT_DELAY_MS) || 0;
if (mode === 'count') {
  source.count().then((n) => setTimeout(() => post({ type: 'count', n }), COUNT_DELAY_MS), (err: unknown) => setTimeout(() => fail(err), COUNT_DELAY_MS));
}

port.on('message', (m: ToReader) => {
  if (m.type === 'rows') stream(source).catch(fail);
  else {
    credit++;
    const resume = wake;
    wake = null;
    resume?.();
  }
});

// CSV records through csv-parse's streaming parser, a slice at a time: memory
// stays bounded whatever the file's size, and a record longer than 1 MB (a
// binary file, a runaway quote) is a clear error rather than an exhausted heap.
// Rows csv-parse can step over (a stray quote inside a field) are rejected one
// by one; errors after which it cannot find the next row again stop the file.
import { parse, type CsvError } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { TransferError } from './errors.ts';

const MAX_RECORD = 1 << 20;
const DELIMITERS = [',', ';', '\t', '|'] as const;

/** A record counted from 1 (the header too), or why it could not be read. */
export type CsvItem = { record: number; cells: string[] } | { record: number; line: number; problem: string };

/** The candidate that splits the first lines most consistently (quoted text aside). */
export function detectDelimiter(head: string): string {
  const lines = head.replace(/"[^"]*"/g, '""').split(/\r?\n/).filter((l) => l.trim() !== '').slice(0, 10);
  if (lines.length > 1 && head.length >= 64 * 1024) lines.pop(); // the last one may be cut short
  let best: string = ',';
  let bestScore = 0;
  for (const d of DELIMITERS) {
    const counts = lines.map((l) => l.split(d).length - 1);
    const min = Math.min(...counts);
    // Present on every line the same number of times beats merely frequent.
    const score = counts.every((c) => c === counts[0]) ? min * 1000 : min;
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

/** The first record's cells (for recognising a header row), or [] when it cannot be read. */
export function firstRecord(head: string, delimiter: string): string[] {
  try {
    const [row] = parseSync(head, { delimiter, to_line: 1, relax_column_count: true, relax_quotes: true, skip_empty_lines: true }) as string[][];
    return row ?? [];
  } catch {
    return [];
  }
}

const FATAL: Record<string, (record: number, line: number) => string> = {
  CSV_MAX_RECORD_SIZE: (r, l) => `Row ${r} (line ${l}) is longer than 1 MB: this does not look like a CSV file of links.`,
  CSV_QUOTE_NOT_CLOSED: (r, l) => `A quote opened in row ${r} is never closed (line ${l}).`,
  CSV_INVALID_CLOSING_QUOTE: (r, l) => `Row ${r} (line ${l}) has text right after a closing quote; the rows after it cannot be told apart. Fix the quoting and try again.`,
};

export async function* csvRecords(chunks: Iterable<string>, delimiter: string, headerRows: number): AsyncGenerator<CsvItem> {
  const queue: CsvItem[] = [];
  let records = 0;
  let fatal: TransferError | undefined;
  const parser = parse({
    delimiter,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    max_record_size: MAX_RECORD,
    // Records and skips arrive here in file order; nothing is pushed downstream.
    on_record: (cells: string[]) => {
      queue.push({ record: ++records, cells });
      return null;
    },
    on_skip: (err: CsvError | undefined) => {
      const line = Number(err?.lines ?? 0);
      const message = FATAL[err?.code ?? ''];
      const row = ++records - headerRows;
      if (message) fatal ??= new TransferError(message(row, line));
      else queue.push({ record: records, line, problem: `Row ${row} (line ${line}) could not be read: ${err?.message.replace(/ at line \d+.*$/, '') ?? 'broken quoting'}.` });
      return undefined;
    },
  });
  parser.resume();
  const failed = new Promise<never>((_, reject) => parser.once('error', reject));
  failed.catch(() => {});
  const write = (chunk: string) => Promise.race([failed, new Promise<void>((resolve) => parser.write(chunk, () => resolve()))]);
  for (const chunk of chunks) {
    await write(chunk);
    yield* queue.splice(0);
    if (fatal) break;
  }
  if (!fatal) {
    await Promise.race([failed, new Promise<void>((resolve) => parser.end(() => resolve()))]);
    yield* queue.splice(0);
  }
  parser.destroy();
  if (fatal) throw fatal;
}

// Linkdesk's own files: CSV (one header row, a column per portable field,
// lists as JSON in their cell, empty cell = null) and JSON. Both carry every
// writable field and no secret, so an export imports back as it was. Cells a
// spreadsheet would run as formulas are neutralized (shared/csv-safe.ts).
import { stringify } from 'csv-stringify/sync';
import { neutralizeCell } from '../../../shared/csv-safe.ts';
import { LIST_FIELDS, PORTABLE_FIELDS } from './portable.ts';
import type { ExportFormat, PortableLink } from './types.ts';

export const EXPORT_MIME: Record<ExportFormat, string> = { csv: 'text/csv', json: 'application/json' };

/** `linkdesk-links-2026-05-01.csv`: the date is the caller's (local) day. */
/** A day as file names carry it (local date, YYYY-MM-DD). */
export const fileDay = (date = new Date()) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

export const exportFileName = (format: ExportFormat, date: Date) => `linkdesk-links-${fileDay(date)}.${format}`;

const LISTS = new Set<string>(LIST_FIELDS);

/** One CSV record: each field as the reader expects it back. */
function cells(link: PortableLink): string[] {
  return PORTABLE_FIELDS.map((f) => {
    const v = link[f];
    if (LISTS.has(f)) return JSON.stringify(v);
    return v === null ? '' : neutralizeCell(String(v));
  });
}

const BATCH = 1000;

async function* batches(links: PortableLink[] | AsyncIterable<PortableLink>): AsyncGenerator<PortableLink[]> {
  if (Array.isArray(links)) {
    for (let i = 0; i < links.length; i += BATCH) yield links.slice(i, i + BATCH);
    return;
  }
  let batch: PortableLink[] = [];
  for await (const link of links) {
    batch.push(link);
    if (batch.length === BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

export async function exportText(links: PortableLink[] | AsyncIterable<PortableLink>, format: ExportFormat): Promise<string> {
  const parts: string[] = [];
  if (format === 'csv') {
    parts.push(stringify([[...PORTABLE_FIELDS]]));
    for await (const batch of batches(links)) parts.push(stringify(batch.map(cells)));
    return parts.join('');
  }
  let first = true;
  for await (const batch of batches(links)) {
    for (const link of batch) {
      // Fields in the CSV's order, whatever order the link was built in.
      const ordered = Object.fromEntries(PORTABLE_FIELDS.map((f) => [f, link[f]]));
      parts.push(`${first ? '' : ','}\n    ${JSON.stringify(ordered)}`);
      first = false;
    }
  }
  const head = `{\n  "linkdesk": 1,\n  "exported_at": ${JSON.stringify(new Date().toISOString())},\n  "links": [`;
  return `${head}${parts.join('')}${first ? '' : '\n  '}]\n}\n`;
}

// Opening a file to import: its encoding, CSV or JSON, its format (Linkdesk,
// YOURLS, Shlink, Kutt, Bitly, Dub, Short.io, or any CSV) from its columns or
// keys, and the mapping of its columns to link fields (the format's, or the
// one the person chose), all before a row is read. Rows then stream one at a
// time; a bad row becomes a rejection, a bad file a TransferError.
import { unneutralizeCell } from '../../../shared/csv-safe.ts';
import { quickCsvCount } from './csv-count.ts';
import { csvRecords, detectDelimiter, firstRecord } from './csv.ts';
import { decode } from './decode.ts';
import { TransferError } from './errors.ts';
import { bitly } from './formats/bitly.ts';
import { norm, RowError, type FormatSpec, type Rec } from './formats/common.ts';
import { dub } from './formats/dub.ts';
import { kutt } from './formats/kutt.ts';
import { linkdesk, plainCsv } from './formats/linkdesk.ts';
import { csvSpec, mappingProblem, steered, withOverrides } from './formats/mapped.ts';
import { shlink } from './formats/shlink.ts';
import { shortio } from './formats/shortio.ts';
import { yourls } from './formats/yourls.ts';
import type { ColumnMapping, ImportField, ImportFormat, ImportRow } from './types.ts';

export { TransferError };

export interface ImportSource {
  format: ImportFormat;
  /** True when the format was recognised from the file, false when it was asked for. */
  detected: boolean;
  encoding: string;
  /** The CSV delimiter; null for JSON. */
  delimiter: string | null;
  /** Each column (or JSON key) of the file → the link field it fills; null: none. As asked, else the format's. */
  mapping: ColumnMapping;
  /** The format's own mapping. */
  detectedMapping: ColumnMapping;
  /** Why the mapping imports nothing (no URL column, a field filled twice); rows() throws it. Null: ready. */
  missing: string | null;
  /** Data rows from 1, each a link or a rejection. Throws TransferError if the file turns out unreadable part-way (count() finds that first). */
  rows(): AsyncIterable<ImportRow>;
  /** Data rows in the file; reads it all, and throws what rows() would. */
  count(): Promise<number>;
}

/** In the order they are tried: the most specific columns first, a bare `url` column last. */
const DETECTION: FormatSpec[] = [linkdesk, kutt, shlink, dub, bitly, shortio, yourls, plainCsv];
const SPECS: Record<Exclude<ImportFormat, 'csv'>, FormatSpec> = { linkdesk: plainCsv, yourls, shlink, kutt, bitly, dub, shortio };
const KNOWN_COLUMNS = new Set(Object.values(SPECS).flatMap((s) => Object.keys(s.fields)).concat(['keyword', 'target', 'long_url', 'short_code', 'short_url']));
const isUrl = (cell: string) => /^https?:\/\//i.test(cell.trim());

const MAX_JSON = 100 * 1024 * 1024;

export interface OpenOptions {
  /** Read as this format (else recognised from the columns). */
  format?: ImportFormat;
  /** The whole mapping as the person chose it: one entry per column. */
  mapping?: ColumnMapping;
  /** `--map FIELD=COLUMN`: changes to the format's mapping. */
  overrides?: { field: ImportField; column: string | null }[];
  /** Open even when no column holds URLs (the preview, where the person can choose one); else that is a TransferError. */
  allowUnmapped?: boolean;
}

function specFor(columns: string[], format: ImportFormat | undefined): { spec: FormatSpec; detected: boolean } {
  const keys = columns.map(norm);
  const cols = new Set(keys);
  if (format === 'csv') return { spec: csvSpec(keys), detected: false };
  const spec = format ? SPECS[format] : DETECTION.find((s) => s.matches(cols));
  if (!spec) return { spec: csvSpec(keys), detected: true };
  if (format && !spec.url.some((u) => cols.has(u))) {
    const found = columns.length ? columns.map((c) => `"${c}"`).join(', ') : 'none';
    throw new TransferError(`A ${format} file needs a ${spec.url.map((u) => `"${u}"`).join(' or ')} column with the destination URLs. Columns found: ${found}.`);
  }
  return { spec, detected: !format };
}

/** The mapping to read with, and the reader that honours it. */
function steer(columns: string[], keys: string[], spec: FormatSpec, opts: OpenOptions) {
  const keyOf = (column: string) => keys[columns.indexOf(column)] ?? norm(column);
  const detectedMapping: ColumnMapping = columns.map((column, i) => ({ column, field: (spec.fields[keys[i]!] as ImportField | undefined) ?? null }));
  let mapping = detectedMapping;
  if (opts.mapping) {
    const asked = new Map(opts.mapping.map((m) => [m.column, m.field]));
    const unknown = opts.mapping.find((m) => !columns.includes(m.column));
    if (unknown) throw new TransferError(`The file has no column "${unknown.column}"; choose the file again.`);
    mapping = columns.map((column, i) => ({ column, field: asked.has(column) ? asked.get(column)! : detectedMapping[i]!.field }));
  }
  if (opts.overrides?.length) mapping = withOverrides(mapping, opts.overrides);
  const missing = mappingProblem(mapping, detectedMapping);
  if (missing && !opts.allowUnmapped) throw new TransferError(missing);
  return { detectedMapping, mapping, missing, toLink: missing ? spec.toLink : steered(spec, mapping, keyOf) };
}

function convert(toLink: FormatSpec['toLink'], row: number, rec: Rec): ImportRow {
  try {
    return { row, link: toLink(rec) };
  } catch (err) {
    if (err instanceof RowError) return { row, rejection: { row, field: err.field, reason: err.message } };
    throw err;
  }
}

export function openImport(bytes: Buffer, opts: OpenOptions = {}): ImportSource {
  const text = decode(bytes);
  return /^\s*[[{]/.test(text.head) ? openJson(bytes, text, opts) : openCsv(text, opts);
}

function openCsv(text: ReturnType<typeof decode>, opts: OpenOptions): ImportSource {
  const format = opts.format;
  const delimiter = detectDelimiter(text.head);
  const first = firstRecord(text.head, delimiter);
  // A header names known columns, or at least holds no web address (a file of foreign columns the person will map).
  const hasHeader = first.some((c) => KNOWN_COLUMNS.has(norm(c))) || (first.length > 0 && !first.some(isUrl));
  let columns = first;
  let keys = first.map(norm);
  if (!hasHeader) {
    // No header: the first cell holding a web address is the destination, an alias may sit before it.
    columns = first.map((_, i) => `Column ${i + 1}`);
    const urlAt = first.findIndex(isUrl);
    keys = first.map((_, i) => (i === urlAt ? 'url' : i === urlAt - 1 ? 'alias' : `column_${i + 1}`));
    if (urlAt < 0) throw new TransferError(`No header row and no web address in the first row, so no column holds the destination URLs. Columns found: ${first.length ? first.map((c) => `"${c}"`).join(', ') : 'none'}.`);
  }
  const { spec, detected } = specFor(hasHeader ? columns : keys, hasHeader ? format : format ?? 'linkdesk');
  const steering = steer(columns, keys, spec, opts);
  const headerRows = hasHeader ? 1 : 0;
  const own = spec.format === 'linkdesk';
  async function* rows(): AsyncGenerator<ImportRow> {
    if (steering.missing) throw new TransferError(steering.missing);
    for await (const item of csvRecords(text.chunks(), delimiter, headerRows)) {
      const row = item.record - headerRows;
      if (row < 1) continue;
      if ('problem' in item) {
        yield { row, rejection: { row, field: 'row', reason: item.problem } };
        continue;
      }
      const rec: Rec = new Map();
      // Linkdesk's own exports neutralize formula-like cells; read them back as they were.
      keys.forEach((k, i) => { if (!rec.has(k)) rec.set(k, own && item.cells[i] !== undefined ? unneutralizeCell(item.cells[i]) : item.cells[i]); });
      yield convert(steering.toLink, row, rec);
    }
  }
  return {
    format: spec.format, detected, encoding: text.encoding, delimiter,
    mapping: steering.mapping, detectedMapping: steering.detectedMapping, missing: steering.missing, rows,
    async count() {
      // Most files are counted by their line ends alone; csv-parse counts the others (csv-count.ts).
      const quick = quickCsvCount(text.chunks(), delimiter);
      if (quick !== undefined) return Math.max(0, quick - headerRows);
      let n = 0;
      for await (const item of csvRecords(text.chunks(), delimiter, headerRows)) if (item.record > headerRows) n++;
      return n;
    },
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The list of links in a JSON file: the whole file, or where each format's answer keeps it. */
function recordsOf(doc: unknown): unknown[] {
  if (Array.isArray(doc)) return doc;
  if (!isObject(doc)) return [];
  const shortUrls = doc.shortUrls;
  if (isObject(shortUrls) && Array.isArray(shortUrls.data)) return shortUrls.data; // Shlink
  if (Array.isArray(doc.links)) return doc.links; // Linkdesk, Bitly
  if (isObject(doc.links)) return Object.values(doc.links); // YOURLS: {"link_1": {...}}
  if (Array.isArray(doc.data)) return doc.data; // Kutt
  return Object.values(doc).find((v) => Array.isArray(v) && v.some(isObject)) as unknown[] | undefined ?? [];
}

/** A record's keys, normalized; an object's own keys join its name (`meta.validUntil` → meta_valid_until). */
function flatten(obj: Record<string, unknown>): Rec {
  const rec: Rec = new Map();
  for (const [k, v] of Object.entries(obj)) {
    const key = norm(k);
    rec.set(key, v);
    if (isObject(v)) for (const [sub, sv] of Object.entries(v)) rec.set(`${key}_${norm(sub)}`, sv);
  }
  return rec;
}

function openJson(bytes: Buffer, text: ReturnType<typeof decode>, opts: OpenOptions): ImportSource {
  const format = opts.format;
  if (bytes.length > MAX_JSON) throw new TransferError('This JSON file is larger than 100 MB. Export the links as CSV, or in several files.');
  let doc: unknown;
  try {
    doc = JSON.parse([...text.chunks()].join(''));
  } catch (err) {
    throw new TransferError(`This file is not valid JSON: ${(err as Error).message}.`);
  }
  const records = recordsOf(doc);
  const columns: string[] = [];
  const seen = new Set<string>();
  // Columns from the first records: enough to show the mapping and recognise the format.
  for (const r of records.slice(0, 100)) {
    if (!isObject(r)) continue;
    for (const [k, v] of Object.entries(r)) {
      const names = isObject(v) ? [k, ...Object.keys(v).map((s) => `${k}.${s}`)] : [k];
      for (const n of names) if (!seen.has(n)) { seen.add(n); columns.push(n); }
    }
  }
  const { spec, detected } = specFor(columns, format ?? (isObject(doc) && 'linkdesk' in doc ? 'linkdesk' : undefined));
  const steering = steer(columns, columns.map(norm), spec, opts);
  return {
    format: spec.format, detected: detected || (format === undefined), encoding: text.encoding, delimiter: null,
    mapping: steering.mapping, detectedMapping: steering.detectedMapping, missing: steering.missing,
    async *rows() {
      if (steering.missing) throw new TransferError(steering.missing);
      let row = 0;
      for (const r of records) {
        row++;
        yield isObject(r) ? convert(steering.toLink, row, flatten(r)) : { row, rejection: { row, field: 'row', reason: 'This entry is not an object with link fields.' } };
      }
    },
    count: async () => records.length,
  };
}

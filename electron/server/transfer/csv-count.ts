// A CSV file's records counted without reading a cell: what the importer's
// count (read.ts) does for the files people export, instead of running
// csv-parse over the whole file a second time (100,000 links: ~2-3 s of CPU on
// a thread of its own, taken from the rows' reader and the writer on a small
// server's two cores). Only for files whose reading leaves no doubt; any other
// file is counted by csvRecords itself, so the count is csv-parse's whatever
// the file holds:
//   - every line ends alike, in \n or in \r\n (a lone \r, or both kinds: csv-parse's);
//   - a quote opens a field or closes it right before a delimiter, a line end or
//     the end of the file ("" inside quotes is one quote); no quote elsewhere,
//     no quote left open, no line end in a quoted field before the first line's end;
//   - no record near csvRecords' 1 MB limit.
// Such a file has none of csv-parse's errors, and its records are its lines
// holding anything at all (skip_empty_lines drops only lines with nothing).

/** Past this many characters a record might pass 1 MB in UTF-8: csv-parse decides. */
const MAX_RECORD_CHARS = Math.floor((1 << 20) / 3);

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

/** The records (header included) csvRecords would give for `chunks`, or undefined when only csv-parse can tell. */
export function quickCsvCount(chunks: Iterable<string>, delimiter: string): number | undefined {
  const delim = delimiter.length === 1 ? delimiter.charCodeAt(0) : -1;
  if (delim < 0 || delim === QUOTE || delim === CR || delim === LF) return undefined;
  let records = 0;
  let eol: 0 | 1 | 2 = 0; // unknown, \n, \r\n
  let content = false; // the record holds something (a line of nothing is skipped)
  let fieldStart = true;
  let inQuotes = false;
  let quoteSeen = false; // a quote inside quotes: closing, or the first of ""
  let pendingCr = false;
  let length = 0;
  const endOfLine = (kind: 1 | 2): boolean => {
    if (eol === 0) eol = kind;
    else if (eol !== kind) return false;
    if (content) records++;
    content = false;
    fieldStart = true;
    length = 0;
    return true;
  };
  for (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (++length > MAX_RECORD_CHARS) return undefined;
      if (inQuotes) {
        if (quoteSeen) {
          quoteSeen = false;
          if (c === QUOTE) continue; // "" stands for one quote
          inQuotes = false; // that quote closed the field: what follows must end it
          if (c !== delim && c !== CR && c !== LF) return undefined;
        } else {
          if (c === QUOTE) quoteSeen = true;
          else if ((c === LF || c === CR) && eol === 0) return undefined;
          continue;
        }
      }
      if (pendingCr) {
        if (c !== LF) return undefined;
        pendingCr = false;
        if (!endOfLine(2)) return undefined;
        continue;
      }
      if (c === QUOTE) {
        if (!fieldStart) return undefined;
        inQuotes = true;
        fieldStart = false;
        content = true;
      } else if (c === delim) {
        fieldStart = true;
        content = true;
      } else if (c === CR) {
        pendingCr = true;
      } else if (c === LF) {
        if (!endOfLine(1)) return undefined;
      } else {
        fieldStart = false;
        content = true;
      }
    }
  }
  if (pendingCr || (inQuotes && !quoteSeen)) return undefined;
  return content ? records + 1 : records;
}

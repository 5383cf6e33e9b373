// Bytes to text: a byte-order mark first, else valid UTF-8, else chardet's
// guess (windows-1252, ISO-8859-x…) decoded by iconv-lite. Decoding runs in
// slices, so a large file is never one string twice.
import { isUtf8 } from 'node:buffer';
import chardet from 'chardet';
import iconv from 'iconv-lite';
import { TransferError } from './errors.ts';

const SLICE = 1 << 20;
const SNIFF = 1 << 20;

export interface Decoded {
  encoding: string;
  /** The text in slices of about 1 MB, without its byte-order mark. */
  chunks(): Iterable<string>;
  /** The first ~64 KB of text, for detecting the delimiter and the header. */
  head: string;
}

function encodingOf(bytes: Buffer): { encoding: string; bom: number } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', bom: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', bom: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', bom: 2 };
  const sniff = bytes.subarray(0, SNIFF);
  if (sniff.includes(0)) {
    // NUL bytes are text only in UTF-16 (a file without its mark).
    const guess = chardet.detect(sniff)?.toLowerCase();
    if (guess === 'utf-16le' || guess === 'utf-16be') return { encoding: guess, bom: 0 };
    throw new TransferError('This is a binary file, not a CSV or JSON file of links.');
  }
  if (isUtf8(bytes)) return { encoding: 'utf-8', bom: 0 };
  const guess = chardet.detect(sniff)?.toLowerCase();
  // Files that claim Latin-1 are nearly always Windows' superset of it (curly quotes, €).
  const encoding = guess === 'iso-8859-1' ? 'windows-1252' : guess;
  if (!encoding || encoding.startsWith('utf') || !iconv.encodingExists(encoding)) {
    throw new TransferError('The text encoding of this file could not be recognised. Save it as UTF-8 and try again.');
  }
  return { encoding, bom: 0 };
}

export function decode(bytes: Buffer): Decoded {
  const { encoding, bom } = encodingOf(bytes);
  const body = bytes.subarray(bom);
  function* chunks() {
    const decoder = iconv.getDecoder(encoding, { stripBOM: false });
    for (let i = 0; i < body.length; i += SLICE) {
      const s = decoder.write(body.subarray(i, i + SLICE));
      if (s) yield s;
    }
    const rest = decoder.end();
    if (rest) yield rest;
  }
  const head = iconv.decode(body.subarray(0, 64 * 1024), encoding, { stripBOM: false });
  return { encoding, chunks, head };
}

// What every reader of a format shares: a row as a map of normalized column
// names, the error that rejects one row, and small converters of foreign values.
import type { ImportFormat, PortableLink } from '../types.ts';

/** One data row: normalized column name → cell (CSV: string; JSON: any value). */
export type Rec = Map<string, unknown>;

/** Rejects one row: `field` is the link field (or the file's column) at fault. */
export class RowError extends Error {
  field: string;
  constructor(field: string, reason: string) {
    super(reason);
    this.field = field;
  }
}

export interface FormatSpec {
  format: ImportFormat;
  /** Recognises the format from the file's normalized column names. */
  matches(columns: Set<string>): boolean;
  /** Normalized column → the link field it fills; every other column fills none. */
  fields: Record<string, keyof PortableLink>;
  /** Columns (normalized) any one of which holds the destination. */
  url: string[];
  toLink(rec: Rec): PortableLink;
}

/** `Long URL`, `longUrl` and `long_url` are one column. */
export const norm = (name: string) =>
  name.trim().replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');

export const has = (cols: Set<string>, ...names: string[]) => names.some((n) => cols.has(n));

/** A cell as text; empty and missing are null. */
export function text(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  const s = (typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v)).trim();
  return s === '' ? null : s;
}

/** The first of `names` that has a value. */
export function first(rec: Rec, ...names: string[]): unknown {
  for (const n of names) {
    const v = rec.get(n);
    if (text(v) !== null) return v;
  }
  return undefined;
}

export function requireUrl(rec: Rec, ...names: string[]): string {
  const url = text(first(rec, ...names));
  if (url === null) throw new RowError('url', 'The destination URL is empty.');
  return url;
}

export function truthy(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  return ['true', '1', 'yes', 'y'].includes(text(v)?.toLowerCase() ?? '');
}

export function positiveInt(field: string, v: unknown): number | null {
  const s = text(v);
  if (s === null) return null;
  if (!/^\d+$/.test(s) || Number(s) < 1) throw new RowError(field, `"${s}" is not a whole number of 1 or more.`);
  return Number(s);
}

/**
 * An instant as ISO 8601 UTC: ISO strings, `YYYY-MM-DD HH:MM:SS` (read as UTC,
 * as YOURLS and MySQL write it), Unix seconds and (Short.io) Unix milliseconds. Anything else stays as written.
 */
export function instant(v: unknown): string | null {
  const s = text(v);
  if (s === null) return null;
  const ms = /^\d{9,11}$/.test(s) ? Number(s) * 1000 : /^\d{12,14}$/.test(s) ? Number(s) : Date.parse(/^\d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)?$/.test(s) ? `${s.replace(' ', 'T')}Z` : s);
  return Number.isNaN(ms) ? s : new Date(ms).toISOString();
}

/** An instant as expiration date and time (UTC: the file says when, the instance's zone is unknown here). */
export function expiryOf(field: string, v: unknown): Pick<PortableLink, 'expiration_date' | 'expiration_time'> {
  const iso = instant(v);
  if (iso === null) return { expiration_date: null, expiration_time: null };
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(iso)) throw new RowError(field, `"${iso}" is not a date and time.`);
  return { expiration_date: iso.slice(0, 10), expiration_time: iso.slice(11, 16) };
}

/** Domains that belong to a hosted service, never to the person importing: their links go to the default domain. */
const SERVICE_DOMAINS = new Set(['bit.ly', 'bitly.is', 'j.mp', 'kutt.it', 'dub.sh', 'dub.link']);

/** `https://sho.rt/abc` or `sho.rt/abc` → its domain and alias. */
export function shortUrlParts(v: unknown): { domain: string | null; alias: string | null } {
  const s = text(v);
  if (s === null) return { domain: null, alias: null };
  try {
    const u = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(s) ? s : `https://${s}`);
    const alias = decodeURIComponent(u.pathname.replace(/^\/+|\/+$/g, '')) || null;
    return { domain: SERVICE_DOMAINS.has(u.hostname) ? null : u.hostname, alias };
  } catch {
    return { domain: null, alias: s };
  }
}

/** An alias as some exports write it: `/abc/` (YOURLS's plugin) is `abc`; a short URL gives its path. */
export function aliasOf(v: unknown): string | null {
  const s = text(v);
  if (s === null) return null;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(s)) return shortUrlParts(s).alias;
  return s.replace(/^\/+|\/+$/g, '') || null;
}

// Field builders for form-encoded and JSON bodies alike: form values arrive as
// strings, so numbers, lists and flags are read from text there; JSON is taken
// as typed (a list is an array, a number a number). Every failure carries a
// message that names the field.
import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { hiddenInNameMessage, nameIsVisible } from '../user-names.ts';
import { CANONICAL_ID } from '../canonical-id.ts';
import { declared, orAlso } from './openapi-marks.ts';

/**
 * Digits as a form sends a number. Any length: one beyond Number.MAX_SAFE_INTEGER reads as a
 * number above it, refused by the builder's maximum ("may not be greater than"), never rounded in.
 */
const isPlainNumberString = (v: unknown): v is string => typeof v === 'string' && /^\s*-?\d{1,300}\s*$/.test(v);

/**
 * Whether the values being read came from a form body or a query string, where every value is
 * text and one value stands for a list of one. The validator (electron/server/api/validation.ts)
 * reads forms and queries through readingForm; anything else (JSON, the app's own checks) is
 * taken as typed.
 */
let formValues = false;
export function readingForm<T>(form: boolean, read: () => T): T {
  const before = formValues;
  formValues = form;
  try {
    return read();
  } finally {
    formValues = before;
  }
}
export const isReadingForm = () => formValues;
/** A number from a form's text; anything else as it is. */
const numberOfForm = (v: unknown) => (formValues && isPlainNumberString(v) ? Number(v) : v);

/** '' means "clear this field" in a form; in JSON, null means the same. */
const emptyToNull = (v: unknown) => (v === '' ? null : v);

export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

const required = (field: string) => `The ${field} field is required.`;

export const str = (field: string, max: number = LIMITS.nameLength) =>
  declared(z
    .string({ error: (i) => (i.input === undefined || i.input === null ? required(field) : `The ${field} must be a string.`) })
    .trim()
    .min(1, required(field))
    .max(max, `The ${field} may not be greater than ${max} characters.`)
    // Neither engine keeps one: FTS5 ends a search term at it, PostgreSQL refuses it in text.
    .refine((s) => !s.includes('\0'), `The ${field} may not contain NUL characters.`), (j) => {
    // Spaces around are trimmed before the length is counted: something besides them, and no NUL.
    j.pattern = '^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$';
  });

/** A user's name: one that shows as what it is, in the API and the CLI alike (shared/user-names.ts). */
export const userName = (field = 'name') => str(field).refine(nameIsVisible, hiddenInNameMessage(field));

/** What the OpenAPI document says of an http(s) URL (isHttpUrl): a URI whose scheme is http or https, spaces around it trimmed. */
export const HTTP_URL_PATTERN = '^\\s*[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#]';

export const httpUrl = (field: string) =>
  declared(str(field, LIMITS.urlLength).refine(isHttpUrl, `The ${field} must be a valid URL starting with http:// or https://.`), (j) => {
    j.format = 'uri';
    j.pattern = HTTP_URL_PATTERN;
  });


export const int = (field: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    numberOfForm,
    z
      .number({ error: (i) => (i.input === undefined ? required(field) : `The ${field} must be an integer.`) })
      // Bounds first, and alone: 2^53 is too large, not "not an integer" (zod's int is a safe integer).
      .min(min, { message: `The ${field} must be at least ${min}.`, abort: true })
      .max(max, { message: `The ${field} may not be greater than ${max}.`, abort: true })
      .int(`The ${field} must be an integer.`),
  );

export const id = (field: string) => int(field, 1);

/**
 * An id in a path (`/users/:id`): only its canonical spelling. `01`, `+1`, ` 1`, `1.0` and `1e0`
 * name no record (the route answers 404), so a typo or a sloppy script cannot act on record 1.
 */
export const pathId = (field: string) => z.preprocess(
  (v) => (typeof v === 'string' && CANONICAL_ID.test(v) ? Number(v) : v),
  z.number({ error: `The ${field} must be an id.` }).int().min(1).max(Number.MAX_SAFE_INTEGER),
);

export const oneOf = <const T extends readonly number[]>(field: string, values: T) =>
  declared(z.preprocess(
    // true/false stand for 1/0 (phpShort's `boolean` fields take them in JSON).
    (v) => (typeof v === 'boolean' ? Number(v) : numberOfForm(v)),
    z.literal(values as unknown as T[number][], { error: `The selected ${field} is invalid; allowed: ${values.join(', ')}.` }),
  ), (j) => {
    // In JSON, true and false as 1 and 0 where those are allowed (a form's "1" is the number's text anyway).
    if ((values as readonly number[]).includes(0) && (values as readonly number[]).includes(1)) orAlso(j, { type: 'boolean' });
  });

export const oneOfStrings = <const T extends readonly string[]>(field: string, values: T) =>
  z.literal(values as unknown as T[number][], { error: `The selected ${field} is invalid; allowed: ${values.join(', ')}.` });

/**
 * Optional in the body; '' or null clears it (stored as null). The optional is
 * outermost so that an absent field is passed over before the preprocess pipe
 * runs: most bodies leave most fields out, and a 100k-link import spent half
 * its validation there (the answers are the same either way).
 */
export const clearable = <T extends z.ZodType>(schema: T) =>
  declared(z.preprocess(emptyToNull, schema.nullable()), (j) => orAlso(j, { const: '', description: 'Clears the field, as null does' })).optional();

/**
 * A list: in JSON an array (null for none); in a form a bracket list (`a[]=1&a[]=2`), repeated
 * values (`a=1&a=2`), an indexed object (`a[0]=1&a[150]=2`, `{"0":…,"150":…}`) or a single
 * value, which is a list of one (`ids=5`, as `ids[]=5`). Anything else is left for the schema
 * to refuse: a JSON object or scalar is not a list.
 */
export function toList(v: unknown): unknown {
  if (v === null) return [];
  if (!formValues) return v;
  if (v === '') return [];
  // A form's empty entry (`pixel_ids[]=`) means "none", not an invalid item.
  if (Array.isArray(v)) return v.filter((item) => item !== '');
  if (typeof v === 'object') {
    const entries = Object.entries(v);
    if (entries.every(([k]) => /^\d+$/.test(k))) {
      return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, val]) => val);
    }
    return v;
  }
  return [v];
}

/**
 * A list's length check that runs on a list only: zod runs length checks on anything with a
 * length, so a string sent for a list was also "more than N items". (`when` is a check option
 * zod's types leave out of the length checks' parameters.)
 */
export const onList = (message: string) => ({ message, when: (p: { value: unknown }) => Array.isArray(p.value) }) as { message: string };

export const list = <T extends z.ZodType>(field: string, item: T, max: number) =>
  declared(z.preprocess(
    toList,
    z.array(item, { error: `The ${field} must be a list.` }).max(max, onList(`The ${field} may not have more than ${max} items.`)),
  ), (j) => orAlso(j, { type: 'null', description: 'None, as [] is' }));

export const dateString = (field: string) =>
  declared(z
    .string({ error: `The ${field} must be a date in the format YYYY-MM-DD.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `The ${field} must be a date in the format YYYY-MM-DD.`)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, `The ${field} is not a valid date.`), (j) => { j.format = 'date'; });

/**
 * The UTC instant (ms) of a wall-clock date (YYYY-MM-DD) and time (HH:MM) in the instance's
 * time zone. The server passes its zone's (util/time.ts zoneClock); UTC_CLOCK where none is known.
 */
export type WallClock = (date: string, hhmm: string) => number;
export const UTC_CLOCK: WallClock = (date, hhmm) => Date.parse(`${date}T${hhmm}:00Z`);

const DAY_MS = 86_400_000;
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysIn = (y: number, m: number) => [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/**
 * An ISO 8601 date or date-time as the UTC instant (ms) it names, or null when it names none:
 * impossible dates (2030-02-30) and times (24:00, 10:60) are refused, not rolled forward. With an
 * offset (Z, +05:00) it is that instant; without one, the wall clock's zone. A date alone means
 * through the end of that day: the instant the next day begins.
 */
export function instantOf(text: string, clock: WallClock = UTC_CLOCK): number | null {
  const m = INSTANT.exec(text);
  if (!m) return null;
  const [, y, mo, d, hh, mi, ss, frac, offset] = m;
  const year = Number(y), month = Number(mo), day = Number(d);
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  const date = `${y}-${mo}-${d}`;
  if (hh === undefined) return clock(new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10), '00:00');
  if (Number(hh) > 23 || Number(mi) > 59 || Number(ss ?? 0) > 59) return null;
  const extra = Number(ss ?? 0) * 1000 + Math.floor(Number(frac ?? 0) * 1000);
  if (!offset) return clock(date, `${hh}:${mi}`) + extra;
  const wall = Date.parse(`${date}T${hh}:${mi}:00Z`) + extra;
  if (/^z$/i.test(offset)) return wall;
  const o = offset.replace(':', '');
  const [oh, om] = [Number(o.slice(1, 3)), Number(o.slice(3) || 0)];
  if (oh > 23 || om > 59) return null;
  return wall - (offset[0] === '-' ? -1 : 1) * (oh * 60 + om) * 60_000;
}

/** ISO 8601 UTC with seconds, as every *_at field is stored and answered. */
export const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A date-time field: an exact instant in ISO 8601 UTC with seconds (see instantOf). */
export const isoInstant = (field: string, clock: WallClock = UTC_CLOCK) => {
  const message = `The ${field} must be a real date or date and time in ISO 8601, such as 2030-01-31, 2030-01-31T12:00:00Z or 2030-01-31T17:00:00+05:00.`;
  return declared(z
    .string({ error: message })
    .trim()
    .transform((s, ctx) => {
      const ms = instantOf(s, clock);
      if (ms === null || Number.isNaN(ms)) {
        ctx.issues.push({ code: 'custom', message, input: s });
        return z.NEVER;
      }
      return isoSeconds(ms);
    }), (j) => {
    // JSON Schema patterns have no i flag: the T and the Z either way.
    j.pattern = `^\\s*${INSTANT.source.slice(1, -1).replace('[T ]', '[Tt ]').replace('(Z|', '([Zz]|')}\\s*$`;
    j.description ??= 'An ISO 8601 date (through the end of that day) or date and time; without an offset, in the instance time zone';
  });
};

export const timeString = (field: string) =>
  z
    .string({ error: `The ${field} must be a time in the format HH:MM.` })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `The ${field} must be a time in the format HH:MM.`);

export const searchText = str('search', LIMITS.searchLength).optional();

import { UTC_CLOCK, type WallClock } from '../../../shared/schemas/fields.ts';

/** ISO 8601 UTC with seconds, as every *_at field is given. */
export const isoNow = (now = Date.now()) => new Date(now).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** One formatter per zone: making one costs far more than using it (a bulk import converts thousands of expiries). */
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (timeZone: string) => {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
};

/** Offset (ms) of `timeZone` from UTC at the instant `utcMs`. */
function offsetAt(utcMs: number, timeZone: string): number {
  const parts = formatterOf(timeZone).formatToParts(new Date(utcMs));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/** `YYYY-MM-DD HH:MM`: the wall clock of `timeZone` at the instant `utcMs` (current phpShort's `Y-m-d H:i`). */
export function utcToZoned(utcMs: number, timeZone: string): string {
  return new Date(utcMs + offsetAt(utcMs, timeZone)).toISOString().slice(0, 16).replace('T', ' ');
}

/** Recent answers: an import gives thousands of links the same few expiry dates. */
const converted = new Map<string, { utc: number; exists: boolean }>();

/**
 * The UTC instant of a wall-clock date and time (`HH:MM` or `HH:MM:SS`) in `timeZone`: the one
 * conversion from a wall clock to an instant (rules' `between`, the active period, expiry, audit
 * days all come here). A wall time the zone passes twice (clocks going back) is its first, earlier
 * instant; one the zone skips (clocks going forward: 02:30 on a spring night in New York) is the
 * first instant after the skip (03:00 EDT, 07:00Z), so a period starting or ending inside the
 * gap starts or ends where the clocks resume. wallTimeExists says which times are skipped.
 */
export function zonedToUtc(date: string, time: string, timeZone: string): number {
  return lookup(date, time, timeZone).utc;
}

/** Whether `timeZone`'s clocks ever show this date and time (false inside a DST gap). */
export function wallTimeExists(date: string, time: string, timeZone: string): boolean {
  return lookup(date, time, timeZone).exists;
}

function lookup(date: string, time: string, timeZone: string) {
  const key = `${timeZone} ${date} ${time}`;
  const known = converted.get(key);
  if (known !== undefined) return known;
  const answer = convert(date, time, timeZone);
  if (converted.size >= 1000) converted.clear();
  converted.set(key, answer);
  return answer;
}

const DAY_MS = 86_400_000;

function convert(date: string, time: string, timeZone: string): { utc: number; exists: boolean } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm, ss = 0] = time.split(':').map(Number) as [number, number, number?];
  const wall = Date.UTC(y, m - 1, d, hh, mm, ss);
  // The offsets in force around this wall time: a zone changes its offset at most once a day.
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const candidates = [...new Set([before, offsetAt(wall, timeZone), after])]
    .map((o) => wall - o)
    .filter((utc) => utc + offsetAt(utc, timeZone) === wall);
  if (candidates.length) return { utc: Math.min(...candidates), exists: true };
  return { utc: gapEnd(wall, before, after, timeZone), exists: false };
}

/**
 * The instant the clocks jump over `wall` (the first instant after the gap): it lies after
 * `wall - after` (still the old offset) and at or before `wall - before` (already the new one);
 * found to the second, as offsetAt reads offsets.
 */
function gapEnd(wall: number, before: number, after: number, timeZone: string): number {
  let lo = Math.floor((wall - after) / 1000); // old offset in force
  let hi = Math.floor((wall - before) / 1000); // new offset in force
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetAt(mid * 1000, timeZone) === before) lo = mid;
    else hi = mid;
  }
  return hi * 1000;
}

export function isValidTimeZone(tz: string): boolean {
  if (tz === 'UTC') return true; // the default, checked without loading ICU's zone data
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of `timeZone` for date fields (shared/schemas/fields.ts instantOf). */
export const zoneClock = (timeZone: string): WallClock =>
  (timeZone === 'UTC' ? UTC_CLOCK : (date, hhmm) => zonedToUtc(date, hhmm, timeZone));

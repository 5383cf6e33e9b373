// Calendar days as whole numbers (days since 1970-01-01) of the instance's
// time zone: what click rollups are keyed by. A click's day is asked for on
// every stored click, and Intl is slow, so the zone's offset is remembered per
// quarter hour of UTC (every zone's offset changes only at such boundaries).
const DAY_MS = 86_400_000;
const QUARTER_MS = 900_000;

export type DayNumber = number;

/** `YYYY-MM-DD` to its day number (no zone involved: a date names a day). */
export const dayOfDate = (date: string): DayNumber => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

export const dateOfDay = (day: DayNumber): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The ISO week's Monday and the month's first day of a day, for weekly and monthly buckets. */
export function bucketOf(day: DayNumber, interval: 'day' | 'week' | 'month'): DayNumber {
  if (interval === 'day') return day;
  if (interval === 'week') return day - ((((day + 3) % 7) + 7) % 7); // 1970-01-01 was a Thursday; days before it are negative
  const d = new Date(day * DAY_MS);
  return Math.floor(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / DAY_MS);
}

/** The bucket after `bucket`. */
export function nextBucket(bucket: DayNumber, interval: 'day' | 'week' | 'month'): DayNumber {
  if (interval === 'day') return bucket + 1;
  if (interval === 'week') return bucket + 7;
  const d = new Date(bucket * DAY_MS);
  return Math.floor(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / DAY_MS);
}

/**
 * Maps an instant (Unix ms) to its day in `timeZone`. UTC's days need no
 * Intl; another zone's formatters are made on the first day asked for, so a
 * server that has not yet stored a click holds none of ICU's zone data.
 */
export function dayCounter(timeZone: string): (utcMs: number) => DayNumber {
  if (timeZone === 'UTC') return (utcMs) => Math.floor(utcMs / DAY_MS);
  let fmt: Intl.DateTimeFormat | undefined;
  let fmtTime: Intl.DateTimeFormat | undefined;
  let quarter = Number.NaN;
  let startDay = 0;
  let msIntoDay = 0; // local ms since local midnight at the quarter's start
  return (utcMs) => {
    const q = Math.floor(utcMs / QUARTER_MS);
    if (q !== quarter) {
      fmt ??= new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
      fmtTime ??= new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' });
      quarter = q;
      const at = new Date(q * QUARTER_MS);
      startDay = dayOfDate(fmt.format(at));
      const [h, m] = fmtTime.format(at).split(':').map(Number) as [number, number];
      msIntoDay = (h * 60 + m) * 60_000;
    }
    // Within a quarter hour the offset is constant, so local midnight is crossed
    // only when the local time-of-day passes 24:00.
    return msIntoDay + (utcMs - quarter * QUARTER_MS) >= DAY_MS ? startDay + 1 : startDay;
  };
}

/** Today's day number in `timeZone`. */
export const today = (timeZone: string, now = Date.now()) => dayCounter(timeZone)(now);

/**
 * Maps an instant (Unix ms) to its hour of day (0-23) in `timeZone`, the
 * zone's offset remembered per quarter hour as dayCounter does.
 */
export function hourCounter(timeZone: string): (utcMs: number) => number {
  const HOUR_MS = 3_600_000;
  if (timeZone === 'UTC') return (utcMs) => Math.floor((((utcMs % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS);
  let fmtTime: Intl.DateTimeFormat | undefined;
  let quarter = Number.NaN;
  let msIntoDay = 0;
  return (utcMs) => {
    const q = Math.floor(utcMs / QUARTER_MS);
    if (q !== quarter) {
      fmtTime ??= new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' });
      quarter = q;
      const [h, m] = fmtTime.format(new Date(q * QUARTER_MS)).split(':').map(Number) as [number, number];
      msIntoDay = (h * 60 + m) * 60_000;
    }
    return Math.floor(((msIntoDay + (utcMs - quarter * QUARTER_MS)) % DAY_MS) / HOUR_MS);
  };
}

/** A day's weekday, 1 = Monday … 7 = Sunday (1970-01-01, day 0, was a Thursday). */
export const weekdayOf = (day: DayNumber): number => ((((day + 3) % 7) + 7) % 7) + 1;

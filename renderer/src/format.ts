// The one way the screens show dates, times, numbers and counted nouns: Intl
// in the user's locale and time zone. `makeFormat` takes both explicitly (the
// unit test runs three of each); the screens use `fmt`, made for this window.
//
// Two kinds of time reach the screens. Instants (`created_at`, `ends_at`) are
// ISO 8601 with a zone and are shown in the user's time zone. Calendar values
// (`expiration_date` and `expiration_time`, statistics days) are already in the
// instance's time zone: they are shown as written, never shifted.

import { getLocale } from './i18n/current.ts';
import { useLocale } from './i18n/use-locale.ts';

export interface Noun { one: string; other: string }

export interface Format {
  readonly locale: string;
  readonly timeZone: string;
  /** An instant: date and time. '—' for none. */
  dateTime(iso: string | null | undefined): string;
  /** An instant: its date only. */
  date(iso: string | null | undefined): string;
  /** An instant, compactly (for narrow table cells). */
  shortDate(iso: string | null | undefined): string;
  /** A calendar day `YYYY-MM-DD` as written (statistics buckets, expiry dates). */
  day(ymd: string | null | undefined): string;
  /** A calendar day, compactly (a chart's axis). */
  shortDay(ymd: string): string;
  /** A calendar month `YYYY-MM`. */
  month(ym: string): string;
  /** A calendar day and a wall-clock `HH:MM` as written (a link's expiry, in the instance's time zone). */
  dayTime(ymd: string, hm: string | null | undefined): string;
  /** A whole count: 1,234 / 1.234 / 1 234. */
  count(n: number): string;
  /** A number with at most `digits` decimals. */
  number(n: number, digits?: number): string;
  /** "1 link", "2,000 links": the count and the noun in the plural the locale asks for. */
  plural(n: number, noun: Noun): string;
}

const dash = '—';

/** Midday UTC of a calendar day: the same date in every zone once formatted in UTC. */
function calendar(ymd: string): Date | null {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(ymd);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, m[3] ? Number(m[3]) : 1, 12));
  return Number.isNaN(d.getTime()) ? null : d;
}

export function makeFormat(opts: { locale?: string; timeZone?: string } = {}): Format {
  const resolved = new Intl.DateTimeFormat(opts.locale, opts.timeZone ? { timeZone: opts.timeZone } : {}).resolvedOptions();
  const locale = resolved.locale;
  const timeZone = resolved.timeZone;
  const inZone = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { ...o, timeZone });
  const asWritten = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { ...o, timeZone: 'UTC' });
  const dateTime = inZone({ dateStyle: 'medium', timeStyle: 'short' });
  const dateOnly = inZone({ dateStyle: 'medium' });
  const short = inZone({ dateStyle: 'short' });
  const day = asWritten({ dateStyle: 'medium' });
  const shortDay = asWritten({ month: 'short', day: 'numeric' });
  const month = asWritten({ month: 'short', year: 'numeric' });
  const dayTime = asWritten({ dateStyle: 'medium', timeStyle: 'short' });
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  // The words are English, so English decides singular or plural ("0 links", even where French says "0 lien").
  const plurals = new Intl.PluralRules('en');
  const numbers = new Map<number, Intl.NumberFormat>();

  const instant = (f: Intl.DateTimeFormat) => (iso: string | null | undefined): string => {
    if (!iso) return dash;
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? iso : f.format(d);
  };
  const written = (f: Intl.DateTimeFormat) => (v: string | null | undefined): string => {
    if (!v) return dash;
    const d = calendar(v);
    return d ? f.format(d) : v;
  };

  return {
    locale,
    timeZone,
    dateTime: instant(dateTime),
    date: instant(dateOnly),
    shortDate: instant(short),
    day: written(day),
    shortDay: written(shortDay),
    month: written(month),
    dayTime(ymd, hm) {
      const d = calendar(ymd);
      const t = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hm ?? '00:00');
      if (!d || !t) return ymd;
      d.setUTCHours(Number(t[1]), Number(t[2]));
      return dayTime.format(d);
    },
    count: (n) => integer.format(n),
    number(n, digits = 1) {
      let f = numbers.get(digits);
      if (!f) numbers.set(digits, (f = new Intl.NumberFormat(locale, { maximumFractionDigits: digits })));
      return f.format(n);
    },
    plural: (n, noun) => `${integer.format(n)} ${plurals.select(n) === 'one' ? noun.one : noun.other}`,
  };
}

/** The window's formats, made again when its locale changes (the system's time zone throughout). */
let current: { locale: string; format: Format } | null = null;
function now(): Format {
  const locale = getLocale();
  if (current?.locale !== locale) current = { locale, format: makeFormat({ locale }) };
  return current.format;
}

/**
 * This window's formats, in its current locale: each call formats in the locale
 * of the moment (a component re-renders on a change through useIntl/useLocale).
 */
export const fmt: Format = {
  get locale() { return now().locale; },
  get timeZone() { return now().timeZone; },
  dateTime: (iso) => now().dateTime(iso),
  date: (iso) => now().date(iso),
  shortDate: (iso) => now().shortDate(iso),
  day: (ymd) => now().day(ymd),
  shortDay: (ymd) => now().shortDay(ymd),
  month: (ym) => now().month(ym),
  dayTime: (ymd, hm) => now().dayTime(ymd, hm),
  count: (n) => now().count(n),
  number: (n, digits) => now().number(n, digits),
  plural: (n, noun) => now().plural(n, noun),
};

/** The window's formats in a component: re-renders when the locale changes. */
export function useFormat(): Format {
  useLocale();
  return fmt;
}

// The names the screens have used so far, kept as plain functions.
export const formatDateTime = fmt.dateTime;
export const formatDate = fmt.date;
export const formatShortDate = fmt.shortDate;
export const formatCount = fmt.count;

export const LINK: Noun = { one: 'link', other: 'links' };

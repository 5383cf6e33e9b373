// Day numbers of the instance's time zone: what every click rollup is keyed by,
// so a wrong day here files clicks under the wrong date for good.
import { describe, expect, it } from 'vitest';
import { bucketOf, dateOfDay, dayCounter, dayOfDate, nextBucket, today } from '../../../electron/server/util/days.ts';

const at = (iso: string) => Date.parse(iso);
const dateIn = (timeZone: string) => {
  const c = dayCounter(timeZone);
  return (iso: string) => dateOfDay(c(at(iso)));
};

describe('dayOfDate and dateOfDay', () => {
  it('number days from 1970-01-01 and back, before 1970 too', () => {
    expect(dayOfDate('1970-01-01')).toBe(0);
    expect(dayOfDate('1970-01-02')).toBe(1);
    expect(dayOfDate('1969-12-31')).toBe(-1);
    for (const d of ['2024-02-29', '2025-12-31', '2000-03-01', '1969-07-20']) expect(dateOfDay(dayOfDate(d))).toBe(d);
  });
});

describe('dayCounter', () => {
  it('gives Berlin a 23-hour day when clocks go forward and a 25-hour day when they go back', () => {
    const berlin = dateIn('Europe/Berlin');
    // 2025-03-30: midnight CET is 23:00 UTC the day before, the next midnight (CEST) 22:00 UTC.
    expect(berlin('2025-03-29T22:59:59.999Z')).toBe('2025-03-29');
    expect(berlin('2025-03-29T23:00:00.000Z')).toBe('2025-03-30');
    expect(berlin('2025-03-30T21:59:59.999Z')).toBe('2025-03-30');
    expect(berlin('2025-03-30T22:00:00.000Z')).toBe('2025-03-31');
    // 2025-10-26: 02:30 happens twice, both on the 26th; the day ends at 23:00 UTC.
    expect(berlin('2025-10-25T21:59:59.999Z')).toBe('2025-10-25');
    expect(berlin('2025-10-25T22:00:00.000Z')).toBe('2025-10-26');
    expect(berlin('2025-10-26T00:30:00.000Z')).toBe('2025-10-26');
    expect(berlin('2025-10-26T01:30:00.000Z')).toBe('2025-10-26');
    expect(berlin('2025-10-26T22:59:59.999Z')).toBe('2025-10-26');
    expect(berlin('2025-10-26T23:00:00.000Z')).toBe('2025-10-27');
  });

  it('moves New York midnight from 05:00 to 04:00 UTC in March and back in November', () => {
    const ny = dateIn('America/New_York');
    expect(ny('2025-03-09T04:59:59.999Z')).toBe('2025-03-08');
    expect(ny('2025-03-09T05:00:00.000Z')).toBe('2025-03-09');
    expect(ny('2025-03-10T03:59:59.999Z')).toBe('2025-03-09');
    expect(ny('2025-03-10T04:00:00.000Z')).toBe('2025-03-10');
    expect(ny('2025-11-02T03:59:59.999Z')).toBe('2025-11-01');
    expect(ny('2025-11-02T04:00:00.000Z')).toBe('2025-11-02');
    expect(ny('2025-11-03T04:59:59.999Z')).toBe('2025-11-02');
    expect(ny('2025-11-03T05:00:00.000Z')).toBe('2025-11-03');
  });

  it('handles zones 30 and 45 minutes off the hour', () => {
    const kathmandu = dateIn('Asia/Kathmandu'); // +05:45
    expect(kathmandu('2024-12-31T18:14:59.999Z')).toBe('2024-12-31');
    expect(kathmandu('2024-12-31T18:15:00.000Z')).toBe('2025-01-01');
    const kolkata = dateIn('Asia/Kolkata'); // +05:30
    expect(kolkata('2024-12-31T18:29:59.999Z')).toBe('2024-12-31');
    expect(kolkata('2024-12-31T18:30:00.000Z')).toBe('2025-01-01');
    const chatham = dateIn('Pacific/Chatham'); // +13:45 in (southern) summer
    expect(chatham('2025-01-01T10:14:59.999Z')).toBe('2025-01-01');
    expect(chatham('2025-01-01T10:15:00.000Z')).toBe('2025-01-02');
  });

  it('agrees with the time-zone database at every instant of a DST week, in any order', () => {
    for (const timeZone of ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'UTC']) {
      const fmt = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
      const counter = dayCounter(timeZone);
      const instants: number[] = [];
      // Seven odd minutes apart across the changes of these zones in 2025, southern ones included.
      for (const start of ['2025-03-06T00:00:00Z', '2025-03-27T00:00:00Z', '2025-04-03T00:00:00Z', '2025-10-02T00:00:00Z', '2025-10-23T00:00:00Z', '2025-10-30T00:00:00Z']) {
        for (let t = at(start); t < at(start) + 8 * 86_400_000; t += 7 * 60_000 + 13_000) instants.push(t);
      }
      // Backwards and then forwards again: the remembered quarter hour must not leak between calls.
      for (const t of [...instants.toReversed(), ...instants]) expect(dateOfDay(counter(t)), `${timeZone} ${new Date(t).toISOString()}`).toBe(fmt.format(t));
    }
  });

  it("counts UTC's days on either side of midnight, before 1970 too", () => {
    const utc = dayCounter('UTC');
    expect(utc(at('1970-01-01T00:00:00Z'))).toBe(0);
    expect(utc(at('1969-12-31T23:59:59.999Z'))).toBe(-1);
    expect(dateOfDay(utc(at('2024-02-29T23:59:59.999Z')))).toBe('2024-02-29');
    expect(dateOfDay(utc(at('2024-03-01T00:00:00Z')))).toBe('2024-03-01');
  });

  it('today() is the date in the zone, not in UTC', () => {
    const now = at('2025-03-10T03:00:00Z');
    expect(dateOfDay(today('America/New_York', now))).toBe('2025-03-09');
    expect(dateOfDay(today('UTC', now))).toBe('2025-03-10');
    expect(dateOfDay(today('Asia/Kathmandu', now))).toBe('2025-03-10');
  });
});

describe('buckets', () => {
  const week = (d: string) => dateOfDay(bucketOf(dayOfDate(d), 'week'));
  const month = (d: string) => dateOfDay(bucketOf(dayOfDate(d), 'month'));

  it('start weeks on Monday, across a year end and before 1970', () => {
    expect(week('2024-12-30')).toBe('2024-12-30'); // a Monday
    expect(week('2025-01-01')).toBe('2024-12-30');
    expect(week('2025-01-05')).toBe('2024-12-30'); // Sunday ends the week
    expect(week('2025-01-06')).toBe('2025-01-06');
    expect(week('1970-01-01')).toBe('1969-12-29');
    expect(week('1969-12-28')).toBe('1969-12-22');
  });

  it('start months on the 1st, leap days included', () => {
    expect(month('2025-01-31')).toBe('2025-01-01');
    expect(month('2024-02-29')).toBe('2024-02-01');
    expect(month('2025-12-01')).toBe('2025-12-01');
  });

  it('step to the next bucket over December into January', () => {
    const next = (d: string, i: 'day' | 'week' | 'month') => dateOfDay(nextBucket(dayOfDate(d), i));
    expect(next('2024-12-01', 'month')).toBe('2025-01-01');
    expect(next('2025-01-01', 'month')).toBe('2025-02-01');
    expect(next('2024-02-01', 'month')).toBe('2024-03-01');
    expect(next('2024-12-30', 'week')).toBe('2025-01-06');
    expect(next('2024-12-31', 'day')).toBe('2025-01-01');
  });
});

// The screens' one formatting module, in three locales and three time zones:
// an instant lands on the day it is where the user is, a calendar value (an
// expiry, a statistics day) is shown as written wherever the user is, and
// numbers group as the locale groups them.
import { describe, expect, it } from 'vitest';
import { makeFormat } from '../../../renderer/src/format.ts';

// 23:30 UTC on 18 November: still the 18th in Los Angeles, already the 19th in Berlin and Tokyo.
const INSTANT = '2026-11-18T23:30:00Z';
const LINK = { one: 'link', other: 'links' };

describe('formatting', () => {
  it('en-US in Los Angeles', () => {
    const f = makeFormat({ locale: 'en-US', timeZone: 'America/Los_Angeles' });
    expect(f.dateTime(INSTANT)).toBe('Nov 18, 2026, 3:30 PM');
    expect(f.date(INSTANT)).toBe('Nov 18, 2026');
    expect(f.shortDate(INSTANT)).toBe('11/18/26');
    expect(f.day('2026-11-18')).toBe('Nov 18, 2026');
    expect(f.shortDay('2026-11-18')).toBe('Nov 18');
    expect(f.month('2026-11')).toBe('Nov 2026');
    expect(f.dayTime('2026-11-18', '09:05')).toBe('Nov 18, 2026, 9:05 AM');
    expect(f.count(1234567)).toBe('1,234,567');
    expect(f.number(2.345)).toBe('2.3');
    expect(f.plural(1, LINK)).toBe('1 link');
    expect(f.plural(0, LINK)).toBe('0 links');
    expect(f.plural(10000, LINK)).toBe('10,000 links');
  });

  it('de-DE in Berlin', () => {
    const f = makeFormat({ locale: 'de-DE', timeZone: 'Europe/Berlin' });
    expect(f.dateTime(INSTANT)).toBe('19.11.2026, 00:30');
    expect(f.date(INSTANT)).toBe('19.11.2026');
    // A calendar day is the instance's, not shifted into Berlin.
    expect(f.day('2026-11-18')).toBe('18.11.2026');
    expect(f.dayTime('2026-11-18', '09:05')).toBe('18.11.2026, 09:05');
    expect(f.count(1234567)).toBe('1.234.567');
    expect(f.number(2.345)).toBe('2,3');
    expect(f.plural(10000, LINK)).toBe('10.000 links');
  });

  it('ja-JP in Tokyo', () => {
    const f = makeFormat({ locale: 'ja-JP', timeZone: 'Asia/Tokyo' });
    expect(f.dateTime(INSTANT)).toBe('2026/11/19 8:30');
    expect(f.date(INSTANT)).toBe('2026/11/19');
    expect(f.day('2026-11-18')).toBe('2026/11/18');
    expect(f.month('2026-11')).toBe('2026年11月');
    expect(f.count(1234567)).toBe('1,234,567');
    expect(f.plural(1, LINK)).toBe('1 link');
  });

  it('says nothing is there with a dash, and shows what it cannot read as it came', () => {
    const f = makeFormat({ locale: 'en-US', timeZone: 'UTC' });
    expect(f.dateTime(null)).toBe('—');
    expect(f.day(undefined)).toBe('—');
    expect(f.dateTime('not a date')).toBe('not a date');
    expect(f.day('2026-13-45x')).toBe('2026-13-45x');
    expect(f.dayTime('2026-11-18', null)).toBe('Nov 18, 2026, 12:00 AM');
  });
});

// A wall clock in a time zone as the instant it names (util/time.ts): the
// active period and the expiry are read this way. Around a DST change a wall
// time can be skipped (spring) or passed twice (autumn).
import { describe, expect, it } from 'vitest';
import { utcToZoned, wallTimeExists, zonedToUtc } from '../../../electron/server/util/time.ts';

const iso = (ms: number) => new Date(ms).toISOString();

describe('zonedToUtc', () => {
  it('reads an ordinary wall time with the offset in force then, seconds included', () => {
    expect(iso(zonedToUtc('2030-01-15', '12:00', 'America/New_York'))).toBe('2030-01-15T17:00:00.000Z');
    expect(iso(zonedToUtc('2030-07-15', '12:00:30', 'Europe/Berlin'))).toBe('2030-07-15T10:00:30.000Z');
    expect(iso(zonedToUtc('2030-07-15', '12:00', 'UTC'))).toBe('2030-07-15T12:00:00.000Z');
  });

  it('reads a skipped wall time past the skip, not an hour early, and says it does not exist', () => {
    // New York, 2030-03-10: 02:00 EST becomes 03:00 EDT. 02:30 is read as 03:30 EDT (07:30Z), as Temporal's "compatible".
    expect(iso(zonedToUtc('2030-03-10', '02:30', 'America/New_York'))).toBe('2030-03-10T07:30:00.000Z');
    expect(wallTimeExists('2030-03-10', '02:30', 'America/New_York')).toBe(false);
    expect(wallTimeExists('2030-03-10', '03:00', 'America/New_York')).toBe(true);
    expect(wallTimeExists('2030-03-10', '01:59:59', 'America/New_York')).toBe(true);
    // Berlin, 2030-03-31: 02:00 CET becomes 03:00 CEST.
    expect(wallTimeExists('2030-03-31', '02:15', 'Europe/Berlin')).toBe(false);
    expect(iso(zonedToUtc('2030-03-31', '02:15', 'Europe/Berlin'))).toBe('2030-03-31T01:15:00.000Z');
  });

  it('reads a wall time passed twice as the first instant, west and east of UTC', () => {
    expect(iso(zonedToUtc('2030-11-03', '01:30', 'America/New_York'))).toBe('2030-11-03T05:30:00.000Z');
    expect(iso(zonedToUtc('2030-10-27', '02:30', 'Europe/Berlin'))).toBe('2030-10-27T00:30:00.000Z');
    expect(wallTimeExists('2030-10-27', '02:30', 'Europe/Berlin')).toBe(true);
    // Lord Howe moves by half an hour.
    expect(iso(zonedToUtc('2030-04-07', '01:45', 'Australia/Lord_Howe'))).toBe('2030-04-06T14:45:00.000Z');
  });

  it('round-trips with utcToZoned outside the changes', () => {
    for (const [date, time, zone] of [['2030-06-01', '08:15', 'Asia/Kolkata'], ['2030-12-31', '23:59', 'Pacific/Auckland'], ['2030-02-28', '00:00', 'America/Sao_Paulo']] as const) {
      expect(utcToZoned(zonedToUtc(date, time, zone), zone)).toBe(`${date} ${time}`);
    }
  });
});

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

  it('reads a skipped wall time as the first instant after the skip, not an hour early, and says it does not exist', () => {
    // New York, 2030-03-10: 02:00 EST becomes 03:00 EDT. 02:30 is read as 03:00 EDT (07:00Z), where the clocks resume.
    expect(iso(zonedToUtc('2030-03-10', '02:30', 'America/New_York'))).toBe('2030-03-10T07:00:00.000Z');
    expect(wallTimeExists('2030-03-10', '02:30', 'America/New_York')).toBe(false);
    expect(wallTimeExists('2030-03-10', '03:00', 'America/New_York')).toBe(true);
    expect(wallTimeExists('2030-03-10', '01:59:59', 'America/New_York')).toBe(true);
    // Berlin, 2030-03-31: 02:00 CET becomes 03:00 CEST.
    expect(wallTimeExists('2030-03-31', '02:15', 'Europe/Berlin')).toBe(false);
    expect(iso(zonedToUtc('2030-03-31', '02:15', 'Europe/Berlin'))).toBe('2030-03-31T01:00:00.000Z');
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

// Every offset change of 2030, found with Intl on its own (not through util/time.ts), then every
// minute around it checked: a gap's minutes do not exist and read as the instant the clocks
// resume; an overlap's minutes read as their first (earlier) instant; the minutes either side
// read as ordinary times.
describe('every transition of 2030', () => {
  const MIN = 60_000;
  const offsetOf = (zone: string) => {
    const f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
    return (ms: number) => {
      const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]));
      return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!) - Math.floor(ms / MIN) * MIN;
    };
  };
  /** [instant of the change, offset before, offset after] for each change in 2030. */
  const transitions = (zone: string) => {
    const off = offsetOf(zone);
    const out: [number, number, number][] = [];
    for (let t = Date.UTC(2030, 0, 1); t < Date.UTC(2031, 0, 1); t += 3_600_000) {
      if (off(t) === off(t + 3_600_000)) continue;
      let lo = t / MIN;
      let hi = (t + 3_600_000) / MIN;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (off(mid * MIN) === off(t)) lo = mid;
        else hi = mid;
      }
      out.push([hi * MIN, off(t), off(t + 3_600_000)]);
    }
    return out;
  };
  /** The wall clock `ms` shows when read as UTC, as [date, HH:MM]. */
  const wallOf = (ms: number): [string, string] => {
    const s = new Date(ms).toISOString();
    return [s.slice(0, 10), s.slice(11, 16)];
  };

  it.each([
    ['America/New_York', 2, 60], ['Europe/Berlin', 2, 60], ['Australia/Lord_Howe', 2, 30], ['Asia/Kolkata', 0, 0],
  ] as const)('%s: %i changes of %i minutes, each gap and overlap read as the first instant', (zone, count, shift) => {
    const found = transitions(zone);
    expect(found).toHaveLength(count);
    let gaps = 0;
    let overlaps = 0;
    for (const [at, before, after] of found) {
      expect(Math.abs(after - before)).toBe(shift * MIN);
      if (after > before) {
        gaps++;
        // Wall times from at+before up to at+after are skipped.
        for (let wall = at + before; wall < at + after; wall += MIN) {
          const [d, t] = wallOf(wall);
          expect(wallTimeExists(d, t, zone), `${zone} ${d} ${t}`).toBe(false);
          expect(iso(zonedToUtc(d, t, zone)), `${zone} ${d} ${t}`).toBe(iso(at));
        }
        const [d0, t0] = wallOf(at + before - MIN); // the last minute before the gap
        expect(wallTimeExists(d0, t0, zone)).toBe(true);
        expect(iso(zonedToUtc(d0, t0, zone))).toBe(iso(at - MIN));
        const [d1, t1] = wallOf(at + after); // the first minute after it
        expect(wallTimeExists(d1, t1, zone)).toBe(true);
        expect(iso(zonedToUtc(d1, t1, zone))).toBe(iso(at));
      } else {
        overlaps++;
        // Wall times from at+after up to at+before are shown twice: the first is at wall-before.
        for (let wall = at + after; wall < at + before; wall += MIN) {
          const [d, t] = wallOf(wall);
          expect(wallTimeExists(d, t, zone), `${zone} ${d} ${t}`).toBe(true);
          expect(iso(zonedToUtc(d, t, zone)), `${zone} ${d} ${t}`).toBe(iso(wall - before));
          expect(utcToZoned(wall - before, zone)).toBe(`${d} ${t}`);
        }
        const [d0, t0] = wallOf(at + after - MIN); // the minute before the repeated stretch
        expect(iso(zonedToUtc(d0, t0, zone))).toBe(iso(at + after - MIN - before));
        const [d1, t1] = wallOf(at + before); // the first minute after it, read once (with the new offset)
        expect(wallTimeExists(d1, t1, zone)).toBe(true);
        expect(iso(zonedToUtc(d1, t1, zone))).toBe(iso(at + before - after));
      }
    }
    expect([gaps, overlaps]).toEqual(count ? [1, 1] : [0, 0]);
  });

  it('Asia/Kolkata has every minute of 2030-03-10 and 2030-11-03 (no daylight saving)', () => {
    for (const date of ['2030-03-10', '2030-11-03']) {
      for (let m = 0; m < 24 * 60; m += 1) {
        const t = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        expect(wallTimeExists(date, t, 'Asia/Kolkata')).toBe(true);
        expect(utcToZoned(zonedToUtc(date, t, 'Asia/Kolkata'), 'Asia/Kolkata')).toBe(`${date} ${t}`);
      }
    }
  });
});

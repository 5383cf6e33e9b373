// Targeting by every type of current phpShort's `targets_type` (issue 34),
// each with a visitor that matches and one that does not: country and
// continent from X-Forwarded-For behind --trust-proxy 1 (the embedded DB-IP
// database), operating system, browser and device from real User-Agents,
// language from Accept-Language. And the active period's start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLink, startRedirectServer, UA, type RedirectServer } from './helpers.ts';

const GB = '81.2.69.160';
const JP = '133.242.0.1';
const US = '8.8.8.8';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const SAMSUNG_TV = 'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0.3809.146 TV Safari/537.36';
const WATCH = 'Mozilla/5.0 (Linux; Android 11; SM-R800) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/90.0 Mobile Safari/537.36';

let s: RedirectServer;
beforeAll(async () => {
  s = await startRedirectServer({ trustProxy: 1 });
});
afterAll(async () => { await s.close(); });

const u = (p: string) => `https://example.com/${p}`;
let n = 0;
/** A link of one targets_type, form-encoded as a current phpShort client sends it; answers its alias. */
async function targeted(type: string, targets: [string, string][]): Promise<string> {
  const alias = `t${++n}`;
  const form = [`url=${encodeURIComponent(u('default'))}`, `alias=${alias}`, `targets_type=${type}`,
    ...targets.flatMap(([k, v], i) => [`targets[${i}][key]=${encodeURIComponent(k)}`, `targets[${i}][value]=${encodeURIComponent(u(v))}`])].join('&');
  await createLink(s, form);
  return alias;
}
const to = async (alias: string, headers: Record<string, string>) => (await s.hit(`/${alias}`, { headers })).location;

describe('targets_type', () => {
  it('countries: the visitor\'s country from X-Forwarded-For', async () => {
    const a = await targeted('countries', [['GB', 'uk'], ['JP', 'jp']]);
    expect(await to(a, { 'x-forwarded-for': GB })).toBe(u('uk'));
    expect(await to(a, { 'x-forwarded-for': JP })).toBe(u('jp'));
    expect(await to(a, { 'x-forwarded-for': US })).toBe(u('default'));
  });

  it('continents: the continent of that country', async () => {
    const a = await targeted('continents', [['EU', 'europe'], ['AS', 'asia']]);
    expect(await to(a, { 'x-forwarded-for': GB })).toBe(u('europe'));
    expect(await to(a, { 'x-forwarded-for': JP })).toBe(u('asia'));
    expect(await to(a, { 'x-forwarded-for': US })).toBe(u('default'));
  });

  it('operating_systems: phpShort\'s seven names from the User-Agent (a stored legacy key: compat-visits.test.ts)', async () => {
    const a = await targeted('operating_systems', [['Android', 'android'], ['OS X', 'mac'], ['Chrome OS', 'cros']]);
    expect(await to(a, { 'user-agent': UA.Android })).toBe(u('android'));
    expect(await to(a, { 'user-agent': UA['OS X'] })).toBe(u('mac'));
    expect(await to(a, { 'user-agent': UA['Chrome OS'] })).toBe(u('cros'));
    expect(await to(a, { 'user-agent': SAMSUNG_TV })).toBe(u('default')); // Tizen
    expect(await to(a, { 'user-agent': UA.iOS })).toBe(u('default'));
  });

  it('browsers: the browser family, mobile variants included', async () => {
    const a = await targeted('browsers', [['Firefox', 'firefox'], ['Safari', 'safari'], ['Samsung Internet', 'samsung']]);
    expect(await to(a, { 'user-agent': UA.Ubuntu })).toBe(u('firefox'));
    expect(await to(a, { 'user-agent': UA.iOS })).toBe(u('safari')); // Mobile Safari
    expect(await to(a, { 'user-agent': SAMSUNG_TV })).toBe(u('samsung'));
    expect(await to(a, { 'user-agent': UA.Windows })).toBe(u('default')); // Edge
  });

  it('devices: desktop, mobile, tablet, watch and television', async () => {
    const a = await targeted('devices', [['tablet', 'tablet'], ['mobile', 'mobile'], ['watch', 'watch'], ['television', 'tv']]);
    expect(await to(a, { 'user-agent': IPAD })).toBe(u('tablet'));
    expect(await to(a, { 'user-agent': UA.iOS })).toBe(u('mobile'));
    expect(await to(a, { 'user-agent': WATCH })).toBe(u('watch'));
    expect(await to(a, { 'user-agent': SAMSUNG_TV })).toBe(u('tv'));
    expect(await to(a, { 'user-agent': UA.Windows })).toBe(u('default'));
    const desk = await targeted('devices', [['desktop', 'desk']]);
    expect(await to(desk, { 'user-agent': UA.Windows })).toBe(u('desk'));
    expect(await to(desk, { 'user-agent': UA.Android })).toBe(u('default'));
  });

  it('languages: the first preferred language that has a target', async () => {
    const a = await targeted('languages', [['de', 'de'], ['fr', 'fr']]);
    expect(await to(a, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' })).toBe(u('de'));
    expect(await to(a, { 'accept-language': 'en-US,fr;q=0.7' })).toBe(u('fr'));
    expect(await to(a, { 'accept-language': 'en-US,en;q=0.9' })).toBe(u('default'));
  });

  it('a link written by the seed generation redirects the same (target_type=2, platform[])', async () => {
    await createLink(s, { url: u('default'), alias: 'seed-os', target_type: '2', 'platform[0][key]': 'iOS', 'platform[0][value]': u('ios') });
    expect(await to('seed-os', { 'user-agent': UA.iOS })).toBe(u('ios'));
    expect(await to('seed-os', { 'user-agent': UA.Android })).toBe(u('default'));
  });
});

describe('active period start', () => {
  it('a start ahead answers like an expired link: its expiration URL, else the 410 page', async () => {
    await createLink(s, { url: u('launch'), alias: 'soon', active_period_start_at: '2099-01-01 09:00', expiration_url: u('not-yet') });
    const withUrl = await s.hit('/soon');
    expect(withUrl.status).toBe(302);
    expect(withUrl.location).toBe(u('not-yet'));
    await createLink(s, { url: u('launch'), alias: 'soon-page', active_period_start_at: '2099-01-01 09:00' });
    const page = await s.hit('/soon-page');
    expect(page.status).toBe(410);
    expect(page.location).toBeUndefined();
  });

  it('a start passed redirects, and moving the start ahead closes it again', async () => {
    const link = await createLink(s, { url: u('launch'), alias: 'open', active_period_start_at: '2020-01-01 09:00' });
    expect((await s.hit('/open')).location).toBe(u('launch'));
    await s.api('PUT', `/links/${link.id}`, { active_period_start_at: '2099-01-01 09:00' });
    expect((await s.hit('/open')).status).toBe(410);
    await s.api('PUT', `/links/${link.id}`, { active_period_start_at: '' });
    expect((await s.hit('/open')).location).toBe(u('launch'));
  });
});

// Issue 45: each visitor page in each of the twelve languages, checked against the catalogs (catalog-check.ts): the
// page's words are its language's translation of each message it uses and no English words are left, with
// <html lang dir>, Content-Language, Vary and the CSP intact. Every message id of en.json is shown by some page here,
// except the three of the 500 page and "Others" (a rollup's rare values), checked below from the same builders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClickStore } from '../../../electron/server/db/repositories/click-store.ts';
import { createPgClickStore } from '../../../electron/server/db/repositories/pg-click-store.ts';
import { createPageTexts } from '../../../electron/server/i18n/page-text.ts';
import { errorPage } from '../../../electron/server/redirect/pages.ts';
import { statsPage } from '../../../electron/server/redirect/stats-page.ts';
import { LOCALES, type Locale } from '../../../shared/i18n/locales.ts';
import { BROWSER_TAGS, CATALOGS, expectLanguage, expectPageHeaders, type Use } from './catalog-check.ts';
import { catchUp, createLink, startRedirectServer, type Hit, type RedirectServer } from './helpers.ts';

const ids = (...list: string[]): Use[] => list.map((id) => ({ id }));
const SHELL = ids('page.shell.footer', 'page.shell.geoip');
const REPORT = ids('page.report.summary', 'page.report.intro', 'page.report.question', 'page.report.choose', 'page.report.reason.phishing',
  'page.report.reason.malware', 'page.report.reason.spam', 'page.report.reason.other', 'page.report.details', 'page.report.detailsHint', 'page.report.send');
const REPORT_OPEN = REPORT.filter((u) => u.id !== 'page.report.summary');
const BANNED = ids('page.banned.title', 'page.banned.heading', 'page.banned.safety', 'page.banned.careful');

let s: RedirectServer;
const seen = new Set<string>();

async function json(method: string, p: string, body: unknown, key = s.key) {
  const res = await fetch(`${s.url}/api/v1${p}`, {
    method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() as any };
}

beforeAll(async () => {
  s = await startRedirectServer({}, { webhooks: false });
  const px = async (type: string, pixel_id: string) => String((await s.api('POST', '/pixels', { name: type, type, pixel_id })).body.data.id);
  const pixels = [await px('google-analytics', 'G-ABCDEF1234'), await px('google-tag-manager', 'GTM-ABC1234'), await px('tiktok', 'C4ABCDEFGHIJ')];
  const form = new URLSearchParams({ url: 'https://shop.example.com/spring', alias: 'lx-px' });
  for (const id of pixels) form.append('pixel_ids[]', id);
  await createLink(s, form.toString());
  await createLink(s, { url: 'https://example.com/old', alias: 'lx-exp', expiration_date: '2020-01-01' });
  await createLink(s, { url: 'https://example.com/pw', alias: 'lx-lock', password: 'secret' });
  for (const l of LOCALES) await createLink(s, { url: 'https://example.com/pw', alias: `lx-pw-${l}`, password: 'secret' });
  await createLink(s, { url: 'https://example.com/sp', alias: 'lx-sp', privacy: '2', privacy_password: 'stats pw' });
  await createLink(s, { url: 'https://example.com/nsfw', alias: 'lx-sens', sensitive_content: '1' });
  await createLink(s, { url: 'https://example.com/rep', alias: 'lx-rep' });
  const st = await createLink(s, { url: 'https://example.com/st', alias: 'lx-st' });
  const [{ user_id: userId }] = await s.sql('SELECT user_id FROM links WHERE id = $1', [st.id]);
  const click = { link_id: st.id, user_id: userId, created_at: Date.now(), country: 'FR', continent: 'EU', device: 'mobile', platform: null, browser: null, language: 'de', referrer: null };
  if (s.store.engine === 'sqlite') createClickStore(s.store.sqlite, 'UTC').write([click]);
  else await createPgClickStore(s.store.pool, 'UTC').write([click]);
  // Banned for each reason a ban can have; the ban's source is set as the abuse checks set it.
  for (const source of ['admin', 'blocklist', 'threat', 'host', 'report']) {
    const l = await createLink(s, { url: `https://bad.example.net/${source}`, alias: `lx-ban-${source}` });
    expect((await json('POST', `/links/${l.id}/ban`, { reason: 'test' })).status).toBe(200);
    await s.sql('UPDATE links SET ban_source = $1 WHERE id = $2', [source, l.id]);
  }
  const legal = await createLink(s, { url: 'https://bad.example.net/legal', alias: 'lx-ban-legal' });
  expect((await json('POST', `/links/${legal.id}/ban`, { reason: 'court order', legal: true })).status).toBe(200);
  const key = await s.newUserKey('stopped');
  expect((await json('POST', '/links', { url: 'https://spam.example.com/a', alias: 'lx-stopped' }, key)).status).toBe(201);
  const uid = (await s.sql("SELECT id FROM users WHERE name = 'stopped'"))[0].id as number;
  expect((await json('PATCH', `/users/${uid}`, { status: 'suspended', links: 'stop' })).status).toBe(200);
  await catchUp(s);
  // The sixth wrong password within 15 minutes is refused (429) from then on.
  for (let i = 0; i < 5; i++) await s.hit('/lx-lock', { form: { password: 'wrong' } });
});
afterAll(async () => { await s?.close(); });

/** One page in one language: status, headers, and the catalog's words for `uses` (plus the page shell). */
function check(h: Hit, locale: Locale, status: number, uses: Use[], what: string) {
  expect(h.status, `${what} in ${locale}`).toBe(status);
  expectPageHeaders(h, locale, `${what} in ${locale}`);
  for (const id of expectLanguage(h, locale, [...SHELL, ...uses], what)) seen.add(id);
}

describe.each(LOCALES)('visitor pages in %s', (locale) => {
  const hit = (p: string, opts: Parameters<RedirectServer['hit']>[1] = {}) =>
    s.hit(p, { ...opts, headers: { 'accept-language': BROWSER_TAGS[locale], ...opts.headers } });

  it('home, not found, expired, bad request', async () => {
    check(await hit('/'), locale, 200, ids('page.landing.body'), 'home page');
    check(await hit('/lx-nothing'), locale, 404, ids('page.notFound.title', 'page.notFound.body'), 'not found');
    check(await hit('/lx-exp'), locale, 410, ids('page.expired.title', 'page.expired.heading', 'page.expired.body'), 'expired');
    const res = await fetch(`${s.url}/lx-rep`, { method: 'POST', body: '{', headers: { 'content-type': 'application/json', 'accept-language': BROWSER_TAGS[locale] } });
    const bad: Hit = { status: res.status, location: undefined, headers: Object.fromEntries(res.headers), text: await res.text() };
    check(bad, locale, 400, ids('page.error.badRequestTitle', 'page.error.badRequestBody'), 'bad request');
  });

  it('password forms, a wrong password, too many attempts, a form from another site', async () => {
    const pw = ids('page.password.title', 'page.password.label', 'page.password.continue');
    check(await hit(`/lx-pw-${locale}`), locale, 200, [...pw, ...ids('page.password.link'), ...REPORT], 'password form');
    check(await hit('/lx-sp+'), locale, 200, [...pw, ...ids('page.password.stats'), ...REPORT], 'statistics password form');
    check(await hit(`/lx-pw-${locale}`, { form: { password: 'wrong' } }), locale, 403, [...pw, ...ids('page.password.wrong'), ...REPORT], 'wrong password');
    const locked = await hit('/lx-lock', { form: { password: 'wrong' } });
    const minutes = Math.ceil(Number(locked.headers['retry-after']) / 60);
    check(locked, locale, 429, [{ id: 'page.tooManyAttempts.title' }, { id: 'page.tooManyAttempts.body', values: { minutes } }], 'too many attempts');
    const elsewhere = await hit(`/lx-pw-${locale}`, { form: { password: 'secret' }, headers: { origin: 'https://evil.example' } });
    check(elsewhere, locale, 403, ids('page.elsewhere.title', 'page.elsewhere.heading', 'page.elsewhere.body', 'page.elsewhere.again'), 'form from elsewhere');
  });

  it('consent (naming each service and what it does), the pixel page after Accept, the sensitive warning', async () => {
    const consent = await hit('/lx-px');
    check(consent, locale, 200, [
      ...ids('page.consent.title', 'page.consent.heading', 'page.consent.services', 'page.consent.accept', 'page.consent.decline'),
      { id: 'page.consent.intro' }, { id: 'page.consent.choice', values: { days: 30 } },
      ...['analytics', 'tags', 'ads'].map((kind) => ({ id: 'page.consent.service', values: { kind } })), ...REPORT,
    ], 'consent page');
    for (const brand of ['Google Analytics', 'Google Tag Manager', 'TikTok Pixel']) expect(consent.text).toContain(`<strong>${brand}</strong>`);
    const token = /name="token" value="([^"]+)"/.exec(consent.text)![1]!;
    check(await hit('/lx-px', { form: { consent: 'accept', token } }), locale, 200, ids('page.pixels.title', 'page.pixels.body'), 'pixel page');
    check(await hit('/lx-sens'), locale, 200, [...ids('page.sensitive.title', 'page.sensitive.heading', 'page.sensitive.body', 'page.sensitive.continue',
      'page.sensitive.back'), ...REPORT], 'sensitive warning');
  });

  it('public statistics: words, numbers, country and language names in the language, continents and devices', async () => {
    const h = await hit('/lx-st+');
    check(h, locale, 200, [
      ...ids('page.stats.title', 'page.stats.heading', 'page.stats.shortLink', 'page.stats.destination', 'page.stats.map', 'page.stats.mapTitle',
        'page.stats.countries', 'page.stats.continents', 'page.stats.cities', 'page.stats.devices', 'page.stats.platforms', 'page.stats.browsers',
        'page.stats.languages', 'page.stats.referrers', 'page.stats.clicks', 'page.stats.share', 'page.stats.none', 'page.stats.unknown', 'page.stats.named'),
      { id: 'page.stats.status', values: { status: 'active' } }, { id: 'page.stats.total', values: { count: 1 } },
      { id: 'page.stats.byDay', values: { days: 30 } }, { id: 'page.stats.mapCountry', values: { count: 0 } },
      { id: 'page.stats.device', values: { device: 'mobile' } }, { id: 'page.stats.continent', values: { code: 'EU' } }, ...REPORT,
    ], 'statistics page');
    const names = (type: 'region' | 'language', code: string) => new Intl.DisplayNames([locale], { type }).of(code)!;
    expect(h.text).toContain(`${names('region', 'FR')}`);
    expect(h.text).toContain(`${names('language', 'de')}`);
  });

  it('disabled links, for each reason, and an owner suspended with links=stop', async () => {
    for (const why of ['admin', 'blocklist', 'threat', 'host', 'report']) {
      check(await hit(`/lx-ban-${why}`), locale, 403, [...BANNED, { id: `page.banned.why.${why}` }, ...REPORT], `banned (${why})`);
    }
    check(await hit('/lx-ban-legal'), locale, 451, [...BANNED, { id: 'page.banned.why.legal' }, ...REPORT], 'banned (legal)');
    check(await hit('/lx-stopped'), locale, 403, [...BANNED, { id: 'page.banned.why.suspended' }, ...REPORT], 'owner suspended');
  });

  it('the report form page, its refusals (422) and the thank-you page', async () => {
    check(await hit('/lx-rep/report'), locale, 200, [...ids('page.report.shortLink'), ...REPORT_OPEN, ...ids('page.report.summary')], 'report form');
    const refused = await hit('/lx-rep/report', { form: { reason: 'nonsense', details: 'x'.repeat(501) } });
    check(refused, locale, 422, [...ids('page.report.notSentTitle', 'page.report.notSent', 'page.report.error.reason', 'page.report.error.tooLong'),
      ...REPORT_OPEN], 'report refused');
    check(await hit('/lx-rep/report', { form: { reason: 'spam', 'details[a]': 'b' } }), locale, 422, ids('page.report.error.notText'), 'report refused (details not text)');
    check(await hit('/lx-rep/report?thanks'), locale, 200, ids('page.report.thanksTitle', 'page.report.thanksBody', 'page.report.thanksAdvice'), 'thank-you page');
  });
});

describe('after every language', () => {
  it('too many reports (429) in every language, once five were sent', async () => {
    for (let i = 0; i < 5; i++) expect((await s.hit('/lx-rep/report', { form: { reason: 'spam' } })).status).toBe(303);
    for (const locale of LOCALES) {
      const h = await s.hit('/lx-rep/report', { form: { reason: 'spam' }, headers: { 'accept-language': BROWSER_TAGS[locale] } });
      check(h, locale, 429, ids('page.report.limitTitle', 'page.report.limitBody'), 'too many reports');
    }
  });

  it('the 500 page and a rollup\'s "Others", written by the same builders in every language', () => {
    const texts = createPageTexts();
    for (const locale of LOCALES) {
      const t = texts.of(locale);
      const p = errorPage(t, 500);
      expect(p.title).toBe(CATALOGS[locale]['page.error.serverTitle']);
      expect(p.body).toContain(CATALOGS[locale]['page.error.serverHeading']);
      expect(p.body).toContain(CATALOGS[locale]['page.error.serverBody']);
      const stats = { clicks: 3, days: [], countries: [{ value: '(other)', count: 3 }], platforms: [], browsers: [], languages: [], referrers: [] };
      const page = statsPage(t, { shortUrl: 'http://x/a', title: null, url: null, status: 1, createdAt: '2026-01-02 00:00:00', stats: stats as never });
      expect(page.body).toContain(`<td>${CATALOGS[locale]['page.stats.others']}</td>`);
      for (const id of ['page.error.serverTitle', 'page.error.serverHeading', 'page.error.serverBody', 'page.stats.others']) seen.add(id);
    }
  });

  it('every message of the catalog was shown and checked above', () => {
    expect([...seen].sort()).toEqual(Object.keys(CATALOGS.en).sort());
  });
});

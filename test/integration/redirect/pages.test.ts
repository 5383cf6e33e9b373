// Every HTML page escapes what it prints and sends a strict CSP: no script
// runs but the fixed ones whose hashes the policy names. XSS attempts go
// through every owner-written field that reaches a page, and through what
// visitors send.
import { createClickStore } from '../../../electron/server/db/repositories/click-store.ts';
import { createPgClickStore } from '../../../electron/server/db/repositories/pg-click-store.ts';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIXEL_TYPES } from '../../../shared/constants.ts';
import { catchUp, createLink, cspOf, startRedirectServer, within, type Hit, type RedirectServer } from './helpers.ts';

const XSS = '"><script>alert(1)</script><img src=x onerror=alert(2)></title></textarea>\'';
const XSS_URL = `https://example.com/${XSS}`;
const BOT = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';

/** The page runs no script the CSP does not pin by hash, and no payload reached the markup. */
function assertSafe(h: Hit) {
  expect(h.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(h.headers['x-content-type-options']).toBe('nosniff');
  const csp = cspOf(h);
  expect(csp.get('default-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  const all = [...csp.values()].flat();
  for (const bad of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "'strict-dynamic'", '*', 'data:']) expect(all).not.toContain(bad);
  for (const [, attrs, body] of h.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/type="application\/json"/.test(attrs!)) {
      expect(body).not.toMatch(/[<>]/);
      continue;
    }
    expect(attrs).toBe('');
    const hash = `'sha256-${createHash('sha256').update(body!).digest('base64')}'`;
    expect(csp.get('script-src')).toContain(hash);
  }
  const styles = [...h.text.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
  expect(csp.get('style-src')).toEqual(styles);
  expect(h.text).not.toMatch(/<script>alert|<img src=x|onerror=alert\(2\)>|style="/);
  expect(h.text).toContain('https://db-ip.com'); // the GeoIP database's attribution
}

let s: RedirectServer;
// The pixel page as the visitor who accepted sees it: the consent page before it is consent.test.ts's.
beforeAll(async () => { s = await startRedirectServer({ trustProxy: 1, pixelConsent: false }); });
afterAll(async () => { await s.close(); });

describe('owner-written fields', () => {
  it('escapes the title on the statistics page, and keeps it off the password forms', async () => {
    const l = await createLink(s, { url: 'https://example.com/t', alias: 'titled', password: 'p', privacy: '2', privacy_password: 'q' });
    const pub = await createLink(s, { url: 'https://example.com/t2', alias: 'titled2' });
    // The title is written by the title fetcher from the destination page.
    await s.app.linkdesk.repos.links.setTitle(l.id, l.url, XSS);
    await s.app.linkdesk.repos.links.setTitle(pub.id, pub.url, XSS);
    await catchUp(s);
    for (const h of [await s.hit('/titled'), await s.hit('/titled+'), await s.hit('/titled', { form: { password: 'wrong' } })]) {
      assertSafe(h);
      expect(h.text).not.toContain('alert(1)');
    }
    const stats = await s.hit('/titled2+');
    assertSafe(stats);
    expect(stats.text).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('escapes the destination URL on the statistics page and the pixel page', async () => {
    const px = (await s.api('POST', '/pixels', { name: XSS.slice(0, 50), type: 'facebook', pixel_id: '1234567890' })).body.data.id;
    await createLink(s, { url: XSS_URL, alias: 'xurl', 'pixel_ids[]': String(px) });
    const stats = await s.hit('/xurl+');
    assertSafe(stats);
    expect(stats.text).toContain('Destination: <code>https://example.com/&quot;&gt;&lt;script&gt;');
    const page = await s.hit('/xurl?a=%22%3E%3Cscript%3E');
    assertSafe(page);
    expect(page.status).toBe(200);
    // Printed only escaped, and only as the normalised (percent-encoded) URL.
    expect(page.text).toContain('https://example.com/%22%3E%3Cscript%3Ealert(1)%3C/script%3E');
    expect(page.text).not.toContain(XSS.slice(0, 20));
    // The pixel's name is the owner's label; it is not printed.
    expect(page.text).not.toContain('alert(1)</script>');
  });

  it('keeps expiration, index and 404 URLs to Location headers, percent-encoded', async () => {
    await createLink(s, { url: 'https://example.com/e', alias: 'xexp', expiration_date: '2020-01-01', expiration_url: XSS_URL });
    const r = await s.hit('/xexp');
    expect(r.status).toBe(302);
    expect(r.location).toBe(new URL(XSS_URL).href);
    expect(r.location).not.toMatch(/[<>" ]/);
    expect(r.text).toBe('');
    await s.api('POST', '/domains', { name: 'xss.example.com', index_page: XSS_URL, not_found_page: `${XSS_URL}404` });
    expect((await s.hit('/', { host: 'xss.example.com' })).location).toBe(new URL(XSS_URL).href);
    expect((await s.hit('/missing', { host: 'xss.example.com' })).location).toBe(new URL(`${XSS_URL}404`).href);
  });

  it('escapes targeting URLs shown on the pixel page', async () => {
    const px = (await s.api('POST', '/pixels', { name: 'tt', type: 'tiktok', pixel_id: 'C4ABCDEF' })).body.data.id;
    await createLink(s, {
      url: 'https://example.com/r', alias: 'xrot', target_type: '4', 'rotation[0][value]': `${XSS_URL}rot`, 'pixel_ids[]': String(px),
    });
    const page = await s.hit('/xrot');
    assertSafe(page);
    expect(page.text).toContain('%3Cscript%3Ealert(1)%3C/script%3E');
  });

  it('refuses unsafe domain names and pixel ids at the API, and escapes them anyway if stored', async () => {
    expect((await s.api('POST', '/domains', { name: '<script>.example.com' })).status).toBe(422);
    expect((await s.api('POST', '/pixels', { name: 'p', type: 'google-analytics', pixel_id: '</script><script>alert(1)' })).status).toBe(422);

    // Rows written by something other than this API (an older build, a hand edit).
    const [{ user_id: userId }] = await s.sql('SELECT user_id FROM api_keys LIMIT 1');
    const now = new Date().toISOString();
    await s.sql('INSERT INTO domains (user_id, name, created_at, updated_at) VALUES ($1, $2, $3, $4)', [userId, 'evil"<b>x</b>.example', now, now]);
    // The landing page prints no host name at all (issue 42: it tells outsiders nothing), escaped or not.
    const landing = await s.hit('/', { host: 'evil"<b>x</b>.example' });
    assertSafe(landing);
    expect(landing.text).not.toMatch(/evil|&lt;b&gt;/);

    const link = await createLink(s, { url: 'https://example.com/raw', alias: 'rawpixel' });
    const [{ id: pid }] = await s.sql('INSERT INTO pixels (user_id, name, type, pixel_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      [userId, 'raw', 'google-analytics', `</script><script>alert(1)</script>${XSS}`, now, now]);
    await s.sql('INSERT INTO link_pixels (link_id, pixel_id) VALUES ($1, $2)', [link.id, pid]);
    await within(1000, async () => {
      const page = await s.hit('/rawpixel');
      assertSafe(page);
      expect(page.text).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
    });
  });

  it('escapes what visitors sent, as stored, on the statistics page', async () => {
    const l = await createLink(s, { url: 'https://example.com/v', alias: 'visited' });
    const [{ user_id: userId }] = await s.sql('SELECT user_id FROM links WHERE id = $1', [l.id]);
    const stored = { link_id: l.id, user_id: userId, created_at: Date.now(), country: XSS, platform: XSS, browser: XSS, language: XSS, referrer: XSS };
    if (s.store.engine === 'sqlite') createClickStore(s.store.sqlite, 'UTC').write([stored]);
    else await createPgClickStore(s.store.pool, 'UTC').write([stored]);
    await s.hit('/visited', { headers: { referer: `https://example.org/${XSS}`, 'user-agent': `Mozilla/5.0 ${XSS}`, 'accept-language': XSS } });
    const page = await s.hit('/visited+');
    assertSafe(page);
    expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('names countries and languages in words on the statistics page, keeping their codes', async () => {
    const l = await createLink(s, { url: 'https://example.com/n', alias: 'named' });
    const [{ user_id: userId }] = await s.sql('SELECT user_id FROM links WHERE id = $1', [l.id]);
    const stored = { link_id: l.id, user_id: userId, created_at: Date.now(), country: 'FR', platform: null, browser: null, language: 'de', referrer: null };
    if (s.store.engine === 'sqlite') createClickStore(s.store.sqlite, 'UTC').write([stored]);
    else await createPgClickStore(s.store.pool, 'UTC').write([stored]);
    const page = await s.hit('/named+');
    expect(page.text).toContain('France (FR)');
    expect(page.text).toContain('German (de)');
  });
});

describe('pages and their policies', () => {
  it('sends the strict policy, without script, on every plain page', async () => {
    await createLink(s, { url: 'https://example.com/p', alias: 'plainpw', password: 'x' });
    await createLink(s, { url: 'https://example.com/p', alias: 'gone', expiration_date: '2020-01-01' });
    for (const p of ['/', '/nothing-here', '/gone', '/plainpw', '/titled2+']) {
      const h = await s.hit(p);
      assertSafe(h);
      expect(cspOf(h).get('script-src'), p).toEqual(["'none'"]);
      expect(h.text).not.toContain('<script');
    }
    const form = cspOf(await s.hit('/plainpw'));
    // The right answer is sent on to the destination, which form-action also governs.
    expect(form.get('form-action')).toEqual(["'self'", 'https:', 'http:']);
    expect(cspOf(await s.hit('/titled+')).get('form-action')).toEqual(["'self'"]);
    expect(cspOf(await s.hit('/')).get('form-action')).toEqual(["'none'"]);
  });

  it('fires each pixel type with its own loader and allows exactly its vendor hosts', async () => {
    const ids: number[] = [];
    for (const type of PIXEL_TYPES) {
      ids.push((await s.api('POST', '/pixels', { name: type, type, pixel_id: `ID-${type.length}.x_1` })).body.data.id);
    }
    const form = ['url=https%3A%2F%2Fexample.com%2Fall', 'alias=allpixels', ...ids.map((id) => `pixel_ids[]=${id}`)].join('&');
    const l = (await s.api('POST', '/links', form)).body.data;
    const page = await s.hit('/allpixels?utm=1');
    expect(page.status).toBe(200);
    assertSafe(page);
    const data = JSON.parse(/<script type="application\/json" id="ld-data">([\s\S]*?)<\/script>/.exec(page.text)![1]!);
    expect(data.to).toBe('https://example.com/all?utm=1');
    expect(Object.keys(data.pixels).sort()).toEqual([...PIXEL_TYPES].sort());
    expect(page.text).toContain('<meta http-equiv="refresh" content="4;url=https://example.com/all?utm=1">');
    const scripts = cspOf(page).get('script-src')!;
    expect(scripts.filter((v) => v.startsWith("'sha256-"))).toHaveLength(PIXEL_TYPES.length + 1);
    for (const host of ['https://www.googletagmanager.com', 'https://connect.facebook.net', 'https://bat.bing.com', 'https://static.ads-twitter.com',
      'https://s.pinimg.com', 'https://snap.licdn.com', 'https://a.quora.com', 'https://s.adroll.com', 'https://analytics.tiktok.com']) {
      expect(scripts).toContain(host);
    }
    // Counted once, like a redirect; bots skip the page.
    const bot = await s.hit('/allpixels', { headers: { 'user-agent': BOT } });
    expect(bot.status).toBe(302);
    expect(bot.location).toBe('https://example.com/all');
    await within(1000, async () => expect((await s.hit('/allpixels+')).text).toContain('<strong>1</strong> click in total.'));
    expect(l.pixels).toHaveLength(PIXEL_TYPES.length);
  });

  it('allows only the hosts of the pixel types a link has', async () => {
    const px = (await s.api('POST', '/pixels', { name: 'only-bing', type: 'bing', pixel_id: '5000123' })).body.data.id;
    await createLink(s, { url: 'https://example.com/bing', alias: 'bingonly', 'pixel_ids[]': String(px) });
    const csp = cspOf(await s.hit('/bingonly'));
    expect(csp.get('script-src')!.filter((v) => !v.startsWith("'sha256-"))).toEqual(['https://bat.bing.com']);
    expect(csp.get('script-src')!.filter((v) => v.startsWith("'sha256-"))).toHaveLength(2);
    expect(csp.get('img-src')).toEqual(['https://bat.bing.com']);
    expect(csp.get('connect-src')).toEqual(['https://bat.bing.com']);
  });
});

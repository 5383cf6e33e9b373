// Consent before pixels (issue 34): a link with pixels asks first, loads
// nothing of a tracker before Accept, remembers the choice per link for 30
// days, and counts the click once whatever the choice. Crawlers get the card
// as before; `--pixel-consent off` fires the pixels at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLink, cspOf, startRedirectServer, within, type Hit, type RedirectServer } from './helpers.ts';

const SLACK = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** What any pixel leaves in a page: its loaders, the data block, image beacons, and the vendors' hosts. */
const PIXEL_MARKUP = /<script|<img|<noscript|ld-data|facebook|googletagmanager|google-analytics|fbq|gtag/i;

const tokenOf = (h: Hit) => /name="token" value="([^"]+)"/.exec(h.text)?.[1];
const dataOf = (h: Hit) => JSON.parse(/<script type="application\/json" id="ld-data">([\s\S]*?)<\/script>/.exec(h.text)![1]!);
/** The browser's side of a Set-Cookie: `name=value`. */
const cookieOf = (h: Hit) => String(h.headers['set-cookie']).split(';')[0]!;

let s: RedirectServer;
let pixelIds: string[];
beforeAll(async () => {
  s = await startRedirectServer({ trustProxy: 1 });
  pixelIds = [
    String((await s.api('POST', '/pixels', { name: 'fb', type: 'facebook', pixel_id: '1234567890' })).body.data.id),
    String((await s.api('POST', '/pixels', { name: 'ga', type: 'google-analytics', pixel_id: 'G-ABCDEF1234' })).body.data.id),
  ];
});
afterAll(async () => { await s.close(); });

const pixelLink = (alias: string, more: Record<string, string> = {}) => {
  const form = new URLSearchParams({ url: `https://shop.example.com/${alias}`, alias, ...more });
  for (const id of pixelIds) form.append('pixel_ids[]', id);
  return createLink(s, form.toString());
};
/** Waits for the writer: a last counted visit (a visitor who declined earlier) goes in after everything before it. */
async function clicksAfterAll(alias: string, id: number, expected: number) {
  expect((await s.hit(`/${alias}`, { headers: { cookie: `ld_consent_${id}=decline` } })).status).toBe(302);
  await within(2000, async () => expect((await s.api('GET', `/links/${id}`)).body.data.clicks).toBe(expected + 1));
  expect(await s.sql('SELECT count(*) AS n FROM click_log WHERE link_id = $1', [id])).toEqual([{ n: expected + 1 }]);
}

describe('consent page', () => {
  it('asks first: names the destination host, offers Accept and Decline, and carries no pixel code', async () => {
    await pixelLink('ask');
    const page = await s.hit('/ask?utm_source=mail');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<strong>shop.example.com</strong>');
    expect(page.text).toMatch(/<form method="post">/);
    expect(page.text).toContain('<button type="submit" name="consent" value="accept">Accept tracking and continue</button>');
    expect(page.text).toContain('<button type="submit" name="consent" value="decline">Decline and continue</button>');
    expect(page.text).not.toMatch(PIXEL_MARKUP);
    const csp = cspOf(page);
    for (const d of ['script-src', 'img-src', 'connect-src', 'frame-src']) expect(csp.get(d), d).toEqual(["'none'"]);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['set-cookie']).toBeUndefined();
  });

  it('Accept fires the pixels and forwards to the destination, query included; Decline goes there without them', async () => {
    const l = await pixelLink('choose');
    const accepted = await s.hit('/choose?utm_source=mail', { form: { consent: 'accept', token: tokenOf(await s.hit('/choose?utm_source=mail'))! } });
    expect(accepted.status).toBe(200);
    expect(dataOf(accepted).to).toBe('https://shop.example.com/choose?utm_source=mail');
    expect(Object.keys(dataOf(accepted).pixels).sort()).toEqual(['facebook', 'google-analytics']);
    expect(cspOf(accepted).get('script-src')).toContain('https://connect.facebook.net');
    expect(accepted.headers['set-cookie']).toBe(`ld_consent_${l.id}=accept; Max-Age=2592000; Path=/choose; HttpOnly; SameSite=Lax`);

    const declined = await s.hit('/choose?utm_source=mail', { form: { consent: 'decline', token: tokenOf(await s.hit('/choose?utm_source=mail'))! } });
    expect(declined.status).toBe(303);
    expect(declined.location).toBe('https://shop.example.com/choose?utm_source=mail');
    expect(declined.text).toBe('');
    expect(declined.headers['set-cookie']).toBe(`ld_consent_${l.id}=decline; Max-Age=2592000; Path=/choose; HttpOnly; SameSite=Lax`);
  });

  it('remembers the choice: a returning visitor goes straight to the pixels, or straight to the destination', async () => {
    await pixelLink('again');
    const accept = cookieOf(await s.hit('/again', { form: { consent: 'accept', token: tokenOf(await s.hit('/again'))! } }));
    const back = await s.hit('/again?x=1', { headers: { cookie: accept } });
    expect(back.status).toBe(200);
    expect(dataOf(back).to).toBe('https://shop.example.com/again?x=1');

    const decline = cookieOf(await s.hit('/again', { form: { consent: 'decline', token: tokenOf(await s.hit('/again'))! } }));
    const gone = await s.hit('/again?x=1', { headers: { cookie: decline } });
    expect(gone.status).toBe(302);
    expect(gone.location).toBe('https://shop.example.com/again?x=1');
    expect(gone.text).not.toMatch(PIXEL_MARKUP);
  });

  it('marks the cookie Secure when the visitor came over https through a trusted proxy', async () => {
    await pixelLink('secure');
    const token = tokenOf(await s.hit('/secure', { headers: { 'x-forwarded-proto': 'https' } }))!;
    const r = await s.hit('/secure', { headers: { 'x-forwarded-proto': 'https' }, form: { consent: 'decline', token } });
    expect(String(r.headers['set-cookie'])).toMatch(/; SameSite=Lax; Secure$/);
  });

  it('counts one click per visit whatever the choice, and the answers to the page count nothing', async () => {
    const l = await pixelLink('once');
    const t1 = tokenOf(await s.hit('/once'))!;
    const t2 = tokenOf(await s.hit('/once'))!;
    await s.hit('/once', { form: { consent: 'accept', token: t1 } });
    await s.hit('/once', { form: { consent: 'decline', token: t2 } });
    // Replaying an answer only sends the visitor on again.
    for (let i = 0; i < 5; i++) expect((await s.hit('/once', { form: { consent: 'accept', token: t1 } })).status).toBe(200);
    await clicksAfterAll('once', l.id, 2);
  });

  it('keeps a click limit exact: the click is spent when the page is shown, not again on Accept', async () => {
    await pixelLink('last', { expiration_clicks: '1', expiration_url: 'https://shop.example.com/sold-out' });
    const token = tokenOf(await s.hit('/last'))!;
    expect(dataOf(await s.hit('/last', { form: { consent: 'accept', token } })).to).toBe('https://shop.example.com/last');
    expect((await s.hit('/last')).location).toBe('https://shop.example.com/sold-out');
  });

  it('answers for a destination as long as a link may have, with a long query of the visitor\'s', async () => {
    const url = `https://shop.example.com/${'l'.repeat(2000)}`;
    await createLink(s, { url, alias: 'long', 'pixel_ids[]': pixelIds[0]! });
    const query = `?${'q'.repeat(3000)}=1`;
    const r = await s.hit(`/long${query}`, { form: { consent: 'decline', token: tokenOf(await s.hit(`/long${query}`))! } });
    expect(r.status).toBe(303);
    expect(r.location).toBe(`${url}${query}`);
  });

  it('sends nobody on from a link turned off since its page was shown', async () => {
    const l = await pixelLink('switched');
    const token = tokenOf(await s.hit('/switched'))!;
    expect((await s.api('PATCH', `/links/${l.id}`, { disabled: '1' })).status).toBe(200);
    const r = await s.hit('/switched', { form: { consent: 'decline', token } });
    expect(r.status).toBe(303);
    expect(r.location).toBe('/switched');
    expect((await s.hit('/switched')).status).toBe(404);
  });

  it('sends the visitor where the counted click chose in a rotation, and nowhere a request names', async () => {
    const l = await pixelLink('turns', {
      target_type: '4', 'rotation[0][value]': 'https://a.example.org/x', 'rotation[1][value]': 'https://b.example.org/y',
    });
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const page = await s.hit('/turns');
      const host = /<strong>([^<]+)<\/strong>/.exec(page.text)![1]!;
      const choice = i % 2 ? 'accept' : 'decline';
      const r = await s.hit('/turns', { form: { consent: choice, token: tokenOf(page)! } });
      const to = choice === 'accept' ? dataOf(r).to : r.location;
      expect(new URL(to).host).toBe(host);
      seen.add(host);
    }
    expect(seen.size).toBeGreaterThan(1);
    // A forged, altered or borrowed token, or a URL instead, goes back to the link (whose GET asks again).
    const other = await pixelLink('other');
    const forged = [
      'https://evil.example.net/',
      `${tokenOf(await s.hit('/turns'))!.slice(0, -2)}AA`,
      Buffer.from(JSON.stringify({ l: l.id, to: 'https://evil.example.net/', e: 9e9 })).toString('base64url') + '.' + 'A'.repeat(43),
      tokenOf(await s.hit('/other'))!,
    ];
    for (const token of forged) {
      const r = await s.hit('/turns?q=1', { form: { consent: 'decline', token } });
      expect(r.status).toBe(303);
      expect(r.location).toBe('/turns?q=1');
      expect(r.headers['set-cookie']).toBeUndefined();
    }
    expect(other.id).not.toBe(l.id);
    // An answer a browser says came from a form on another site (an Accept forged in the visitor's name) is refused, in words.
    for (const site of ['cross-site', 'same-site']) {
      const r = await s.hit('/turns', { headers: { 'sec-fetch-site': site }, form: { consent: 'accept', token: tokenOf(await s.hit('/turns'))! } });
      expect(r.status).toBe(403);
      expect(r.text).toContain('This form was sent from another site');
      expect(r.headers['set-cookie']).toBeUndefined();
    }
  });

  it('asks for the password first, then for consent', async () => {
    await pixelLink('locked', { password: 'sesame' });
    const form = await s.hit('/locked');
    expect(form.text).toContain('Password required');
    expect(form.text).not.toMatch(PIXEL_MARKUP);
    const ok = await s.hit('/locked', { form: { password: 'sesame' } });
    const page = await s.hit('/locked', { headers: { cookie: cookieOf(ok) } });
    expect(page.text).toContain('Allow tracking for this link?');
    expect(tokenOf(page)).toBeDefined();
  });
});

describe('crawlers and HEAD', () => {
  it('gives a link-preview crawler the card, another bot the redirect, never the consent page, and counts neither', async () => {
    const l = await pixelLink('carded', { preview_title: 'Spring sale' });
    const card = await s.hit('/carded', { headers: { 'user-agent': SLACK } });
    expect(card.status).toBe(200);
    expect(card.text).toContain('<meta property="og:title" content="Spring sale">');
    expect(card.text).not.toContain('Allow tracking');
    expect(card.text).not.toMatch(PIXEL_MARKUP);
    const bot = await s.hit('/carded', { headers: { 'user-agent': GOOGLEBOT } });
    expect(bot.status).toBe(302);
    expect(bot.location).toBe('https://shop.example.com/carded');
    const head = await s.hit('/carded', { method: 'HEAD' });
    expect(head.status).toBe(302);
    await clicksAfterAll('carded', l.id, 0);
  });
});

describe('--pixel-consent off', () => {
  let off: RedirectServer;
  beforeAll(async () => { off = await startRedirectServer({ pixelConsent: false }); });
  afterAll(async () => { await off.close(); });

  it('fires the pixels at once, as before consent pages', async () => {
    const px = (await off.api('POST', '/pixels', { name: 'fb', type: 'facebook', pixel_id: '1234567890' })).body.data.id;
    await createLink(off, { url: 'https://shop.example.com/now', alias: 'now', 'pixel_ids[]': String(px) });
    const page = await off.hit('/now');
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('Allow tracking');
    expect(dataOf(page)).toEqual({ to: 'https://shop.example.com/now', pixels: { facebook: ['1234567890'] } });
  });
});

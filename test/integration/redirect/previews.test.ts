// Social previews: a link-preview crawler asking for a link with a card gets
// Open Graph and Twitter Card tags (escaped, strict CSP) and is not counted;
// people and other bots are redirected as before; protected, disabled and
// expired links give crawlers what people get.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewCrawlerOf } from '../../../electron/server/redirect/preview-crawlers.ts';
import { BROWSER_UA, createLink, cspOf, startRedirectServer, UA, within, type Hit, type RedirectServer } from './helpers.ts';

/** A real User-Agent of every crawler family's preview fetcher. */
const CRAWLERS: [family: string, ua: string][] = [
  ['Facebook', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
  ['Facebook', 'Facebot'],
  ['X', 'Twitterbot/1.0'],
  ['LinkedIn', 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)'],
  ['Slack', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'],
  ['Discord', 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)'],
  ['WhatsApp', 'WhatsApp/2.23.20.0 A'],
  ['Telegram', 'TelegramBot (like TwitterBot)'],
  ['Apple', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)'],
  ['Apple', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0'],
  ['Google', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/56.0.2924.87 Safari/537.36 Google (+https://developers.google.com/+/web/snippet/)'],
  ['Microsoft', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) BingPreview/1.0b'],
  ['Microsoft', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0 MicrosoftPreview/2.0 +https://aka.ms/MicrosoftPreview'],
  ['Microsoft', 'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5 skype-url-preview@microsoft.com'],
];
const SLACK = CRAWLERS[4]![1];

/** Bots that are not preview fetchers: redirected and not counted, as before. */
const OTHER_BOTS = {
  Googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Google-InspectionTool': 'Mozilla/5.0 (compatible; Google-InspectionTool/1.0;)',
  bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Slackbot (not link expanding)': 'Slackbot 1.0 (+https://api.slack.com/robots)',
  curl: 'curl/8.5.0',
};

/** The content of `<meta property|name="key">`, unescaped by the test's own reading; undefined when absent. */
function metaOf(h: Hit, key: string): string | undefined {
  const m = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(h.text);
  return m?.[1];
}

function expectCard(h: Hit) {
  expect(h.status).toBe(200);
  expect(h.location).toBeUndefined();
  expect(h.headers['content-type']).toBe('text/html; charset=utf-8');
  // The card's report form is in the visitor's language (issue 45).
  expect(h.headers.vary).toBe('User-Agent, Accept-Language');
  expect(h.headers['cache-control']).toBe('private, max-age=300');
  const csp = cspOf(h);
  for (const d of ['default-src', 'script-src', 'img-src', 'connect-src', 'frame-src', 'base-uri', 'frame-ancestors']) {
    expect(csp.get(d), d).toEqual(["'none'"]);
  }
  // The "Report this link" form (issue 44) posts to this site only.
  expect(csp.get('form-action')).toEqual(["'self'"]);
}

const clicksOf = async (s: RedirectServer, id: number) => (await s.api('GET', `/links/${id}`)).body.data.clicks as number;

let s: RedirectServer;
beforeAll(async () => { s = await startRedirectServer({ trustProxy: 1 }); });
afterAll(async () => { await s.close(); });

describe('crawler families', () => {
  it('gives every family the card, counts none of them, and counts the person after them', async () => {
    const l = await createLink(s, {
      url: 'https://example.com/spring', alias: 'card', preview_title: 'Spring sale',
      preview_description: 'Everything half price until Sunday.', preview_image: 'https://cdn.example.com/sale.png',
    });
    for (const [family, ua] of CRAWLERS) {
      expect(previewCrawlerOf(ua), ua).toBe(family);
      const h = await s.hit('/card?utm_source=x', { headers: { 'user-agent': ua } });
      expectCard(h);
      expect(metaOf(h, 'og:type'), family).toBe('website');
      expect(metaOf(h, 'og:url')).toBe(`${s.url}/card`);
      expect(metaOf(h, 'og:title')).toBe('Spring sale');
      expect(metaOf(h, 'og:description')).toBe('Everything half price until Sunday.');
      expect(metaOf(h, 'og:image')).toBe('https://cdn.example.com/sale.png');
      expect(metaOf(h, 'twitter:card')).toBe('summary_large_image');
      expect(metaOf(h, 'twitter:title')).toBe('Spring sale');
      expect(metaOf(h, 'twitter:description')).toBe('Everything half price until Sunday.');
      expect(metaOf(h, 'twitter:image')).toBe('https://cdn.example.com/sale.png');
      // The card says nothing of the destination.
      expect(h.text).not.toContain('example.com/spring');
    }
    const person = await s.hit('/card?utm_source=x');
    expect(person.status).toBe(302);
    expect(person.location).toBe('https://example.com/spring?utm_source=x');
    await within(1000, async () => expect(await clicksOf(s, l.id)).toBe(1));
    expect(await s.sql('SELECT count(*) AS n FROM click_log WHERE link_id = $1', [l.id])).toEqual([{ n: 1 }]);
  });

  it('redirects people on every platform and other bots as before; only people are counted', async () => {
    const l = await createLink(s, { url: 'https://example.com/p', alias: 'people', preview_title: 'People' });
    for (const [name, ua] of Object.entries(OTHER_BOTS)) {
      expect(previewCrawlerOf(ua), name).toBeNull();
      const r = await s.hit('/people', { headers: { 'user-agent': ua } });
      expect(r.status, name).toBe(302);
      expect(r.location, name).toBe('https://example.com/p');
    }
    for (const [name, ua] of Object.entries(UA)) {
      const r = await s.hit('/people', { headers: { 'user-agent': ua } });
      expect(r.status, name).toBe(302);
      expect(r.location, name).toBe('https://example.com/p');
    }
    // Facebook's in-app browser is a person reading the shared link.
    const inApp = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/468.0.0.36.109;FBBV/611843224;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.5;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5]';
    expect((await s.hit('/people', { headers: { 'user-agent': inApp } })).status).toBe(302);
    const people = Object.keys(UA).length + 1;
    await within(1000, async () => expect(await clicksOf(s, l.id)).toBe(people));
    expect(await s.sql('SELECT count(*) AS n FROM click_log WHERE link_id = $1', [l.id])).toEqual([{ n: people }]);
  });

  it('gives crawlers the redirect for a link without preview fields', async () => {
    await createLink(s, { url: 'https://example.com/plain', alias: 'plaincard' });
    for (const [family, ua] of CRAWLERS) {
      const r = await s.hit('/plaincard', { headers: { 'user-agent': ua } });
      expect(r.status, family).toBe(302);
      expect(r.location, family).toBe('https://example.com/plain');
    }
  });

  it('falls back to the page title and a summary card when only some fields are set, with the domain in og:url', async () => {
    const domain = (await s.api('POST', '/domains', { name: 'go.example' })).body.data.id;
    const l = await createLink(s, { url: 'https://example.com/d', alias: 'partial', domain_id: String(domain), preview_description: 'Only words' });
    await s.app.linkdesk.repos.links.setTitle(l.id, l.url, 'The page title');
    await s.api('POST', '/spaces', { name: 'catch up' });
    const h = await s.hit('/partial', { host: 'go.example', headers: { 'user-agent': SLACK } });
    expectCard(h);
    expect(metaOf(h, 'og:url')).toBe('http://go.example/partial');
    expect(metaOf(h, 'og:title')).toBe('The page title');
    expect(metaOf(h, 'twitter:card')).toBe('summary');
    expect(metaOf(h, 'og:image')).toBeUndefined();
    expect(metaOf(h, 'twitter:image')).toBeUndefined();
  });
});

describe('changes reach the card at once', () => {
  it('shows an edited card, starts and stops giving one as the fields are set and cleared', async () => {
    const l = await createLink(s, { url: 'https://example.com/c', alias: 'changing' });
    const ua = { 'user-agent': SLACK };
    expect((await s.hit('/changing', { headers: ua })).status).toBe(302); // now cached without a card
    await s.api('PATCH', `/links/${l.id}`, { preview_title: 'First' });
    expect(metaOf(await s.hit('/changing', { headers: ua }), 'og:title')).toBe('First');
    await s.api('PATCH', `/links/${l.id}`, { preview_title: 'Second', preview_image: 'https://cdn.example.com/2.png' });
    const second = await s.hit('/changing', { headers: ua });
    expect(metaOf(second, 'og:title')).toBe('Second');
    expect(metaOf(second, 'og:image')).toBe('https://cdn.example.com/2.png');
    await s.api('PATCH', `/links/${l.id}`, { preview_title: '', preview_image: '' });
    const cleared = await s.hit('/changing', { headers: ua });
    expect(cleared.status).toBe(302);
    expect(cleared.location).toBe('https://example.com/c');
  });
});

describe('escaping', () => {
  const XSS = '"><script>alert(1)</script></title><img src=x onerror=alert(2)>\'';

  it('escapes every preview field in the tags and the body', async () => {
    await createLink(s, {
      url: 'https://example.com/x', alias: 'xsscard', preview_title: XSS, preview_description: `desc ${XSS} "quoted" & more`,
      preview_image: 'https://cdn.example.com/i.png?a="><script>alert(3)</script>',
    });
    const h = await s.hit('/xsscard', { headers: { 'user-agent': SLACK } });
    expectCard(h);
    expect(h.text).not.toMatch(/<script|<img|onerror=alert\(2\)>|<\/title><img/);
    // One <title> only, and it is the escaped text.
    expect(h.text.match(/<title>/g)).toHaveLength(1);
    expect(metaOf(h, 'og:title')).toBe('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;/title&gt;&lt;img src=x onerror=alert(2)&gt;&#39;');
    expect(metaOf(h, 'twitter:description')).toBe(`desc ${metaOf(h, 'og:title')} &quot;quoted&quot; &amp; more`);
    expect(metaOf(h, 'og:image')).toBe('https://cdn.example.com/i.png?a=&quot;&gt;&lt;script&gt;alert(3)&lt;/script&gt;');
  });

  it('refuses an image that is not an http(s) URL', async () => {
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '//cdn.example.com/x.png', 'file:///etc/passwd']) {
      const r = await s.api('POST', '/links', { url: 'https://example.com/', preview_image: bad });
      expect(r.status, bad).toBe(422);
      expect(r.body.errors.preview_image, bad).toEqual(['The preview_image must be a valid URL starting with http:// or https://.']);
    }
  });
});

describe('protected, disabled and expired links', () => {
  const card = { preview_title: 'Secret sale', preview_image: 'https://cdn.example.com/s.png' };

  it('asks crawlers for the password, as it asks people', async () => {
    await createLink(s, { url: 'https://example.com/hidden', alias: 'locked', password: 'pw', ...card });
    const h = await s.hit('/locked', { headers: { 'user-agent': SLACK } });
    expect(h.status).toBe(200);
    expect(h.text).toContain('Password required');
    expect(h.text).not.toContain('og:');
    expect(h.text).not.toContain('Secret sale');
    expect(h.text).not.toContain('example.com/hidden');
  });

  it('answers crawlers of a disabled link with the 404 page', async () => {
    await createLink(s, { url: 'https://example.com/off', alias: 'offcard', disabled: '1', ...card });
    const h = await s.hit('/offcard', { headers: { 'user-agent': SLACK } });
    expect(h.status).toBe(404);
    expect(h.text).not.toContain('Secret sale');
  });

  it('answers crawlers of an expired link as people: the expiration URL, or the 410 page', async () => {
    await createLink(s, { url: 'https://example.com/old', alias: 'oldcard', expiration_date: '2020-01-01', expiration_url: 'https://example.com/over', ...card });
    await createLink(s, { url: 'https://example.com/old2', alias: 'oldcard2', expiration_date: '2020-01-01', ...card });
    for (const ua of [SLACK, BROWSER_UA]) {
      const to = await s.hit('/oldcard', { headers: { 'user-agent': ua } });
      expect(to.status).toBe(302);
      expect(to.location).toBe('https://example.com/over');
      const gone = await s.hit('/oldcard2', { headers: { 'user-agent': ua } });
      expect(gone.status).toBe(410);
      expect(gone.text).not.toContain('Secret sale');
    }
  });
});

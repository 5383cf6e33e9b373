// Sensitive content (issue 34): a link marked `sensitive_content` warns first,
// remembers Continue for the browser session, and counts the visit once the
// visitor goes on. Order: password form, warning, consent page. Crawlers get
// the card and bots the redirect, as before.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLink, cspOf, startRedirectServer, within, type Hit, type RedirectServer } from './helpers.ts';

const SLACK = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const cookieOf = (h: Hit) => String(h.headers['set-cookie']).split(';')[0]!;
const WARNING = 'Sensitive content ahead';

let s: RedirectServer;
beforeAll(async () => { s = await startRedirectServer({ trustProxy: 1 }); });
afterAll(async () => { await s.close(); });

/** A link marked sensitive through the API, as phpShort's current clients send it. */
async function sensitiveLink(form: Record<string, string>) {
  const l = await createLink(s, { ...form, sensitive_content: '1' });
  expect(l.sensitive_content).toBe(1);
  return l;
}

/** Waits for the writer: one last counted visit goes in after everything before it. */
async function clicksAfterAll(alias: string, id: number, cookie: string, expected: number) {
  expect((await s.hit(`/${alias}`, { headers: { cookie } })).status).toBe(302);
  await within(2000, async () => expect((await s.api('GET', `/links/${id}`)).body.data.clicks).toBe(expected + 1));
  expect(await s.sql('SELECT count(*) AS n FROM click_log WHERE link_id = $1', [id])).toEqual([{ n: expected + 1 }]);
}

describe('sensitive content', () => {
  it('warns first without naming the destination, and goes on after Continue, remembered for the session', async () => {
    const l = await sensitiveLink({ url: 'https://night.example.com/gallery', alias: 'nsfw' });
    const warn = await s.hit('/nsfw?ref=mail');
    expect(warn.status).toBe(200);
    expect(warn.text).toContain(WARNING);
    expect(warn.text).toContain('<button type="submit" name="sensitive" value="continue">Continue</button>');
    expect(warn.text).toContain('<a id="back" href="/">Go back</a>');
    expect(warn.text).not.toContain('night.example.com');
    expect(warn.headers['set-cookie']).toBeUndefined();
    // Its one script (Go back) is pinned by hash; Continue may end at the destination, which form-action governs.
    const csp = cspOf(warn);
    const script = /<script>([\s\S]*?)<\/script>/.exec(warn.text)![1]!;
    expect(csp.get('script-src')).toEqual([`'sha256-${createHash('sha256').update(script).digest('base64')}'`]);
    expect(csp.get('form-action')).toEqual(["'self'", 'https:', 'http:']);

    const go = await s.hit('/nsfw?ref=mail', { form: { sensitive: 'continue' } });
    expect(go.status).toBe(303);
    expect(go.location).toBe('/nsfw?ref=mail');
    // A session cookie: no Max-Age, no Expires.
    expect(go.headers['set-cookie']).toBe(`ld_sensitive_${l.id}=1; Path=/nsfw; HttpOnly; SameSite=Lax`);
    const there = await s.hit('/nsfw?ref=mail', { headers: { cookie: cookieOf(go) } });
    expect(there.status).toBe(302);
    expect(there.location).toBe('https://night.example.com/gallery?ref=mail');
    // Another visit in the same session goes straight on; the warning itself counted nothing.
    await clicksAfterAll('nsfw', l.id, cookieOf(go), 1);
  });

  it('asks for the password, then warns, then asks for consent; one click in all', async () => {
    const px = (await s.api('POST', '/pixels', { name: 'fb', type: 'facebook', pixel_id: '1234567890' })).body.data.id;
    const l = await sensitiveLink({ url: 'https://night.example.com/locked', alias: 'layers', redirect_password: 'sesame', 'pixel_ids[]': String(px) });
    expect((await s.hit('/layers')).text).toContain('Password required');
    const pw = cookieOf(await s.hit('/layers', { form: { password: 'sesame' } }));
    expect((await s.hit('/layers', { headers: { cookie: pw } })).text).toContain(WARNING);
    const seen = cookieOf(await s.hit('/layers', { headers: { cookie: pw }, form: { sensitive: 'continue' } }));
    const ask = await s.hit('/layers', { headers: { cookie: `${pw}; ${seen}` } });
    expect(ask.text).toContain('Allow tracking for this link?');
    const token = /name="token" value="([^"]+)"/.exec(ask.text)![1]!;
    const fired = await s.hit('/layers', { headers: { cookie: `${pw}; ${seen}` }, form: { consent: 'accept', token } });
    expect(fired.text).toContain('"to":"https://night.example.com/locked"');
    await clicksAfterAll('layers', l.id, `${pw}; ${seen}; ld_consent_${l.id}=decline`, 1);
  });

  it('gives a link-preview crawler the card and other bots the redirect, never the warning, and counts neither', async () => {
    const l = await sensitiveLink({ url: 'https://night.example.com/card', alias: 'nsfwcard', preview_title: 'After dark' });
    const card = await s.hit('/nsfwcard', { headers: { 'user-agent': SLACK } });
    expect(card.text).toContain('<meta property="og:title" content="After dark">');
    expect(card.text).not.toContain(WARNING);
    const bot = await s.hit('/nsfwcard', { headers: { 'user-agent': GOOGLEBOT } });
    expect(bot.status).toBe(302);
    expect(bot.location).toBe('https://night.example.com/card');
    await clicksAfterAll('nsfwcard', l.id, `ld_sensitive_${l.id}=1`, 0);
  });

  it('lets a link without the mark through as before', async () => {
    await createLink(s, { url: 'https://day.example.com/', alias: 'plain' });
    expect((await s.hit('/plain')).location).toBe('https://day.example.com/');
  });
});

// "Report this link" (issue 44, part C): the form on a link's own pages, its
// POST to /<alias>/report refused from other sites, limited per address,
// checked, escaped, stored without the address, and counting no click.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLink, cspOf, startRedirectServer, within, type Hit, type RedirectServer } from './helpers.ts';

const SLACK = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';
const XSS = '<script>alert(1)</script>"><img src=x onerror=alert(2)>';

let s: RedirectServer;
let offset = 0;
beforeAll(async () => {
  // trustProxy: each test's visitor has an address of its own (X-Forwarded-For), so the limits of one do not reach the next.
  s = await startRedirectServer({ trustProxy: 1 }, { now: () => Date.now() + offset });
});
afterAll(async () => { await s.close(); });

let nextAddress = 1;
const newAddress = () => `198.51.100.${nextAddress++}`;
const report = (alias: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  s.hit(`/${alias}/report`, { form, headers: { 'x-forwarded-for': headers['x-forwarded-for'] ?? newAddress(), ...headers } });
const reportsOf = (linkId: number) => s.sql('SELECT * FROM link_reports WHERE link_id = $1 ORDER BY id', [linkId]);

/** The form is there, posting to the link's report path, with its labelled fields, and the page allows it to post here. */
function expectForm(h: Hit, alias: string) {
  expect(h.text).toContain(`<form class="report" method="post" action="/${alias}/report">`);
  expect(h.text).toContain('<label for="report-reason">');
  expect(h.text).toContain('<select id="report-reason" name="reason" required>');
  for (const r of ['phishing', 'malware', 'spam', 'other']) expect(h.text).toContain(`<option value="${r}">`);
  expect(h.text).toContain('<textarea id="report-details" name="details" rows="3" maxlength="500">');
  expect(cspOf(h).get('form-action')).toContain("'self'");
  expect(cspOf(h).get('script-src')?.join(' ')).not.toContain('unsafe');
  // The POST names its real origin (same-site.ts): not "null" from a no-referrer page.
  expect(h.headers['referrer-policy']).toBe('same-origin');
}

describe('the form on a link\'s pages', () => {
  it('is on the preview card, the password pages, the consent and sensitive pages and the public statistics, and not on "not found"', async () => {
    await createLink(s, { url: 'https://example.com/a', alias: 'rp-card', preview_title: 'A card' });
    await createLink(s, { url: 'https://example.com/b', alias: 'rp-pw', password: 'secret1' });
    await createLink(s, { url: 'https://example.com/c', alias: 'rp-stats', privacy: '0' });
    await createLink(s, { url: 'https://example.com/d', alias: 'rp-private', privacy: '2', privacy_password: 'secret2' });
    await createLink(s, { url: 'https://example.com/e', alias: 'rp-sens', sensitive_content: '1' });
    const px = (await s.api('POST', '/pixels', { name: 'fb', type: 'facebook', pixel_id: '1234567890' })).body.data.id;
    await createLink(s, `url=${encodeURIComponent('https://example.com/f')}&alias=rp-consent&pixel_ids[]=${px}`);

    const card = await s.hit('/rp-card', { headers: { 'user-agent': SLACK } });
    expect(card.text).toContain('og:title');
    expectForm(card, 'rp-card');
    const pw = await s.hit('/rp-pw');
    expect(pw.text).toContain('Password required');
    expectForm(pw, 'rp-pw');
    const wrong = await s.hit('/rp-pw', { form: { password: 'nope' } });
    expect(wrong.status).toBe(403);
    expectForm(wrong, 'rp-pw');
    const stats = await s.hit('/rp-stats+');
    expect(stats.text).toContain('<h1>Statistics</h1>');
    expectForm(stats, 'rp-stats');
    const statsPw = await s.hit('/rp-private+');
    expect(statsPw.text).toContain('statistics of this link are protected');
    expectForm(statsPw, 'rp-private');
    const sens = await s.hit('/rp-sens');
    expect(sens.text).toContain('Sensitive content ahead');
    expectForm(sens, 'rp-sens');
    const consent = await s.hit('/rp-consent');
    expect(consent.text).toContain('Allow tracking for this link?');
    expectForm(consent, 'rp-consent');

    const missing = await s.hit('/rp-nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.text).not.toContain('<form');
    expect((await s.hit('/rp-nothing-here/report')).status).toBe(404);
  });

  it('GET and HEAD of the report path show the form on a page of its own; a disabled link has none', async () => {
    await createLink(s, { url: 'https://example.com/g', alias: 'rp-get' });
    const get = await s.hit('/rp-get/report');
    expect(get.status).toBe(200);
    expect(get.text).toContain('<h1>Report this link</h1>');
    expect(get.text).toContain(`<code>${s.url}/rp-get</code>`);
    expectForm(get, 'rp-get');
    const head = await s.hit('/rp-get/report', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    const off = await createLink(s, { url: 'https://example.com/h', alias: 'rp-off', disabled: '1' });
    expect((await s.hit('/rp-off/report')).status).toBe(404);
    expect((await report('rp-off', { reason: 'spam' })).status).toBe(404);
    expect(await reportsOf(off.id)).toEqual([]);
  });

  it('prints an alias in other scripts percent-encoded in the form\'s action, and takes its report', async () => {
    const l = await createLink(s, { url: 'https://example.com/i', alias: 'café-rp', password: 'pw12345' });
    const page = await s.hit(`/${encodeURIComponent('café-rp')}`);
    expect(page.text).toContain('action="/caf%C3%A9-rp/report"');
    expect((await report('caf%C3%A9-rp', { reason: 'malware' })).status).toBe(303);
    expect((await reportsOf(l.id)).map((r) => r.reason)).toEqual(['malware']);
  });
});

describe('sending a report', () => {
  it('stores the reason and text with a keyed hash of the address (never the address), then thanks the visitor', async () => {
    const l = await createLink(s, { url: 'https://phish.example.net/login', alias: 'rp-send' });
    const sent = await report('rp-send', { reason: 'phishing', details: '  Asks for my bank password.\r\nTwice.  ' }, { 'x-forwarded-for': '203.0.113.77' });
    expect(sent.status).toBe(303);
    expect(sent.location).toBe('/rp-send/report?thanks');
    const thanks = await s.hit('/rp-send/report?thanks');
    expect(thanks.status).toBe(200);
    expect(thanks.text).toContain('<h1>Thank you</h1>');
    const [row] = await reportsOf(l.id);
    expect(row).toMatchObject({ reason: 'phishing', details: 'Asks for my bank password.\nTwice.', status: 'open', resolved_by: null });
    expect(Object.keys(row)).not.toContain('ip');
    expect(row.ip_hash).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(JSON.stringify(row)).not.toContain('203.0.113');
    // Same address, same hash (the limit and the reporter count read it); another address, another hash.
    await report('rp-send', { reason: 'spam' }, { 'x-forwarded-for': '203.0.113.77' });
    await report('rp-send', { reason: 'spam' }, { 'x-forwarded-for': '203.0.113.78' });
    const rows = await reportsOf(l.id);
    expect(rows[1].ip_hash).toBe(row.ip_hash);
    expect(rows[2].ip_hash).not.toBe(row.ip_hash);
  });

  it('counts no click: the link\'s counter, click log and rollups are as if no report had been sent', async () => {
    const l = await createLink(s, { url: 'https://example.com/counted', alias: 'rp-noclick' });
    for (let i = 0; i < 3; i++) expect((await report('rp-noclick', { reason: 'spam', details: `report ${i}` })).status).toBe(303);
    expect((await s.hit('/rp-noclick/report')).status).toBe(200);
    // One real visit after them: the writer stores clicks in order, so once it is in, any click of a report would be too.
    expect((await s.hit('/rp-noclick')).status).toBe(302);
    await within(3000, async () => expect((await s.api('GET', `/links/${l.id}`)).body.data.clicks).toBe(1));
    expect(await s.sql('SELECT count(*) AS n FROM click_log WHERE link_id = $1', [l.id])).toEqual([{ n: 1 }]);
    expect(await s.sql('SELECT sum(clicks) AS n FROM click_days WHERE link_id = $1', [l.id])).toEqual([{ n: 1 }]);
    expect(await reportsOf(l.id)).toHaveLength(3);
  });

  it('refuses a post from another site as the consent form does (403 page), storing nothing', async () => {
    const l = await createLink(s, { url: 'https://example.com/x', alias: 'rp-csrf' });
    const forged: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'https://evil.example' }, { origin: 'null' },
      { referer: 'https://evil.example/page' }];
    for (const headers of forged) {
      const h = await report('rp-csrf', { reason: 'phishing', details: 'forged' }, headers);
      expect(h.status, JSON.stringify(headers)).toBe(403);
      expect(h.text).toContain('This form was sent from another site');
      expect(h.text).toContain('href="/rp-csrf/report"');
    }
    expect(await reportsOf(l.id)).toEqual([]);
    // The page's own origin is taken.
    const own = new URL(s.url);
    expect((await report('rp-csrf', { reason: 'phishing' }, { origin: own.origin, 'sec-fetch-site': 'same-origin' })).status).toBe(303);
    expect(await reportsOf(l.id)).toHaveLength(1);
  });

  it('checks the reason and the length, answering the form again with what was written, escaped', async () => {
    const l = await createLink(s, { url: 'https://example.com/v', alias: 'rp-check' });
    const noReason = await report('rp-check', { reason: 'ugly', details: XSS });
    expect(noReason.status).toBe(422);
    expect(noReason.text).toContain('Choose a reason: phishing, malware, spam or something else.');
    expect(noReason.text).toContain('aria-invalid="true" aria-describedby="report-reason-error"');
    // The text comes back in the textarea, every character escaped: nothing of it is markup.
    expect(noReason.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt;</textarea>');
    expect(noReason.text).not.toContain('<script>alert');
    expect(noReason.text).not.toContain('<img src=x');

    const long = 'é'.repeat(501);
    const tooLong = await report('rp-check', { reason: 'spam', details: long });
    expect(tooLong.status).toBe(422);
    expect(tooLong.text).toContain('The details may be at most 500 characters; yours are 501.');
    expect(tooLong.text).toContain(`${'é'.repeat(501)}</textarea>`);
    expect(tooLong.text).toContain('<option value="spam" selected>');
    expect(await reportsOf(l.id)).toEqual([]);

    // 500 characters, emoji counted as one each, fit.
    expect((await report('rp-check', { reason: 'other', details: '🙂'.repeat(500) })).status).toBe(303);
    expect((await reportsOf(l.id))[0].details).toBe('🙂'.repeat(500));
  });

  it('keeps a hostile text as text: stored as written, and never markup on a page', async () => {
    const l = await createLink(s, { url: 'https://example.com/xss', alias: 'rp-xss' });
    expect((await report('rp-xss', { reason: 'other', details: XSS })).status).toBe(303);
    expect((await reportsOf(l.id))[0].details).toBe(XSS);
    for (const p of ['/rp-xss/report', '/rp-xss/report?thanks', '/rp-xss+']) {
      const h = await s.hit(p);
      expect(h.text, p).not.toContain('<script>alert');
      expect(h.text, p).not.toContain('onerror=alert(2)>');
    }
  });
});

describe('the limit per address', () => {
  it('takes 5 reports in 10 minutes from one address, then 429 in words with Retry-After; others still report; nothing stored past it', async () => {
    const l = await createLink(s, { url: 'https://example.com/lim', alias: 'rp-limit' });
    const me = '192.0.2.10';
    for (let i = 0; i < 5; i++) expect((await report('rp-limit', { reason: 'spam' }, { 'x-forwarded-for': me })).status).toBe(303);
    const refused = await report('rp-limit', { reason: 'spam' }, { 'x-forwarded-for': me });
    expect(refused.status).toBe(429);
    expect(refused.text).toMatch(/Too many reports were sent from your network for now\. Nothing was stored\. Try again in (9|10) minutes\./);
    const retry = Number(refused.headers['retry-after']);
    expect(retry).toBeGreaterThan(590);
    expect(retry).toBeLessThanOrEqual(600);
    // The limit is the address's, on every link; a neighbour on another address is not held back.
    const other = await createLink(s, { url: 'https://example.com/lim2', alias: 'rp-limit2' });
    expect((await report('rp-limit2', { reason: 'spam' }, { 'x-forwarded-for': me })).status).toBe(429);
    expect((await report('rp-limit2', { reason: 'spam' }, { 'x-forwarded-for': '192.0.2.11' })).status).toBe(303);
    expect(await reportsOf(l.id)).toHaveLength(5);
    expect(await reportsOf(other.id)).toHaveLength(1);
  });

  it('takes 20 a day: after the short window passes four times, the fifth window is refused until the day has passed', async () => {
    const l = await createLink(s, { url: 'https://example.com/day', alias: 'rp-day' });
    const me = '192.0.2.20';
    const start = offset;
    try {
      for (let w = 0; w < 4; w++) {
        for (let i = 0; i < 5; i++) expect((await report('rp-day', { reason: 'spam' }, { 'x-forwarded-for': me })).status, `${w}.${i}`).toBe(303);
        offset += 11 * 60_000;
      }
      const refused = await report('rp-day', { reason: 'spam' }, { 'x-forwarded-for': me });
      expect(refused.status).toBe(429);
      // The first report leaves the day 24 h after it was sent: 44 minutes have gone by.
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
      expect(refused.text).toContain('Try again in 24 hours.');
      offset += 24 * 3600_000 - 44 * 60_000 + 1000;
      expect((await report('rp-day', { reason: 'spam' }, { 'x-forwarded-for': me })).status).toBe(303);
      expect(await reportsOf(l.id)).toHaveLength(21);
    } finally {
      offset = start;
    }
  });

  it('counts an IPv6 visitor by its /64: another address of the same network is the same reporter', async () => {
    const l = await createLink(s, { url: 'https://example.com/v6', alias: 'rp-v6' });
    for (let i = 0; i < 5; i++) expect((await report('rp-v6', { reason: 'spam' }, { 'x-forwarded-for': `2001:db8:1:2::${i + 1}` })).status).toBe(303);
    expect((await report('rp-v6', { reason: 'spam' }, { 'x-forwarded-for': '2001:db8:1:2:ffff::9' })).status).toBe(429);
    expect((await report('rp-v6', { reason: 'spam' }, { 'x-forwarded-for': '2001:db8:1:3::1' })).status).toBe(303);
    const hashes = new Set((await reportsOf(l.id)).map((r) => r.ip_hash));
    expect(hashes.size).toBe(2);
  });
});

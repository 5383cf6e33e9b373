// Click recording: what is stored, how soon the API shows it, who is not
// counted, and the exact click limit under 200 simultaneous requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLink, startRedirectServer, UA, within, type RedirectServer } from './helpers.ts';

const BOTS = {
  Googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  Slack: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  Facebook: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  Twitter: 'Twitterbot/1.0',
  WhatsApp: 'WhatsApp/2.23.20.0',
  Discord: 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  curl: 'curl/8.5.0',
};

describe('recording', () => {
  let s: RedirectServer;
  beforeAll(async () => { s = await startRedirectServer({ trustProxy: 1 }); });
  afterAll(async () => { await s.close(); });

  it('stores time, country, platform, browser, language and referrer; the API shows it once the writer has written its batch', async () => {
    const l = await createLink(s, { url: 'https://example.com/counted', alias: 'count' });
    const before = Date.now();
    const r = await s.hit('/count', {
      headers: {
        'user-agent': UA.iOS, 'x-forwarded-for': '81.2.69.160', 'accept-language': 'fr-CH, fr;q=0.9, en;q=0.8',
        referer: 'https://www.example.net/some/path?private=1',
      },
    });
    expect(r.status).toBe(302);
    // Waits for the batch, not for a time: how soon it comes is bench:writer's to measure, not a loaded test machine's.
    await within(10_000, async () => {
      expect((await s.api('GET', `/links/${l.id}`)).body.data.clicks).toBe(1);
      const st = (await s.api('GET', `/stats/${l.id}`)).body.data;
      expect(st.clicks).toBe(1);
      expect(st.countries).toEqual([{ value: 'GB', count: 1 }]);
      expect(st.platforms).toEqual([{ value: 'iOS', count: 1 }]);
      expect(st.browsers).toEqual([{ value: 'Safari', count: 1 }]); // phpShort's name (config/browsers.php:13), as targeting's
      expect(st.languages).toEqual([{ value: 'fr', count: 1 }]);
      expect(st.referrers).toEqual([{ value: 'www.example.net', count: 1 }]);
      expect(st.days).toEqual([{ date: new Date(before).toISOString().slice(0, 10), count: 1 }]);
    });
    const row = (await s.sql('SELECT created_at FROM click_log WHERE link_id = $1', [l.id]))[0] as { created_at: number };
    expect(row.created_at).toBeGreaterThanOrEqual(before);
    expect(row.created_at).toBeLessThanOrEqual(Date.now());
  });

  it('leaves unknown fields empty rather than guessing', async () => {
    const l = await createLink(s, { url: 'https://example.com/bare', alias: 'bare' });
    await s.hit('/bare', { headers: { 'user-agent': 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2)', referer: 'not a url' } });
    await within(1000, async () => {
      const st = (await s.api('GET', `/stats/${l.id}`)).body.data;
      expect(st.clicks).toBe(1);
      expect(st.countries).toEqual([{ value: 'Unknown', count: 1 }]);
      expect(st.languages).toEqual([{ value: 'Unknown', count: 1 }]);
      expect(st.referrers).toEqual([{ value: 'Unknown', count: 1 }]);
    });
  });

  it('redirects bots and link-preview fetchers without counting them, and does not count HEAD', async () => {
    const l = await createLink(s, { url: 'https://example.com/shared', alias: 'shared' });
    for (const [name, ua] of Object.entries(BOTS)) {
      const r = await s.hit('/shared?x=1', { headers: { 'user-agent': ua } });
      expect(r.status, name).toBe(302);
      expect(r.location, name).toBe('https://example.com/shared?x=1');
    }
    const head = await s.hit('/shared', { method: 'HEAD' });
    expect(head.status).toBe(302);
    expect(head.location).toBe('https://example.com/shared');
    // One human click after them: when it shows, nothing else was counted.
    await s.hit('/shared');
    await within(1000, async () => expect((await s.api('GET', `/links/${l.id}`)).body.data.clicks).toBe(1));
    expect((await s.api('GET', `/stats/${l.id}`)).body.data.clicks).toBe(1);
    expect(await s.sql('SELECT count(*) AS n FROM click_log WHERE link_id = $1', [l.id])).toEqual([{ n: 1 }]);
  });

  it('lets bots through a click limit without spending it', async () => {
    const l = await createLink(s, { url: 'https://example.com/one', alias: 'one', expiration_clicks: '1', expiration_url: 'https://example.com/none' });
    expect((await s.hit('/one', { headers: { 'user-agent': BOTS.Slack } })).location).toBe('https://example.com/one');
    expect((await s.hit('/one')).location).toBe('https://example.com/one');
    expect((await s.hit('/one')).location).toBe('https://example.com/none');
    expect((await s.api('GET', `/links/${l.id}`)).body.data).toMatchObject({ clicks: 1, status: 2 });
  });
});

describe.each(['worker', 'inline'] as const)('click limit under concurrency (%s click writer)', (clickWriter) => {
  let s: RedirectServer;
  beforeAll(async () => { s = await startRedirectServer({}, { clickWriter }); });
  afterAll(async () => { await s.close(); });

  it('lets exactly 50 of 200 simultaneous requests reach the target, the other 150 the expiration URL', async () => {
    const l = await createLink(s, {
      url: 'https://example.com/drop', alias: 'drop', expiration_clicks: '50', expiration_url: 'https://example.com/sold-out',
    });
    const answers = await Promise.all(Array.from({ length: 200 }, () => s.hit('/drop')));
    const to = (u: string) => answers.filter((a) => a.location === u).length;
    expect(to('https://example.com/drop')).toBe(50);
    expect(to('https://example.com/sold-out')).toBe(150);
    expect((await s.api('GET', `/links/${l.id}`)).body.data).toMatchObject({ clicks: 50, status: 2 });
    expect((await s.api('GET', `/stats/${l.id}`)).body.data.clicks).toBe(50);
    expect(await s.sql('SELECT count(*) AS n FROM click_log WHERE link_id = $1', [l.id])).toEqual([{ n: 50 }]);
  });

  it('counts clicks still waiting in a batch when a limit is set right after them', async () => {
    const l = await createLink(s, { url: 'https://example.com/late', alias: 'late', expiration_url: 'https://example.com/late-over' });
    await Promise.all(Array.from({ length: 30 }, () => s.hit('/late')));
    // Set at once, before the batch of 30 is due to be written.
    await s.api('PUT', `/links/${l.id}`, { expiration_clicks: '40' });
    const answers = await Promise.all(Array.from({ length: 25 }, () => s.hit('/late')));
    expect(answers.filter((a) => a.location === 'https://example.com/late').length).toBe(10);
    expect(answers.filter((a) => a.location === 'https://example.com/late-over').length).toBe(15);
    expect((await s.api('GET', `/links/${l.id}`)).body.data).toMatchObject({ clicks: 40, status: 2 });
  });
});

describe('shutdown', () => {
  it('writes the clicks still waiting in the batch when the server closes', async () => {
    const first = await startRedirectServer();
    const l = await createLink(first, { url: 'https://example.com/last', alias: 'last' });
    await Promise.all(Array.from({ length: 20 }, () => first.hit('/last')));
    await first.close({ keepData: true });
    const second = await startRedirectServer({}, {}, first.dataDir, first.key);
    try {
      expect((await second.api('GET', `/links/${l.id}`)).body.data.clicks).toBe(20);
      expect((await second.api('GET', `/stats/${l.id}`)).body.data.clicks).toBe(20);
    } finally {
      await second.close();
    }
  });
});

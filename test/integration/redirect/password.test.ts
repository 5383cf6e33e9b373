// Password-protected links and the statistics page under each privacy value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLink, startRedirectServer, within, type Hit, type RedirectServer } from './helpers.ts';

let s: RedirectServer;
beforeAll(async () => { s = await startRedirectServer(); });
afterAll(async () => { await s.close(); });

const cookieOf = (h: Hit) => {
  const raw = h.headers['set-cookie'];
  const first = Array.isArray(raw) ? raw[0] : raw;
  if (!first) throw new Error('no Set-Cookie');
  return { header: first, pair: first.split(';')[0]! };
};

describe('password-protected link', () => {
  it('shows a form first, and counts nothing', async () => {
    const l = await createLink(s, { url: 'https://example.com/secret', alias: 'pw', password: 'open sesame' });
    const r = await s.hit('/pw?ref=mail');
    expect(r.status).toBe(200);
    expect(r.location).toBeUndefined();
    expect(r.text).toContain('<form method="post">');
    expect(r.text).toContain('type="password"');
    expect(r.text).not.toContain('https://example.com/secret');
    expect(r.headers['cache-control']).toBe('no-store');
    expect((await s.api('GET', `/links/${l.id}`)).body.data.clicks).toBe(0);
  });

  it('says so on a wrong password, and on a right one redirects and remembers this browser', async () => {
    const l = await createLink(s, { url: 'https://example.com/secret2', alias: 'pw2', password: 'open sesame' });
    const wrong = await s.hit('/pw2', { form: { password: 'nope' } });
    expect(wrong.status).toBe(403);
    expect(wrong.text).toContain('Wrong password');
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const right = await s.hit('/pw2?ref=mail', { form: { password: 'open sesame' } });
    expect(right.status).toBe(303);
    expect(right.location).toBe('/pw2?ref=mail');
    const cookie = cookieOf(right);
    expect(cookie.header).toMatch(/HttpOnly/);
    expect(cookie.header).toMatch(/SameSite=Lax/);
    expect(cookie.header).toMatch(/Max-Age=\d+/);

    const go = await s.hit('/pw2?ref=mail', { headers: { cookie: cookie.pair } });
    expect(go.status).toBe(302);
    expect(go.location).toBe('https://example.com/secret2?ref=mail');
    expect((await s.hit('/pw2', { headers: { cookie: `other=1; ${cookie.pair}` } })).location).toBe('https://example.com/secret2');
    await within(1000, async () => expect((await s.api('GET', `/links/${l.id}`)).body.data.clicks).toBe(2));
  });

  it('does not let a cookie open another link, survive a password change, or be forged', async () => {
    await createLink(s, { url: 'https://example.com/a', alias: 'pwa', password: 'same' });
    const b = await createLink(s, { url: 'https://example.com/b', alias: 'pwb', password: 'same' });
    const cookie = cookieOf(await s.hit('/pwa', { form: { password: 'same' } })).pair;
    const [name, value] = cookie.split('=') as [string, string];
    const forged = `${name.replace(/\d+$/, String(b.id))}=${value}`;
    expect((await s.hit('/pwb', { headers: { cookie: forged } })).status).toBe(200);
    expect((await s.hit('/pwa', { headers: { cookie: `${name}=${Number(value.split('.')[0]) + 999}.${value.split('.')[1]}` } })).status).toBe(200);
    expect((await s.hit('/pwa', { headers: { cookie } })).status).toBe(302);

    const a = (await s.api('GET', '/links?search=pwa&search_by=alias')).body.data[0];
    await s.api('PUT', `/links/${a.id}`, { password: 'changed' });
    expect((await s.hit('/pwa', { headers: { cookie } })).status).toBe(200);
  });

  it('limits wrong answers per client and link: the sixth try within 15 minutes is refused with 429', async () => {
    await createLink(s, { url: 'https://example.com/guarded', alias: 'guarded', password: 'right' });
    await createLink(s, { url: 'https://example.com/elsewhere', alias: 'elsewhere', password: 'right' });
    for (let i = 0; i < 5; i++) expect((await s.hit('/guarded', { form: { password: `guess${i}` } })).status).toBe(403);
    const blocked = await s.hit('/guarded', { form: { password: 'right' } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(blocked.text).toContain('Too many attempts');
    expect(blocked.headers['set-cookie']).toBeUndefined();
    // Another link is counted on its own.
    expect((await s.hit('/elsewhere', { form: { password: 'right' } })).status).toBe(303);
  });

  it('counts parallel guesses before checking them, so a burst cannot get past the limit', async () => {
    await createLink(s, { url: 'https://example.com/burst', alias: 'burst', password: 'right' });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => s.hit('/burst', { form: { password: `guess${i}` } })));
    expect(answers.filter((a) => a.status === 403)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(7);
  });

  it('keeps the expiry and disabled rules ahead of the password', async () => {
    await createLink(s, { url: 'https://example.com/x', alias: 'pwold', password: 'p', expiration_date: '2020-01-01' });
    expect((await s.hit('/pwold')).status).toBe(410);
    expect((await s.hit('/pwold', { form: { password: 'p' } })).status).toBe(303);
    expect((await s.hit('/pwold')).status).toBe(410);
  });
});

describe('statistics page', () => {
  it('is shown for privacy 0 with the link\'s clicks', async () => {
    await createLink(s, { url: 'https://example.com/public', alias: 'pub', privacy: '0' });
    await s.hit('/pub', { headers: { 'accept-language': 'de-DE,de;q=0.9', referer: 'https://news.example.org/item?id=1' } });
    let r!: Hit;
    await within(1000, async () => {
      r = await s.hit('/pub+');
      expect(r.text).toContain('<strong>1</strong> click in total.');
    });
    expect(r.status).toBe(200);
    expect(r.text).toContain('Destination: <code>https://example.com/public</code>');
    expect(r.text).toContain('<td>Windows</td>');
    expect(r.text).toContain('<td>German (de)</td>');
    expect(r.text).toContain('<td>news.example.org</td>');
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it('is not shown for privacy 1', async () => {
    await createLink(s, { url: 'https://example.com/private', alias: 'priv', privacy: '1' });
    const r = await s.hit('/priv+');
    expect(r.status).toBe(404);
    expect(r.text).not.toContain('example.com/private');
    expect((await s.hit('/priv+', { form: { password: 'x' } })).status).toBe(303);
    expect((await s.hit('/priv')).location).toBe('https://example.com/private');
  });

  it('asks for privacy_password for privacy 2, and never shows a password-protected destination', async () => {
    await createLink(s, { url: 'https://example.com/hidden', alias: 'sp', privacy: '2', privacy_password: 'stats pw', password: 'link pw' });
    const form = await s.hit('/sp+');
    expect(form.status).toBe(200);
    expect(form.text).toContain('statistics of this link are protected');
    expect((await s.hit('/sp+', { form: { password: 'link pw' } })).status).toBe(403);
    const right = await s.hit('/sp+', { form: { password: 'stats pw' } });
    expect(right.status).toBe(303);
    expect(right.location).toBe('/sp+');
    const cookie = cookieOf(right).pair;
    const page = await s.hit('/sp+', { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/clicks? in total/);
    expect(page.text).not.toContain('example.com/hidden');
    // The statistics cookie does not open the link itself.
    expect((await s.hit('/sp', { headers: { cookie } })).status).toBe(200);
    expect((await s.hit('/sp', { headers: { cookie } })).text).toContain('This link is protected by a password.');
  });

  it('answers unknown aliases with the 404 page', async () => {
    expect((await s.hit('/nothing+')).status).toBe(404);
  });
});

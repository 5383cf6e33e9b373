// What a visitor without the password, or of a turned-off link, may learn
// about a link's destination: nothing. And passwords work exactly as typed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUp, createLink, startRedirectServer, type Hit, type RedirectServer } from '../redirect/helpers.ts';

let s: RedirectServer;
beforeAll(async () => { s = await startRedirectServer(); });
afterAll(async () => { await s.close(); });

const TITLE = 'Quarterly salaries — confidential';
const cookieOf = (h: Hit) => String(h.headers['set-cookie']).split(';')[0]!;

/** A link whose destination page title the title fetcher has already stored. */
async function titledLink(form: Record<string, string>) {
  const l = await createLink(s, form);
  await s.app.linkdesk.repos.links.setTitle(l.id, l.url, TITLE);
  await catchUp(s); // written behind the server's back, like the title fetcher's
  return l;
}

describe("a disabled link's statistics page", () => {
  it('answers 404 with the not-found page, like its redirect, and shows nothing of the destination', async () => {
    const l = await titledLink({ url: 'https://example.com/switched-off', alias: 'switched-off' });
    expect((await s.hit('/switched-off+')).status).toBe(200);
    await s.api('PATCH', `/links/${l.id}`, { disabled: '1' });
    for (const p of ['/switched-off', '/switched-off+']) {
      const r = await s.hit(p);
      expect(r.status, p).toBe(404);
      expect(r.text, p).toContain('Link not found');
      expect(r.text, p).not.toContain('example.com/switched-off');
      expect(r.text, p).not.toContain(TITLE);
    }
  });

  it('stays 404 behind a statistics password, even after the right one is sent', async () => {
    await titledLink({ url: 'https://example.com/off-private', alias: 'off-private', disabled: '1', privacy: '2', privacy_password: 'stats' });
    expect((await s.hit('/off-private+')).status).toBe(404);
    const sent = await s.hit('/off-private+', { form: { password: 'stats' } });
    expect(sent.headers['set-cookie']).toBeUndefined();
    expect((await s.hit('/off-private+')).status).toBe(404);
  });
});

describe('a password-protected link', () => {
  it('shows neither the title nor the URL of its destination on the password form, right or wrong', async () => {
    await titledLink({ url: 'https://example.com/payroll', alias: 'payroll', password: 'right' });
    for (const r of [await s.hit('/payroll'), await s.hit('/payroll', { form: { password: 'wrong' } })]) {
      expect(r.text).toContain('Password required');
      expect(r.text).not.toContain(TITLE);
      expect(r.text).not.toContain('example.com/payroll');
    }
  });

  it('shows counts on its public statistics page, but not the title or URL of its destination', async () => {
    await titledLink({ url: 'https://example.com/payroll2', alias: 'payroll2', password: 'right' });
    const stats = await s.hit('/payroll2+');
    expect(stats.status).toBe(200);
    expect(stats.text).toMatch(/clicks? in total\./);
    expect(stats.text).not.toContain(TITLE);
    expect(stats.text).not.toContain('example.com/payroll2');
  });

  it('keeps them off the statistics password form and the unlocked statistics page too', async () => {
    await titledLink({ url: 'https://example.com/payroll3', alias: 'payroll3', password: 'right', privacy: '2', privacy_password: 'stats' });
    const form = await s.hit('/payroll3+');
    expect(form.text).toContain('Password required');
    expect(form.text).not.toContain(TITLE);
    const unlocked = await s.hit('/payroll3+', { headers: { cookie: cookieOf(await s.hit('/payroll3+', { form: { password: 'stats' } })) } });
    expect(unlocked.text).toMatch(/clicks? in total\./);
    expect(unlocked.text).not.toContain(TITLE);
    expect(unlocked.text).not.toContain('example.com/payroll3');
  });

  it("still shows a public link's title and destination on its statistics page", async () => {
    await titledLink({ url: 'https://example.com/open-book', alias: 'open-book' });
    const stats = await s.hit('/open-book+');
    expect(stats.text).toContain(TITLE);
    expect(stats.text).toContain('https://example.com/open-book');
  });
});

describe('passwords with spaces', () => {
  it('opens a link only with the password exactly as it was set, spaces included', async () => {
    await createLink(s, { url: 'https://example.com/spaced', alias: 'spaced', password: '  pw  ' });
    expect((await s.hit('/spaced', { form: { password: 'pw' } })).status).toBe(403);
    const right = await s.hit('/spaced', { form: { password: '  pw  ' } });
    expect(right.status).toBe(303);
    expect((await s.hit('/spaced', { headers: { cookie: cookieOf(right) } })).location).toBe('https://example.com/spaced');
  });

  it('does the same for a statistics password, and for a password changed later', async () => {
    const l = await createLink(s, { url: 'https://example.com/spaced2', alias: 'spaced2', privacy: '2', privacy_password: ' stats ' });
    expect((await s.hit('/spaced2+', { form: { password: 'stats' } })).status).toBe(403);
    expect((await s.hit('/spaced2+', { form: { password: ' stats ' } })).status).toBe(303);
    await s.api('PATCH', `/links/${l.id}`, { password: 'new pw ' });
    expect((await s.hit('/spaced2', { form: { password: 'new pw' } })).status).toBe(403);
    expect((await s.hit('/spaced2', { form: { password: 'new pw ' } })).status).toBe(303);
  });

  it('refuses a password of spaces only with 422, as if none was given', async () => {
    const r = await s.api('POST', '/links', { url: 'https://example.com/blank', password: '   ' });
    expect(r.status).toBe(422);
    expect(r.body.errors.password).toEqual(['The password field is required.']);
  });
});

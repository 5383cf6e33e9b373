// A banned link never redirects (issue 44): a page in the instance's style,
// 451 for a legal block and 403 otherwise, no-store; no click, no pixel, no
// rotation turn, no preview card, nothing of the destination. The ban is a
// flag of the cached link: a ban written by another node (behind this
// server's back) reaches it through the change feed, and a lift brings the
// redirect back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUp, createLink, cspOf, startRedirectServer, type RedirectServer } from './helpers.ts';

const SLACK = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';
let s: RedirectServer;
beforeAll(async () => { s = await startRedirectServer({}, { webhooks: false }); });
afterAll(async () => { await s.close(); });

async function fetchApi(method: string, p: string, json: unknown) {
  const res = await fetch(`${s.url}/api/v1${p}`, {
    method, headers: { authorization: `Bearer ${s.key}`, 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(json),
  });
  return { status: res.status, body: await res.json() as any };
}
const clicksOf = async (id: number) => Number((await s.sql('SELECT count(*) AS n FROM click_log WHERE link_id = $1', [id]))[0].n);

describe('a banned link', () => {
  it('answers 403 with a page that names no destination, counts no click, and redirects again once the ban is lifted', async () => {
    const l = await createLink(s, { url: 'https://phish.example.net/login?next=bank', alias: 'bnd1', title: 'Your bank' });
    expect((await s.hit('/bnd1')).status).toBe(302); // cached and on the fast path
    const b = await fetchApi('POST', `/links/${l.id}/ban`, { reason: 'phishing page at phish.example.net' });
    expect(b.status).toBe(200);
    const page = await s.hit('/bnd1?utm_source=mail');
    expect(page.status).toBe(403);
    expect(page.location).toBeUndefined();
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.text).toContain('This link has been disabled');
    expect(page.text).toContain('disabled it because it was being misused');
    // Neither the destination, nor its title, nor the admin's words (which quote it).
    for (const leak of ['phish.example.net', 'Your bank', 'phishing page']) expect(page.text).not.toContain(leak);
    expect(cspOf(page).get('script-src')).toEqual(["'none'"]);
    // HEAD, the statistics page and a crawler asking for the card get nothing more.
    expect((await s.hit('/bnd1', { method: 'HEAD' })).status).toBe(403);
    const stats = await s.hit('/bnd1+');
    expect(stats.status).toBe(403);
    expect(stats.text).not.toContain('phish.example.net');
    expect((await s.hit('/bnd1', { headers: { 'user-agent': SLACK } })).status).toBe(403);
    // One click from before the ban, none since (a later counted visit waits for the writer behind them).
    const lifted = await fetchApi('DELETE', `/links/${l.id}/ban`, { reason: 'false positive' });
    expect(lifted.status).toBe(200);
    expect(lifted.body.data.banned).toBeNull();
    const back = await s.hit('/bnd1');
    expect(back.status).toBe(302);
    expect(back.location).toBe('https://phish.example.net/login?next=bank');
    await expect.poll(() => clicksOf(l.id), { timeout: 10_000 }).toBe(2);
  });

  it('answers 451 for a legal block', async () => {
    const l = await createLink(s, { url: 'https://pirated.example.org/film', alias: 'bnd2' });
    expect((await fetchApi('POST', `/links/${l.id}/ban`, { reason: 'court order 12/2026', legal: true })).status).toBe(200);
    const page = await s.hit('/bnd2');
    expect(page.status).toBe(451);
    expect(page.text).toContain('blocked for legal reasons');
    expect(page.text).not.toContain('pirated.example.org');
  });

  it('fires no pixel, takes no rotation turn and skips the password and consent pages', async () => {
    const px = (await s.api('POST', '/pixels', { name: 'fb', type: 'facebook', pixel_id: '1234567890' })).body.data;
    const withPixel = await createLink(s, { url: 'https://shop.example.com/', alias: 'bnd3', 'pixel_ids[0]': String(px.id) });
    const rotating = await createLink(s, {
      url: 'https://a.example.com/', alias: 'bnd4', target_type: '4', 'rotation[0][value]': 'https://r1.example.com/', 'rotation[1][value]': 'https://r2.example.com/',
    });
    const locked = await createLink(s, { url: 'https://secret.example.com/', alias: 'bnd5', password: 'hunter22' });
    expect(withPixel.pixels).toHaveLength(1);
    expect(rotating.targets_type).toBe('rotations');
    expect(locked.redirect_password).toBe(true);
    for (const l of [withPixel, rotating, locked]) expect((await fetchApi('POST', `/links/${l.id}/ban`, { reason: 'spam' })).status).toBe(200);
    const turnBefore = (await s.sql('SELECT rotation_next FROM links WHERE id = $1', [rotating.id]))[0].rotation_next;
    for (const alias of ['bnd3', 'bnd4', 'bnd5']) {
      const h = await s.hit(`/${alias}`);
      expect(h.status).toBe(403);
      expect(h.text).not.toMatch(/facebook|fbq|Password required|r1\.example|secret\.example/);
    }
    // A password sent anyway opens nothing.
    expect((await s.hit('/bnd5', { form: { password: 'hunter22' }, headers: { origin: s.url } })).status).toBe(403);
    expect((await s.sql('SELECT rotation_next FROM links WHERE id = $1', [rotating.id]))[0].rotation_next).toBe(turnBefore);
    expect(await clicksOf(withPixel.id) + await clicksOf(rotating.id) + await clicksOf(locked.id)).toBe(0);
  });

  it('takes effect on this node when another node writes the ban (the change feed carries it), and says why by its source', async () => {
    const l = await createLink(s, { url: 'https://malware.example.com/x.exe', alias: 'bnd6' });
    expect((await s.hit('/bnd6')).status).toBe(302);
    await s.sql("UPDATE links SET banned_at = $1, ban_reason = 'URLhaus match', ban_legal = 0, ban_source = 'threat' WHERE id = $2", [Date.now(), l.id]);
    await catchUp(s);
    const page = await s.hit('/bnd6');
    expect(page.status).toBe(403);
    expect(page.text).toContain('list of known threats');
    expect(page.text).not.toContain('malware.example.com');
  });

  it('holds no text of the link or the ban: an owner-written title and an admin-written reason never reach the page', async () => {
    const l = await createLink(s, { url: 'https://x.example.com/', alias: 'bnd7', title: '<script>alert(1)</script>' });
    expect((await fetchApi('POST', `/links/${l.id}/ban`, { reason: '<img src=x onerror=alert(1)>' })).status).toBe(200);
    const page = await s.hit('/bnd7');
    expect(page.text).not.toMatch(/<script>alert|<img src=x/);
  });
});

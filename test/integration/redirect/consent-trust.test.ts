// Trust that lasts (issue 42): a consent token is bound to the link's state,
// so an owner's change (URL, status, active period, click limit) or the link's
// end date passing sends an old token back to the link instead of the old
// destination; a form answer sent from another site is refused by Origin or
// Referer even without Fetch Metadata. A stand-in clock moves time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLink, startRedirectServer, type Hit, type RedirectServer } from './helpers.ts';

const tokenOf = (h: Hit) => {
  const t = /name="token" value="([^"]+)"/.exec(h.text)?.[1];
  if (!t) throw new Error(`no consent page: ${h.status} ${h.text.slice(0, 200)}`);
  return t;
};
const dataOf = (h: Hit) => JSON.parse(/<script type="application\/json" id="ld-data">([\s\S]*?)<\/script>/.exec(h.text)![1]!);
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

let s: RedirectServer;
let pixelId: string;
// Whole seconds: the active period is stored to the second.
let clock = Math.floor(Date.now() / 1000) * 1000;
beforeAll(async () => {
  // The public address is not where the test connects: a proxy that does not pass Host on.
  s = await startRedirectServer({ timeZone: 'UTC', baseUrl: 'https://s.example.net' }, { now: () => clock });
  expect((await s.api('POST', '/domains', { name: 'go.example.net' })).status).toBe(201);
  pixelId = String((await s.api('POST', '/pixels', { name: 'fb', type: 'facebook', pixel_id: '1234567890' })).body.data.id);
});
afterAll(async () => { await s.close(); });

const pixelLink = (alias: string, more: Record<string, string> = {}) =>
  createLink(s, { url: `https://shop.example.com/${alias}`, alias, 'pixel_ids[]': pixelId, ...more });
const update = async (id: number, form: Record<string, string>) => {
  const r = await s.api('PUT', `/links/${id}`, form);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
};

/** Both answers with an old token go back to the link: no cookie, never the old destination. */
async function goesBack(alias: string, token: string) {
  for (const consent of ['accept', 'decline']) {
    const r = await s.hit(`/${alias}?utm_source=mail`, { form: { consent, token } });
    expect(r.status, consent).toBe(303);
    expect(r.location, consent).toBe(`/${alias}?utm_source=mail`);
    expect(r.headers['set-cookie'], consent).toBeUndefined();
    expect(r.text, consent).not.toContain('shop.example.com');
  }
}

describe('consent token bound to the link', () => {
  it('after the owner changes the URL, an old token goes back to the link, which asks again for the new one', async () => {
    const l = await pixelLink('moved');
    const old = tokenOf(await s.hit('/moved'));
    await update(l.id, { url: 'https://new.example.org/moved' });
    await goesBack('moved', old);
    const again = await s.hit('/moved');
    expect(again.text).toContain('<strong>new.example.org</strong>');
    const r = await s.hit('/moved', { form: { consent: 'decline', token: tokenOf(again) } });
    expect(r.status).toBe(303);
    expect(r.location).toBe('https://new.example.org/moved');
  });

  it('after the owner disables the link, an old token goes back to it, which is not found (holds)', async () => {
    const l = await pixelLink('switched');
    const old = tokenOf(await s.hit('/switched'));
    await update(l.id, { disabled: '1' });
    await goesBack('switched', old);
    expect((await s.hit('/switched')).status).toBe(404);
  });

  it('after the link\'s end date passes, an old token goes back to it, which has expired', async () => {
    await pixelLink('ending', { active_period_start_at: iso(clock - 60_000), active_period_end_at: iso(clock + 10 * 60_000) });
    const old = tokenOf(await s.hit('/ending'));
    clock += 10 * 60_000; // the end is exclusive; the token itself would be good for 50 more minutes
    await goesBack('ending', old);
    expect((await s.hit('/ending')).status).toBe(410);
  });

  it('after the owner lowers the click limit to the clicks made, an old token goes back to the link, which has expired', async () => {
    const l = await pixelLink('capped', { expiration_clicks: '5' });
    const old = tokenOf(await s.hit('/capped'));
    await update(l.id, { expiration_clicks: '1' });
    await goesBack('capped', old);
    expect((await s.hit('/capped')).status).toBe(410);
  });

  it('after the owner changes the targeting or the start of the active period, an old token goes back to the link', async () => {
    const a = await pixelLink('retarget');
    const oldA = tokenOf(await s.hit('/retarget'));
    await update(a.id, { targets_type: 'languages', 'targets[0][key]': 'de', 'targets[0][value]': 'https://de.example.com/' });
    await goesBack('retarget', oldA);
    const b = await pixelLink('later');
    const oldB = tokenOf(await s.hit('/later'));
    await update(b.id, { active_period_start_at: iso(clock + 3_600_000) });
    await goesBack('later', oldB);
    expect((await s.hit('/later')).status).toBe(410);
  });

  it('the last clicks a limit allows were counted: their tokens still forward after the limit is reached (holds)', async () => {
    await pixelLink('lasttwo', { expiration_clicks: '2' });
    const first = tokenOf(await s.hit('/lasttwo'));
    const second = tokenOf(await s.hit('/lasttwo'));
    expect((await s.hit('/lasttwo')).status).toBe(410);
    const declined = await s.hit('/lasttwo', { form: { consent: 'decline', token: first } });
    expect(declined.location).toBe('https://shop.example.com/lasttwo');
    const accepted = await s.hit('/lasttwo', { form: { consent: 'accept', token: second } });
    expect(accepted.status).toBe(200);
    expect(dataOf(accepted).to).toBe('https://shop.example.com/lasttwo');
  });

  it('a change that sends the visitor nowhere else (the preview card) leaves the token good (holds)', async () => {
    const l = await pixelLink('titled');
    const token = tokenOf(await s.hit('/titled'));
    await update(l.id, { preview_title: 'A new card' });
    expect((await s.hit('/titled', { form: { consent: 'decline', token } })).location).toBe('https://shop.example.com/titled');
  });
});

describe('form answers from another site, without Fetch Metadata', () => {
  const own = () => new URL(s.url);
  const refused = (r: Hit) => {
    expect(r.status).toBe(403);
    expect(r.text).toContain('This form was sent from another site');
    expect(r.headers['set-cookie']).toBeUndefined();
    expect(r.location).toBeUndefined();
  };
  const ELSEWHERE: Record<string, string>[] = [
    { origin: 'https://evil.example' },
    { origin: 'null' },
    { origin: 'http://127.0.0.1.evil.example' },
    { referer: 'https://evil.example/page' },
    { referer: 'not a url' },
    // Another host, even a domain registered here (it may be another user's).
    { origin: 'https://go.example.net' },
  ];

  it('refuses Accept sent with Origin or Referer of another site (or Origin: null), and no cookie is set', async () => {
    await pixelLink('forged');
    for (const headers of ELSEWHERE) {
      const r = await s.hit('/forged', { headers, form: { consent: 'accept', token: tokenOf(await s.hit('/forged')) } });
      refused(r);
      expect(r.text).toContain('<a href="/forged">Open the link again</a>');
    }
    // The visitor is asked again: nothing was remembered.
    expect((await s.hit('/forged')).text).toContain('Allow tracking for this link?');
  });

  it('takes the answer with the page\'s own Origin or Referer, the instance\'s own public host\'s, or with neither (holds)', async () => {
    await pixelLink('mine');
    const headerSets: Record<string, string>[] = [
      { origin: s.url }, { origin: `http://${own().hostname}:1` }, { referer: `${s.url}/mine?x=1` }, { origin: 'https://s.example.net' }, {},
    ];
    for (const headers of headerSets) {
      const r = await s.hit('/mine', { headers, form: { consent: 'accept', token: tokenOf(await s.hit('/mine')) } });
      expect(r.status, JSON.stringify(headers)).toBe(200);
      expect(dataOf(r).to).toBe('https://shop.example.com/mine');
    }
  });

  it('refuses the sensitive warning\'s Continue from another site', async () => {
    await createLink(s, { url: 'https://example.com/nsfw', alias: 'warned', sensitive_content: '1' });
    refused(await s.hit('/warned', { headers: { origin: 'https://evil.example' }, form: { sensitive: 'continue' } }));
    expect((await s.hit('/warned', { headers: { origin: s.url }, form: { sensitive: 'continue' } })).status).toBe(303);
  });

  it('refuses passwords from another site before trying them: the visitor\'s attempts are not spent', async () => {
    await createLink(s, { url: 'https://example.com/locked', alias: 'guarded', password: 'sesame' });
    refused(await s.hit('/guarded', { headers: { origin: 'https://evil.example' }, form: { password: 'sesame' } }));
    for (let i = 0; i < 6; i++) refused(await s.hit('/guarded', { headers: { referer: 'https://evil.example/' }, form: { password: 'wrong' } }));
    const right = await s.hit('/guarded', { headers: { origin: s.url }, form: { password: 'sesame' } });
    expect(right.status).toBe(303);
    expect(String(right.headers['set-cookie'])).toMatch(/^ld_link_\d+=/);
  });

  it('the form pages send Referrer-Policy same-origin, so a browser names their own origin when they post', async () => {
    await pixelLink('policy');
    await createLink(s, { url: 'https://example.com/p', alias: 'policypw', password: 'x' });
    await createLink(s, { url: 'https://example.com/s', alias: 'policys', sensitive_content: '1' });
    for (const p of ['/policy', '/policypw', '/policys']) expect((await s.hit(p)).headers['referrer-policy'], p).toBe('same-origin');
  });
});

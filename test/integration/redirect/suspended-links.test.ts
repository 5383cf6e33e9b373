// A suspension with links=stop (issue 44): every link of the user stops
// redirecting (a page like the banned one, 403) until the user is restored;
// without it a suspended user's links redirect as before. The cached links
// carry the owner's state: the change reaches them through the change feed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedirectServer, type RedirectServer } from './helpers.ts';

let s: RedirectServer;
beforeAll(async () => { s = await startRedirectServer({}, { webhooks: false }); });
afterAll(async () => { await s.close(); });

async function json(method: string, p: string, body: unknown, key = s.key) {
  const res = await fetch(`${s.url}/api/v1${p}`, {
    method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() as any };
}

describe('suspending a user', () => {
  it('keeps their links redirecting by default (holds), stops them all with links=stop, and restoring brings them back', async () => {
    const key = await s.newUserKey('spammer');
    const uid = (await s.sql("SELECT id FROM users WHERE name = 'spammer'"))[0].id as number;
    const a = (await json('POST', '/links', { url: 'https://spam.example.com/a', alias: 'sus1' }, key)).body.data;
    const b = (await json('POST', '/links', { url: 'https://spam.example.com/b', alias: 'sus2' }, key)).body.data;
    expect(a && b).toBeTruthy();
    expect((await s.hit('/sus1')).status).toBe(302);

    const kept = await json('PATCH', `/users/${uid}`, { status: 'suspended' });
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ status: 'suspended', links: 'keep' });
    expect((await s.hit('/sus1')).status).toBe(302);

    const stop = await json('PATCH', `/users/${uid}`, { links: 'stop' });
    expect(stop.status).toBe(200);
    expect(stop.body.data).toMatchObject({ status: 'suspended', links: 'stop' });
    for (const alias of ['sus1', 'sus2']) {
      const h = await s.hit(`/${alias}`);
      expect(h.status).toBe(403);
      expect(h.location).toBeUndefined();
      expect(h.text).toContain('The account that owns it has been suspended.');
      expect(h.text).not.toContain('spam.example.com');
    }

    const restored = await json('PATCH', `/users/${uid}`, { status: 'active' });
    expect(restored.body.data).toMatchObject({ status: 'active', links: 'keep' });
    expect((await s.hit('/sus2')).location).toBe('https://spam.example.com/b');
  });

  it('stops the links in the same request that suspends, and says links goes with a suspension', async () => {
    const key = await s.newUserKey('phisher');
    const uid = (await s.sql("SELECT id FROM users WHERE name = 'phisher'"))[0].id as number;
    await json('POST', '/links', { url: 'https://phish.example.com/', alias: 'sus3' }, key);
    expect((await s.hit('/sus3')).status).toBe(302);
    const bad = await json('PATCH', `/users/${uid}`, { links: 'stop' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.links[0]).toMatch(/goes with status=suspended/);
    expect((await json('PATCH', `/users/${uid}`, { status: 'suspended', links: 'stop' })).status).toBe(200);
    expect((await s.hit('/sus3')).status).toBe(403);
    const audit = await fetch(`${s.url}/api/v1/audit?action=user.suspend`, { headers: { authorization: `Bearer ${s.key}` } }).then((r) => r.json()) as any;
    expect(audit.data.find((e: { target_id: number }) => e.target_id === uid).fields).toEqual(['status', 'links=stop']);
  });
});

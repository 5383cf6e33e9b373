// GET /stats/live keeps checking its rights (issue 42): a stream ends, saying
// why, within a second of its key or user losing them; its reach follows the
// key's admin scope; its limits per key, per user and per server; HEAD holds
// no place. Real HTTP, real database, both engines.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse, type SseStream } from '../../helpers/sse.ts';
import { createLink, startRedirectServer, type RedirectServer } from '../redirect/helpers.ts';

let s: RedirectServer;
const open: SseStream[] = [];
const live = async (key: string, query = '') => {
  const st = await openSse(`${s.url}/api/v1/stats/live${query}`, key);
  open.push(st);
  return st;
};
const ok = <T extends { status: number; text: string }>(r: T, status = 200): T => { expect(r.status, r.text).toBe(status); return r; };
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

const MEMBER_SCOPES = ['links:write', 'stats:read'];
/** A new user (member unless said) and a key of it; an admin's key: the creating (admin) key's own scopes. */
async function userWithKey(name: string, role: 'admin' | 'member' = 'member', scopes = role === 'member' ? MEMBER_SCOPES : undefined) {
  const u = ok(await api('POST', '/users', { json: { name, role } }), 201).body.data.id as number;
  const k = ok(await api('POST', '/keys', { json: { user_id: u, name: `${name} key`, ...(scopes && { scopes }) } }), 201).body.data;
  return { userId: u, keyId: k.id as number, key: k.key as string };
}

/** How long after `since` (performance.now()) the stream ended; fails when it is still open 3 s on. */
async function endedAfter(st: SseStream, since: number) {
  const ended = await Promise.race([st.ended.then(() => true), sleep(3000).then(() => false)]);
  expect(ended, 'the stream is still open').toBe(true);
  return performance.now() - since;
}
const lastEnd = (st: SseStream) => {
  const last = st.events.at(-1);
  expect(last?.event).toBe('end');
  return JSON.parse(last!.data) as { reason: string; message: string };
};

beforeAll(async () => {
  s = await startRedirectServer({ liveStreamsPerKey: 2, liveStreamsPerUser: 3, liveStreamsMax: 8 });
});
afterAll(async () => {
  for (const st of open) st.close();
  await s.close();
});

/** The API with JSON bodies (the redirect server's own `api` sends forms). */
async function api(method: string, p: string, opts: { json?: unknown; key?: string | null } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${opts.key ?? s.key}` };
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${s.url}/api/v1${p}`, { method, headers, body: opts.json === undefined ? undefined : JSON.stringify(opts.json) });
  const text = await res.text();
  let body: any;
  try { body = JSON.parse(text); } catch { body = undefined; }
  return { status: res.status, headers: res.headers, body, text };
}

describe('a live stream ends, saying why, within a second of losing its rights', () => {
  const cases: [string, string, (u: Awaited<ReturnType<typeof userWithKey>>) => Promise<unknown>][] = [
    ['its key is revoked', 'key-revoked', async (u) => ok(await api('DELETE', `/keys/${u.keyId}`))],
    ['its user is suspended', 'user-suspended', async (u) => ok(await api('PATCH', `/users/${u.userId}`, { json: { status: 'suspended' } }))],
    ['its user is deleted', 'user-deleted', async (u) => ok(await api('DELETE', `/users/${u.userId}?links=delete`))],
  ];
  for (const [what, reason, act] of cases) {
    it(`${what}: event end with reason ${reason}`, async () => {
      const u = await userWithKey(`trust-${reason}`);
      const st = await live(u.key);
      expect(st.status).toBe(200);
      await act(u);
      const t = performance.now();
      expect(await endedAfter(st, t)).toBeLessThan(1000);
      expect(lastEnd(st)).toMatchObject({ reason, message: expect.stringMatching(/\w/) });
    });
  }

  it('its key expires: event end with reason key-expired', async () => {
    const u = await userWithKey('trust-expiry');
    const k = ok(await api('POST', '/keys', { json: { user_id: u.userId, name: 'soon gone', scopes: MEMBER_SCOPES, expires_at: new Date(Date.now() + 2500).toISOString() } }), 201).body.data;
    const st = await live(k.key as string);
    expect(st.status).toBe(200);
    const expiresIn = Date.parse(k.expires_at as string) - Date.now();
    expect(expiresIn).toBeGreaterThan(0);
    const t = performance.now() + expiresIn;
    expect(await endedAfter(st, t)).toBeLessThan(1000);
    expect(lastEnd(st)).toMatchObject({ reason: 'key-expired', message: expect.stringContaining('expired') });
  });

  it('its admin user is demoted to member: the everyone-stream ends (reach-narrowed), it does not narrow silently', async () => {
    const u = await userWithKey('trust-demoted', 'admin');
    const st = await live(u.key);
    expect(st.status).toBe(200);
    ok(await api('PATCH', `/users/${u.userId}`, { json: { role: 'member' } }));
    const t = performance.now();
    expect(await endedAfter(st, t)).toBeLessThan(1000);
    expect(lastEnd(st)).toMatchObject({ reason: 'reach-narrowed', message: expect.stringContaining('admin') });
    // Reconnecting, the key is held to its user's own clicks.
    const again = await live(u.key);
    expect(again.status).toBe(200);
  });

  it('a stream whose rights stand stays open (holds)', async () => {
    const u = await userWithKey('trust-steady');
    const st = await live(u.key);
    await sleep(1500);
    expect(st.events.filter((e) => e.event === 'end')).toEqual([]);
    expect(ok(await api('GET', '/account', { key: u.key })).body.data.id).toBe(u.userId);
  });
});

describe('reach follows the key\'s admin scope, not its user\'s role (as GET /stats/{id})', () => {
  it('a stats:read key of an admin user hears only its own links\' clicks and gets 404 for another user\'s link', async () => {
    const own = await createLink(s, { url: 'https://example.com/t-own', alias: 'trust-own' });
    const other = await userWithKey('trust-other', 'member', ['links:write', 'stats:read']);
    const theirs = ok(await api('POST', '/links', { key: other.key, json: { url: 'https://example.com/t-theirs', alias: 'trust-theirs' } }), 201).body.data;
    const narrow = ok(await api('POST', '/keys', { json: { name: 'stats only', scopes: ['stats:read'] } }), 201).body.data.key as string;
    expect(ok(await api('GET', `/stats/${theirs.id}`, { key: narrow }), 404).status).toBe(404);
    expect((await openSse(`${s.url}/api/v1/stats/live?link_id=${theirs.id}`, narrow)).status).toBe(404);
    const st = await live(narrow);
    const everyone = await live(s.key); // the admin-scoped key still hears every user's
    await s.hit('/trust-theirs');
    await s.hit('/trust-own');
    await everyone.next((e) => e.event === 'click' && JSON.parse(e.data).link_id === theirs.id);
    await st.next((e) => e.event === 'click' && JSON.parse(e.data).link_id === own.id);
    await everyone.next((e) => e.event === 'click' && JSON.parse(e.data).link_id === own.id);
    expect(st.events.filter((e) => e.event === 'click').map((e) => JSON.parse(e.data).link_id)).not.toContain(theirs.id);
  });
});

describe('limits and HEAD', () => {
  const refused = async (key: string, words: RegExp) => {
    const r = await openSse(`${s.url}/api/v1/stats/live`, key);
    open.push(r);
    expect(r.status).toBe(429);
    expect(JSON.parse(await r.body)).toMatchObject({ status: 429, message: expect.stringMatching(words) });
  };
  const closeAll = async (streams: SseStream[]) => {
    for (const st of streams) st.close();
    await sleep(500);
  };
  beforeAll(async () => closeAll(open.splice(0))); // the server's places are free again

  it('per key (--live-streams-per-key), per user (--live-streams-per-user) and per server (--live-streams-max), each 429 in words', async () => {
    const a = await userWithKey('limit-a');
    const a2 = ok(await api('POST', '/keys', { json: { user_id: a.userId, name: 'a second', scopes: MEMBER_SCOPES } }), 201).body.data.key as string;
    const held = [await live(a.key), await live(a.key)];
    await refused(a.key, /This key has 2 live streams open already/);
    held.push(await live(a2));
    await refused(a2, /This key's user has 3 live streams open already/);
    const b = await userWithKey('limit-b');
    const b2 = ok(await api('POST', '/keys', { json: { user_id: b.userId, name: 'b second', scopes: MEMBER_SCOPES } }), 201).body.data.key as string;
    const c = await userWithKey('limit-c');
    held.push(await live(b.key), await live(b.key), await live(b2), await live(c.key), await live(c.key));
    expect(held.map((x) => x.status)).toEqual(Array(8).fill(200));
    await refused((await userWithKey('limit-d')).key, /This server has 8 live streams open/);
    await closeAll(held);
    expect((await live(a.key)).status).toBe(200);
  });

  it('HEAD answers 200 text/event-stream, ends, and holds no place', async () => {
    const u = await userWithKey('head');
    const agent = new http.Agent({ keepAlive: true });
    for (let i = 0; i < 3; i++) {
      const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
        http.request(`${s.url}/api/v1/stats/live`, { method: 'HEAD', agent, headers: { authorization: `Bearer ${u.key}` } }, resolve).on('error', reject).end();
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      res.resume();
    }
    // Its two places are free: two streams open.
    const two = [await live(u.key), await live(u.key)];
    expect(two.map((x) => x.status)).toEqual([200, 200]);
    agent.destroy();
    await closeAll(two);
  });
});

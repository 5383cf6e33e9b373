// GET /stats/live: stored clicks reach the streams that may see them, real
// redirects on a real server, both engines. Waits are bounded, never timed.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../../electron/server/app.ts';
import { openTestStore } from '../../helpers/server.ts';
import { httpUrlOf } from '../../../electron/server/util/address.ts';
import { openSse, type SseStream } from '../../helpers/sse.ts';
import { UA, createLink, startRedirectServer, within, type RedirectServer } from '../redirect/helpers.ts';

let s: RedirectServer;
const open: SseStream[] = [];
const live = async (key: string, query = '') => {
  const st = await openSse(`${s.url}/api/v1/stats/live${query}`, key);
  open.push(st);
  return st;
};
const clickOf = (e: { data: string }) => JSON.parse(e.data) as {
  link_id: number; alias: string; country: string | null; city: string | null; device: string | null; source: string; at: string;
};
const member = async (name: string) => s.newUserKey(name);
/** A link of the key's user, through the API. */
const newLink = async (key: string, alias: string, domainId?: number) => {
  const r = await fetch(`${s.url}/api/v1/links`, {
    method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: `https://example.com/${alias}`, alias, ...(domainId && { domain_id: domainId }) }),
  });
  const body = await r.json() as { data: { id: number; alias: string } };
  if (r.status !== 201) throw new Error(`create link: ${r.status} ${JSON.stringify(body)}`);
  return body.data;
};

beforeAll(async () => { s = await startRedirectServer({ trustProxy: 1 }); });
afterAll(async () => {
  for (const st of open) st.close();
  await s.close();
});

describe('live statistics stream', () => {
  it('is an event stream that delivers a stored click of the key\'s user', async () => {
    const link = await createLink(s, { url: 'https://example.com/a', alias: 'live-a' });
    const st = await live(s.key);
    expect(st.status).toBe(200);
    expect(st.headers['content-type']).toMatch(/^text\/event-stream/);
    const hit = await s.hit('/live-a?utm_source=x&qr=1', { headers: { 'user-agent': UA.iOS, 'x-forwarded-for': '81.2.69.160' } });
    expect(hit.status).toBe(302);
    const e = await st.next((x) => x.event === 'click' && clickOf(x).link_id === link.id);
    expect(clickOf(e)).toMatchObject({ link_id: link.id, alias: 'live-a', source: 'qr', country: 'GB', device: 'mobile' });
    expect(Date.parse(clickOf(e).at)).not.toBeNaN();
    // The city is the one the statistics count for that click.
    await within(5000, async () => {
      const cities = (await s.api('GET', `/stats/${link.id}`)).body.data.cities as { value: string }[];
      expect(cities.map((c) => c.value)).toEqual(clickOf(e).city === null ? [] : [clickOf(e).city]);
    });
  });

  it('a member sees only its own clicks; an admin key sees every user\'s', async () => {
    const bKey = await member('live-b');
    const bLink = await newLink(bKey, 'live-b1');
    const ownLink = await createLink(s, { url: 'https://example.com/o', alias: 'live-own' });
    const admin = await live(s.key);
    const b = await live(bKey);
    await s.hit('/live-own');
    await s.hit('/live-b1');
    await admin.next((x) => clickOf(x).link_id === bLink.id);
    await admin.next((x) => clickOf(x).link_id === ownLink.id);
    await b.next((x) => clickOf(x).link_id === bLink.id);
    expect(b.events.map((x) => clickOf(x).link_id)).not.toContain(ownLink.id);
    // Another user's link cannot be followed by a member.
    expect((await openSse(`${s.url}/api/v1/stats/live?link_id=${ownLink.id}`, bKey)).status).toBe(404);
  });

  it('link_id follows one link; a domain-restricted key hears its domain\'s links only', async () => {
    const one = await createLink(s, { url: 'https://example.com/1', alias: 'live-one' });
    await createLink(s, { url: 'https://example.com/2', alias: 'live-two' });
    const dom = (await s.api('POST', '/domains', { name: 'live.example' })).body.data as { id: number };
    const onDomain = await newLink(s.key, 'live-dom', dom.id);
    const restrictedKey = (await s.api('POST', '/keys', { name: 'live domain', domain_id: String(dom.id) })).body.data.key as string;
    const follow = await live(s.key, `?link_id=${one.id}`);
    const restricted = await live(restrictedKey);
    await s.hit('/live-two');
    await s.hit('/live-dom', { host: 'live.example' });
    await s.hit('/live-one');
    const first = await follow.next(() => true);
    expect(clickOf(first).link_id).toBe(one.id);
    const r = await restricted.next(() => true);
    expect(clickOf(r).link_id).toBe(onDomain.id);
    // Wait until the last click is certainly past, then: nothing else reached either.
    await follow.next((x) => clickOf(x).link_id === one.id);
    expect(new Set(follow.events.map((x) => clickOf(x).link_id))).toEqual(new Set([one.id]));
    const admin = await live(s.key);
    await s.hit('/live-one');
    await admin.next((x) => clickOf(x).link_id === one.id);
    expect(new Set(restricted.events.map((x) => clickOf(x).link_id))).toEqual(new Set([onDomain.id]));
    expect((await openSse(`${s.url}/api/v1/stats/live?link_id=${one.id}`, restrictedKey)).status).toBe(404);
  });

  it('takes 20 streams per key and refuses the 21st with a message; other keys still get theirs', async () => {
    const key = await member('live-many');
    const streams = await Promise.all(Array.from({ length: 20 }, () => live(key)));
    expect(streams.map((x) => x.status)).toEqual(Array(20).fill(200));
    const extra = await openSse(`${s.url}/api/v1/stats/live`, key);
    expect(extra.status).toBe(429);
    expect(JSON.parse(await extra.body)).toMatchObject({ status: 429, message: expect.stringContaining('20 live streams') });
    expect((await live(await member('live-other'))).status).toBe(200);
    streams[0]!.close();
    await expect.poll(async () => {
      const again = await openSse(`${s.url}/api/v1/stats/live`, key);
      if (again.status === 200) open.push(again);
      return again.status;
    }).toBe(200);
  });

  it('drops a reader that stops reading, and neither redirects nor other streams wait for it', async () => {
    const slowKey = await member('live-slow');
    const slowLink = await newLink(slowKey, `slow-${'x'.repeat(90)}`);
    const other = await member('live-fast');
    const otherLink = await newLink(other, 'live-fast-1');
    const fast = await live(other);
    // A reader that reads the headers and then nothing more.
    const port = new URL(s.url).port;
    const sock = net.connect(Number(port), '127.0.0.1');
    sock.write(`GET /api/v1/stats/live HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${slowKey}\r\n\r\n`);
    await new Promise<void>((r) => sock.once('data', () => r()));
    sock.pause();
    const closed = new Promise<void>((r) => sock.once('close', () => r()));
    // 100,000 stored clicks on its link, far more than the sockets between them hold.
    const n = 100_000;
    const at = Date.now();
    if (s.store.engine === 'postgres') {
      await s.sql('INSERT INTO click_log (link_id, created_at) SELECT $1, $2 FROM generate_series(1, $3)', [slowLink.id, at, n]);
    } else {
      await s.sql(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${n}) INSERT INTO click_log (link_id, created_at) SELECT $1, $2 FROM n`, [slowLink.id, at]);
    }
    // Redirects answer, and another user's stream gets its click, while the slow one is stuck.
    expect((await s.hit('/live-fast-1')).status).toBe(302);
    // On PostgreSQL the feed reads every id after its cursor (ids commit out of order), so the 100,000 clicks are
    // read before this one: beside a second suite that took more than the 15 s next() waits by default.
    await fast.next((x) => clickOf(x).link_id === otherLink.id, 60_000);
    // Reading again, the slow reader finds its stream ended short of the clicks.
    let got = 0;
    sock.on('data', (d: Buffer) => { got += d.toString('latin1').split('event: click').length - 1; });
    sock.resume();
    await closed;
    expect(got).toBeGreaterThan(0);
    expect(got).toBeLessThan(n);
  });

  it('hears clicks stored by another node on the same database (PostgreSQL) or another process on the same folder (SQLite)', async () => {
    const link = await createLink(s, { url: 'https://example.com/n', alias: 'live-node' });
    const store = await openTestStore(s.dataDir);
    const other = await buildApp({ store, config: { dataDir: s.dataDir, fetchTitles: false, healthChecks: false, rateLimit: 0 } });
    await other.listen({ host: '127.0.0.1', port: 0 });
    try {
      const st = await live(s.key);
      const otherUrl = httpUrlOf(other.server.address() as AddressInfo);
      expect((await fetch(`${otherUrl}/live-node`, { redirect: 'manual', headers: { 'user-agent': UA.Windows } })).status).toBe(302);
      expect(clickOf(await st.next((x) => clickOf(x).link_id === link.id))).toMatchObject({ alias: 'live-node', device: 'desktop' });
    } finally {
      await other.close();
      await store.close();
    }
  });

  it('ends its streams when the server closes, and the close does not wait for them', async () => {
    const t = await startRedirectServer();
    try {
      const streams = await Promise.all([1, 2, 3].map(() => openSse(`${t.url}/api/v1/stats/live`, t.key)));
      expect(streams.map((x) => x.status)).toEqual([200, 200, 200]);
      await t.app.close();
      await Promise.all(streams.map((x) => x.ended));
    } finally {
      await t.close();
    }
  });
});

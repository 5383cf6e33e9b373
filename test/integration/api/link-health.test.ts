// Destination health through real HTTP: the background checker visits each
// active link's destination and targets on loopback sites that answer 200,
// 404, 500, never, or redirect in a loop; results show in link responses and
// the `health` filter; Check now; private addresses refused unless allowed;
// --no-health-checks visits nothing; two nodes never claim the same link.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHealthRepository } from '../../../electron/server/db/repositories/health-repository.ts';
import { publicOnly } from '../../../electron/server/net/address-policy.ts';
import { createHealthProbe, type HealthProbe } from '../../../electron/server/health/probe.ts';
import { openTestStore, startServer, type TestServer } from '../../helpers/server.ts';

interface Seen { method: string; path: string; url: string; agent: string }
let site: http.Server;
let siteUrl: string;
let sitePort: number;
const seen: Seen[] = [];
let flakyFixed = false;
const hanging = new Set<http.ServerResponse>();

beforeAll(async () => {
  site = http.createServer((req, res) => {
    const path = req.url!.split('?')[0]!;
    seen.push({ method: req.method!, path, url: req.url!, agent: String(req.headers['user-agent']) });
    if (path === '/missing') res.writeHead(404);
    else if (path === '/error') res.writeHead(500);
    else if (path === '/hang') return void hanging.add(res); // never answers
    else if (path === '/loop-a') res.writeHead(302, { location: '/loop-b' });
    else if (path === '/loop-b') res.writeHead(301, { location: `${siteUrl}/loop-a` });
    else if (path === '/moved') res.writeHead(308, { location: '/ok' });
    else if (path === '/no-head') res.writeHead(req.method === 'HEAD' ? 405 : 200);
    else if (path === '/flaky') res.writeHead(flakyFixed ? 200 : 503);
    else if (path === '/to') res.writeHead(302, { location: new URL(req.url!, siteUrl).searchParams.get('to')! });
    else res.writeHead(200, { 'content-type': 'text/html' });
    res.end(req.method === 'GET' ? 'x'.repeat(100_000) : undefined);
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  sitePort = (site.address() as AddressInfo).port;
  siteUrl = `http://127.0.0.1:${sitePort}`;
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  site.closeAllConnections();
  await new Promise((r) => site.close(r));
});

const visits = (path: string) => seen.filter((v) => v.path === path);

/** A server whose checker only runs when the test sweeps; loopback allowed, a time limit short for a test (2.5 s: at
 * 0.3 s a loaded machine answered a plain 200 too late and the test read "timeout"). */
async function checkedServer(probe: HealthProbe = createHealthProbe({ allowPrivate: true, timeoutMs: 2500 })) {
  const s = await startServer({ healthChecks: true }, { health: { probe, hostGapMs: 0, startDelayMs: 3_600_000 } });
  return { s, sweep: () => s.app.linkdesk.health!.sweep(), close: async () => { await s.close(); await probe.close(); } };
}

async function create(s: TestServer, form: Record<string, string>) {
  const r = await s.api('POST', '/links', { form });
  expect(r.status).toBe(201);
  return r.body.data as { id: number; alias: string; health: string; health_detail: string | null; health_checked_at: string | null };
}
const show = async (s: TestServer, id: number) => (await s.api('GET', `/links/${id}`)).body.data;

describe('the background checker', () => {
  let w: Awaited<ReturnType<typeof checkedServer>>;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    w = await checkedServer();
    for (const p of ['/ok', '/missing', '/error', '/hang', '/loop-a', '/moved', '/no-head']) ids[p] = (await create(w.s, { url: `${siteUrl}${p}` })).id;
  });
  afterAll(async () => { await w.close(); });

  it('starts every link unknown, then stores what each destination answered', async () => {
    const before = await show(w.s, ids['/ok']!);
    expect(before).toMatchObject({ health: 'unknown', health_detail: null, health_checked_at: null });
    expect(await w.sweep()).toBe(7);
    const health = async (p: string) => {
      const l = await show(w.s, ids[p]!);
      return [l.health, l.health_detail];
    };
    expect(await health('/ok')).toEqual(['ok', null]);
    expect(await health('/missing')).toEqual(['broken', '404']);
    expect(await health('/error')).toEqual(['broken', '500']);
    expect(await health('/hang')).toEqual(['broken', 'timeout']);
    expect(await health('/loop-a')).toEqual(['broken', 'redirect loop']);
    expect(await health('/moved')).toEqual(['ok', null]);
    expect(await health('/no-head')).toEqual(['ok', null]);
    const checkedAt = Date.parse((await show(w.s, ids['/ok']!)).health_checked_at);
    expect(Date.now() - checkedAt).toBeLessThan(60_000);
  });

  it('asks with HEAD as LinkdeskHealthCheck/1.0, and with GET only where HEAD is refused', () => {
    expect(new Set(visits('/ok').map((v) => v.method))).toEqual(new Set(['HEAD']));
    expect(visits('/no-head').map((v) => v.method)).toEqual(['HEAD', 'GET']);
    expect(visits('/moved').map((v) => v.method)).toEqual(['HEAD']);
    expect(new Set(seen.map((v) => v.agent))).toEqual(new Set(['LinkdeskHealthCheck/1.0']));
  });

  it('does not visit a link again before its interval has passed', async () => {
    const count = seen.length;
    expect(await w.sweep()).toBe(0);
    expect(seen.length).toBe(count);
  });

  it('filters the list by health, and refuses an unknown value with 422', async () => {
    const broken = await w.s.api('GET', '/links?health=broken&per_page=25');
    expect(broken.status).toBe(200);
    expect(broken.body.meta.total).toBe(4);
    expect(broken.body.data.map((l: { id: number }) => l.id).sort()).toEqual([ids['/missing'], ids['/error'], ids['/hang'], ids['/loop-a']].sort());
    expect((await w.s.api('GET', '/links?health=ok')).body.meta.total).toBe(3);
    const fresh = await create(w.s, { url: `${siteUrl}/ok?fresh` });
    const unknown = await w.s.api('GET', '/links?health=unknown');
    expect(unknown.body.data.map((l: { id: number }) => l.id)).toEqual([fresh.id]);
    const bad = await w.s.api('GET', '/links?health=sick');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('health');
    await w.sweep();
  });

  it('makes a link unknown and due again when its destination changes, and keeps it while the destination stays', async () => {
    await w.s.api('PUT', `/links/${ids['/missing']}`, { form: { disabled: '0' } });
    expect((await show(w.s, ids['/missing']!)).health).toBe('broken');
    const moved = await w.s.api('PUT', `/links/${ids['/missing']}`, { form: { url: `${siteUrl}/ok?was-missing` } });
    expect(moved.body.data).toMatchObject({ health: 'unknown', health_detail: null, health_checked_at: null });
    expect(await w.sweep()).toBe(1);
    expect((await show(w.s, ids['/missing']!)).health).toBe('ok');
  });

  it('checks the targets of the selected targeting type and names the broken one', async () => {
    const l = await create(w.s, {
      url: `${siteUrl}/ok?targets`, target_type: '1',
      'country[0][key]': 'US', 'country[0][value]': `${siteUrl}/ok?us`,
      'country[1][key]': 'DE', 'country[1][value]': `${siteUrl}/missing?de`,
      // Not the selected type: never served, so never visited.
      'rotation[0][value]': `${siteUrl}/error?rotation`,
    });
    await w.sweep();
    expect(await show(w.s, l.id)).toMatchObject({ health: 'broken', health_detail: 'country target DE: 404' });
    expect(seen.some((v) => v.url === '/missing?de')).toBe(true);
    expect(seen.some((v) => v.url === '/error?rotation')).toBe(false);
  });

  it('leaves disabled and expired links alone', async () => {
    const disabled = await create(w.s, { url: `${siteUrl}/ok?disabled`, disabled: '1' });
    const expired = await create(w.s, { url: `${siteUrl}/ok?expired`, expiration_date: '2001-01-01' });
    expect(await w.sweep()).toBe(0);
    expect((await show(w.s, disabled.id)).health).toBe('unknown');
    expect((await show(w.s, expired.id)).health).toBe('unknown');
  });
});

describe('Check now', () => {
  let w: Awaited<ReturnType<typeof checkedServer>>;
  beforeAll(async () => { w = await checkedServer(); });
  afterAll(async () => { await w.close(); });

  it('checks at once and answers the updated link; other users get 404', async () => {
    flakyFixed = false;
    const l = await create(w.s, { url: `${siteUrl}/flaky` });
    await w.sweep();
    expect((await show(w.s, l.id)).health_detail).toBe('503');
    flakyFixed = true;
    const r = await w.s.api('POST', `/links/${l.id}/health-check`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id: l.id, health: 'ok', health_detail: null });
    expect(r.body.data.health_checked_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const other = await w.s.newUserKey('other');
    const theirs = await w.s.api('POST', `/links/${l.id}/health-check`, { key: other });
    expect(theirs.status).toBe(404);
    expect((await w.s.api('POST', '/links/999999/health-check')).status).toBe(404);
  });

  it('is in the OpenAPI document with the health fields and filter', async () => {
    const doc = (await (await fetch(`${w.s.url}/api/v1/openapi.json`)).json()) as any;
    expect(doc.paths['/api/v1/links/{id}/health-check'].post.responses).toHaveProperty('200');
    const filter = doc.paths['/api/v1/links'].get.parameters.find((p: { name: string }) => p.name === 'health');
    expect(filter.schema.enum).toEqual(['ok', 'broken', 'unknown']);
    expect(Object.keys(doc.components.schemas.Link.properties)).toEqual(expect.arrayContaining(['health', 'health_detail', 'health_checked_at']));
  });
});

describe('private addresses', () => {
  it('are refused unless the instance allows them, also behind a public redirect', async () => {
    // The site's own port stands in for a public server; /to hands on to loopback on another port.
    const other = http.createServer((_req, res) => res.end('internal'));
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    const internal = `http://127.0.0.1:${(other.address() as AddressInfo).port}/`;
    let requests = 0;
    other.on('request', () => { requests++; });
    const guarded = await checkedServer(createHealthProbe({ policy: (a, p) => p === sitePort || publicOnly(a, p), timeoutMs: 2000 }));
    const allowed = await startServer({ healthChecks: true, allowPrivateTitles: true }, { health: { hostGapMs: 0, startDelayMs: 3_600_000 } });
    try {
      const direct = await create(guarded.s, { url: internal });
      const hop = await create(guarded.s, { url: `${siteUrl}/to?to=${encodeURIComponent(internal)}` });
      await guarded.sweep();
      expect(await show(guarded.s, direct.id)).toMatchObject({ health: 'broken', health_detail: 'refused: private address' });
      expect(await show(guarded.s, hop.id)).toMatchObject({ health: 'broken', health_detail: 'refused: private address' });
      expect(requests).toBe(0);
      // --allow-private-titles: the instance's own probe may reach loopback.
      const open = await create(allowed, { url: internal });
      expect((await allowed.api('POST', `/links/${open.id}/health-check`)).body.data.health).toBe('ok');
      expect(requests).toBe(1);
    } finally {
      await guarded.close();
      await allowed.close();
      await new Promise((r) => other.close(r));
    }
  });
});

describe('--no-health-checks', () => {
  it('visits nothing, and Check now says checks are off', async () => {
    let requests = 0;
    let firstSeen!: () => void;
    const visited = new Promise<void>((r) => { firstSeen = r; });
    const counter = http.createServer((_req, res) => { requests++; firstSeen(); res.end(); });
    await new Promise<void>((r) => counter.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(counter.address() as AddressInfo).port}/`;
    const probe = () => createHealthProbe({ allowPrivate: true, timeoutMs: 1000 });
    const pace = { hostGapMs: 0, startDelayMs: 0, pollMs: 20 };
    // Both have a due link at start; only the one with checks on visits it.
    const off = await startServer({ healthChecks: false }, { health: { probe: probe(), ...pace } });
    const offLink = await create(off, { url });
    const on = await startServer({ healthChecks: true }, { health: { probe: probe(), ...pace } });
    try {
      await create(on, { url });
      await visited; // the checker on runs within a poll (20 ms) of its start...
      // ...while the one off has had a hundred polls' time and more.
      await new Promise((r) => setTimeout(r, 2000));
      expect(requests).toBe(1);
      expect(off.app.linkdesk.health).toBeNull();
      expect((await show(off, offLink.id)).health).toBe('unknown');
      const now = await off.api('POST', `/links/${offLink.id}/health-check`);
      expect(now.status).toBe(409);
      expect(now.body.message).toMatch(/turned off/);
      expect(requests).toBe(1);
    } finally {
      await off.close();
      await on.close();
      counter.closeAllConnections();
      await new Promise((r) => counter.close(r));
    }
  });
});

describe('several nodes on one database', () => {
  it('never claim the same link twice', async () => {
    const s = await startServer();
    const second = await openTestStore(s.dataDir);
    try {
      for (let i = 0; i < 30; i++) await create(s, { url: `https://example.com/${i}` });
      const a = createHealthRepository(s.store.db);
      const b = createHealthRepository(second.db);
      const now = Date.now();
      const claims = await Promise.all([a, b, a, b].map((r) => r.claimDue(now, 86_400_000, 600_000, 10)));
      const all = claims.flat().map((l) => l.id);
      expect(new Set(all).size).toBe(all.length);
      expect(all.length).toBeGreaterThanOrEqual(10);
      // Claimed links stay unknown to the API, and are not due again before the lease ends.
      expect((await s.api('GET', '/links?health=unknown')).body.meta.total).toBe(30);
      expect(await a.claimDue(now + 60_000, 86_400_000, 600_000, 100)).toHaveLength(30 - all.length);
      expect(await a.claimDue(now + 661_000, 86_400_000, 600_000, 100)).toHaveLength(30);
    } finally {
      await second.close();
      await s.close();
    }
  });

  it('stop cleanly with a check under way', async () => {
    const w = await checkedServer(createHealthProbe({ allowPrivate: true, timeoutMs: 30_000 }));
    await create(w.s, { url: `${siteUrl}/hang?stop` });
    const sweeping = w.sweep().catch((err: unknown) => err);
    await expect.poll(() => seen.some((v) => v.url === '/hang?stop')).toBe(true);
    const started = Date.now();
    await w.close();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await sweeping).toBeInstanceOf(Error);
  });
});

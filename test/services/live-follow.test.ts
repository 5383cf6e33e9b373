// The desktop's side of the Live view: a window follows its instance's
// GET /stats/live; clicks reach every window as batched live-clicks pushes,
// the stream's state as live-state pushes. Real servers, real redirects.
import { afterEach, describe, expect, it } from 'vitest';
import type { AppCommand, LiveState } from '../../shared/native.ts';
import type { Desktop } from '../../electron/services/desktop.ts';
import { startSeedOnlyServer } from '../helpers/seed-only-server.ts';
import { startServer } from '../helpers/server.ts';
import { closedPort, ok, testDesktop } from './helpers.ts';

// Node's own user agent reads as a bot, whose visits are not counted.
const BROWSER = { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36' };
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function following(d: Desktop, baseUrl: string, apiKey: string) {
  const pushes: AppCommand[] = [];
  cleanups.push(d.onPush((c) => pushes.push(c)));
  const { id } = await ok<{ id: string }>(d.invoke('instances.add', { name: 'Followed', baseUrl, apiKey }));
  await ok(d.invoke('instances.select', { id }));
  await ok(d.invoke('stats.live.start', { linkId: null }));
  const states = () => pushes.flatMap((c) => (c.type === 'live-state' && c.instanceId === id ? [c] : []));
  const until = async (state: LiveState, count = 1) => {
    await expect.poll(() => states().filter((s) => s.state === state).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  };
  return { id, pushes, states, until };
}

describe('live follow', () => {
  it('delivers a real server\'s clicks oldest first in pushes of at most 200, and stops when the window stops following', async () => {
    const server = await startServer();
    cleanups.push(() => server.close());
    const d = await testDesktop(cleanups);
    const f = await following(d, server.url, server.key);
    await f.until('open');
    await server.api('POST', '/links', { json: { url: 'https://example.com/many', alias: 'many' } });
    const hits = Array.from({ length: 250 }, () => fetch(`${server.url}/many`, { redirect: 'manual', headers: BROWSER }).then((r) => r.status));
    expect(new Set(await Promise.all(hits))).toEqual(new Set([302]));
    const batches = () => f.pushes.flatMap((c) => (c.type === 'live-clicks' && c.instanceId === f.id ? [c.clicks] : []));
    await expect.poll(() => batches().flat().length, { timeout: 15_000 }).toBe(250);
    expect(batches().every((b) => b.length <= 200)).toBe(true);
    const at = batches().flat().map((c) => c.at);
    expect(at).toEqual([...at].sort());
    expect(batches().flat()[0]).toMatchObject({ alias: 'many', source: 'link', device: 'desktop', country: null });

    await ok(d.invoke('stats.live.stop', {}));
    const before = f.pushes.length;
    expect((await fetch(`${server.url}/many`, { redirect: 'manual', headers: BROWSER })).status).toBe(302);
    // A new follow opens (and says so) only after the old one is gone: anything the stopped one sent would come first.
    await ok(d.invoke('stats.live.start', { linkId: null }));
    await expect.poll(() => f.pushes.slice(before).some((c) => c.type === 'live-state' && c.state === 'open'), { timeout: 15_000 }).toBe(true);
    expect(f.pushes.slice(before).filter((c) => c.type === 'live-clicks')).toEqual([]);
  });

  it('two windows following one instance: each follow\'s pushes carry its own id, so each window keeps its clicks once', async () => {
    const server = await startServer();
    cleanups.push(() => server.close());
    const d = await testDesktop(cleanups);
    const f = await following(d, server.url, server.key);
    await ok(d.invoke('instances.select', { id: f.id }, { windowId: 2 }));
    const second = await ok<{ followId: string }>(d.invoke('stats.live.start', { linkId: null }, { windowId: 2 }));
    await expect.poll(() => new Set(f.states().filter((s) => s.state === 'open').map((s) => s.followId)).size, { timeout: 15_000 }).toBe(2);
    await server.api('POST', '/links', { json: { url: 'https://example.com/twice', alias: 'twice' } });
    expect((await fetch(`${server.url}/twice`, { redirect: 'manual', headers: BROWSER })).status).toBe(302);
    const clicks = () => f.pushes.flatMap((c) => (c.type === 'live-clicks' ? c.clicks.map(() => c.followId) : []));
    await expect.poll(() => clicks().length, { timeout: 15_000 }).toBe(2);
    expect(new Set(clicks()).size).toBe(2);
    expect(clicks()).toContain(second.followId);
  });

  it('a server without live statistics: the follow stops and says why, without trying again', async () => {
    const seed = await startSeedOnlyServer({ notFound: 'json' });
    cleanups.push(() => seed.close());
    const d = await testDesktop(cleanups);
    const f = await following(d, seed.url, seed.key);
    await f.until('closed');
    expect(f.states().map((s) => [s.state, s.message])).toEqual([['connecting', null], ['closed', 'This instance does not offer live clicks.']]);
    expect(seed.refused.filter((r) => r.startsWith('GET /api/v1/stats/live'))).toHaveLength(1);
  });

  it('an instance it cannot reach: reconnecting with the reason, again and again, until it answers', async () => {
    const port = await closedPort();
    const d = await testDesktop(cleanups);
    const f = await following(d, `http://127.0.0.1:${port}`, 'ld_not-a-real-key');
    await f.until('reconnecting', 2);
    expect(f.states()[0]!.state).toBe('connecting');
    expect(f.states()[1]!.message).toMatch(/127\.0\.0\.1/);
    expect(f.states().some((s) => s.state === 'open')).toBe(false);
  });
});

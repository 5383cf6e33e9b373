// The desktop's live follow (electron/services/live-follow.ts) against a real
// server: clicks arrive as pushes, and when the server restarts on the same
// address the follow says reconnecting, opens again by itself, and the next
// click arrives. Waits are bounded, never timed.
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppCommand } from '../../shared/native.ts';
import { buildApp } from '../../electron/server/app.ts';
import { createApiClient } from '../../electron/services/api-client.ts';
import type { InstanceProfile } from '../../electron/services/instance-profiles.ts';
import { createLiveFollows } from '../../electron/services/live-follow.ts';
import { openTestStore, startServer } from '../helpers/server.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => { for (const c of cleanups.splice(0).reverse()) await c(); });

/** Resolves once `test` passes on what has been pushed; rejects after `ms`. */
function until(pushed: AppCommand[], test: (p: AppCommand[]) => boolean, ms = 10_000): Promise<void> {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const look = () => {
      if (test(pushed)) return resolve();
      if (Date.now() - start > ms) return reject(new Error(`not within ${ms} ms: ${JSON.stringify(pushed.map((p) => p.type === 'live-state' ? p.state : p.type))}`));
      setTimeout(look, 20);
    };
    look();
  });
}

const clicks = (pushed: AppCommand[]) => pushed.flatMap((p) => (p.type === 'live-clicks' ? p.clicks : []));
const states = (pushed: AppCommand[]) => pushed.flatMap((p) => (p.type === 'live-state' ? [p.state] : []));

describe('live follow', () => {
  it('pushes clicks, and after the server restarts on its address reconnects by itself and pushes the next one', async () => {
    const first = await startServer({ rateLimit: 0 });
    const port = (first.app.server.address() as AddressInfo).port;
    const link = (await first.api('POST', '/links', { json: { url: 'https://example.com/l', alias: 'followed' } })).body.data as { id: number };
    const profile = { id: 'remote-1', name: 'Remote', kind: 'remote', baseUrl: first.url } as unknown as InstanceProfile;
    const pushed: AppCommand[] = [];
    const follows = createLiveFollows({
      profile: () => profile, selectedId: () => profile.id, push: (c) => pushed.push(c), retryMs: () => 100,
      ownClientFor: (p) => createApiClient({ baseUrl: p.baseUrl, getKey: async () => first.key }),
    });
    cleanups.push(async () => follows.stopAll());
    follows.start(1, null);
    await until(pushed, (p) => states(p).includes('open'));
    await fetch(`${first.url}/followed?qr=1`, { redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148 Safari/604.1' } });
    await until(pushed, (p) => clicks(p).length === 1);
    expect(clicks(pushed)[0]).toMatchObject({ link_id: link.id, alias: 'followed', source: 'qr', device: 'mobile' });

    // The server stops (its streams end) and starts again on the same address and data.
    await first.close({ keepData: true });
    await until(pushed, (p) => states(p).at(-1) === 'reconnecting');
    const store = await openTestStore(first.dataDir);
    const again = await buildApp({ store, config: { dataDir: first.dataDir, fetchTitles: false, healthChecks: false, rateLimit: 0 } });
    await again.listen({ host: '127.0.0.1', port });
    cleanups.push(async () => { await again.close(); await store.close(); });
    const opens = states(pushed).filter((s) => s === 'open').length;
    await until(pushed, (p) => states(p).filter((s) => s === 'open').length > opens);
    await fetch(`${first.url}/followed`, { redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0.0.0 Safari/537.36' } });
    await until(pushed, (p) => clicks(p).length === 2);
    expect(clicks(pushed)[1]).toMatchObject({ link_id: link.id, source: 'link' });
  }, 30_000);

  it('a key the server does not know stops the follow with the reason instead of retrying', async () => {
    const s = await startServer({ rateLimit: 0 });
    cleanups.push(() => s.close());
    const profile = { id: 'remote-2', name: 'Remote', kind: 'remote', baseUrl: s.url } as unknown as InstanceProfile;
    const pushed: AppCommand[] = [];
    const follows = createLiveFollows({
      profile: () => profile, selectedId: () => profile.id, push: (c) => pushed.push(c), retryMs: () => 100,
      ownClientFor: (p) => createApiClient({ baseUrl: p.baseUrl, getKey: async () => 'ldk_not-a-key' }),
    });
    cleanups.push(async () => follows.stopAll());
    follows.start(1, null);
    await until(pushed, (p) => states(p).includes('closed'));
    expect(states(pushed)).not.toContain('open');
  });
});

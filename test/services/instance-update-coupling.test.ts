// An instance's address and its key change together (instances.update): the
// secrets are stored before the profile that points them at a new address, a
// failure of either leaves the instance as it was (on disk and in memory),
// and proxy credentials belong to the proxy they were given for. Real servers
// on 127.0.0.1; a key store whose writes can be refused, and instances.json's
// saves failing at the file-system seam (fixtures/faulty-fs.ts).
import { afterAll, expect, it } from 'vitest';
import { ServiceError } from '../../electron/services/errors.ts';
import { proxyAccount } from '../../electron/services/instance-access.ts';
import { createMemoryStore, type SecretStore } from '../../electron/services/secret-store.ts';
import { startServer } from '../helpers/server.ts';
import { faultyFs } from './fixtures/faulty-fs.ts';
import { httpServer, IN_DBUS, ok, realKeychain, testDesktop, type Cleanups } from './helpers.ts';

const cleanups: Cleanups = [];
afterAll(async () => { for (const c of cleanups.reverse()) await c(); });

async function refusingStore() {
  const real: SecretStore = IN_DBUS ? await realKeychain() : createMemoryStore('test');
  let refuse = false;
  const store: SecretStore = {
    kind: real.kind, message: real.message, get: (a) => real.get(a), delete: (a) => real.delete(a),
    async set(a, v) {
      if (refuse) throw new ServiceError('keychain', 'Could not write to the system keychain: the keyring is locked');
      await real.set(a, v);
    },
  };
  return { store, refuse(on: boolean) { refuse = on; } };
}

/** Server A (real), and B, which records the Authorization of every request. */
async function world() {
  const a = await startServer();
  cleanups.push(() => a.close());
  const seen: string[] = [];
  const b = await httpServer((req, res) => {
    seen.push(req.headers.authorization ?? '(none)');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { id: 1, name: 'b', created_at: '2026-01-01T00:00:00Z' }, status: 200 }));
  });
  cleanups.push(() => b.close());
  return { a, b, seen };
}

it('a new address and key whose key cannot be stored: the instance stays at its old address with its old key, and the new address gets nothing', async () => {
  const { a, b, seen } = await world();
  const s = await refusingStore();
  const d = await testDesktop(cleanups, { secretStore: s.store });
  const view = await ok(d.invoke('instances.add', { name: 'Team', baseUrl: a.url, apiKey: a.key }));
  s.refuse(true);
  const r = await d.invoke('instances.update', { id: view.id, baseUrl: b.url, apiKey: 'ldk_for_b_000000000000000000000000' });
  expect(r).toMatchObject({ ok: false, error: { kind: 'keychain', message: expect.stringContaining('the keyring is locked') } });
  s.refuse(false);
  expect(d.profiles.get(view.id)).toMatchObject({ baseUrl: a.url, keyOrigin: a.url });
  expect(await ok(d.invoke('instances.check', { id: view.id }))).toMatchObject({ state: 'connected', account: { name: 'owner' } });
  expect(seen).toEqual([]);
});

it('a new address and key whose profile cannot be saved (disk full): nothing changes, in memory or in the key store', async () => {
  const { a, b, seen } = await world();
  const f = faultyFs();
  const d = await testDesktop(cleanups, { profilesFs: f.fs });
  const view = await ok(d.invoke('instances.add', { name: 'Team', baseUrl: a.url, apiKey: a.key }));
  f.fail('ENOSPC');
  const r = await d.invoke('instances.update', { id: view.id, baseUrl: b.url, apiKey: 'ldk_for_b_000000000000000000000000' });
  expect(r).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^The instance's settings could not be saved \(ENOSPC: .*\); nothing was changed\.$/) } });
  f.fail(null);
  expect(d.profiles.get(view.id)).toMatchObject({ baseUrl: a.url, keyOrigin: a.url });
  expect(await d.secrets.get(view.id)).toBe(a.key);
  expect(await ok(d.invoke('instances.check', { id: view.id }))).toMatchObject({ state: 'connected', account: { name: 'owner' } });
  expect(seen).toEqual([]);
});

it('proxy credentials belong to their proxy: a new proxy with the credential fields empty gets none; the same proxy keeps them', async () => {
  const { a } = await world();
  const heard: string[] = [];
  const proxyAt = async () => {
    const p = await httpServer((req, res) => {
      heard.push(req.headers['proxy-authorization'] ?? '(none)');
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="p"' }).end();
    });
    cleanups.push(() => p.close());
    return p;
  };
  const [p1, p2] = [await proxyAt(), await proxyAt()];
  const d = await testDesktop(cleanups);
  const view = await ok(d.invoke('instances.add', {
    name: 'Team', baseUrl: a.url, apiKey: a.key, plainHttpConfirmed: true, proxy: { mode: 'url', url: p1.url, credentials: { username: 'u', password: 'secret-for-p1' } },
  }));
  expect(view.proxy.hasCredentials).toBe(true);
  // The same proxy, fields left empty: the stored credentials stay.
  expect((await ok(d.invoke('instances.update', { id: view.id, proxy: { mode: 'url', url: p1.url } }))).proxy.hasCredentials).toBe(true);
  // Another proxy, fields left empty: p1's password is not sent there, and is gone.
  // (Plain http through another proxy is agreed to again: main's stand-in says yes.)
  const moved = await ok(d.invoke('instances.update', { id: view.id, proxy: { mode: 'url', url: p2.url }, plainHttpConfirmed: true }));
  expect(moved.proxy).toMatchObject({ url: p2.url, hasCredentials: false });
  expect(await d.secrets.get(proxyAccount(view.id))).toBeNull();
  heard.length = 0;
  await d.invoke('instances.check', { id: view.id });
  expect(heard.length).toBeGreaterThan(0);
  expect(heard.every((h) => h === '(none)')).toBe(true);
});

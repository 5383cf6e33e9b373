// Rotate key (instances.rotateKey) against a real server, with a failure
// injected at each step: the server refusing to make the key, the keychain
// refusing to store it, the new key not answering (and the old one then not
// going back), the old key not being revoked. Whatever fails, the instance
// keeps a working key, the new key is never lost once it works, and the old
// one is revoked only after the new one has answered.
import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { KeyRotation } from '../../shared/contract.ts';
import type { SecretStore } from '../../electron/services/secret-store.ts';
import { createMemoryStore } from '../../electron/services/secret-store.ts';
import { faultyProxy as faultyProxyAt } from '../helpers/fault-proxy.ts';
import { startSeedOnlyServer } from '../helpers/seed-only-server.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { type Cleanups, IN_DBUS, ok, realKeychain, testDesktop } from './helpers.ts';

const cleanups: Cleanups = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function faultyProxy(upstream: TestServer) {
  const proxy = await faultyProxyAt(upstream.url);
  cleanups.push(() => proxy.close());
  return proxy;
}

/** The keychain (the real one inside scripts/test.sh) with a `set` that can be made to fail, by call number. */
async function flakyKeychain() {
  const real: SecretStore = IN_DBUS ? await realKeychain() : createMemoryStore('test');
  let failing = new Set<number>();
  let calls = 0;
  const store: SecretStore = {
    kind: real.kind, message: real.message, get: (a) => real.get(a), delete: (a) => real.delete(a),
    async set(a, v) {
      calls++;
      if (failing.has(calls)) throw new Error('the keychain is locked');
      await real.set(a, v);
    },
  };
  return { store, failSetCalls(n: number[]) { calls = 0; failing = new Set(n); } };
}

async function world(opts: { scopes?: string[]; domain?: boolean } = {}) {
  const server = await startServer({ rateLimit: 0 }, { webhooks: false });
  cleanups.push(() => server.close());
  let domainId: number | undefined;
  if (opts.domain) domainId = (await server.api('POST', '/domains', { json: { name: 'rot.example' } })).body.data.id;
  const made = await server.api('POST', '/keys', { json: { name: 'desktop', scopes: opts.scopes ?? ['links:write', 'stats:read'], ...(domainId && { domain_id: domainId }) } });
  const oldKey = made.body.data.key as string;
  const proxy = await faultyProxy(server);
  const keychain = await flakyKeychain();
  const d = await testDesktop(cleanups, { secretStore: keychain.store });
  const id = (await ok<{ id: string }>(d.invoke('instances.add', { name: 'Team', baseUrl: proxy.url, apiKey: oldKey }))).id;
  const works = async (key: string) => (await server.api('GET', '/keys/current', { key })).status === 200;
  const stored = () => keychain.store.get(id);
  const activeKeys = async () => ((await server.api('GET', '/keys?per_page=100&state=active')).body.data as { id: number }[]).length;
  return { server, d, id, oldKey, proxy, keychain, works, stored, activeKeys, domainId };
}

const isNew = (req: IncomingMessage, oldKey: string) => /^Bearer /.test(req.headers.authorization ?? '') && req.headers.authorization !== `Bearer ${oldKey}`;

describe('instances.rotateKey', () => {
  it('makes a key with the same scopes and domain, stores it, checks it, then revokes the old one', async () => {
    const w = await world({ scopes: ['links:write', 'stats:read'], domain: true });
    const before = await w.activeKeys();
    const r = await ok<KeyRotation>(w.d.invoke('instances.rotateKey', { id: w.id }));
    const now = (await w.stored())!;
    expect(now).not.toBe(w.oldKey);
    expect(r).toMatchObject({ oldKeyRevoked: true, prefix: now.slice(0, 12), instance: { id: w.id, hasApiKey: true } });
    expect(JSON.stringify(r)).not.toContain(now.slice(12));
    expect((await w.server.api('GET', '/keys/current', { key: now })).body.data).toMatchObject({ scopes: ['links:write', 'stats:read'], domain_id: w.domainId });
    expect((await w.server.api('GET', '/account', { key: w.oldKey })).body.message).toBe('This API key has been revoked.');
    expect(await w.activeKeys()).toBe(before);
    // The app goes on working with the new key.
    await ok(w.d.invoke('instances.select', { id: w.id }));
    expect((await ok(w.d.invoke('links.list', { query: {} }))).meta.total).toBe(0);
  });

  it('keeps the old key when the server will not make a new one', async () => {
    const w = await world();
    const before = await w.activeKeys();
    w.proxy.inject((req) => (req.method === 'POST' && req.url === '/api/v1/keys' ? 500 : null));
    const r = await w.d.invoke('instances.rotateKey', { id: w.id });
    expect(r.ok).toBe(false);
    expect(await w.stored()).toBe(w.oldKey);
    expect(await w.works(w.oldKey)).toBe(true);
    expect(await w.activeKeys()).toBe(before);
  });

  it('keeps the old key, and revokes the unstored new one, when the keychain will not store it', async () => {
    const w = await world();
    const before = await w.activeKeys();
    w.keychain.failSetCalls([1]);
    const r = await w.d.invoke('instances.rotateKey', { id: w.id });
    expect(r).toMatchObject({ ok: false, error: { kind: 'keychain', message: expect.stringContaining('the old key is kept and still works') } });
    expect(await w.stored()).toBe(w.oldKey);
    expect(await w.works(w.oldKey)).toBe(true);
    expect(await w.activeKeys()).toBe(before);
  });

  it('puts the old key back, and revokes the new one, when the new key does not answer', async () => {
    const w = await world();
    const before = await w.activeKeys();
    w.proxy.inject((req) => (req.url === '/api/v1/keys/current' && isNew(req, w.oldKey) ? 503 : null));
    const r = await w.d.invoke('instances.rotateKey', { id: w.id });
    expect(r).toMatchObject({ ok: false, error: { message: expect.stringContaining('The new key did not answer') } });
    expect(await w.stored()).toBe(w.oldKey);
    expect(await w.works(w.oldKey)).toBe(true);
    expect(await w.activeKeys()).toBe(before);
  });

  it('keeps both keys valid, the new one stored, when the new key does not answer and the old cannot be put back', async () => {
    const w = await world();
    const before = await w.activeKeys();
    w.proxy.inject((req) => (req.url === '/api/v1/keys/current' && isNew(req, w.oldKey) ? 503 : null));
    w.keychain.failSetCalls([2]);
    const r = await w.d.invoke('instances.rotateKey', { id: w.id });
    expect(r).toMatchObject({ ok: false, error: { kind: 'keychain', message: expect.stringContaining('Both keys are still valid') } });
    const stored = (await w.stored())!;
    expect(stored).not.toBe(w.oldKey);
    expect(await w.works(stored)).toBe(true);
    expect(await w.works(w.oldKey)).toBe(true);
    expect(await w.activeKeys()).toBe(before + 1);
  });

  it('keeps the new, working key and says so when the old one cannot be revoked', async () => {
    const w = await world();
    w.proxy.inject((req) => (req.method === 'DELETE' && isNew(req, w.oldKey) ? 500 : null));
    const r = await ok<KeyRotation>(w.d.invoke('instances.rotateKey', { id: w.id }));
    expect(r.oldKeyRevoked).toBe(false);
    expect(r.message).toMatch(/is stored and works, but the old key \(ldk_\w{8}, key \d+\) could not be revoked/);
    const stored = (await w.stored())!;
    expect(stored).not.toBe(w.oldKey);
    expect(await w.works(stored)).toBe(true);
    expect(await w.works(w.oldKey)).toBe(true);
  });

  it('twice at once: one rotation runs, the other is refused with a message; the key stored works and the old one is revoked', async () => {
    const w = await world();
    const before = await w.activeKeys();
    const [a, b] = await Promise.all([w.d.invoke('instances.rotateKey', { id: w.id }), w.d.invoke('instances.rotateKey', { id: w.id })]);
    expect(a).toMatchObject({ ok: true, data: { oldKeyRevoked: true } });
    expect(b).toMatchObject({ ok: false, error: { kind: 'conflict', message: "This instance's key is being rotated already; wait for that to finish." } });
    const stored = (await w.stored())!;
    expect(stored).not.toBe(w.oldKey);
    expect(await w.works(stored)).toBe(true);
    expect(await w.works(w.oldKey)).toBe(false);
    expect(await w.activeKeys()).toBe(before);
    // Once it has finished, the next one runs.
    expect(await w.d.invoke('instances.rotateKey', { id: w.id })).toMatchObject({ ok: true });
    expect(await w.works((await w.stored())!)).toBe(true);
  });

  it('answers unsupported on a seed-only server, and leaves its key alone', async () => {
    const seed = await startSeedOnlyServer({ notFound: 'json' });
    cleanups.push(() => seed.close());
    const d = await testDesktop(cleanups);
    const id = (await ok<{ id: string }>(d.invoke('instances.add', { name: 'Seed', baseUrl: seed.url, apiKey: seed.key }))).id;
    for (const call of ['instances.rotateKey', 'instances.keyInfo'] as const) {
      expect(await d.invoke(call, { id })).toMatchObject({ ok: false, error: { kind: 'unsupported' } });
    }
    expect(await d.secrets.get(id)).toBe(seed.key);
  });
});

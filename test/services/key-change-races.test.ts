// Rotate key and "Change address and key" of one instance, and requests made
// while its address and key are being saved. One change of an instance at a
// time: the second is refused in words (409) while the first runs, so the old
// server's new key is never stored under the new address. A request made while
// the change is being saved waits for it, and is then refused (not sent) if
// the address changed under it: the new host's key never goes to the old host.
// Real handlers, key store and profile store; two real `linkdesk` servers on
// port 0 (the first behind a recording proxy); faults only at the keytar seam
// (a write held, fixtures/stand-in-keytar.ts) and the profile file's fs seam
// (a rename held, fixtures/faulty-fs.ts).
import { afterEach, expect, it } from 'vitest';
import { createKeytarStore } from '../../electron/services/secret-store.ts';
import { faultyProxy } from '../helpers/fault-proxy.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { faultyFs } from './fixtures/faulty-fs.ts';
import { standInKeytar } from './fixtures/stand-in-keytar.ts';
import { ok, testDesktop, type Cleanups } from './helpers.ts';

const cleanups: Cleanups = [];
afterEach(async () => { while (cleanups.length) await cleanups.pop()!(); });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function server(): Promise<TestServer> {
  const s = await startServer({ rateLimit: 0 }, { webhooks: false });
  cleanups.push(() => s.close());
  return s;
}

/** Instance "Team" on server A (through a proxy that records every Authorization header A receives), and server B to move to. */
async function world() {
  const [a, b] = [await server(), await server()];
  const proxy = await faultyProxy(a.url);
  cleanups.push(() => proxy.close());
  const seenByA: string[] = [];
  proxy.inject((req) => { seenByA.push(req.headers.authorization ?? ''); return null; });
  const k = standInKeytar();
  const f = faultyFs();
  const d = await testDesktop(cleanups, { secretStore: createKeytarStore(k.keytar, 'Linkdesk-test'), profilesFs: f.fs });
  const id = (await ok<{ id: string }>(d.invoke('instances.add', { name: 'Team', baseUrl: proxy.url, apiKey: a.key }))).id;
  await ok(d.invoke('instances.select', { id }));
  const worksOn = async (s: TestServer, key: string | undefined) => key !== undefined && (await s.api('GET', '/keys/current', { key })).status === 200;
  return { a, b, proxy, seenByA, k, f, d, id, worksOn, stored: () => k.entries.get(id) };
}

it('"Change address and key" while a rotation of the same instance runs: refused in words; the rotated key stays with its server, and the change then saves', async () => {
  const w = await world();
  const held = w.k.holdNextWrite();
  const rotation = w.d.invoke('instances.rotateKey', { id: w.id });
  await held.reached; // the rotation is storing its new key for server A
  const change = w.d.invoke('instances.update', { id: w.id, baseUrl: w.b.url, apiKey: w.b.key });
  await sleep(100);
  held.release();
  expect(await change).toMatchObject({ ok: false, error: { kind: 'conflict', message: "This instance's key is being rotated; save its settings again once that has finished." } });
  expect(await rotation).toMatchObject({ ok: true, data: { oldKeyRevoked: true } });
  // A's rotated key, stored for A, which the instance still points at.
  expect(w.d.profiles.get(w.id)!.baseUrl).toBe(w.proxy.url);
  expect(await w.worksOn(w.a, w.stored())).toBe(true);
  expect(await ok(w.d.invoke('instances.check', { id: w.id }))).toMatchObject({ state: 'connected' });
  // Saved again once the rotation is over: B's key, for B.
  await ok(w.d.invoke('instances.update', { id: w.id, baseUrl: w.b.url, apiKey: w.b.key }));
  expect(w.stored()).toBe(w.b.key);
  expect(await w.worksOn(w.b, w.stored())).toBe(true);
  expect(await ok(w.d.invoke('instances.check', { id: w.id }))).toMatchObject({ state: 'connected' });
  expect(w.seenByA).not.toContain(`Bearer ${w.b.key}`);
});

it('Rotate key while "Change address and key" is being saved: refused in words; the change saves, and its key works at the new address', async () => {
  const w = await world();
  const held = w.k.holdNextWrite();
  const change = w.d.invoke('instances.update', { id: w.id, baseUrl: w.b.url, apiKey: w.b.key });
  await held.reached; // B's key is being stored
  const rotation = w.d.invoke('instances.rotateKey', { id: w.id });
  await sleep(100);
  held.release();
  expect(await rotation).toMatchObject({ ok: false, error: { kind: 'conflict', message: "This instance's settings are being saved; rotate its key once that has finished." } });
  await ok(change);
  expect(w.stored()).toBe(w.b.key);
  expect(await w.worksOn(w.b, w.stored())).toBe(true);
  expect(await w.worksOn(w.a, w.a.key)).toBe(true); // A's key was not rotated (nor revoked) by the refused rotation
  expect(w.seenByA).not.toContain(`Bearer ${w.b.key}`);
  // Once saved, a rotation runs, on B.
  expect(await w.d.invoke('instances.rotateKey', { id: w.id })).toMatchObject({ ok: true, data: { oldKeyRevoked: true } });
  expect(await w.worksOn(w.b, w.stored())).toBe(true);
});

it('a request while "Change address and key" is being saved waits, and is refused unsent: the new host\'s key never reaches the old host', async () => {
  const w = await world();
  const held = w.f.holdNextRename();
  const change = w.d.invoke('instances.update', { id: w.id, baseUrl: w.b.url, apiKey: w.b.key });
  await held.reached; // B's key is stored; the profile that points at B is being saved
  const before = w.seenByA.length;
  const request = w.d.invoke('links.list', { query: {} });
  await sleep(150);
  expect(w.seenByA.length).toBe(before); // it waits
  held.release();
  await ok(change);
  expect(await request).toMatchObject({ ok: false, error: { kind: 'conflict', message: "This instance's settings changed while this request waited for them to be saved, so it was not sent. Try again." } });
  expect(w.seenByA).not.toContain(`Bearer ${w.b.key}`);
  expect(w.seenByA.length).toBe(before);
  // The next request goes to B with B's key.
  expect((await ok(w.d.invoke('links.list', { query: {} }))).meta.total).toBe(0);
  expect(await ok(w.d.invoke('instances.check', { id: w.id }))).toMatchObject({ state: 'connected' });
  expect(w.seenByA.length).toBe(before);
});

it('Remove while a rotation of the instance runs: refused in words; the rotated key is stored and works, and the instance can be removed after', async () => {
  const w = await world();
  const held = w.k.holdNextWrite();
  const rotation = w.d.invoke('instances.rotateKey', { id: w.id });
  await held.reached;
  expect(await w.d.invoke('instances.remove', { id: w.id })).toMatchObject({ ok: false, error: { kind: 'conflict', message: "This instance's key is being rotated; remove it once that has finished." } });
  held.release();
  await ok(rotation);
  expect(await w.worksOn(w.a, w.stored())).toBe(true);
  await ok(w.d.invoke('instances.remove', { id: w.id }));
  expect(w.stored()).toBeUndefined();
});

it('a second save of the settings while the first is being saved: refused in words; the first lands whole, key and address together', async () => {
  const w = await world();
  const held = w.k.holdNextWrite();
  const first = w.d.invoke('instances.update', { id: w.id, baseUrl: w.b.url, apiKey: w.b.key });
  await held.reached;
  expect(await w.d.invoke('instances.update', { id: w.id, name: 'Renamed' })).toMatchObject({ ok: false, error: { kind: 'conflict', message: "This instance's settings are being saved already; wait for that to finish." } });
  held.release();
  await ok(first);
  expect(w.d.profiles.get(w.id)).toMatchObject({ name: 'Team', baseUrl: w.b.url });
  expect(await w.worksOn(w.b, w.stored())).toBe(true);
});

it('a request while a new key for the same address is being saved waits and is not sent with either key half-saved; the next one uses the new key', async () => {
  const w = await world();
  // A second key of server A, entered as the instance's new key.
  const second = (await w.a.api('POST', '/keys', { json: { name: 'second', scopes: ['links:write', 'stats:read'] } })).body.data.key as string;
  const held = w.f.holdNextRename();
  const change = w.d.invoke('instances.update', { id: w.id, apiKey: second });
  await held.reached;
  const before = w.seenByA.length;
  const request = w.d.invoke('links.list', { query: {} });
  await new Promise((r) => setTimeout(r, 150));
  expect(w.seenByA.length).toBe(before);
  held.release();
  await ok(change);
  expect(await request).toMatchObject({ ok: false, error: { kind: 'conflict' } });
  expect(w.seenByA.length).toBe(before);
  expect(await ok(w.d.invoke('links.list', { query: {} }))).toMatchObject({ meta: { total: 0 } });
  expect(w.seenByA.at(-1)).toBe(`Bearer ${second}`);
});

it('a request while the instance is being removed waits, and is answered that the instance is gone: no key is sent', async () => {
  const w = await world();
  const held = w.f.holdNextRename();
  const removal = w.d.invoke('instances.remove', { id: w.id });
  await held.reached;
  const before = w.seenByA.length;
  const request = w.d.invoke('instances.check', { id: w.id });
  await new Promise((r) => setTimeout(r, 150));
  held.release();
  await ok(removal);
  expect(await request).toMatchObject({ ok: true, data: { state: 'error', kind: 'not-found' } });
  expect(w.seenByA.length).toBe(before);
});

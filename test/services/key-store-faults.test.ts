// The key store's quieter ways of stranding a key, each with the real store
// modules and a fault at the project's seams (the atomic write's fs calls,
// fixtures/faulty-fs.ts; the keychain below keytar, fixtures/stand-in-keytar.ts):
// - a save whose rename has happened but whose folder fsync fails is in effect
//   (the disk has it) and is reported as such, not as "nothing changed";
// - a key deleted while no keychain answered stays deleted when one does,
//   though that keychain still holds an older entry;
// - a settings save that fails puts back every key, or says which it could
//   not (and never leaves a newly typed key tied to the old address).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openProfileStore, PROFILES_FILE } from '../../electron/services/instance-profiles.ts';
import { openEncryptedFileStore, SECRETS_FILE } from '../../electron/services/secret-file-store.ts';
import { createKeytarStore, openSecretStore, type Keytar } from '../../electron/services/secret-store.ts';
import { faultyProxy } from '../helpers/fault-proxy.ts';
import { startServer } from '../helpers/server.ts';
import { fakeSafeStorage } from './fixtures/fake-safe-storage.ts';
import { faultyFs } from './fixtures/faulty-fs.ts';
import { standInKeytar } from './fixtures/stand-in-keytar.ts';
import { type Cleanups, ok, tempDirIn, testDesktop } from './helpers.ts';

const SAFE_KEY = randomBytes(32).toString('hex');
const cleanups: Cleanups = [];
afterEach(async () => { while (cleanups.length) await cleanups.pop()!(); });
const dataDir = () => tempDirIn(cleanups);
/** What a restart would read from the file. */
const onDisk = (dir: string, account: string) => openEncryptedFileStore(dir, fakeSafeStorage(SAFE_KEY)).get(account);
const UNSURE = /^The encrypted key file .*keys\.enc\.json was saved, but the system did not confirm that the change reached the disk \(EIO: simulated failure, fsync '.*'\)\. The change is in effect and the keys work; if the computer loses power before the disk catches up, the file may come back as it was before\.$/;

describe('the key file\'s folder fsync fails after the rename', () => {
  it('set and delete are in effect, in memory and on disk, and the store says the change may not survive a power cut', async () => {
    const dir = dataDir();
    const f = faultyFs();
    const notices: string[] = [];
    const store = openEncryptedFileStore(dir, fakeSafeStorage(SAFE_KEY), { fs: f.fs, onNotice: (m) => notices.push(m) });
    await store.set('a', 'key-a');
    await store.set('b', 'key-b');
    f.fail('EIO');
    await store.set('a', 'key-a2');
    await store.delete('b');
    expect(f.failures).toBe(2);
    expect([await store.get('a'), await store.get('b')]).toEqual(['key-a2', null]);
    expect([await onDisk(dir, 'a'), await onDisk(dir, 'b')]).toEqual(['key-a2', null]);
    expect(store.warning()).toMatch(UNSURE);
    expect(notices).toHaveLength(2);
    // A save the disk confirms clears it.
    f.fail(null);
    await store.set('c', 'key-c');
    expect(store.warning()).toBeNull();
  });

  it('Rotate key: the new key is kept (it is on disk), the old one revoked, and the user is told the save was not confirmed; the key a restart reads works', async () => {
    const server = await startServer({ rateLimit: 0 }, { webhooks: false });
    cleanups.push(() => server.close());
    const keysDir = dataDir();
    const f = faultyFs();
    const secrets = await openSecretStore({
      dataDir: keysDir, safeStorage: fakeSafeStorage(SAFE_KEY), fs: f.fs, loadKeytar: () => Promise.reject(new Error('no keychain in this test')),
    });
    expect(secrets.kind).toBe('encrypted-file');
    const d = await testDesktop(cleanups, { secretStore: secrets });
    const id = (await ok<{ id: string }>(d.invoke('instances.add', { name: 'Team', baseUrl: server.url, apiKey: server.key }))).id;
    f.fail('EIO');
    const r = await ok<{ message: string; oldKeyRevoked: boolean }>(d.invoke('instances.rotateKey', { id }));
    expect(r.oldKeyRevoked).toBe(true);
    expect(r.message).toMatch(/^The key was rotated: ldk_\w+ replaces ldk_\w+, which is revoked\. The encrypted key file .* was saved, but the system did not confirm that the change reached the disk/);
    expect((await ok(d.invoke('app.info', undefined))).keychainMessage).toMatch(/the file may come back as it was before\.$/);
    const afterRestart = (await onDisk(keysDir, id))!;
    expect(afterRestart).not.toBe(server.key);
    expect((await server.api('GET', '/keys/current', { key: afterRestart })).status).toBe(200);
    expect((await server.api('GET', '/keys/current', { key: server.key })).status).toBe(401);
  });
});

describe('a key deleted while the keychain was away', () => {
  /** A keychain that holds an older entry for `x` and `y`, and is away until `appear()`. */
  function keychainAway() {
    const k = standInKeytar();
    k.entries.set('x', 'x-old');
    k.entries.set('y', 'y-old');
    let there = false;
    return { k, appear() { there = true; }, load: async (): Promise<Keytar> => { if (!there) throw new Error('no keychain yet'); return k.keytar; } };
  }

  it('stays deleted when the keychain comes back while the app runs, and after a restart', async () => {
    const dir = dataDir();
    const w = keychainAway();
    const open = () => openSecretStore({ dataDir: dir, safeStorage: fakeSafeStorage(SAFE_KEY), loadKeytar: w.load });
    const store = await open();
    expect(store.kind).toBe('encrypted-file');
    await store.set('x', 'x-new');
    await store.set('y', 'y-new');
    expect(await store.delete('x')).toBe(true);
    // Remembered on disk, not only in this process.
    expect(JSON.parse(readFileSync(path.join(dir, SECRETS_FILE), 'utf8')).deleted).toEqual(['x']);
    w.appear();
    expect(await store.recheck!()).toBe(true);
    expect(store.kind).toBe('keychain');
    expect([await store.get('x'), await store.get('y')]).toEqual([null, 'y-new']);
    expect(w.k.entries.has('x')).toBe(false);
    expect(JSON.parse(readFileSync(path.join(dir, SECRETS_FILE), 'utf8'))).toEqual({ version: 1, entries: {} });
    expect(await (await open()).get('x')).toBeNull();
  });

  it('stays deleted when the keychain is back at the next start', async () => {
    const dir = dataDir();
    const w = keychainAway();
    const first = await openSecretStore({ dataDir: dir, safeStorage: fakeSafeStorage(SAFE_KEY), loadKeytar: w.load });
    await first.delete('x'); // never in the file: only the keychain's older entry exists
    w.appear();
    const again = await openSecretStore({ dataDir: dir, safeStorage: fakeSafeStorage(SAFE_KEY), loadKeytar: w.load });
    expect(again.kind).toBe('keychain');
    expect([await again.get('x'), await again.get('y')]).toEqual([null, 'y-old']);
    expect(w.k.entries.has('x')).toBe(false);
  });
  it('a keychain that answers but will not delete its older entry: the key stays deleted here, and the instance says why', async () => {
    const dir = dataDir();
    const w = keychainAway();
    const store = await openSecretStore({ dataDir: dir, safeStorage: fakeSafeStorage(SAFE_KEY), loadKeytar: w.load });
    await store.set('y', 'y-new');
    await store.delete('x');
    w.k.keytar.deletePassword = async () => { throw new Error('Cannot delete an item in a locked collection'); };
    w.appear();
    expect(await store.recheck!()).toBe(true); // y moved
    expect([await store.get('x'), await store.get('y')]).toEqual([null, 'y-new']);
    expect(store.problems!()).toEqual([{ account: 'x', reason: 'refused', message: expect.stringMatching(/^The system keychain did not delete its older entry \(Could not delete from the system keychain: Cannot delete an item in a locked collection\); it stays deleted here/) }]);
    // Still remembered on disk for the next start.
    expect(JSON.parse(readFileSync(path.join(dir, SECRETS_FILE), 'utf8')).deleted).toEqual(['x']);
  });
});

describe('a settings save that fails puts back every key, or says which it could not', () => {
  it('the old key could not be read: the new key is removed, not left tied to the old address, and the message says so', async () => {
    const [a, b] = [await startServer(), await startServer()];
    cleanups.push(() => a.close(), () => b.close());
    const proxy = await faultyProxy(a.url);
    cleanups.push(() => proxy.close());
    const seenByA: string[] = [];
    proxy.inject((req) => { seenByA.push(req.headers.authorization ?? ''); return null; });
    const k = standInKeytar();
    const f = faultyFs();
    const d = await testDesktop(cleanups, { secretStore: createKeytarStore(k.keytar, 'Linkdesk-test'), profilesFs: f.fs });
    const id = (await ok<{ id: string }>(d.invoke('instances.add', { name: 'Team', baseUrl: proxy.url, apiKey: a.key }))).id;
    await ok(d.invoke('instances.select', { id }));
    k.failReadsOf(id, 2); // the keychain does not answer the save's two reads of the key it holds
    f.fail('ENOSPC');
    const r = await d.invoke('instances.update', { id, baseUrl: b.url, apiKey: b.key });
    f.fail(null);
    expect(r).toMatchObject({
      ok: false,
      error: {
        kind: 'server',
        message: expect.stringMatching(/^The instance's settings could not be saved \(ENOSPC: .*\); nothing was changed\. The API key of before could not be read, so it could not be put back: the one entered was removed rather than left with the old settings\. Enter it again\.$/),
      },
    });
    expect(d.profiles.get(id)!.baseUrl).toBe(proxy.url);
    expect(k.entries.has(id)).toBe(false);
    // Nothing goes to A with B's key.
    expect(await d.invoke('links.list', { query: {} })).toMatchObject({ ok: false, error: { kind: 'no-key' } });
    expect(seenByA).not.toContain(`Bearer ${b.key}`);
  });

  it('keys that could be read are all put back (holds)', async () => {
    const a = await startServer();
    cleanups.push(() => a.close());
    const k = standInKeytar();
    const f = faultyFs();
    const d = await testDesktop(cleanups, { secretStore: createKeytarStore(k.keytar, 'Linkdesk-test'), profilesFs: f.fs });
    const id = (await ok<{ id: string }>(d.invoke('instances.add', { name: 'Team', baseUrl: a.url, apiKey: a.key }))).id;
    f.fail('ENOSPC');
    expect(await d.invoke('instances.update', { id, baseUrl: 'https://elsewhere.example', apiKey: 'ldk_elsewhere' })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/; nothing was changed\.$/) } });
    f.fail(null);
    expect(k.entries.get(id)).toBe(a.key);
    expect(await ok(d.invoke('instances.check', { id }))).toMatchObject({ state: 'connected' });
  });
});

it('instances.json whose folder fsync fails after the rename: the change is in effect (memory and disk agree) and the log says it may not survive a power cut', async () => {
  const dir = dataDir();
  const f = faultyFs();
  const notices: string[] = [];
  const store = await openProfileStore(dir, 'http://127.0.0.1:8080', { fs: f.fs, onNotice: (m) => notices.push(m) });
  f.fail('EIO');
  const team = await store.add({ name: 'Team', baseUrl: 'https://team.example.com' });
  expect(store.get(team.id)).toMatchObject({ name: 'Team' });
  expect((JSON.parse(readFileSync(path.join(dir, PROFILES_FILE), 'utf8')) as { instances: { name: string }[] }).instances.map((i) => i.name)).toEqual(['This computer', 'Team']);
  expect(notices).toEqual([expect.stringMatching(/instances\.json was saved, but the system did not confirm that the change reached the disk \(EIO: .*\); a power cut now could bring back the settings of before\.$/)]);
});

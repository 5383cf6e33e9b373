// The encrypted key file (no keychain) under a full disk and a folder that is
// briefly unwritable: faults at the file-system seam of the atomic write
// (fixtures/faulty-fs.ts), the real store modules, a real `linkdesk serve` for
// rotation. A change whose save fails changes nothing: the user is told so,
// and every key that was valid before is still stored and still works.
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { openEncryptedFileStore } from '../../electron/services/secret-file-store.ts';
import { openSecretStore } from '../../electron/services/secret-store.ts';
import { faultyProxy } from '../helpers/fault-proxy.ts';
import { serveLinkdesk } from '../helpers/net/services.ts';
import { fakeSafeStorage } from './fixtures/fake-safe-storage.ts';
import { faultyFs } from './fixtures/faulty-fs.ts';
import { type Cleanups, ok, tempDirIn, testDesktop } from './helpers.ts';

const SAFE_KEY = randomBytes(32).toString('hex');
const cleanups: Cleanups = [];
afterEach(async () => { while (cleanups.length) await cleanups.pop()!(); });
const dataDir = () => tempDirIn(cleanups);
/** What a restart would read from the file. */
const onDisk = (dir: string, account: string) => openEncryptedFileStore(dir, fakeSafeStorage(SAFE_KEY)).get(account);

describe('a save of the encrypted key file that fails changes nothing', () => {
  for (const fault of ['ENOSPC', 'EACCES'] as const) {
    it(`${fault === 'ENOSPC' ? 'disk full while writing the temp file' : 'folder unwritable at the rename'}: set, delete and drop keep every key, in memory and on disk`, async () => {
      const dir = dataDir();
      const f = faultyFs();
      const store = openEncryptedFileStore(dir, fakeSafeStorage(SAFE_KEY), { fs: f.fs });
      await store.set('a', 'key-a');
      await store.set('b', 'key-b');
      f.fail(fault);
      const told = fault === 'ENOSPC' ? /could not be saved \(the disk is full\)\. Nothing was changed: the keys stored before are kept and still work\./
        : /could not be saved \(its folder cannot be written\)\. Nothing was changed/;
      await expect(store.set('a', 'key-a2')).rejects.toMatchObject({ error: { kind: 'keychain', message: expect.stringMatching(told) } });
      await expect(store.delete('b')).rejects.toMatchObject({ error: { kind: 'keychain' } });
      await expect(store.drop(['a', 'b'])).rejects.toMatchObject({ error: { kind: 'keychain' } });
      expect(f.failures).toBe(3);
      expect([await store.get('a'), await store.get('b')]).toEqual(['key-a', 'key-b']);
      expect(await store.entries()).toEqual({ readable: [['a', 'key-a'], ['b', 'key-b']], unreadable: [], deleted: [] });
      // The next save that succeeds writes what is current, not what failed.
      f.fail(null);
      await store.set('c', 'key-c');
      expect([await onDisk(dir, 'a'), await onDisk(dir, 'b'), await onDisk(dir, 'c')]).toEqual(['key-a', 'key-b', 'key-c']);
      expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    });
  }

  it('two changes asked for at once both land, in order', async () => {
    const dir = dataDir();
    const store = openEncryptedFileStore(dir, fakeSafeStorage(SAFE_KEY));
    await Promise.all([store.set('a', 'key-a'), store.set('b', 'key-b'), store.delete('a'), store.set('c', 'key-c')]);
    expect([await onDisk(dir, 'a'), await onDisk(dir, 'b'), await onDisk(dir, 'c')]).toEqual([null, 'key-b', 'key-c']);
  });
});

it('Rotate key with the save failing (disk full): the new key is revoked with the old one, the old key stays stored and works, as the user is told', async () => {
  const serverDir = dataDir();
  const server = await serveLinkdesk(null, { host: '127.0.0.1', port: 0, dataDir: serverDir });
  cleanups.push(async () => { server.child.kill(); });
  const proxy = await faultyProxy(server.url);
  cleanups.push(() => proxy.close());
  const deletes: string[] = [];
  proxy.inject((req) => {
    if (req.method === 'DELETE') deletes.push(req.headers.authorization ?? '(none)');
    return null;
  });

  const keysDir = dataDir();
  const f = faultyFs();
  const secrets = await openSecretStore({
    dataDir: keysDir, safeStorage: fakeSafeStorage(SAFE_KEY), fs: f.fs, loadKeytar: () => Promise.reject(new Error('no keychain in this test')),
  });
  expect(secrets.kind).toBe('encrypted-file');
  const d = await testDesktop(cleanups, { secretStore: secrets });
  const id = (await ok<{ id: string }>(d.invoke('instances.add', { name: 'Team', baseUrl: proxy.url, apiKey: server.key }))).id;
  const api = async (path: string, key: string) => (await fetch(`${server.url}/api/v1${path}`, { headers: { authorization: `Bearer ${key}` } }));

  f.fail('ENOSPC');
  const r = await d.invoke('instances.rotateKey', { id });
  expect(r).toMatchObject({ ok: false, error: { kind: 'keychain', message: expect.stringMatching(/^The new key could not be stored \(The encrypted key file .* could not be saved \(the disk is full\)\..*\); the old key is kept and still works\.$/) } });
  // The unstored new key was revoked, and with the old key.
  expect(deletes).toEqual([`Bearer ${server.key}`]);
  const active = await (await api('/keys?per_page=100&state=active', server.key)).json() as { data: { id: number }[] };
  expect(active.data).toHaveLength(1);
  // The old key is what the app holds and uses, and it works.
  expect(await secrets.get(id)).toBe(server.key);
  expect(await ok(d.invoke('instances.check', { id }))).toMatchObject({ state: 'connected' });
  // The next write of any secret puts the old, valid key on disk: a restart still has it.
  f.fail(null);
  await ok(d.invoke('instances.add', { name: 'Other', baseUrl: 'https://other.example', apiKey: 'ldk_other' }));
  const afterRestart = (await onDisk(keysDir, id))!;
  expect(afterRestart).toBe(server.key);
  expect((await api('/keys/current', afterRestart)).status).toBe(200);
});

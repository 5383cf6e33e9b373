// The keychain taking keys over from the encrypted file (keys.enc.json) never
// stops the app: keys move one by one; one encrypted on another computer, or a
// keychain that reads but will not write, leaves those keys in the file and
// says which instances need their key entered again and why. Changes made
// while keys move are neither lost nor brought back, and a keychain write that
// outlives its timeout cannot later overwrite a newer key. The real keychain
// (gnome-keyring in scripts/test.sh) where it matters; a stand-in only at the
// keytar seam for a keychain that refuses writes or answers late.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDesktop } from '../../electron/services/desktop.ts';
import { openEncryptedFileStore, SECRETS_FILE } from '../../electron/services/secret-file-store.ts';
import { createKeytarStore, createMemoryStore, openSecretStore } from '../../electron/services/secret-store.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { fakeSafeStorage } from './fixtures/fake-safe-storage.ts';
import { standInKeytar } from './fixtures/stand-in-keytar.ts';
import { type Cleanups, IN_DBUS, NO_DBUS_REASON, ok, realKeychain, tempDirIn } from './helpers.ts';

const HERE = randomBytes(32).toString('hex');
const ELSEWHERE = randomBytes(32).toString('hex');
const cleanups: Cleanups = [];
afterEach(async () => { while (cleanups.length) await cleanups.pop()!(); });
const dataDir = () => tempDirIn(cleanups);
const fileEntries = (dir: string) => Object.keys(JSON.parse(readFileSync(path.join(dir, SECRETS_FILE), 'utf8')).entries).sort();

/** Two remote instances in a data folder, their keys in keys.enc.json: the first encrypted on another computer. */
async function dataFolderWithKeys(server: TestServer) {
  const dir = dataDir();
  const first = await createDesktop({ dataDir: dir, localServer: false, secretStore: createMemoryStore('setup') });
  const stranger = await ok<{ id: string }>(first.invoke('instances.add', { name: 'Copied', baseUrl: server.url }));
  const mine = await ok<{ id: string }>(first.invoke('instances.add', { name: 'Mine', baseUrl: server.url }));
  await first.close();
  await openEncryptedFileStore(dir, fakeSafeStorage(ELSEWHERE)).set(stranger.id, server.key);
  await openEncryptedFileStore(dir, fakeSafeStorage(HERE)).set(mine.id, server.key);
  return { dir, stranger: stranger.id, mine: mine.id };
}

describe.skipIf(!IN_DBUS)(`take-over at start by the real keychain${IN_DBUS ? '' : ` (skipped: ${NO_DBUS_REASON})`}`, () => {
  it('a key encrypted on another computer: the app starts, the others move, the list says which instance needs its key again and why', async () => {
    const server = await startServer();
    cleanups.push(() => server.close());
    const w = await dataFolderWithKeys(server);
    const d = await createDesktop({ dataDir: w.dir, localServer: false, safeStorage: fakeSafeStorage(HERE), log: {} });
    cleanups.push(async () => { await d.close(); for (const id of [w.mine, w.stranger]) await (await realKeychain()).delete(id); });
    expect(d.secrets.kind).toBe('keychain');
    expect(await (await realKeychain()).get(w.mine)).toBe(server.key);
    const list = await ok<{ instances: { id: string; hasApiKey: boolean; keyProblem: unknown }[] }>(d.invoke('instances.list', undefined));
    const byId = (id: string) => list.instances.find((i) => i.id === id);
    expect(byId(w.mine)).toMatchObject({ hasApiKey: true, keyProblem: null });
    expect(byId(w.stranger)).toMatchObject({
      hasApiKey: false,
      keyProblem: { reason: 'unreadable', message: expect.stringMatching(/^The API key: Its key in .*keys\.enc\.json could not be decrypted here .* Enter the key again; the file is kept\.$/) },
    });
    expect(await ok(d.invoke('instances.check', { id: w.mine }))).toMatchObject({ state: 'connected' });
    // The entry that could not move is kept (on its own computer it still decrypts); the moved one is gone from the file.
    expect(fileEntries(w.dir)).toEqual([w.stranger]);
    // Entering the key again puts it in the keychain and retires the file's copy.
    await ok(d.invoke('instances.update', { id: w.stranger, apiKey: server.key }));
    expect(await ok(d.invoke('instances.check', { id: w.stranger }))).toMatchObject({ state: 'connected' });
    expect((await ok<{ instances: { id: string; keyProblem: unknown }[] }>(d.invoke('instances.list', undefined))).instances.every((i) => i.keyProblem === null)).toBe(true);
    expect(fileEntries(w.dir)).toEqual([]);
  });
});

it('a keychain that reads but will not write (a locked keyring): the app starts on the encrypted file, every key still works', async () => {
  const server = await startServer();
  cleanups.push(() => server.close());
  const w = await dataFolderWithKeys(server);
  const k = standInKeytar();
  k.refuseWrites();
  const secrets = await openSecretStore({ dataDir: w.dir, safeStorage: fakeSafeStorage(HERE), loadKeytar: async () => k.keytar });
  expect(secrets.kind).toBe('encrypted-file');
  expect(secrets.message).toMatch(/^The system keychain answers but did not accept the keys \(Could not write to the system keychain: Cannot create an item in a locked collection\)\. API keys are kept encrypted .* in .*keys\.enc\.json/);
  const d = await createDesktop({ dataDir: w.dir, localServer: false, secretStore: secrets });
  cleanups.push(() => d.close());
  expect(await ok(d.invoke('instances.check', { id: w.mine }))).toMatchObject({ state: 'connected' });
  const list = await ok<{ instances: { id: string; keyProblem: { reason: string } | null }[] }>(d.invoke('instances.list', undefined));
  expect(list.instances.find((i) => i.id === w.stranger)!.keyProblem).toMatchObject({ reason: 'unreadable' });
  expect(k.entries.size).toBe(0);
  expect(fileEntries(w.dir)).toEqual([w.mine, w.stranger].sort());
});

it('a take-over while keys are written and deleted: nothing written during it is lost, nothing deleted comes back', async () => {
  const dir = dataDir();
  const k = standInKeytar();
  let appeared = false;
  const open = () => openSecretStore({
    dataDir: dir, safeStorage: fakeSafeStorage(HERE), loadKeytar: async () => { if (!appeared) throw new Error('no keychain yet'); return k.keytar; },
  });
  const store = await open();
  expect(store.kind).toBe('encrypted-file');
  await store.set('x', 'x1');
  await store.set('y', 'y1');
  await store.set('z', 'z1');
  appeared = true;
  const held = k.holdNextWrite();
  const recheck = store.recheck!();
  await held.reached; // the keychain is taking the first key now
  const writes = Promise.all([store.set('x', 'x2'), store.delete('y'), store.set('n', 'n1')]);
  held.release();
  expect(await recheck).toBe(true);
  await writes;
  expect(store.kind).toBe('keychain');
  expect([await store.get('x'), await store.get('y'), await store.get('z'), await store.get('n')]).toEqual(['x2', null, 'z1', 'n1']);
  expect(Object.fromEntries(k.entries)).toEqual({ x: 'x2', z: 'z1', n: 'n1' });
  expect(fileEntries(dir)).toEqual([]);
  // And after a restart.
  const again = await open();
  expect([await again.get('x'), await again.get('y')]).toEqual(['x2', null]);
});

it('a keychain write that answers after its timeout cannot later overwrite a newer key', async () => {
  const k = standInKeytar();
  const store = createKeytarStore(k.keytar, 'Linkdesk-test', 200); // stands in for the 10 s of the app and a 12 s answer
  const held = k.holdNextWrite();
  await expect(store.set('a', 'old')).rejects.toMatchObject({ error: { kind: 'keychain', message: 'Could not write to the system keychain: The keychain did not answer within 0.2 s' } });
  await held.reached;
  const newer = store.set('a', 'new');
  held.release(); // the late write lands now
  await newer;
  expect(await store.get('a')).toBe('new');
  expect(k.entries.get('a')).toBe('new');
});

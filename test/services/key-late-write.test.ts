// Rotate key with a keychain that answers late: the new key's write outlives
// the store's timeout, so the rotation reports it as not stored and revokes
// the new key. The write then lands. It must not stay: the keychain store
// undoes a change that answered after its timeout, inside the same call, so
// the key left stored is the old one, which still works. Real key store and
// rotation, a real `linkdesk` server on port 0; only the keychain below the
// keytar seam is a stand-in (fixtures/stand-in-keytar.ts), the same one the
// keychain take-over tests use.
import { afterEach, expect, it } from 'vitest';
import { createKeytarStore } from '../../electron/services/secret-store.ts';
import { startServer } from '../helpers/server.ts';
import { standInKeytar } from './fixtures/stand-in-keytar.ts';
import { ok, testDesktop, type Cleanups } from './helpers.ts';

const cleanups: Cleanups = [];
afterEach(async () => { while (cleanups.length) await cleanups.pop()!(); });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const TIMEOUT = 400; // stands in for the app's 10 s; the write answers after it

it('Rotate key whose keychain write answers after its timeout: the late write is undone, the old key stays stored and works, as the user is told', async () => {
  const server = await startServer({ rateLimit: 0 }, { webhooks: false });
  cleanups.push(() => server.close());
  const k = standInKeytar();
  const notices: string[] = [];
  const secrets = createKeytarStore(k.keytar, 'Linkdesk-test', TIMEOUT, (m) => notices.push(m));
  const d = await testDesktop(cleanups, { secretStore: secrets });
  const id = (await ok<{ id: string }>(d.invoke('instances.add', { name: 'Team', baseUrl: server.url, apiKey: server.key }))).id;
  const works = async (key: string | null | undefined) => key != null && (await server.api('GET', '/keys/current', { key })).status === 200;

  const held = k.holdNextWrite();
  const rotation = d.invoke('instances.rotateKey', { id });
  await held.reached; // the new key is being written
  await sleep(TIMEOUT + 150); // the store has given up on it
  held.release(); // and now the keychain answers: the write lands
  const r = await rotation;
  expect(r).toMatchObject({ ok: false, error: { kind: 'keychain', message: `The new key could not be stored (Could not write to the system keychain: The keychain did not answer within ${TIMEOUT / 1000} s); the old key is kept and still works.` } });
  // What the user was told is what is stored: the old key, and it works; the new one was revoked.
  expect(k.entries.get(id)).toBe(server.key);
  expect(await secrets.get(id)).toBe(server.key);
  expect(await works(server.key)).toBe(true);
  expect(notices).toEqual([expect.stringMatching(/^A keychain change for key store account .* answered after its 0\.4 s timeout and was undone: the entry stored before is kept\.$/)]);
  expect(await ok(d.invoke('instances.check', { id }))).toMatchObject({ state: 'connected' });
  // A rotation once the keychain answers in time goes through, and the key it stores works.
  expect(await d.invoke('instances.rotateKey', { id })).toMatchObject({ ok: true, data: { oldKeyRevoked: true } });
  expect(await works(k.entries.get(id))).toBe(true);
  expect(await works(server.key)).toBe(false);
});

it('a keychain delete that answers after its timeout is undone too: the key reported as not deleted is still there', async () => {
  const k = standInKeytar();
  const store = createKeytarStore(k.keytar, 'Linkdesk-test', 200);
  await store.set('a', 'key-a');
  let release!: () => void;
  const gate = new Promise<void>((r) => { release = r; });
  const real = k.keytar.deletePassword;
  k.keytar.deletePassword = async (s, a) => { await gate; k.keytar.deletePassword = real; return real(s, a); };
  await expect(store.delete('a')).rejects.toMatchObject({ error: { message: 'Could not delete from the system keychain: The keychain did not answer within 0.2 s' } });
  release();
  expect(await store.get('a')).toBe('key-a');
  expect(k.entries.get('a')).toBe('key-a');
});

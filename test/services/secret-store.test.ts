// The real keychain (keytar on gnome-keyring's Secret Service inside
// scripts/test.sh's D-Bus session), and the session-only fallback where no
// keychain answers.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../electron/services/secret-store.ts';
import { startServer } from '../helpers/server.ts';
import { filesContaining, IN_DBUS, NO_DBUS_REASON, realKeychain, tempDir } from './helpers.ts';

describe.skipIf(!IN_DBUS)(`keychain${IN_DBUS ? '' : ` (skipped: ${NO_DBUS_REASON})`}`, () => {
  const accounts: string[] = [];
  afterAll(async () => {
    const store = await realKeychain();
    await Promise.all(accounts.map((a) => store.delete(a)));
  });

  it('sets, reads back and deletes a key under service Linkdesk', async () => {
    const store = await realKeychain();
    expect(store.kind).toBe('keychain');
    expect(store.message).toBeNull();
    const account = randomUUID();
    accounts.push(account);
    const key = `ldk_${randomUUID().replaceAll('-', '')}`;
    await store.set(account, key);
    expect(await store.get(account)).toBe(key);
    // A second handle (as after a restart) reads the same entry: it is in the keychain, not in this object.
    expect(await (await realKeychain()).get(account)).toBe(key);
    expect(await store.delete(account)).toBe(true);
    expect(await store.get(account)).toBeNull();
    expect(await store.delete(account)).toBe(false);
  });

  it('keys for different accounts do not mix', async () => {
    const store = await realKeychain();
    const [a, b] = [randomUUID(), randomUUID()];
    accounts.push(a, b);
    await store.set(a, 'key-a');
    await store.set(b, 'key-b');
    expect([await store.get(a), await store.get(b)]).toEqual(['key-a', 'key-b']);
  });
});

it('the session-only store keeps keys in memory and says why', async () => {
  const store = createMemoryStore('No keychain here.');
  await store.set('x', 'secret');
  expect(await store.get('x')).toBe('secret');
  expect(store).toMatchObject({ kind: 'memory', message: 'No keychain here.' });
});

it('with no keychain reachable, the desktop says so, works for the session, and writes no key to disk', async () => {
  const remote = await startServer();
  const { dir, cleanup } = tempDir();
  try {
    const fixture = path.join(import.meta.dirname, 'fixtures/session-only-desktop.ts');
    const { stdout } = await promisify(execFile)(process.execPath, [fixture, dir, remote.url, remote.key], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/linkdesk-test-bus', DISPLAY: '' },
      timeout: 30_000,
    });
    const out = JSON.parse(stdout);
    expect(out.kind).toBe('memory');
    expect(out.info.data).toMatchObject({ keychain: 'unavailable', keychainMessage: expect.stringMatching(/No system keychain is available.*kept only until Linkdesk quits/) });
    expect(out.added.data.hasApiKey).toBe(true);
    expect(out.account).toMatchObject({ ok: true, data: { name: 'owner' } });
    expect(out.localAccount).toMatchObject({ ok: true, data: { name: 'Desktop' } });
    expect(filesContaining(dir, remote.key)).toEqual([]);
    expect(filesContaining(dir, out.localKey)).toEqual([]);
    expect(JSON.stringify([out.info, out.added, out.account, out.localAccount])).not.toContain(remote.key);
  } finally {
    cleanup();
    await remote.close();
  }
});

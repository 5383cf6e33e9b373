// Keys without a keychain: where keytar cannot reach one (a D-Bus address that
// leads nowhere, in a process of its own), keys are kept encrypted with
// safeStorage in a 0600 file in the data folder, survive a restart, and are
// never in plain text; safeStorage's plain-text 'basic_text' backend is
// refused; the first keychain that appears (the real gnome-keyring of
// scripts/test.sh) takes them over, at the next start or while running.
// Only Electron's safeStorage is a stand-in (fixtures/fake-safe-storage.ts).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDesktop } from '../../electron/services/desktop.ts';
import { SECRETS_FILE } from '../../electron/services/secret-file-store.ts';
import { openSecretStore } from '../../electron/services/secret-store.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { fakeSafeStorage } from './fixtures/fake-safe-storage.ts';
import { filesContaining, IN_DBUS, NO_DBUS_REASON, ok, realKeychain, tempDir } from './helpers.ts';

const FIXTURE = path.join(import.meta.dirname, 'fixtures/keystore-desktop.ts');
const NOWHERE = 'unix:path=/nonexistent/linkdesk-test-bus';
const SAFE_KEY = randomBytes(32).toString('hex');

async function desktopProcess(dataDir: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const { stdout } = await promisify(execFile)(process.execPath, [FIXTURE, dataDir, ...args], {
    env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: NOWHERE, DISPLAY: '', SAFE_KEY, ...env }, timeout: 30_000,
  });
  return JSON.parse(stdout);
}

let remote: TestServer;
const dirs: (() => void)[] = [];
beforeAll(async () => { remote = await startServer(); });
afterAll(async () => {
  await remote.close();
  for (const d of dirs) d();
});
const dataDir = () => {
  const t = tempDir();
  dirs.push(t.cleanup);
  return t.dir;
};

it('no keychain: keys are kept encrypted in a 0600 file in the data folder, never in plain text, and survive a restart', async () => {
  const dir = dataDir();
  const first = await desktopProcess(dir, ['add', remote.url, remote.key]);
  expect(first.kind).toBe('encrypted-file');
  expect(first.info.data).toMatchObject({ keyStore: 'encrypted-file', keyStoreFile: path.join(dir, SECRETS_FILE), keychain: 'unavailable' });
  expect(first.info.data.keychainMessage).toMatch(/^No system keychain is available \(.*\)\. API keys are kept encrypted with the system's protection \(Electron safeStorage\) in .*keys\.enc\.json, readable only by you; the first keychain that becomes available takes them over\./);
  expect(first.fileMode).toBe('600');
  expect(first.check).toMatchObject({ ok: true, data: { state: 'connected', account: { name: 'owner' } } });
  // Not in plain text, nor merely encoded, anywhere in the data folder.
  expect(filesContaining(dir, remote.key)).toEqual([]);
  expect(filesContaining(dir, Buffer.from(remote.key).toString('base64'))).toEqual([]);
  expect(JSON.parse(readFileSync(path.join(dir, SECRETS_FILE), 'utf8')).entries).toHaveProperty(first.added.data.id);

  const again = await desktopProcess(dir, ['read', first.added.data.id]);
  expect(again.key).toBe(remote.key);
  expect(again.check).toMatchObject({ ok: true, data: { state: 'connected' } });

  // Without the OS's secret (another user, another computer) the file is useless, and says so.
  const stranger = await desktopProcess(dir, ['read', first.added.data.id], { SAFE_KEY: randomBytes(32).toString('hex') });
  expect(stranger.key).toMatch(/^unreadable: A key in .*keys\.enc\.json could not be decrypted/);
  expect(stranger.check).toMatchObject({ ok: true, data: { state: 'error', kind: 'keychain', message: expect.stringMatching(/could not be decrypted/) } });
});

it("safeStorage's plain-text 'basic_text' backend is refused: keys stay in memory, and no key file is written", async () => {
  const dir = dataDir();
  const out = await desktopProcess(dir, ['add', remote.url, remote.key], { SAFE_BACKEND: 'basic_text' });
  expect(out.kind).toBe('memory');
  expect(out.info.data).toMatchObject({ keyStore: 'memory', keyStoreFile: null });
  expect(out.info.data.keychainMessage).toMatch(/safeStorage would only obfuscate keys with a fixed password \(its "basic_text" backend\), which is no protection\. API keys are kept only until Linkdesk quits\./);
  expect(existsSync(path.join(dir, SECRETS_FILE))).toBe(false);
  expect(filesContaining(dir, remote.key)).toEqual([]);
});

describe.skipIf(!IN_DBUS)(`take-over by a keychain${IN_DBUS ? '' : ` (skipped: ${NO_DBUS_REASON})`}`, () => {
  it('at the next start: the keychain gets every key, the file keeps none, the About card says keychain', async () => {
    const dir = dataDir();
    const first = await desktopProcess(dir, ['add', remote.url, remote.key]);
    const id = first.added.data.id as string;
    const d = await createDesktop({ dataDir: dir, localServer: false, safeStorage: fakeSafeStorage(SAFE_KEY) });
    try {
      expect(d.secrets.kind).toBe('keychain');
      expect(await ok(d.invoke('app.info', undefined))).toMatchObject({ keyStore: 'keychain', keyStoreFile: null, keychain: 'available' });
      expect(await (await realKeychain()).get(id)).toBe(remote.key);
      expect(JSON.parse(readFileSync(path.join(dir, SECRETS_FILE), 'utf8')).entries).toEqual({});
      expect(await ok(d.invoke('instances.check', { id }))).toMatchObject({ state: 'connected' });
    } finally {
      await d.close();
      await (await realKeychain()).delete(id);
    }
  });

  it('while running: a keychain that appears later takes the keys over on recheck', async () => {
    const dir = dataDir();
    const first = await desktopProcess(dir, ['add', remote.url, remote.key]);
    const id = first.added.data.id as string;
    try {
      const out = await desktopProcess(dir, ['appear', id, process.env.DBUS_SESSION_BUS_ADDRESS!]);
      expect(out.before).toEqual({ kind: 'encrypted-file', key: remote.key });
      expect(out.recheck).toBe(true);
      expect(out.kind).toBe('keychain');
      expect(out.key).toBe(remote.key);
      expect(out.info.data).toMatchObject({ keyStore: 'keychain' });
      expect(await (await realKeychain()).get(id)).toBe(remote.key);
      expect(JSON.parse(readFileSync(path.join(dir, SECRETS_FILE), 'utf8')).entries).toEqual({});
    } finally {
      await (await realKeychain()).delete(id);
    }
  });

  it('a keychain that is there from the start is used as before, and no key file is made', async () => {
    const dir = dataDir();
    const store = await openSecretStore({ dataDir: dir, safeStorage: fakeSafeStorage(SAFE_KEY) });
    expect(store.kind).toBe('keychain');
    expect(existsSync(path.join(dir, SECRETS_FILE))).toBe(false);
  });
});

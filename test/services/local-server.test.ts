// The embedded server's supervisor: real SQLite in a temp data folder, real
// listening sockets on 127.0.0.1, the real keychain for the desktop's key.
import { randomUUID } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openProfileStore } from '../../electron/services/instance-profiles.ts';
import { createLocalServer, type LocalServer } from '../../electron/services/local-server.ts';
import { createMemoryStore, type SecretStore } from '../../electron/services/secret-store.ts';
import { DB_FILE, openStore } from '../../electron/server/db/database.ts';
import { createUsersRepository } from '../../electron/server/db/repositories/users-repository.ts';
import { closedPort, filesContaining, httpServer, IN_DBUS, NO_DBUS_REASON, realKeychain, tempDir } from './helpers.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function supervisor(dir: string, secrets: SecretStore, account: string, port?: number): Promise<LocalServer> {
  const profiles = await openProfileStore(dir, 'http://127.0.0.1:8080');
  if (port !== undefined) await profiles.setLocalServer({ port });
  const server = createLocalServer({
    dataDir: dir, account, secrets, config: { fetchTitles: false },
    settings: () => profiles.localServer(), saveSettings: (p) => profiles.setLocalServer(p),
  });
  cleanups.push(() => server.stop());
  return server;
}
const workDir = () => {
  const t = tempDir();
  cleanups.push(t.cleanup);
  return t.dir;
};
const account = async (url: string, key: string | null) => {
  const res = await fetch(`${url}/api/v1/account`, { headers: key ? { authorization: `Bearer ${key}` } : {} });
  return { status: res.status, body: await res.json() as { data?: { name: string } } };
};
const keysIn = async (dir: string) => {
  const store = openStore(dir);
  try {
    return await createUsersRepository(store.db).listKeys();
  } finally {
    await store.close();
  }
};

describe('the desktop\'s own user', () => {
  it('administers its local instance even when the command line made a user first', async () => {
    const dir = workDir();
    const first = openStore(dir);
    await createUsersRepository(first.db).createUserWithKey('cli-user'); // the instance's first user: admin
    await first.close();
    const keychain = createMemoryStore('test');
    const s = await (await supervisor(dir, keychain, 'local', 0)).start();
    const key = await keychain.get('local');
    const current = await fetch(`${s.url}/api/v1/keys/current`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.json()) as { data: { user: { name: string }; scopes: string[] } };
    expect(current.data.user.name).toBe('Desktop');
    expect(current.data.scopes).toContain('admin');
    expect((await fetch(`${s.url}/api/v1/users`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
  });
});

describe.skipIf(!IN_DBUS)(`with the real keychain${IN_DBUS ? '' : ` (skipped: ${NO_DBUS_REASON})`}`, () => {
  it('first start creates a user and key straight into the keychain; the key is in no file; a restart reuses it', async () => {
    const dir = workDir();
    const keychain = await realKeychain();
    const id = `local-test-${randomUUID()}`;
    cleanups.push(async () => void (await keychain.delete(id)));

    const first = await supervisor(dir, keychain, id, 0);
    const s = await first.start();
    expect(s).toMatchObject({ state: 'running', url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), message: null });
    const key = await (await realKeychain()).get(id); // read back through a fresh keychain handle
    expect(key).toMatch(/^ldk_[0-9A-Za-z]{40}$/);
    expect(await account(s.url!, key)).toEqual({ status: 200, body: expect.objectContaining({ data: expect.objectContaining({ name: 'Desktop' }) }) });
    await first.stop();
    expect(filesContaining(dir, key!)).toEqual([]);

    const second = await supervisor(dir, await realKeychain(), id, 0);
    const s2 = await second.start();
    expect(await keychain.get(id)).toBe(key);
    expect((await account(s2.url!, key)).status).toBe(200);
    await second.stop();
    expect((await keysIn(dir)).map((k) => [k.user_name, k.revoked_at])).toEqual([['Desktop', null]]);
  });
});

it('with a session-only store, a restart gives the same user a new key and revokes the lost one', async () => {
  const dir = workDir();
  const s1 = await (await supervisor(dir, createMemoryStore('none'), 'local-x', 0)).start();
  expect(s1.state).toBe('running');
  const again = await supervisor(dir, createMemoryStore('none'), 'local-x', 0);
  await again.start();
  await again.stop();
  const keys = await keysIn(dir);
  expect(keys.map((k) => k.user_name)).toEqual(['Desktop', 'Desktop']);
  expect(keys[0]!.user_id).toBe(keys[1]!.user_id);
  expect(keys[0]!.revoked_at).not.toBeNull();
  expect(keys[1]!.revoked_at).toBeNull();
});

it('a configured port that is taken falls back to a free one and says so', async () => {
  const squatter = await httpServer((_req, res) => res.end('someone else'));
  cleanups.push(() => squatter.close());
  const server = await supervisor(workDir(), createMemoryStore('none'), 'local-x', squatter.port);
  const s = await server.start();
  expect(s.state).toBe('running');
  expect(s.port).not.toBe(squatter.port);
  expect(s.message).toContain(`Port ${squatter.port} is in use`);
  expect(s.message).toContain(`port ${s.port}`);
  expect((await account(s.url!, null)).status).toBe(401); // the fallback port serves Linkdesk
  expect(await (await fetch(squatter.url)).text()).toBe('someone else');
});

it('a configured free port is used as is; setPort moves the server and is remembered', async () => {
  const dir = workDir();
  const wanted = await closedPort();
  const server = await supervisor(dir, createMemoryStore('none'), 'local-x', wanted);
  expect(await server.start()).toMatchObject({ state: 'running', port: wanted, url: `http://127.0.0.1:${wanted}`, message: null });
  const other = await closedPort();
  expect(await server.setPort(other)).toMatchObject({ state: 'running', port: other });
  await expect(fetch(`http://127.0.0.1:${wanted}/`)).rejects.toThrow(); // the old port is released
  expect((await openProfileStore(dir, '')).localServer().port).toBe(other);
});

it('stops cleanly: the port is released and the database is closed and reopenable', async () => {
  const dir = workDir();
  const server = await supervisor(dir, createMemoryStore('none'), 'local-x', 0);
  const { url } = await server.start();
  expect((await account(url!, null)).status).toBe(401);
  expect(existsSync(path.join(dir, `${DB_FILE}-wal`))).toBe(true);
  await server.stop();
  expect(server.status()).toEqual({ state: 'stopped', url: null, port: null, message: null });
  await expect(fetch(`${url}/api/v1/account`)).rejects.toThrow();
  // SQLite folds the WAL back and deletes it only when the last connection closes.
  expect(existsSync(path.join(dir, `${DB_FILE}-wal`))).toBe(false);
  expect(await keysIn(dir)).toHaveLength(1);
});

it('a start that fails reports error with the reason instead of throwing', async () => {
  const dir = workDir();
  const blocked = path.join(dir, 'not-a-folder');
  writeFileSync(blocked, 'x');
  const server = await supervisor(dir, createMemoryStore('none'), 'local-x', 0);
  const s = await createLocalServer({
    dataDir: blocked, account: 'local-x', secrets: createMemoryStore('none'),
    settings: () => ({ port: 0, userId: null, keyId: null, apiGeneration: 'seed', cityDatabase: null }), saveSettings: async () => {},
  }).start();
  expect(s).toMatchObject({ state: 'error', url: null, message: expect.stringMatching(/^The local server could not start: /) });
  expect((await server.start()).state).toBe('running');
});

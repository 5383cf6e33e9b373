// Instance profiles: a JSON file in the data folder that survives restarts and
// crashes, with the local instance always present.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { ServiceError } from '../../electron/services/errors.ts';
import { normalizeBaseUrl, openProfileStore, PROFILES_FILE } from '../../electron/services/instance-profiles.ts';
import { tempDirIn } from './helpers.ts';

// What a profile holds about reaching its server when nothing was chosen.
const NET = { proxy: { mode: 'system', url: null }, caCertificates: [], clientCertificate: null, plainHttpOrigin: null, keyOrigin: null };
const LOCAL_URL = 'http://127.0.0.1:8080';
let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
});
const dataDir = () => tempDirIn(cleanups);

it('a fresh data folder has the local instance, written to disk', async () => {
  const dir = dataDir();
  const store = await openProfileStore(dir, LOCAL_URL);
  expect(store.list()).toEqual([{ id: expect.stringMatching(/^local-[0-9a-f]{12}$/), name: 'This computer', kind: 'local', baseUrl: LOCAL_URL, ...NET }]);
  expect(JSON.parse(readFileSync(path.join(dir, PROFILES_FILE), 'utf8')).instances).toHaveLength(1);
});

it('a profiles file from before the API generation setting keeps its server settings and reads as seed', async () => {
  const dir = dataDir();
  writeFileSync(path.join(dir, 'instances.json'), JSON.stringify({ version: 1, instances: [], lastSelectedId: null, localServer: { port: 9124, userId: 3, keyId: 4 } }));
  const store = await openProfileStore(dir, LOCAL_URL);
  expect(store.recovered).toBeNull();
  expect(store.localServer()).toEqual({ port: 9124, userId: 3, keyId: 4, apiGeneration: 'seed', cityDatabase: null });
});

it('profiles, selection and server settings survive a restart', async () => {
  const dir = dataDir();
  const first = await openProfileStore(dir, LOCAL_URL);
  const a = await first.add({ name: ' Work ', baseUrl: 'https://short.example.com/' });
  const b = await first.add({ name: 'Blog', baseUrl: 'http://blog.example.com/links/api/v1' });
  await first.update(a.id, { name: 'Work links' });
  await first.setLastSelected(b.id);
  await first.setLocalServer({ port: 9123, userId: 1, keyId: 2, apiGeneration: 'current' });

  const again = await openProfileStore(dir, LOCAL_URL); // as after quitting and starting the app
  expect(again.list()).toEqual(first.list());
  expect(again.local().id).toBe(first.local().id);
  expect(again.get(a.id)).toEqual({ id: a.id, name: 'Work links', kind: 'remote', baseUrl: 'https://short.example.com', ...NET });
  expect(again.get(b.id)?.baseUrl).toBe('http://blog.example.com/links');
  expect(again.lastSelectedId()).toBe(b.id);
  expect(again.localServer()).toEqual({ port: 9123, userId: 1, keyId: 2, apiGeneration: 'current', cityDatabase: null });

  await again.remove(a.id);
  expect((await openProfileStore(dir, LOCAL_URL)).list().map((p) => p.id)).toEqual([first.local().id, b.id]);
});

it('the local instance cannot be removed or re-addressed; unknown ids are not-found', async () => {
  const store = await openProfileStore(dataDir(), LOCAL_URL);
  const local = store.local().id;
  await expect(store.remove(local)).rejects.toMatchObject({ error: { kind: 'bad-request' } });
  await expect(store.update(local, { baseUrl: 'https://elsewhere.example' })).rejects.toBeInstanceOf(ServiceError);
  await expect(store.update(local, { name: 'Laptop' })).resolves.toMatchObject({ name: 'Laptop', kind: 'local' });
  await expect(store.remove('nope')).rejects.toMatchObject({ error: { kind: 'not-found' } });
});

it('base URLs: http(s) only, no credentials, no trailing slash or /api/v1', () => {
  expect(normalizeBaseUrl('https://s.example.com/api/v1/?x=1#y')).toBe('https://s.example.com');
  expect(() => normalizeBaseUrl('ftp://s.example.com')).toThrow(/http/);
  expect(() => normalizeBaseUrl('https://user:pw@s.example.com')).toThrow(/API key/);
});

it('a hand-broken file is kept aside, not overwritten, and the app starts with the local instance', async () => {
  const dir = dataDir();
  writeFileSync(path.join(dir, PROFILES_FILE), '{"version":1,"instances":[');
  const store = await openProfileStore(dir, LOCAL_URL);
  expect(store.recovered).toMatch(/instances\.json\.unreadable-\d+$/);
  expect(readFileSync(store.recovered!, 'utf8')).toBe('{"version":1,"instances":[');
  expect(store.list()).toHaveLength(1);
});

async function writeThenKill(dir: string): Promise<number> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'fixtures/profiles-writer.ts'), dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  let acknowledged = 0;
  let timer: NodeJS.Timeout | undefined;
  await new Promise<void>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      acknowledged = Math.max(acknowledged, ...chunk.trim().split('\n').map(Number));
      // Once well under way, kill after a random delay so the kill lands at any point of a write.
      if (acknowledged >= 30 && !timer) timer = setTimeout(() => child.kill('SIGKILL'), Math.random() * 30);
    });
    child.on('exit', (_code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`writer exited without being killed (${signal})`))));
  });
  return acknowledged;
}

it('killed with SIGKILL in the middle of writes, the file is whole and holds every acknowledged profile', async () => {
  for (let round = 0; round < 8; round++) {
    const dir = dataDir();
    const acknowledged = await writeThenKill(dir);
    const store = await openProfileStore(dir, LOCAL_URL);
    expect(store.recovered).toBeNull(); // it parsed
    const remotes = store.list().filter((p) => p.kind === 'remote');
    expect(remotes.length).toBeGreaterThanOrEqual(acknowledged);
    expect(remotes.map((p) => p.baseUrl)).toEqual(remotes.map((_, i) => `https://i${i + 1}.example.test`));
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]); // leftovers of a killed write are gone
  }
});

it('a half-written temp file from a crash is ignored and removed', async () => {
  const dir = dataDir();
  const first = await openProfileStore(dir, LOCAL_URL);
  await first.add({ name: 'Kept', baseUrl: 'https://kept.example' });
  writeFileSync(path.join(dir, `${PROFILES_FILE}.999-abcdef.tmp`), '{"version":1,"instances":[{"id":"x"');
  const again = await openProfileStore(dir, LOCAL_URL);
  expect(again.list().map((p) => p.name)).toEqual(['This computer', 'Kept']);
  expect(readdirSync(dir).sort()).toEqual([PROFILES_FILE]);
});

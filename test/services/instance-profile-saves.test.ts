// instances.json changes only after its save succeeds: adding, removing,
// choosing an instance and the local server's settings are each built, saved,
// then made current. A failed save (full disk, unwritable folder, injected at
// the atomic write's file-system seam) leaves memory, disk and the key store
// as they were, and a later save cannot write the failed change after all.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openProfileStore, PROFILES_FILE } from '../../electron/services/instance-profiles.ts';
import { startServer } from '../helpers/server.ts';
import { faultyFs } from './fixtures/faulty-fs.ts';
import { ok, tempDir, testDesktop, type Cleanups } from './helpers.ts';

const cleanups: Cleanups = [];
afterAll(async () => { for (const c of cleanups.reverse()) await c(); });

const NOT_SAVED = /^The instance's settings could not be saved \((ENOSPC|EACCES): .*\); nothing was changed\.$/;
const onDisk = (dir: string) => JSON.parse(readFileSync(path.join(dir, PROFILES_FILE), 'utf8')) as { instances: { name: string }[]; lastSelectedId: string | null; localServer: { port: number | null } };

it('an instance added while the disk is full: refused in words, not listed, and not written by the next save either', async () => {
  const f = faultyFs();
  const d = await testDesktop(cleanups, { profilesFs: f.fs });
  f.fail('ENOSPC');
  const r = await d.invoke('instances.add', { name: 'Ghost', baseUrl: 'https://ghost.example.com', apiKey: 'ldk_ghost_00000000000000000000000000' });
  expect(r).toMatchObject({ ok: false, error: { kind: 'server', message: expect.stringMatching(NOT_SAVED) } });
  f.fail(null);
  expect(d.profiles.list().map((p) => p.name)).toEqual(['This computer']);
  await ok(d.invoke('instances.add', { name: 'Real', baseUrl: 'https://real.example.com' }));
  expect(onDisk(d.dataDir).instances.map((i) => i.name)).toEqual(['This computer', 'Real']);
});

it('an instance removed while its folder cannot be written: it stays, on disk and in memory, and its key still works', async () => {
  const a = await startServer();
  cleanups.push(() => a.close());
  const f = faultyFs();
  const d = await testDesktop(cleanups, { profilesFs: f.fs });
  const view = await ok(d.invoke('instances.add', { name: 'Team', baseUrl: a.url, apiKey: a.key }));
  f.fail('EACCES');
  const r = await d.invoke('instances.remove', { id: view.id });
  expect(r).toMatchObject({ ok: false, error: { kind: 'server', message: expect.stringMatching(NOT_SAVED) } });
  f.fail(null);
  expect(d.profiles.get(view.id)).toMatchObject({ name: 'Team', baseUrl: a.url });
  expect(await d.secrets.get(view.id)).toBe(a.key);
  expect(await ok(d.invoke('instances.check', { id: view.id }))).toMatchObject({ state: 'connected', account: { name: 'owner' } });
  // The next save (another instance) does not carry the failed removal either.
  await ok(d.invoke('instances.add', { name: 'Other', baseUrl: 'https://other.example.com' }));
  expect(onDisk(d.dataDir).instances.map((i) => i.name)).toEqual(['This computer', 'Team', 'Other']);
});

it('the chosen instance and the local server\'s port: a failed save changes neither; two changes at once both land', async () => {
  const t = tempDir();
  cleanups.push(t.cleanup);
  const f = faultyFs();
  const store = await openProfileStore(t.dir, 'http://127.0.0.1:8080', { fs: f.fs });
  const team = await store.add({ name: 'Team', baseUrl: 'https://team.example.com' });
  f.fail('ENOSPC');
  await expect(store.setLastSelected(team.id)).rejects.toThrow(NOT_SAVED);
  await expect(store.setLocalServer({ port: 9123 })).rejects.toThrow(NOT_SAVED);
  f.fail(null);
  expect(store.lastSelectedId()).toBe(store.local().id);
  expect(store.localServer().port).toBeNull();
  await Promise.all([store.add({ name: 'One', baseUrl: 'https://one.example.com' }), store.add({ name: 'Two', baseUrl: 'https://two.example.com' })]);
  expect(onDisk(t.dir)).toMatchObject({ lastSelectedId: null, localServer: { port: null } });
  expect(onDisk(t.dir).instances.map((i) => i.name)).toEqual(['This computer', 'Team', 'One', 'Two']);
});

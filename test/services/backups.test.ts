// The desktop's backups of its local instance: taken while it serves, daily
// with the last seven automatic ones kept, and restores that restart the
// local server on the backup, or on the old database when they fail.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { BackupsView, BackupView } from '../../shared/transfer.ts';
import { createBackups, KEEP_AUTOMATIC } from '../../electron/services/backups.ts';
import { DB_FILE, openStore } from '../../electron/server/db/database.ts';
import { serve, stop } from '../helpers/cli.ts';
import { type Cleanups, ok, tempDir, testDesktop } from './helpers.ts';

const cleanups: Cleanups = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const desktop = () => testDesktop(cleanups, { localServer: { port: 0, config: { fetchTitles: false } } });

const fail = async (p: Promise<{ ok: boolean; error?: unknown }>) => {
  const r = await p;
  if (r.ok) throw new Error('expected a failure');
  return r.error as { kind: string; message: string };
};

it('backs up the serving instance and restores it: the deleted link is back after the local server restarts', async () => {
  const d = await desktop();
  // The first start takes the daily backup (there was none).
  await expect.poll(async () => (await ok<BackupsView>(d.invoke('backups.list', {}))).lastAutomaticAt).not.toBeNull();

  const link = await ok(d.invoke('links.create', { data: { url: 'https://example.com/saved', alias: 'saved' } }));
  const made = await ok<BackupView>(d.invoke('backups.create', {}));
  expect(made).toMatchObject({ automatic: false, name: expect.stringMatching(/^linkdesk-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ(-\d+)?\.sqlite$/) });
  expect(made.size).toBeGreaterThan(0);
  const listed = await ok<BackupsView>(d.invoke('backups.list', {}));
  expect(listed.dir).toBe(path.join(d.dataDir, 'backups'));
  expect(listed.backups[0]).toEqual(made);
  expect(listed.backups.filter((b) => b.automatic)).toHaveLength(1);

  await ok(d.invoke('links.delete', { id: link.id }));
  expect((await fail(d.invoke('links.get', { id: link.id }))).kind).toBe('not-found');

  const status = await ok(d.invoke('backups.restore', { name: made.name }));
  expect(status).toMatchObject({ state: 'running' });
  expect(d.serverStatus()).toEqual(status);
  expect(await ok(d.invoke('links.get', { id: link.id }))).toMatchObject({ alias: 'saved', url: 'https://example.com/saved' });
  expect(readdirSync(d.dataDir).filter((n) => n.startsWith(`${DB_FILE}.before-restore-`))).toHaveLength(1);
});

it('refuses what it cannot restore, and the server keeps running on the database it had', async () => {
  const d = await desktop();
  const link = await ok(d.invoke('links.create', { data: { url: 'https://example.com/stays' } }));

  expect(await fail(d.invoke('backups.restore', { name: '../linkdesk.sqlite' }))).toMatchObject({ kind: 'not-found' });

  const dir = (await ok<BackupsView>(d.invoke('backups.list', {}))).dir;
  writeFileSync(path.join(dir, 'linkdesk-2026-01-01T00-00-00Z.sqlite'), 'not a database');
  const bad = await fail(d.invoke('backups.restore', { name: 'linkdesk-2026-01-01T00-00-00Z.sqlite' }));
  expect(bad.message).toBe('linkdesk-2026-01-01T00-00-00Z.sqlite was not restored: linkdesk-2026-01-01T00-00-00Z.sqlite is not a SQLite database, so not a Linkdesk backup.');
  expect(d.serverStatus().state).toBe('running');

  // Another process serving the same folder: the restore is refused, naming it.
  const made = await ok<BackupView>(d.invoke('backups.create', {}));
  const other = await serve(['--data-dir', d.dataDir, '--no-titles']);
  try {
    const busy = await fail(d.invoke('backups.restore', { name: made.name }));
    expect(busy.message).toMatch(new RegExp(`^${made.name.replaceAll('.', '\\.')} was not restored: .* is in use by process ${other.child.pid} \\(.*\\), listening on port ${new URL(other.url).port}; stop it first\\. The local server is running again on the database it had\\.$`));
  } finally {
    await stop(other);
  }
  expect(d.serverStatus().state).toBe('running');
  expect(await ok(d.invoke('links.get', { id: link.id }))).toMatchObject({ url: 'https://example.com/stays' });
  expect(readdirSync(d.dataDir).filter((n) => n.includes('before-restore'))).toEqual([]);
});

it('takes an automatic backup once a day and keeps the last seven, leaving manual ones alone', async () => {
  const t = tempDir();
  cleanups.push(t.cleanup);
  await openStore(t.dir).close();
  let clock = new Date('2026-11-01T09:00:00Z');
  const errors: string[] = [];
  const b = createBackups({
    dataDir: t.dir, now: () => clock, log: { warn: () => {}, error: (m) => errors.push(m) },
    stopServer: async () => {}, startServer: async () => ({ state: 'stopped', url: null, port: null, message: null }),
  });
  cleanups.push(() => b.close());

  const manual = await b.create(false);
  expect(manual.name).toBe('linkdesk-2026-11-01T09-00-00Z.sqlite');
  expect((await b.create(false)).name).toBe('linkdesk-2026-11-01T09-00-00Z-2.sqlite'); // the same second

  expect((await b.checkDaily())?.name).toBe('linkdesk-2026-11-01T09-00-00Z-auto.sqlite');
  clock = new Date('2026-11-02T08:59:59Z');
  expect(await b.checkDaily()).toBeNull(); // not a day yet
  for (let day = 2; day <= 10; day++) {
    clock = new Date(`2026-11-${String(day).padStart(2, '0')}T09:00:00Z`);
    expect(await b.checkDaily()).toMatchObject({ automatic: true, createdAt: clock.toISOString().replace('.000', '') });
  }

  const view = b.list();
  const auto = view.backups.filter((x) => x.automatic).map((x) => x.createdAt.slice(0, 10));
  expect(auto).toEqual(['2026-11-10', '2026-11-09', '2026-11-08', '2026-11-07', '2026-11-06', '2026-11-05', '2026-11-04']);
  expect(auto).toHaveLength(KEEP_AUTOMATIC);
  expect(view.backups.filter((x) => !x.automatic).map((x) => x.name)).toEqual(['linkdesk-2026-11-01T09-00-00Z-2.sqlite', manual.name]);
  expect(view.lastAutomaticAt).toBe('2026-11-10T09:00:00Z');
  expect(existsSync(path.join(view.dir, 'linkdesk-2026-11-03T09-00-00Z-auto.sqlite'))).toBe(false);
  expect(errors).toEqual([]);
});

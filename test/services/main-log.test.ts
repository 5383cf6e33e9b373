// The Electron main process's log (logs/main.log beside server.log) and what a
// failed start tells the person: the file, its rotation and privacy, and the
// dialog's words. main-start-failure.test.ts runs the real glue with them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { errorEntry, MAIN_LOG_FILE, openMainLog, startFailureDialog } from '../../electron/services/main-log.ts';
import { LOGS_DIR, SERVER_LOG_FILE } from '../../electron/services/server-log.ts';
import { tempDir } from './helpers.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});
const workDir = () => {
  const t = tempDir('linkdesk-main-log-');
  cleanups.push(t.cleanup);
  return t.dir;
};
const KEY = `ldk_${'a1B2'.repeat(10)}`;

it('writes logs/main.log beside server.log, private, one JSON line per entry, with no key in it', async () => {
  const dir = workDir();
  const log = openMainLog(dir);
  log.info('started 1.2.3');
  log.error(errorEntry('could not start', new Error(`the key ${KEY} was refused (Bearer ${KEY} sent)`)));
  await log.close();
  expect(log.file).toBe(path.join(dir, LOGS_DIR, MAIN_LOG_FILE));
  expect(MAIN_LOG_FILE).not.toBe(SERVER_LOG_FILE);
  const text = readFileSync(log.file, 'utf8');
  const lines = text.trim().split('\n').map((l) => JSON.parse(l) as { level: number; msg: string });
  expect(lines.map((l) => [l.level, l.msg.split('\n')[0]])).toEqual([
    [30, 'started 1.2.3'],
    [50, 'could not start: the key ldk_[redacted] was refused (Bearer [redacted] sent)'],
  ]);
  expect(lines[1]!.msg).toContain('at '); // the stack, for whoever reads the log
  expect(text).not.toContain(KEY);
  if (process.platform !== 'win32') expect(statSync(log.file).mode & 0o777).toBe(0o600);
});

it('is rotated by size, keeping the configured number of old files', async () => {
  const dir = workDir();
  const log = openMainLog(dir, { maxBytes: 2_000, keep: 2 });
  for (let i = 0; i < 200; i++) log.info(`entry ${i} ${'x'.repeat(60)}`);
  await log.close();
  const files = readdirSync(path.join(dir, LOGS_DIR)).filter((f) => f.includes(MAIN_LOG_FILE) || /^\d{8}-/.test(f));
  expect(files.length).toBeGreaterThan(1);
  expect(files.length).toBeLessThanOrEqual(3);
  for (const f of files) expect(statSync(path.join(dir, LOGS_DIR, f)).size).toBeLessThanOrEqual(2_000 + 200);
});

it('a failed start is explained with its reason and where the log is', () => {
  const d = startFailureDialog(new Error(`EACCES: permission denied, mkdir '/srv/linkdesk/logs' (key ${KEY})`), '/home/a/.config/Linkdesk/logs/main.log');
  expect(d.title).toBe('Linkdesk could not start');
  expect(d.content).toContain("EACCES: permission denied, mkdir '/srv/linkdesk/logs'");
  expect(d.content).toContain('Details are in /home/a/.config/Linkdesk/logs/main.log.');
  expect(d.content).not.toContain(KEY);
  expect(startFailureDialog('no display', null).content).toMatch(/^no display\n\nThe log could not be written either/);
});

it("a handler's unexpected error goes to logs/main.log, scrubbed, and not raw to the console; the window gets no key either", async () => {
  const dir = workDir();
  const { createDesktop } = await import('../../electron/services/desktop.ts');
  const { createMemoryStore } = await import('../../electron/services/secret-store.ts');
  const consoleLines: unknown[][] = [];
  const realError = console.error;
  console.error = (...args: unknown[]) => { consoleLines.push(args); };
  try {
    const d = await createDesktop({
      dataDir: dir, localServer: false, secretStore: createMemoryStore('test'),
      openPath: async () => { throw new Error(`the file manager choked on Bearer ${KEY} (${KEY})`); },
    });
    const r = await d.invoke('app.openLogs', undefined);
    expect(r).toEqual({ ok: false, error: { kind: 'server', message: 'Linkdesk could not complete app.openLogs: the file manager choked on Bearer [redacted] (ldk_[redacted]).' } });
    await d.close();
  } finally {
    console.error = realError;
  }
  expect(consoleLines).toEqual([]);
  const text = readFileSync(path.join(dir, LOGS_DIR, MAIN_LOG_FILE), 'utf8');
  const entry = JSON.parse(text.trim().split('\n').at(-1)!) as { level: number; msg: string };
  expect(entry.level).toBe(50);
  expect(entry.msg.split('\n')[0]).toBe('app.openLogs failed: the file manager choked on Bearer [redacted] (ldk_[redacted])');
  expect(text).not.toContain(KEY);
});

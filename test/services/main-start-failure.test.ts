// electron/main when its start fails (here: Electron never becomes ready), run
// in Node with the `electron` module replaced by a recorder, as main-glue does:
// the person gets a native error dialog with the reason and the log's path,
// the reason is in logs/main.log, and the app exits 1 instead of vanishing.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';

const rec = vi.hoisted(() => {
  const r = { paths: new Map<string, string>(), errorBoxes: [] as { title: string; content: string }[], exits: [] as number[], exited: null as null | (() => void) };
  const electron = {
    app: {
      isPackaged: false, getVersion: () => '9.9.9', requestSingleInstanceLock: () => true,
      whenReady: async () => { throw new Error('Missing X server or $DISPLAY'); },
      setPath: (k: string, v: string) => r.paths.set(k, v), getPath: (k: string) => r.paths.get(k),
      on: () => {}, quit: () => {}, setAsDefaultProtocolClient: () => true,
      exit: (code: number) => { r.exits.push(code); r.exited?.(); },
    },
    dialog: { showErrorBox: (title: string, content: string) => r.errorBoxes.push({ title, content }) },
    protocol: { registerSchemesAsPrivileged: () => {}, handle: () => {} },
  };
  return { r, electron };
});
vi.mock('electron', () => rec.electron);
const { r } = rec;

const dataDir = mkdtempSync(path.join(tmpdir(), 'linkdesk-start-failure-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('a start that fails shows a native error dialog with the reason and the log file, logs it, and exits 1', async () => {
  process.env.LINKDESK_DATA_DIR = dataDir;
  const exited = new Promise<void>((resolve) => { r.exited = resolve; });
  await import('../../electron/main/index.ts');
  await exited;
  const logFile = path.join(dataDir, 'logs', 'main.log');
  expect(r.exits).toEqual([1]);
  expect(r.errorBoxes).toEqual([{ title: 'Linkdesk could not start', content: `Missing X server or $DISPLAY\n\nDetails are in ${logFile}.` }]);
  const entries = readFileSync(logFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { level: number; msg: string });
  expect(entries.at(-1)).toMatchObject({ level: 50, msg: expect.stringMatching(/^could not start: Missing X server or \$DISPLAY\n/) });
});

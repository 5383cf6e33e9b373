// The data folder holds every link, click and key hash: on POSIX nobody but its
// owner may open it or anything in it, whoever created it and under what umask.
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DB_FILE, openStore } from '../../../electron/server/db/database.ts';
import { ensurePrivateDir } from '../../../electron/server/util/private-files.ts';
import { createDesktop } from '../../../electron/services/desktop.ts';
import { openProfileStore, PROFILES_FILE } from '../../../electron/services/instance-profiles.ts';
import { createMemoryStore } from '../../../electron/services/secret-store.ts';
import { LOGS_DIR, SERVER_LOG_FILE } from '../../../electron/services/server-log.ts';
import { tempDir } from '../../services/helpers.ts';

const POSIX = process.platform !== 'win32';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
const workDir = () => {
  const t = tempDir('linkdesk-perm-');
  cleanups.push(t.cleanup);
  return t.dir;
};
const modeOf = (p: string) => statSync(p).mode & 0o777;

/** Every folder and file under `root` (itself included) with its mode, e.g. `logs/server.log 600`. */
function modesUnder(root: string): Record<string, string> {
  const out: Record<string, string> = { '.': modeOf(root).toString(8) };
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      out[path.relative(root, p)] = modeOf(p).toString(8);
      if (statSync(p).isDirectory()) walk(p);
    }
  };
  walk(root);
  return out;
}

async function runningDesktop(dataDir: string) {
  const d = await createDesktop({ dataDir, secretStore: createMemoryStore('test'), localServer: { port: 0, config: { fetchTitles: false } } });
  cleanups.push(() => d.close());
  expect(d.serverStatus()).toMatchObject({ state: 'running', message: null });
  return d;
}

describe.skipIf(!POSIX)('on POSIX', () => {
  it('data folder is created 0700 and its files 0600', async () => {
    const dataDir = path.join(workDir(), 'fresh', 'data');
    const d = await runningDesktop(dataDir);
    // A request that writes, so SQLite has its -wal and -shm open.
    expect((await d.invoke('links.create', { data: { url: 'https://example.com/a' } })).ok).toBe(true);

    const modes = modesUnder(dataDir);
    expect(Object.keys(modes)).toEqual(expect.arrayContaining([
      '.', DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`, PROFILES_FILE, LOGS_DIR, `${LOGS_DIR}/${SERVER_LOG_FILE}`,
    ]));
    for (const [name, mode] of Object.entries(modes)) {
      const isDir = statSync(path.join(dataDir, name)).isDirectory();
      expect(`${name} ${mode}`).toBe(`${name} ${isDir ? '700' : '600'}`);
    }
  });

  it('a wider existing data folder is tightened and says so', async () => {
    const dataDir = workDir();
    // What an older release under umask 022 left behind.
    await openStore(dataDir).close();
    writeFileSync(path.join(dataDir, `${DB_FILE}-wal`), '');
    writeFileSync(path.join(dataDir, PROFILES_FILE), '{"version":1,"instances":[]}\n');
    mkdirSync(path.join(dataDir, LOGS_DIR));
    writeFileSync(path.join(dataDir, LOGS_DIR, SERVER_LOG_FILE), '');
    for (const p of ['', DB_FILE, `${DB_FILE}-wal`, PROFILES_FILE, LOGS_DIR, `${LOGS_DIR}/${SERVER_LOG_FILE}`]) {
      chmodSync(path.join(dataDir, p), p === '' || p === LOGS_DIR ? 0o755 : 0o644);
    }

    const d = await runningDesktop(dataDir);
    for (const [name, mode] of Object.entries(modesUnder(dataDir))) {
      const isDir = statSync(path.join(dataDir, name)).isDirectory();
      expect(`${name} ${mode}`).toBe(`${name} ${isDir ? '700' : '600'}`);
    }
    await d.close();

    // Each tightening is a warning in the server's log, naming the file and its old mode.
    const lines = readFileSync(path.join(dataDir, LOGS_DIR, SERVER_LOG_FILE), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const said = lines.filter((l) => l.level === 40).map((l: { msg: string }) => l.msg);
    for (const [p, was] of [[dataDir, '0755'], [path.join(dataDir, DB_FILE), '0644'], [path.join(dataDir, `${DB_FILE}-wal`), '0644'],
      [path.join(dataDir, PROFILES_FILE), '0644'], [path.join(dataDir, LOGS_DIR), '0755'], [path.join(dataDir, LOGS_DIR, SERVER_LOG_FILE), '0644']]) {
      expect(said, p).toContainEqual(`${p} was open to other users (mode ${was}); it is now ${was === '0755' ? '0700' : '0600'}, its owner's only.`);
    }
  });

  it('openStore tells its onNotice about a tightened folder, and stays quiet when nothing was wider', async () => {
    const dataDir = workDir();
    chmodSync(dataDir, 0o750);
    const notices: string[] = [];
    await openStore(dataDir, { onNotice: (m) => notices.push(m) }).close();
    expect(notices).toEqual([`${dataDir} was open to other users (mode 0750); it is now 0700, its owner's only.`]);
    expect(modeOf(dataDir)).toBe(0o700);

    await openStore(dataDir, { onNotice: (m) => notices.push(m) }).close();
    expect(notices).toHaveLength(1);
  });

  it('without a listener, a tightening is one JSON warning line on stderr', async () => {
    const dataDir = workDir();
    chmodSync(dataDir, 0o777);
    const written: string[] = [];
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => { written.push(String(chunk)); return true; });
    cleanups.push(() => write.mockRestore());
    await openStore(dataDir).close();
    write.mockRestore();
    const lines = written.join('').split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 40, msg: expect.stringContaining('(mode 0777)') });
  });

  it('instances.json stays 0600 when it is rewritten, whatever mode the old file had', async () => {
    const dataDir = workDir();
    const profiles = await openProfileStore(dataDir, 'http://127.0.0.1:8080');
    const file = path.join(dataDir, PROFILES_FILE);
    expect(modeOf(file)).toBe(0o600);
    chmodSync(file, 0o644); // e.g. restored from a copy while the app runs
    await profiles.add({ name: 'Team', baseUrl: 'https://links.example' });
    expect(modeOf(file)).toBe(0o600);
    expect(readdirSync(dataDir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
});

it('on Windows the modes are left alone and nothing fails', () => {
  const dir = workDir();
  if (POSIX) chmodSync(dir, 0o755);
  const before = modeOf(dir);
  const notices: string[] = [];
  ensurePrivateDir(path.join(dir, 'new'), { platform: 'win32', onNotice: (m) => notices.push(m) });
  ensurePrivateDir(dir, { platform: 'win32', onNotice: (m) => notices.push(m) });
  expect(existsSync(path.join(dir, 'new'))).toBe(true);
  expect(modeOf(dir)).toBe(before);
  expect(notices).toEqual([]);
});

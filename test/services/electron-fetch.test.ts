// A newcomer's `npm run setup` then `npm start`, with Electron's binary coming
// from a mirror on 127.0.0.1 (ELECTRON_MIRROR): a stand-in zip whose
// `electron` records how it was started, and its SHASUMS256.txt. It all runs
// in a throw-away copy of the project, so the checkout's own electron package
// never gets a stand-in (test/electron would try to launch it).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/postgres.ts';
import { tempDir } from './helpers.ts';

const root = path.resolve(import.meta.dirname, '../..');
const version = (JSON.parse(readFileSync(path.join(root, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;
const zipName = `electron-v${version}-linux-x64.zip`;

/** A zip holding the stand-in `electron` (mode 755) and `version`, made with Python's zipfile (CI installs python3). */
function standInZip(dir: string): Buffer {
  const script = '#!/bin/sh\nprintf "%s\\n" "$PWD" "$@" > "$LINKDESK_STANDIN_ARGS"\n';
  const out = path.join(dir, zipName);
  const py = `
import sys, zipfile
z = zipfile.ZipFile(sys.argv[1], 'w')
i = zipfile.ZipInfo('electron'); i.external_attr = 0o100755 << 16
z.writestr(i, sys.argv[2])
z.writestr('version', sys.argv[3])
z.close()`;
  const made = spawnSync('python3', ['-c', py, out, script, `v${version}`], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`could not make the stand-in zip: ${made.stderr}`);
  return readFileSync(out);
}

/** The project's files and its node_modules as links, except the packages that decide where Electron is. */
function throwAwayProject(dir: string): string {
  const proj = path.join(dir, 'project');
  mkdirSync(proj);
  for (const f of ['package.json', 'package-lock.json', 'electron.vite.config.ts', 'vite.renderer.config.ts', 'tsconfig.json', 'tsconfig.base.json', 'tsconfig.node.json', 'tsconfig.web.json']) {
    cpSync(path.join(root, f), path.join(proj, f));
  }
  cpSync(path.join(root, 'scripts'), path.join(proj, 'scripts'), { recursive: true });
  for (const d of ['electron', 'renderer', 'shared', 'resources']) symlinkSync(path.join(root, d), path.join(proj, d));
  const modules = path.join(proj, 'node_modules');
  mkdirSync(modules);
  // Copied, not linked: Node resolves a linked package from its real place,
  // which would find the checkout's electron instead of this one.
  const copied = new Set(['electron', 'electron-vite', '.bin', '.package-lock.json']);
  for (const entry of readdirSync(path.join(root, 'node_modules'))) {
    const from = path.join(root, 'node_modules', entry);
    if (copied.has(entry)) cpSync(from, path.join(modules, entry), { recursive: true, verbatimSymlinks: true });
    else if (entry !== 'keytar') symlinkSync(from, path.join(modules, entry));
  }
  // A keychain module that fails to build, as it does without libsecret-1-dev.
  const keytar = path.join(modules, 'keytar');
  mkdirSync(keytar);
  const { version: keytarVersion } = JSON.parse(readFileSync(path.join(root, 'node_modules/keytar/package.json'), 'utf8')) as { version: string };
  writeFileSync(path.join(keytar, 'package.json'), JSON.stringify({
    name: 'keytar', version: keytarVersion, main: 'missing-build.js',
    scripts: { install: 'echo "Package libsecret-1 was not found in the pkg-config search path" >&2; exit 1' },
  }));
  return proj;
}

let mirror: Server;
let mirrorUrl: string;
let closedUrl: string;
let requests: string[] = [];
let work: ReturnType<typeof tempDir>;
let proj: string;

beforeAll(async () => {
  work = tempDir('linkdesk-electron-fetch-');
  const zip = standInZip(work.dir);
  const sums = `${createHash('sha256').update(zip).digest('hex')} *${zipName}\n`;
  mirror = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.url === `/v${version}/${zipName}`) return void res.writeHead(200, { 'content-type': 'application/zip' }).end(zip);
    if (req.url === `/v${version}/SHASUMS256.txt`) return void res.writeHead(200).end(sums);
    res.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
  mirrorUrl = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}/`;
  closedUrl = `http://127.0.0.1:${await freePort()}/`; // nothing answers there
  proj = throwAwayProject(work.dir);
});

afterAll(async () => {
  await new Promise((resolve) => mirror?.close(resolve));
  work?.cleanup();
});

const npmEnv = (extra: Record<string, string>) => {
  const env: Record<string, string | undefined> = {
    ...process.env,
    PATH: `${path.join(proj, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}`,
    electron_config_cache: path.join(work.dir, 'electron-cache'),
    ...extra,
  };
  for (const k of ['ELECTRON_OVERRIDE_DIST_PATH', 'ELECTRON_RUN_AS_NODE', 'ELECTRON_EXEC_PATH']) delete env[k];
  return env;
};

function npm(args: string[], env: NodeJS.ProcessEnv, timeout = 120_000): Promise<{ status: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd: proj, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeout);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, out });
    });
  });
}

describe('Electron for a newcomer', () => {
  it('an unreachable mirror and no keychain module: setup explains each in one line and still succeeds; npm start names a command that works', async () => {
    const env = npmEnv({ ELECTRON_MIRROR: closedUrl });
    const setup = await npm(['run', 'setup'], env);
    expect(setup.status, setup.out).toBe(0);
    expect(setup.out).toMatch(/setup: keytar \(the OS keychain module\) did not build, so the desktop app cannot keep API keys in the keychain; the server \(npm run serve\) and the tests still work\. On Debian\/Ubuntu: sudo apt-get install .*libsecret-1-dev/);
    const lines = setup.out.split('\n').filter((l) => l.includes('Electron could not be fetched'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`${new URL(closedUrl).host} refused the connection`);
    expect(lines[0]).toContain('npm run fetch:electron');
    expect(existsSync(path.join(proj, 'node_modules/electron/path.txt'))).toBe(false);

    const start = await npm(['start'], env);
    expect(start.status).toBe(1);
    expect(start.out).toContain('Linkdesk cannot open its desktop window: Electron is missing.');
    expect(start.out).toContain('refused the connection');
    expect(start.out).toContain('npm run fetch:electron');
    expect(start.out).not.toMatch(/npm run setup/);
    // The command it names exists and fails the same way, with the same words.
    const named = await npm(['run', 'fetch:electron'], env);
    expect(named.status).toBe(1);
    expect(named.out).toContain('refused the connection');
  }, 240_000);

  it('setup fetches the binary from ELECTRON_MIRROR, and npm start builds the app and launches it', async () => {
    requests = [];
    const argsFile = path.join(work.dir, 'standin-args.txt');
    const env = npmEnv({ ELECTRON_MIRROR: mirrorUrl, electron_use_remote_checksums: '1', LINKDESK_STANDIN_ARGS: argsFile });
    const setup = await npm(['run', 'setup'], env);
    expect(setup.status, setup.out).toBe(0);
    expect(setup.out).toMatch(/setup: Electron fetched \(.*node_modules\/electron\/dist\/electron\)/);
    expect(requests).toEqual(expect.arrayContaining([`/v${version}/${zipName}`, `/v${version}/SHASUMS256.txt`]));
    expect(readFileSync(path.join(proj, 'node_modules/electron/path.txt'), 'utf8')).toBe('electron');

    const start = await npm(['start'], env);
    expect(start.status, start.out).toBe(0);
    const [cwd, ...args] = readFileSync(argsFile, 'utf8').trim().split('\n');
    expect(cwd).toBe(proj);
    // electron-vite preview starts Electron on the project, whose "main" is the built out/main/index.js.
    expect(args).toContain('.');
    expect(existsSync(path.join(proj, 'out/main/index.js'))).toBe(true);
    expect(existsSync(path.join(proj, 'out/renderer/index.html'))).toBe(true);
  }, 240_000);
});

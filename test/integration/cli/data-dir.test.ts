// One data folder: without --data-dir the command line opens the desktop app's
// folder (Electron's userData), LINKDESK_DATA_DIR overrides it, and --data-dir
// overrides both.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { defaultDataDir } from '../../../electron/server/config.ts';
import { linkdesk } from '../../helpers/cli.ts';

const home = mkdtempSync(path.join(tmpdir(), 'linkdesk-home-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const { LINKDESK_DATA_DIR: _, XDG_CONFIG_HOME: __, ...inherited } = process.env;
const env = { ...inherited, HOME: home, XDG_CONFIG_HOME: path.join(home, 'xdg') };
const keyCount = (dir: string) => (JSON.parse(linkdesk(['keys', 'list', '--json', '--data-dir', dir]).stdout) as unknown[]).length;

it('writes to the desktop app\'s folder ($XDG_CONFIG_HOME/Linkdesk) when no folder is given', () => {
  const r = linkdesk(['keys', 'create', '--name', 'default'], { env });
  expect(r.status).toBe(0);
  expect(existsSync(path.join(home, 'xdg', 'Linkdesk', 'linkdesk.sqlite'))).toBe(true);
  expect(existsSync(path.join(home, '.local'))).toBe(false);
  expect(linkdesk(['keys', 'list'], { env }).stdout).toContain('1 (default)');

  const { XDG_CONFIG_HOME: ___, ...noXdg } = env;
  expect(linkdesk(['keys', 'create', '--name', 'dot-config'], { env: noXdg }).status).toBe(0);
  expect(existsSync(path.join(home, '.config', 'Linkdesk', 'linkdesk.sqlite'))).toBe(true);
});

it('lets LINKDESK_DATA_DIR override the default, and --data-dir override LINKDESK_DATA_DIR', () => {
  const fromEnv = path.join(home, 'from-env');
  const fromFlag = path.join(home, 'from-flag');
  expect(linkdesk(['keys', 'create', '--name', 'env'], { env: { ...env, LINKDESK_DATA_DIR: fromEnv } }).status).toBe(0);
  expect(linkdesk(['keys', 'create', '--name', 'flag', '--data-dir', fromFlag], { env: { ...env, LINKDESK_DATA_DIR: fromEnv } }).status).toBe(0);
  expect(keyCount(fromEnv)).toBe(1);
  expect(keyCount(fromFlag)).toBe(1);
  expect(keyCount(path.join(home, 'xdg', 'Linkdesk'))).toBe(1);
});

it('places the folder where Electron puts the app\'s userData on each OS', () => {
  expect(defaultDataDir({ XDG_CONFIG_HOME: '/x/config' }, 'linux')).toBe(path.join('/x/config', 'Linkdesk'));
  expect(defaultDataDir({}, 'linux')).toBe(path.join(homedir(), '.config', 'Linkdesk'));
  expect(defaultDataDir({}, 'darwin')).toBe(path.join(homedir(), 'Library', 'Application Support', 'Linkdesk'));
  expect(defaultDataDir({ APPDATA: '/users/a/AppData/Roaming' }, 'win32')).toBe(path.join('/users/a/AppData/Roaming', 'Linkdesk'));
  expect(defaultDataDir({ LINKDESK_DATA_DIR: 'rel/dir' }, 'darwin')).toBe(path.resolve('rel/dir'));
});

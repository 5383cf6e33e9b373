#!/usr/bin/env node
// `npm run pack:server [-- --out DIR]`: the headless server as an npm package
// that installs without the checkout. A root `npm pack` would not do: the
// root's dependencies include keytar (the desktop app's keychain, a native
// build) and the bin runs TypeScript. This compiles electron/server and the
// shared/ code it imports to JavaScript in dist/server-package/, gives it a
// package.json whose dependencies are exactly the packages that JavaScript
// loads and whose engines.node is the highest any of them asks for, packs it,
// and prints the tarball's path as the last line of stdout.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const stage = path.join(root, 'dist/server-package');
// The server never loads these; if it ever did, installing it would build
// keytar or download Electron.
const DESKTOP_ONLY = new Set(['keytar', 'electron']);

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const outDir = path.resolve(values.out ?? path.join(root, 'dist'));

function fail(message) {
  console.error(`pack:server: ${message}`);
  process.exit(1);
}

function run(command, args, cwd) {
  const r = spawnSync(command, args, {
    cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], shell: process.platform === 'win32',
  });
  if (r.status !== 0) fail(`"${command} ${args.join(' ')}" failed (exit ${r.status ?? r.signal})\n${r.stdout ?? ''}`);
  return r.stdout;
}

function jsFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.js'))
    .map((e) => path.join(e.parentPath, e.name));
}

// Every string a module is loaded or resolved by: import/export … from,
// bare import, import(), require() and require.resolve() (the GeoIP database
// is found with createRequire(…).resolve). tsc puts each import and export
// statement at the start of a line and leaves no comments.
const Q = String.raw`(['"])([^'"\n]+)\1`;
const SPECIFIERS = [
  new RegExp(String.raw`^\s*(?:import|export)\b[^;'"]*?\bfrom\s*${Q}`, 'gm'),
  new RegExp(String.raw`^\s*import\s*${Q}`, 'gm'),
  new RegExp(String.raw`\bimport\(\s*${Q}\s*\)`, 'g'),
  new RegExp(String.raw`(?:\brequire|\brequire\.resolve|\)\.resolve)\(\s*${Q}`, 'g'),
];

/** '@scope/pkg/sub/path' → '@scope/pkg'; relative, absolute and builtin specifiers → null. */
function packageOf(spec) {
  if (/^(\.|\/|[a-z]+:)/i.test(spec) || isBuiltin(spec)) return null;
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const rootPkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
// The compiled code itself (ES2024, the node: APIs it calls) runs on Node 22.0;
// its dependencies may ask for more (undici 8 needs 22.19).
const OWN_NODE_FLOOR = [22, 0, 0];

const compareVersions = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** The lowest version an engines range admits: '^18 || >= 21' → [18, 0, 0]; none → [0, 0, 0]. */
function floorOf(range) {
  return range.split('||').map((alt) => {
    const m = /v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(alt);
    return m ? [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)] : [0, 0, 0];
  }).reduce((a, b) => (compareVersions(a, b) <= 0 ? a : b));
}

/**
 * The Node the package needs: the highest floor over the packages it installs,
 * as package-lock.json resolved them (npm resolves a dependency from the
 * nearest node_modules up the tree).
 */
const { packages } = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
/** Where package-lock.json has `name` for the package at `from`: npm resolves from the nearest node_modules up the tree. */
const locate = (from, name) => {
  for (let base = from; ; base = base.slice(0, Math.max(0, base.lastIndexOf('/node_modules/')))) {
    const key = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[key]) return key;
    if (!base) return null;
  }
};

/** Every package-lock.json entry the server's dependencies need, transitively. */
function lockedTree(names) {
  const keys = new Set();
  const visit = (key) => {
    if (!key || keys.has(key)) return;
    keys.add(key);
    const p = packages[key];
    for (const dep of Object.keys({ ...p.dependencies, ...p.optionalDependencies })) visit(locate(key, dep));
  };
  for (const name of names) visit(locate('', name));
  return [...keys].sort();
}

function nodeFloor(names) {
  let floor = OWN_NODE_FLOOR;
  let needs = 'the compiled server';
  const seen = new Set();
  const visit = (key) => {
    if (!key || seen.has(key)) return;
    seen.add(key);
    const p = packages[key];
    const f = floorOf(p.engines?.node ?? '');
    if (compareVersions(f, floor) > 0) [floor, needs] = [f, key.replace(/^.*node_modules\//, '')];
    for (const dep of Object.keys({ ...p.dependencies, ...p.optionalDependencies })) visit(locate(key, dep));
  };
  for (const name of names) {
    const key = locate('', name);
    if (!key) fail(`${name} is not in package-lock.json; run npm install.`);
    visit(key);
  }
  return { version: floor.join('.'), needs };
}

// 1. Compile. Only the server and shared/ are reachable from the entry points
//    (tsconfig.server-build.json); .ts import specifiers become .js.
rmSync(stage, { recursive: true, force: true });
console.error(`pack:server: compiling electron/server to ${path.relative(root, stage)}/`);
run(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.server-build.json', '--outDir', stage], root);
const compiled = jsFiles(stage);
if (!compiled.some((f) => f.endsWith(path.join('electron', 'server', 'cli.js')))) fail('the compiler wrote no electron/server/cli.js');

// 2. Dependencies: what the compiled code loads, with the root's version ranges.
const used = new Map(); // package → first file that loads it
for (const file of compiled) {
  const code = readFileSync(file, 'utf8');
  for (const m of SPECIFIERS.flatMap((re) => [...code.matchAll(re)])) {
    const name = packageOf(m[2]);
    if (name && !used.has(name)) used.set(name, path.relative(stage, file));
  }
}
const dependencies = {};
for (const [name, file] of [...used].sort(([a], [b]) => a.localeCompare(b))) {
  if (DESKTOP_ONLY.has(name)) fail(`${file} loads ${name}, which belongs to the desktop app; the server must not.`);
  const range = rootPkg.dependencies?.[name];
  if (!range) fail(`${file} loads "${name}", which is not in package.json's "dependencies"${rootPkg.devDependencies?.[name] ? ' (it is a devDependency)' : ''}. Move it there.`);
  dependencies[name] = range;
}

const floor = nodeFloor(Object.keys(dependencies));

// 3. The package around it. Its name stays "linkdesk": version.ts finds the
//    version in the nearest package.json of that name.
mkdirSync(path.join(stage, 'bin'), { recursive: true });
copyFileSync(path.join(root, 'bin/linkdesk.mjs'), path.join(stage, 'bin/linkdesk.mjs'));
for (const f of ['README.md', 'NOTICE']) copyFileSync(path.join(root, f), path.join(stage, f));
const pkg = {
  name: 'linkdesk',
  version: rootPkg.version,
  description: 'Linkdesk link-shortening service: the headless server (linkdesk serve) and its key tool (linkdesk keys)',
  license: rootPkg.license,
  type: 'module',
  bin: { linkdesk: 'bin/linkdesk.mjs' },
  engines: { node: `>=${floor.version}` },
  dependencies,
};
writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);

// The exact tree CI tested: npm-shrinkwrap.json (kept in a published package,
// unlike package-lock.json) with package-lock.json's versions and integrity
// for everything the server installs, so a host gets no newer patch release.
const shrinkwrap = { name: pkg.name, version: pkg.version, lockfileVersion: 3, requires: true, packages: { '': { name: pkg.name, version: pkg.version, license: pkg.license, dependencies, bin: pkg.bin, engines: pkg.engines } } };
for (const key of lockedTree(Object.keys(dependencies))) {
  const { dev, devOptional, ...entry } = packages[key]; // all of them are the server's production dependencies here
  shrinkwrap.packages[key] = entry;
}
writeFileSync(path.join(stage, 'npm-shrinkwrap.json'), `${JSON.stringify(shrinkwrap, null, 2)}\n`);
console.error(`pack:server: npm-shrinkwrap.json pins ${Object.keys(shrinkwrap.packages).length - 1} packages as package-lock.json has them`);
console.error(`pack:server: dependencies: ${Object.keys(dependencies).join(', ')}`);
console.error(`pack:server: needs Node ${floor.version} or newer (set by ${floor.needs})`);

// 4. Pack.
mkdirSync(outDir, { recursive: true });
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const [packed] = JSON.parse(run(npm, ['pack', '--json', '--pack-destination', outDir], stage));
console.log(path.join(outDir, packed.filename));

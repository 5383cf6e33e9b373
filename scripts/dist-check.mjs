#!/usr/bin/env node
// `npm run dist:check [app folder]`: does the packaged app hold what it loads?
// Opens resources/app.asar with @electron/asar and checks, against the archive:
// the import graph of out/ (main, preload, workers, renderer), every runtime
// package and its dependencies (and no development-only one), the native and
// GeoIP files unpacked beside it, package.json's main, the fuses; then loads
// the main bundle in Node with a stand-in `electron` (dist-load.mjs); the
// update key the app carries (package.json) and, against it, the signature of
// each latest*.yml in the output folder beside the app (dist-sign.mjs). Prints
// the sizes against the budget below. Exit 1 names every failure.
import asar from '@electron/asar';
import { getCurrentFuseWire } from '@electron/fuses';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import yaml from 'js-yaml';
import { importGraph, packageOf } from './dist-graph.mjs';
import { dependencyCheck } from './dist-deps.mjs';
import { unpackedName } from './dist.mjs';
import { checkFeeds, KEY_FIELD } from './dist-sign.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MB = 1024 * 1024;
// The budget (README: Installers and updates), set at 18.6 MB packed (largest:
// zod, undici, csv-parse, the renderer) and 10.5 MB unpacked (the GeoIP
// database 7.8 MB, better-sqlite3 2.2 MB): room to grow, not to double.
export const BUDGET = { asar: 25 * MB, unpacked: 14 * MB };
// electron-builder.yml's electronFuses names → @electron/fuses' wire positions.
const FUSES = ['runAsNode', 'enableCookieEncryption', 'enableNodeOptionsEnvironmentVariable', 'enableNodeCliInspectArguments', 'enableEmbeddedAsarIntegrityValidation', 'onlyLoadAppFromAsar'];

/** The unpacked app's resources folder and executable, for this OS's layout. */
function layout(appDir) {
  const mac = readdirSync(appDir).find((f) => f.endsWith('.app'));
  const resources = mac ? path.join(appDir, mac, 'Contents/Resources') : path.join(appDir, 'resources');
  const cfg = yaml.load(readFileSync(path.join(root, 'electron-builder.yml'), 'utf8'));
  const exe = mac ? path.join(appDir, mac) : path.join(appDir, process.platform === 'win32' ? `${cfg.productName}.exe` : cfg.linux.executableName);
  return { resources, exe, cfg };
}

export async function distCheck(appDir) {
  const failures = [];
  const notes = [];
  const { resources, exe, cfg } = layout(appDir);
  const archive = path.join(resources, 'app.asar');
  if (!existsSync(archive)) return { failures: [`${archive} does not exist: build the app first (npm run dist -- --dir)`], notes, sizes: null, reached: [] };
  asar.uncache(archive); // @electron/asar keeps headers by path; this archive may be new
  const header = asar.listPackage(archive, { isPack: false }).map((p) => p.replace(/^[\\/]/, '').split(path.sep).join('/'));
  const inArchive = new Set(header);
  const stat = (f) => asar.statFile(archive, f, false);

  // Everything below reads a copy of the archive, as the app would see it (unpacked files included).
  const work = mkdtempSync(path.join(os.tmpdir(), 'linkdesk-dist-check-'));
  try {
    const app = path.join(work, 'app');
    asar.extractAll(archive, app);
    const pkg = JSON.parse(readFileSync(path.join(app, 'package.json'), 'utf8'));

    // package.json main
    const main = path.join(app, pkg.main ?? 'index.js');
    if (!existsSync(main)) failures.push(`package.json main "${pkg.main}" is not in the archive`);

    // The import graph from main, out/main's other entries (workers started by path) come through it.
    const graph = await importGraph(app, [main]);
    for (const m of graph.missing) failures.push(`${m.ref} is loaded by ${m.from} but is not in the archive`);
    notes.push(`import graph: ${graph.files.length} files of out/ reached from ${pkg.main}, ${new Set(graph.bare.map((b) => b.spec)).size} package specifiers`);
    for (const f of ['out/preload/index.cjs', 'out/renderer/index.html']) {
      if (!graph.files.some((g) => path.relative(app, g) === f)) failures.push(`${f} is not reached from ${pkg.main}`);
    }

    // Runtime packages in, development-only ones out.
    // electron-builder leaves devDependencies out of the archive's package.json: the checkout's names them.
    const { devDependencies } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    const deps = dependencyCheck(app, pkg, graph.bare.map((b) => packageOf(b.spec)), devDependencies);
    failures.push(...deps.failures);
    notes.push(`packages: ${deps.runtime.size} runtime packages in the archive (${Object.keys(pkg.dependencies ?? {}).length} direct)`);

    // Native modules and GeoIP databases beside the archive, and N-API.
    const native = header.filter((f) => /\.(node|mmdb)$/.test(f));
    if (!native.some((f) => f.endsWith('.mmdb'))) failures.push('no .mmdb (GeoIP database) in the archive');
    if (!native.some((f) => f.endsWith('.node'))) failures.push('no .node (native module) in the archive');
    for (const f of native) {
      if (!stat(f).unpacked) failures.push(`${f} is inside app.asar; it must be unpacked (asarUnpack)`);
      else if (!existsSync(path.join(resources, 'app.asar.unpacked', f))) failures.push(`${f} is marked unpacked but app.asar.unpacked/${f} is missing`);
      if (f.endsWith('.node') && !readFileSync(path.join(app, f)).includes('napi_register_module_v1')) {
        failures.push(`${f} is not an N-API module: it needs a rebuild for Electron (npmRebuild)`);
      }
    }
    notes.push(`unpacked: ${native.length} files (${native.filter((f) => f.endsWith('.node')).length} .node, all N-API; ${native.filter((f) => f.endsWith('.mmdb')).length} .mmdb)`);
    for (const f of ['icon.png', 'tray.png']) if (!existsSync(path.join(resources, f))) failures.push(`resources/${f} (extraResources) is missing`);

    // The update key in the app, and the signatures it believes: latest*.yml sit in the output folder, beside the app's folder.
    const feeds = checkFeeds(path.dirname(path.resolve(appDir)), pkg[KEY_FIELD]);
    failures.push(...feeds.failures);
    notes.push(...feeds.notes);

    // Fuses, as far as the binary allows (the stand-in carries a fuse wire too).
    try {
      const wire = await getCurrentFuseWire(exe);
      const want = cfg.electronFuses ?? {};
      const got = FUSES.map((name, i) => `${name}=${wire[i] === 49 ? 'on' : wire[i] === 48 ? 'off' : '?'}`);
      FUSES.forEach((name, i) => {
        if (name in want && (wire[i] === 49) !== want[name]) failures.push(`fuse ${name} is ${wire[i] === 49 ? 'on' : 'off'}, electron-builder.yml says ${want[name] ? 'on' : 'off'}`);
      });
      notes.push(`fuses: ${got.join(' ')}`);
    } catch (e) {
      notes.push(`fuses: not read from ${path.basename(exe)} (${e.message})`);
    }

    // Load it.
    const specsFile = path.join(work, 'specs.json');
    writeFileSync(specsFile, JSON.stringify({
      imports: graph.bare.map((b) => ({ from: b.from, spec: b.spec, kind: b.kind })),
      natives: native.filter((f) => f.endsWith('.node')).map((f) => path.join(app, f)),
    }));
    const load = spawnSync(process.execPath, ['--experimental-import-meta-resolve', '--no-warnings', path.join(root, 'scripts/dist-load.mjs'), app, main, specsFile], { encoding: 'utf8', cwd: work, timeout: 120_000 });
    const line = load.stdout.trim().split('\n').pop() ?? '';
    try {
      const r = JSON.parse(line);
      failures.push(...r.failures.map((f) => `loading in Node: ${f}`));
      notes.push(`loaded ${r.loaded} in Node with a stand-in electron; at load it called: ${[...new Set(r.calls)].join(', ') || 'nothing'}`);
      notes.push(`native modules loaded in Node from the archive: ${r.natives.join(', ') || 'none'}`);
    } catch {
      failures.push(`loading in Node failed: ${(load.stderr || load.error?.message || line).trim().split('\n').slice(-3).join(' | ')}`);
    }

    const sizes = sizesOf(archive, resources, header, stat);
    if (sizes.asar > BUDGET.asar) failures.push(`app.asar is ${mb(sizes.asar)}, over its budget of ${mb(BUDGET.asar)}`);
    if (sizes.unpacked > BUDGET.unpacked) failures.push(`app.asar.unpacked is ${mb(sizes.unpacked)}, over its budget of ${mb(BUDGET.unpacked)}`);
    return { failures, notes, sizes, reached: graph.files.map((f) => path.relative(app, f).split(path.sep).join('/')) };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const mb = (n) => `${(n / MB).toFixed(1)} MB`;

/** The archive's size, the unpacked files' size, and the largest packages (packed + unpacked bytes). */
function sizesOf(archive, resources, header, stat) {
  const per = new Map();
  let unpacked = 0;
  for (const f of header) {
    const s = stat(f);
    if (s.size === undefined) continue;
    if (s.unpacked) unpacked += s.size;
    const m = /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f);
    const key = m ? m[1] : f.split('/').slice(0, 2).join('/');
    per.set(key, (per.get(key) ?? 0) + s.size);
  }
  const largest = [...per].sort((a, b) => b[1] - a[1]).slice(0, 10);
  return { asar: statSync(archive).size, unpacked, largest };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  const version = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version;
  const appDir = path.resolve(process.argv[2] ?? path.join(root, 'release', version, unpackedName()));
  const { failures, notes, sizes } = await distCheck(appDir);
  console.log(`dist:check ${path.relative(process.cwd(), appDir) || '.'}`);
  for (const n of notes) console.log(`  ${n}`);
  if (sizes) {
    console.log(`  size: app.asar ${mb(sizes.asar)} (budget ${mb(BUDGET.asar)}), unpacked ${mb(sizes.unpacked)} (budget ${mb(BUDGET.unpacked)})`);
    console.log(`  largest: ${sizes.largest.map(([k, v]) => `${k} ${mb(v)}`).join(', ')}`);
  }
  for (const f of failures) console.error(`  FAIL ${f}`);
  console.log(`dist:check: ${failures.length ? `${failures.length} failure(s)` : 'ok'} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (failures.length) process.exitCode = 1;
}

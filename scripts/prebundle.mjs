// Packages of many small files, each bundled into one file (rolldown), for the
// checkout's `linkdesk` command and the test workers: kysely's and zod's
// published ESM builds are 255 and 95 module files, and loading those took about
// 0.3 s of a command's 1 s of CPU here; qs (with the 30 small modules of its
// side-channel), yaml and semver (72 and 47 files, loaded by every server through
// @fastify/swagger and fastify) took 0.1, 0.12 and 0.05 s more each, in every one of
// the thousands of `linkdesk` processes and servers a test run starts. The bundles
// are the same code in fewer files. `npm run setup` and the test script build them
// (prebundle()); bin/linkdesk.mjs and the Vitest workers load them in place of the
// packages (usePrebundled()) only while they were built from the installed
// versions: after an `npm install` of another version the packages themselves
// load until the next build. (ajv is left out: other packages require files inside
// it, ajv/dist/compile/codegen among them, whose classes must be the same ones the
// bundle would carry.)
import { existsSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const DIR = 'node_modules/.cache/linkdesk-prebundle';
/** Each ESM bundle's file name and the import that loads it. zod's core is its own entry so that fastify-type-provider-zod's `zod/v4/core` and our `zod` share one copy of it. */
const ENTRIES = { kysely: 'kysely', zod: 'zod', 'zod-core': 'zod/v4/core' };
/** CommonJS packages, bundled as CommonJS (.cjs): `require` and `import` both reach the file their main names. */
const CJS_ENTRIES = { qs: 'qs', yaml: 'yaml', semver: 'semver' };
const PACKAGES = ['kysely', 'zod', ...Object.keys(CJS_ENTRIES)];

const versionOf = (base, name) => {
  try {
    return JSON.parse(readFileSync(path.join(base, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
};
const versions = (base) => Object.fromEntries(PACKAGES.map((p) => [p, versionOf(base, p)]));
const manifestOf = (base) => {
  try {
    return JSON.parse(readFileSync(path.join(base, DIR, 'manifest.json'), 'utf8'));
  } catch {
    return null;
  }
};
const current = (base, manifest) => manifest !== null && PACKAGES.every((p) => manifest.versions?.[p] === versionOf(base, p));

/** Builds the bundles unless those in place were built from the installed versions. Answers whether it built. */
export async function prebundle(base = root) {
  if (current(base, manifestOf(base))) return false;
  const { build } = await import('rolldown');
  // Each entry as Node resolves the import (the package's "import" condition).
  const input = Object.fromEntries(Object.entries(ENTRIES).map(([name, spec]) => [name, entryFile(base, spec)]));
  const out = path.join(base, DIR);
  const fresh = `${out}.${process.pid}.new`;
  rmSync(fresh, { recursive: true, force: true });
  await build({
    input, platform: 'node', logLevel: 'silent',
    output: { dir: fresh, format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
  });
  // (A package not installed is left out: its version, null, is recorded, so installing it builds again.)
  const cjsInput = Object.fromEntries(Object.entries(CJS_ENTRIES).map(([name, spec]) => [name, mainFile(base, spec)]).filter(([, file]) => file));
  if (Object.keys(cjsInput).length) await build({
    input: cjsInput, platform: 'node', logLevel: 'silent',
    output: { dir: fresh, format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: '[name]-[hash].cjs' },
  });
  const from = Object.fromEntries([
    ...Object.entries(input).map(([name, file]) => [path.relative(base, file), `${name}.mjs`]),
    ...Object.entries(cjsInput).map(([name, file]) => [path.relative(base, file), `${name}.cjs`]),
  ]);
  writeFileSync(path.join(fresh, 'manifest.json'), `${JSON.stringify({ versions: versions(base), from }, null, 2)}\n`);
  mkdirSync(path.dirname(out), { recursive: true });
  rmSync(out, { recursive: true, force: true });
  try {
    renameSync(fresh, out);
  } catch (err) {
    // Another run (a second test suite) put its build of the same versions there in between: that one serves.
    if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err;
    rmSync(fresh, { recursive: true, force: true });
  }
  return true;
}

/** The file an ESM `import spec` from the checkout loads (both packages are top-level dependencies). */
function entryFile(base, spec) {
  const [name, ...rest] = spec.split('/');
  const pkgDir = path.join(base, 'node_modules', name);
  const { exports } = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  const entry = exports[rest.length ? `./${rest.join('/')}` : '.'];
  const target = typeof entry === 'string' ? entry : entry.import?.default ?? entry.import ?? entry.default;
  if (typeof target !== 'string') throw new Error(`prebundle: no ESM entry for ${spec}`);
  return path.join(pkgDir, target);
}

/**
 * The file `require(name)` loads from the checkout, as Node resolves it (package.json's exports for
 * node/require, else its main), or null when the package is not there. Read from package.json, not
 * asked of require.resolve: in a process whose hook already hands out the bundles, that would answer the bundle.
 */
function mainFile(base, name) {
  const pkgDir = path.join(base, 'node_modules', name);
  let pkg;
  try {
    pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  } catch {
    return null;
  }
  const dot = typeof pkg.exports === 'string' ? pkg.exports : pkg.exports?.['.'];
  const target = typeof dot === 'string' ? dot : dot?.node ?? dot?.require ?? dot?.default ?? pkg.main ?? 'index.js';
  if (typeof target !== 'string') throw new Error(`prebundle: no CommonJS entry for ${name}`);
  const file = path.join(pkgDir, target);
  return existsSync(file) ? file : existsSync(`${file}.js`) ? `${file}.js` : path.join(file, 'index.js');
}

/**
 * Loads the bundles in place of the packages' own files in this thread (a module hook: what
 * resolves to a bundled entry loads its bundle), when they were built from the installed
 * versions. Answers whether it did.
 */
export function usePrebundled(base = root) {
  const manifest = manifestOf(base);
  if (!current(base, manifest)) return false;
  let to;
  try {
    to = new Map(Object.entries(manifest.from).map(([file, bundle]) =>
      // As Node resolves: through symbolic links (a node_modules linked in) to the real file.
      [pathToFileURL(realpathSync(path.join(base, file))).href, pathToFileURL(path.join(base, DIR, bundle)).href]));
  } catch {
    return false; // a manifest naming files that are not there: the packages load as they are
  }
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      const bundle = to.get(resolved.url);
      return bundle ? { ...resolved, url: bundle, format: bundle.endsWith('.cjs') ? 'commonjs' : 'module' } : resolved;
    },
  });
  return true;
}

if (import.meta.main) console.log(await prebundle() ? `prebundle: built ${DIR}` : 'prebundle: up to date');

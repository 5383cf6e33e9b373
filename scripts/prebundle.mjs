// Kysely and zod, each bundled into a file of its own (rolldown), for the
// checkout's `linkdesk` command: their published ESM builds are 255 and 95
// module files, and loading those took about 0.3 s of a command's 1 s of CPU
// here, in every one of the thousands of `linkdesk` processes a test run starts.
// The bundles are the same code in fewer files. `npm run setup` and the test
// script build them (prebundle()); bin/linkdesk.mjs and the Vitest workers load
// them in place of the packages (usePrebundled()) only while they were built from
// the installed versions: after an `npm install` of another version the packages
// themselves load until the next build.
import { mkdirSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const DIR = 'node_modules/.cache/linkdesk-prebundle';
/** Each bundle's file name and the import that loads it. zod's core is its own entry so that fastify-type-provider-zod's `zod/v4/core` and our `zod` share one copy of it. */
const ENTRIES = { kysely: 'kysely', zod: 'zod', 'zod-core': 'zod/v4/core' };
const PACKAGES = ['kysely', 'zod'];

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
  const from = Object.fromEntries(Object.entries(input).map(([name, file]) => [path.relative(base, file), `${name}.mjs`]));
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
      return bundle ? { ...resolved, url: bundle, format: 'module' } : resolved;
    },
  });
  return true;
}

if (import.meta.main) console.log(await prebundle() ? `prebundle: built ${DIR}` : 'prebundle: up to date');

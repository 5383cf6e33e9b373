// The package half of dist:check: every runtime `dependencies` package and
// what each depends on, found where Node would look for it in the extracted
// archive; nothing else there, development-only packages least of all.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const readJson = (f) => JSON.parse(readFileSync(f, 'utf8'));

/** Where `name` resolves from `dir` (walking up node_modules folders to `app`), or null. */
function locate(app, dir, name) {
  for (let d = dir; ; d = path.dirname(d)) {
    const candidate = path.join(d, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (d === app || !d.startsWith(app)) return null;
  }
}

/** Every package folder in the archive (node_modules at any depth). */
function installed(app) {
  const out = [];
  const walk = (modules) => {
    if (!existsSync(modules)) return;
    for (const e of readdirSync(modules)) {
      if (e.startsWith('.')) continue;
      const dirs = e.startsWith('@') ? readdirSync(path.join(modules, e)).map((s) => path.join(modules, e, s)) : [path.join(modules, e)];
      for (const d of dirs) {
        if (!existsSync(path.join(d, 'package.json'))) continue;
        out.push(d);
        walk(path.join(d, 'node_modules'));
      }
    }
  };
  walk(path.join(app, 'node_modules'));
  return out;
}

/**
 * `pkg` is the archive's package.json; `imported` the package names the
 * bundles import. Returns { failures, runtime } (runtime: package folders).
 */
export function dependencyCheck(app, pkg, imported, devDependencies = pkg.devDependencies ?? {}) {
  const failures = [];
  const runtime = new Set();
  const queue = Object.keys(pkg.dependencies ?? {}).map((name) => ({ name, from: app, by: 'package.json', optional: false }));
  while (queue.length) {
    const { name, from, by, optional } = queue.shift();
    const at = locate(app, from, name);
    if (!at) {
      if (!optional) failures.push(`runtime package ${name} (a dependency of ${by}) is not in the archive`);
      continue;
    }
    if (runtime.has(at)) continue;
    runtime.add(at);
    const p = readJson(path.join(at, 'package.json'));
    const peerOptional = p.peerDependenciesMeta ?? {};
    for (const d of Object.keys(p.dependencies ?? {})) queue.push({ name: d, from: at, by: name, optional: false });
    for (const d of Object.keys(p.optionalDependencies ?? {})) queue.push({ name: d, from: at, by: name, optional: true });
    // npm installs peers; one it could leave out (optional) is not required here.
    for (const d of Object.keys(p.peerDependencies ?? {})) queue.push({ name: d, from: at, by: name, optional: Boolean(peerOptional[d]?.optional) });
  }
  const declared = new Set(Object.keys(pkg.dependencies ?? {}));
  for (const name of new Set(imported)) {
    if (!declared.has(name)) failures.push(`the bundle imports ${name}, which is not in package.json dependencies (it is there only by chance)`);
  }
  for (const dir of installed(app)) {
    if (runtime.has(dir)) continue;
    const name = readJson(path.join(dir, 'package.json')).name;
    const rel = path.relative(app, dir);
    failures.push(name in devDependencies ? `development package ${name} is in the archive (${rel})` : `${rel} is in the archive but no runtime package needs it`);
  }
  return { failures, runtime };
}

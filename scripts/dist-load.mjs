// Run by dist-check.mjs in a child Node: loads the packaged main bundle (from the
// extracted archive) with a recorded stand-in for the `electron` module, then
// imports every package the bundles name, resolved from the file that names it,
// so a package that cannot be resolved or loaded fails here and not on a
// user's machine; then loads each packaged .node. Prints one JSON line:
// { loaded, calls, natives, failures }.
//   node --experimental-import-meta-resolve dist-load.mjs <appDir> <main> <specs.json>
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [appDir, mainFile, specsFile] = process.argv.slice(2);
const { imports: specs, natives: nativeFiles } = JSON.parse(readFileSync(specsFile, 'utf8'));
const scratch = mkdtempSync(path.join(os.tmpdir(), 'linkdesk-dist-load-'));
const version = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8')).version;

// The names the bundle imports from 'electron', each a recording stand-in.
const names = new Set();
for (const [, list] of readFileSync(mainFile, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*["']electron["']/g)) {
  for (const n of list.split(',')) if (n.trim()) names.add(n.trim().split(/\s+as\s+/)[0]);
}
const standIn = path.join(scratch, 'electron-standin.mjs');
writeFileSync(standIn, `
const calls = globalThis.__electronCalls = [];
const never = new Promise(() => {});
// What a call answers where a proxy would not do: the app waits for a ready that never comes.
const answers = {
  'app.whenReady': () => never, 'app.requestSingleInstanceLock': () => true, 'app.getVersion': () => ${JSON.stringify(version)},
  'app.getPath': () => ${JSON.stringify(scratch)}, 'app.setAsDefaultProtocolClient': () => true,
};
const values = { 'app.isPackaged': true };
function rec(name) {
  return new Proxy(function () {}, {
    get(_t, k) {
      if (typeof k === 'symbol' || k === 'then') return undefined;
      const n = name + '.' + k;
      return n in values ? values[n] : rec(n);
    },
    apply(_t, _self, args) {
      calls.push(name + '(' + args.map((a) => typeof a === 'string' ? JSON.stringify(a) : typeof a).join(', ') + ')');
      return answers[name] ? answers[name](...args) : rec(name + '()');
    },
    construct(_t, args) { calls.push('new ' + name); return rec(name + '()'); },
  });
}
${[...names].map((n) => `export const ${n} = rec(${JSON.stringify(n)});`).join('\n')}
export default { ${[...names].join(', ')} };
`);
register(`data:text/javascript,${encodeURIComponent(`
export async function resolve(spec, ctx, next) {
  if (spec === 'electron') return { url: ${JSON.stringify(pathToFileURL(standIn).href)}, shortCircuit: true };
  return next(spec, ctx);
}`)}`);

process.env.LINKDESK_DATA_DIR = scratch;
process.resourcesPath = path.dirname(appDir);
const failures = [];
process.on('uncaughtException', (e) => failures.push(`uncaught: ${e.message}`));
try {
  await import(pathToFileURL(mainFile).href);
} catch (e) {
  failures.push(`${path.relative(appDir, mainFile)}: ${e.message.split('\n')[0]}`);
}
// import.meta.resolve with a parent: the same lookup Node makes for that file.
for (const { from, spec, kind } of specs) {
  let url;
  try {
    url = kind === 'require' ? pathToFileURL(createRequire(from).resolve(spec)).href : import.meta.resolve(spec, pathToFileURL(from).href);
  } catch (e) {
    failures.push(`${spec} (imported by ${path.relative(appDir, from)}) cannot be resolved: ${e.message.split('\n')[0]}`);
    continue;
  }
  // A data file (a .json map, a GeoIP database) only has to be there.
  if (kind === 'require' && !/\.(c|m)?js$/.test(url) && !/^[^./]+$/.test(spec)) continue;
  try {
    await import(url);
  } catch (e) {
    failures.push(`${spec} (imported by ${path.relative(appDir, from)}) does not load: ${e.message.split('\n')[0]}`);
  }
}
// Each packaged native module, loaded as Node loads an addon: N-API builds load in any runtime of
// their N-API version, so one that loads here and exports napi_register_module_v1 loads in Electron.
const natives = [];
for (const file of nativeFiles) {
  try {
    process.dlopen({ exports: {} }, file);
    natives.push(path.relative(appDir, file));
  } catch (e) {
    failures.push(`${path.relative(appDir, file)} does not load: ${e.message.split('\n')[0]}`);
  }
}
await new Promise((r) => setImmediate(r));
const calls = globalThis.__electronCalls ?? [];
for (const c of calls) if (c.startsWith('dialog.showErrorBox')) failures.push(`the app showed an error box at load: ${c}`);
process.stdout.write(`${JSON.stringify({ loaded: path.relative(appDir, mainFile), calls, natives, failures })}\n`);
// The stand-in and whatever the app wrote into its data folder go with this process.
rmSync(scratch, { recursive: true, force: true });
process.exit(0);

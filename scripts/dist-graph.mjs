// What the packaged app's own code can load, read from the bundles themselves
// (used by dist-check.mjs): ES imports and dynamic import() with a literal, CJS
// require("…"), and relative path literals, which is how the bundles name their
// worker files (new URL('./click-writer-worker.js', import.meta.url)), the
// preload (path.join(mainDir, '../preload/index.cjs')) and the renderer folder.
import { init, parse } from 'es-module-lexer';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SCRIPT = /\.(c|m)?js$/;
// "./x.js", '../preload/index.cjs', "../renderer": a path in a string literal.
const RELATIVE_LITERAL = /["'`](\.\.?\/[\w@.-][\w@./-]*)["'`]/g;
const REQUIRE = /\brequire\(\s*["']([^"']+)["']\s*\)/g;
// createRequire(import.meta.url)('world-atlas/countries-110m.json') and createRequire(…).resolve('…/x.mmdb').
const CREATE_REQUIRE = /\bcreateRequire\([^()]*\)(?:\.resolve)?\(\s*["']([^"']+)["']\s*\)/g;
const HTML_REF = /\b(?:src|href)="([^":#?]+)"/g;

const isBuiltin = (s) => s.startsWith('node:') || s === 'electron' || ['fs', 'path', 'os', 'url', 'module', 'crypto', 'events', 'worker_threads', 'util', 'stream', 'http', 'https', 'net', 'tls', 'zlib', 'child_process', 'buffer', 'assert', 'dns', 'readline', 'string_decoder', 'timers', 'tty', 'v8', 'vm', 'perf_hooks', 'querystring', 'constants', 'process'].includes(s.split('/')[0]);

/**
 * Walks the graph from `entries` (absolute paths inside `appDir`, the extracted
 * archive). Returns { files, bare, missing }: every file reached; every package
 * specifier with the file that imports it (kind: import, or require for require()
 * and createRequire, resolved the CommonJS way); every reference to a file that is
 * not there, as { from, ref }. Paths outside `within` (the dev-only
 * '../../resources' next to out/) are not the packaged app's and are skipped.
 */
export async function importGraph(appDir, entries, within = path.join(appDir, 'out')) {
  await init;
  const files = new Set();
  const bare = [];
  const missing = [];
  const queue = [...entries];
  const rel = (p) => path.relative(appDir, p);
  const visit = (from, target) => {
    if (!target.startsWith(within + path.sep) && target !== within) return;
    if (!existsSync(target)) return void missing.push({ from: rel(from), ref: rel(target) });
    if (statSync(target).isDirectory()) {
      const index = path.join(target, 'index.html');
      if (!existsSync(index)) return void missing.push({ from: rel(from), ref: rel(index) });
      target = index;
    }
    if (!files.has(target)) queue.push(target);
  };
  for (const e of entries) if (!existsSync(e)) missing.push({ from: '(entry)', ref: rel(e) });
  while (queue.length) {
    const file = queue.shift();
    if (files.has(file) || !existsSync(file)) continue;
    files.add(file);
    const dir = path.dirname(file);
    const text = readFileSync(file, 'utf8');
    if (file.endsWith('.html')) {
      for (const [, ref] of text.matchAll(HTML_REF)) visit(file, path.resolve(dir, ref.replace(/^\//, './')));
      continue;
    }
    if (!SCRIPT.test(file)) continue;
    const specs = new Set();
    try {
      const [imports] = parse(text);
      for (const i of imports) if (i.n) specs.add(i.n);
    } catch {
      // CommonJS the lexer cannot read as a module: require() below still counts.
    }
    const required = new Set([...text.matchAll(REQUIRE), ...text.matchAll(CREATE_REQUIRE)].map((m) => m[1]));
    for (const s of [...specs, ...required]) {
      if (s.startsWith('.') || s.startsWith('/')) visit(file, path.resolve(dir, s));
      else if (!isBuiltin(s) && !/^(data|https?):/.test(s)) bare.push({ from: file, spec: s, kind: specs.has(s) ? 'import' : 'require' });
    }
    // The other branch of `x.endsWith('.ts') ? './w.ts' : './w.js'` is the dev server's.
    for (const [, s] of text.matchAll(RELATIVE_LITERAL)) if (!s.endsWith('.ts') && !specs.has(s)) visit(file, path.resolve(dir, s));
  }
  return { files: [...files], bare, missing };
}

/** Package name of a bare specifier: 'csv-parse/sync' → 'csv-parse', '@fastify/swagger' stays. */
export const packageOf = (spec) => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');

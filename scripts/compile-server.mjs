// The headless server compiled to JavaScript, as the tarball of
// `npm run pack:server` holds it and deploy/ runs it: tsc (tsconfig.server-build.json)
// into a folder beside the checkout's node_modules. `npm run serve` and the
// memory benchmark run this: from TypeScript, Node also loads its type
// stripper (a WebAssembly module, about 12 MB in each thread).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Compiles the server into `dir` (replaced whole) and answers the path of its bin/linkdesk.mjs.
 * Built beside it and swapped in, so a server already running from `dir` (another
 * `npm run serve`) finds its files there throughout, not an empty folder for the
 * seconds tsc takes.
 */
export function compileServer(dir) {
  const fresh = `${dir}.${process.pid}.new`;
  const old = `${dir}.${process.pid}.old`;
  rmSync(fresh, { recursive: true, force: true });
  const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.server-build.json', '--outDir', fresh],
    { cwd: root, encoding: 'utf8' });
  if (tsc.status !== 0) {
    rmSync(fresh, { recursive: true, force: true });
    throw new Error(`compiling the server failed: ${tsc.stdout}${tsc.stderr}`);
  }
  mkdirSync(path.join(fresh, 'bin'), { recursive: true });
  copyFileSync(path.join(root, 'bin/linkdesk.mjs'), path.join(fresh, 'bin/linkdesk.mjs'));
  copyFileSync(path.join(root, 'package.json'), path.join(fresh, 'package.json'));
  symlinkSync(path.join(root, 'node_modules'), path.join(fresh, 'node_modules'));
  if (existsSync(dir)) renameSync(dir, old);
  try {
    renameSync(fresh, dir);
  } catch (err) {
    // Another run put its build (of the same sources) there in between: that one serves.
    if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err;
    rmSync(fresh, { recursive: true, force: true });
  }
  rmSync(old, { recursive: true, force: true });
  return path.join(dir, 'bin/linkdesk.mjs');
}

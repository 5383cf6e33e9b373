// The headless server compiled to JavaScript, as the tarball of
// `npm run pack:server` holds it and deploy/ runs it: tsc (tsconfig.server-build.json)
// into a folder beside the checkout's node_modules. `npm run serve` and the
// memory benchmark run this: from TypeScript, Node also loads its type
// stripper (a WebAssembly module, about 12 MB in each thread).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Compiles the server into `dir` (emptied first) and answers the path of its bin/linkdesk.mjs. */
export function compileServer(dir) {
  rmSync(dir, { recursive: true, force: true });
  const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.server-build.json', '--outDir', dir],
    { cwd: root, encoding: 'utf8' });
  if (tsc.status !== 0) throw new Error(`compiling the server failed: ${tsc.stdout}${tsc.stderr}`);
  mkdirSync(path.join(dir, 'bin'), { recursive: true });
  copyFileSync(path.join(root, 'bin/linkdesk.mjs'), path.join(dir, 'bin/linkdesk.mjs'));
  copyFileSync(path.join(root, 'package.json'), path.join(dir, 'package.json'));
  if (!existsSync(path.join(dir, 'node_modules'))) symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  return path.join(dir, 'bin/linkdesk.mjs');
}

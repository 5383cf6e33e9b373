// The headless server as deploy/ installs it: electron/server compiled to
// JavaScript (the tarball of `npm run pack:server` holds the same files), so
// a benchmark of its memory measures what an operator runs. Run from the
// checkout's TypeScript, Node also loads its type stripper (a WebAssembly
// module, once per thread: about 25 MB with the click writer's).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Compiles the server into `dir` and answers the path of its `bin/linkdesk.mjs`. */
export function compiledServer(dir: string): string {
  const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.server-build.json', '--outDir', dir],
    { cwd: root, encoding: 'utf8' });
  if (tsc.status !== 0) throw new Error(`compiling the server failed: ${tsc.stdout}${tsc.stderr}`);
  mkdirSync(path.join(dir, 'bin'), { recursive: true });
  copyFileSync(path.join(root, 'bin/linkdesk.mjs'), path.join(dir, 'bin/linkdesk.mjs'));
  copyFileSync(path.join(root, 'package.json'), path.join(dir, 'package.json'));
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  return path.join(dir, 'bin/linkdesk.mjs');
}

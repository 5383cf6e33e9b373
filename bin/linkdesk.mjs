#!/usr/bin/env -S node --max-semi-space-size=8
// (V8 sizes the young generation for the machine, up to 64 MB a half on a
// large one, which a server holds as mostly garbage; 8 MB keeps it lean at a
// small cost in collections. The server's own Node flags are in deploy/linkdesk.service.)
// The headless server and its key tool. In the installed package
// (`npm run pack:server`) cli.js sits where cli.ts is in the checkout,
// compiled; the checkout runs the TypeScript sources directly. The Node each
// needs is the package.json's engines.node: the checkout's covers type
// stripping, the package's what its dependencies ask for.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';

// V8's compiled code for the modules, kept on disk (Node's own cache, in the system's temporary folder unless
// NODE_COMPILE_CACHE names one): a command starts in about half the time from the second run on (0.7 -> 0.37 s here).
module.enableCompileCache?.();

const compiled = new URL('../electron/server/cli.js', import.meta.url);
const fromSource = !existsSync(compiled);
const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const [, needMajor, needMinor] = /(\d+)\.(\d+)/.exec(engines.node).map(Number);
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < needMajor || (major === needMajor && minor < needMinor)) {
  console.error(`linkdesk needs Node ${needMajor}.${needMinor} or newer (this is ${process.version}).${fromSource
    ? " Run it through npm (npm run linkdesk -- …), which uses the project's Node 24, or see README.md." : ''}`);
  process.exit(1);
}

// `serve` runs with the Node flags of deploy/linkdesk.service (npm run serve
// passes them too), whichever way it was started (npx linkdesk serve, node
// bin/linkdesk.mjs serve): where one is missing, the server runs in a child
// with them, and this process passes the signals on (once each: the child has
// a process group of its own, so a terminal's Ctrl-C reaches it only through
// here) and exits as it does. A flag already given (on the command line or in
// NODE_OPTIONS) is kept as given.
const SERVE_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=512', '--no-wasm-code-gc'];
const WRAPPED = 'LINKDESK_SERVE_WRAPPER_PID';
// A flag's name, the same for its --no- form (--wasm-code-gc given keeps WebAssembly code collection on).
const nameOf = (f) => f.split('=')[0].replaceAll('_', '-').replace(/^--no-/, '--');
const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].map(nameOf);
const missing = SERVE_FLAGS.filter((f) => !given.includes(nameOf(f)));
if (process.argv[2] === 'serve' && missing.length && process.env[WRAPPED] === undefined) {
  const child = spawn(process.execPath, [...process.execArgv, ...missing, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: ['ignore', 'inherit', 'inherit'], detached: process.platform !== 'win32', env: { ...process.env, [WRAPPED]: String(process.pid) },
  });
  let passedAt = -Infinity;
  const pass = (signal) => {
    // npm and a terminal may deliver one Ctrl-C twice; a second one meant "at once" comes later.
    if (performance.now() - passedAt < 300) return;
    passedAt = performance.now();
    child.kill(signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => pass(signal === 'SIGHUP' ? 'SIGTERM' : signal));
  // Under npm a supervisor's SIGTERM dies with npm's `sh -c` (see serve.ts, stopWithParent): the
  // loss of this process's parent stands for it.
  if (process.env.npm_lifecycle_event) {
    const parent = process.ppid;
    setInterval(() => { if (process.ppid !== parent && passedAt === -Infinity) pass('SIGTERM'); }, 200).unref();
  }
  process.on('exit', () => child.kill('SIGKILL'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : signal === 'SIGKILL' ? 9 : 15) : 1)));
} else {
  // The server in that child: when the process that started it is killed outright (SIGKILL: a
  // crash as far as its supervisor knows), so is the server, as it would have been unwrapped.
  const wrapper = Number(process.env[WRAPPED]);
  if (wrapper) {
    delete process.env[WRAPPED];
    setInterval(() => { if (process.ppid !== wrapper) process.kill(process.pid, 'SIGKILL'); }, 200).unref();
  }
  // The checkout loads kysely and zod from one file each where `npm run setup` bundled them (scripts/prebundle.mjs).
  if (fromSource) (await import('../scripts/prebundle.mjs')).usePrebundled();
  const { main } = await import(fromSource ? '../electron/server/cli.ts' : compiled.href);
  await main(process.argv.slice(2));
}

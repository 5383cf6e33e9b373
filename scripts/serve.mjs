#!/usr/bin/env node
// `npm run serve -- [options]`: `linkdesk serve` from the checkout as deploy/
// runs it: compiled to JavaScript (dist/server, a second or so) and with the
// Node flags of deploy/linkdesk.service.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compileServer } from './compile-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const unit = readFileSync(path.join(root, 'deploy/linkdesk.service'), 'utf8');
const flags = (/^ExecStart=(.*)$/m.exec(unit)?.[1] ?? '').split(' ').filter((w) => w.startsWith('--'));
let bin;
try {
  bin = compileServer(path.join(root, 'dist/server'));
} catch (err) {
  console.error(`npm run serve: ${err.message}`);
  process.exit(1);
}
// The server gets its signals from here only, each once: a Ctrl-C reaches this
// process both from the terminal and through npm, and a second signal means
// "stop at once" to the server. So it runs in a process group of its own, and
// signals that arrive together are passed on as one.
const child = spawn(process.execPath, [...flags, bin, 'serve', ...process.argv.slice(2)], { stdio: ['ignore', 'inherit', 'inherit'], detached: true });
let passedAt = -Infinity;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (performance.now() - passedAt < 300) return;
    passedAt = performance.now();
    child.kill(signal);
  });
}
// A supervisor's SIGTERM to `npm run serve` never reaches here: npm passes it
// to the `sh -c` it runs scripts with, which dies of it without passing it on
// (a SIGINT the shell holds until its command ends). What does arrive is the loss of that parent, which is taken
// as the SIGTERM it stands for (unless a signal was passed on already: the
// shell also dies of a Ctrl-C). Polled: Node has no parent-death signal.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid === parent || passedAt !== -Infinity) return;
  passedAt = performance.now();
  child.kill('SIGTERM');
}, 200).unref();
process.on('exit', () => child.kill('SIGKILL'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1)));

// Runs the real `linkdesk` command (bin/linkdesk.mjs) as a child process.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

export const BIN = path.resolve(import.meta.dirname, '../../bin/linkdesk.mjs');

export function linkdesk(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 30_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, lastLine: r.stdout.trim().split('\n').at(-1) ?? '' };
}

export interface Served { child: ChildProcess; url: string; stderr: () => string }

/** Starts `linkdesk serve` and resolves once it prints its listening line. */
export function serve(args: string[]): Promise<Served> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d) => { err += String(d); });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`serve did not start: ${err}`)); }, 20_000);
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`serve exited ${code}: ${err}`)); });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const m = /^Linkdesk listening on (http:\/\/\S+)$/.exec(line);
      if (m) { clearTimeout(timer); child.removeAllListeners('exit'); resolve({ child, url: m[1]!, stderr: () => err }); }
    });
  });
}

export const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

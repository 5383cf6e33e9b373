// Runs the real `linkdesk` command (bin/linkdesk.mjs) as a child process.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

export const BIN = path.resolve(import.meta.dirname, '../../bin/linkdesk.mjs');

/** The Node flags deploy/linkdesk.service runs `serve` with (bin/linkdesk.mjs runs it in a child with them when they are missing). */
export const SERVICE_FLAGS = (/^ExecStart=(.*)$/m.exec(readFileSync(path.resolve(import.meta.dirname, '../../deploy/linkdesk.service'), 'utf8'))?.[1] ?? '')
  .split(' ').filter((w) => w.startsWith('--'));

/** `env` replaces the child's environment (LINKDESK_DATA_DIR is never inherited from the test's). */
export interface RunOptions { env?: NodeJS.ProcessEnv }

const envOf = (opts: RunOptions) => {
  const env = { ...(opts.env ?? process.env) };
  if (!opts.env) delete env.LINKDESK_DATA_DIR;
  return env;
};

export function linkdesk(args: readonly string[], opts: RunOptions = {}) {
  // A guard against a hang, not a measure: beside two other suites a 200,000-entry blocklist import took over 20 s.
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 90_000, env: envOf(opts) });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, lastLine: r.stdout.trim().split('\n').at(-1) ?? '' };
}

export interface Served { child: ChildProcess; url: string; stderr: () => string; stdout: () => string }

/**
 * Starts `linkdesk serve` as deploy/linkdesk.service does (its Node flags given, so `child` is the
 * server itself) and resolves once it prints its listening line. `nodeFlags: []`: as a user types it.
 */
export function serve(args: readonly string[], opts: RunOptions & { nodeFlags?: readonly string[] } = {}): Promise<Served> {
  const child = spawn(process.execPath, [...(opts.nodeFlags ?? SERVICE_FLAGS), BIN, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: envOf(opts) });
  let err = '';
  let out = '';
  child.stderr!.on('data', (d) => { err += String(d); });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`serve did not start: ${err}`)); }, 60_000);
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`serve exited ${code}: ${err}`)); });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      out += `${line}\n`;
      const m = /^Linkdesk listening on (http:\/\/\S+)$/.exec(line);
      if (m) { clearTimeout(timer); child.removeAllListeners('exit'); resolve({ child, url: m[1]!, stderr: () => err, stdout: () => out }); }
    });
  });
}

export const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

/** Stops a served process with `signal` and resolves with its exit. */
export async function stop(s: Served, signal: NodeJS.Signals = 'SIGTERM') {
  s.child.kill(signal);
  return exited(s.child);
}

/** The JSON lines a process logged. */
export const jsonLines = (text: string) =>
  text.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);

// Stopping the server as a supervisor does (a process manager, `docker stop`,
// systemd): SIGTERM or SIGINT to the one process it started, whichever way
// that process starts the server. Afterwards the port is free and no process
// of that server is left: npm hands the signal to a `sh -c` that dies of it
// without passing it on, which once left the server running, adopted by init.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, SERVICE_FLAGS } from '../../helpers/cli.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const work = mkdtempSync(path.join(tmpdir(), 'linkdesk-stop-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The processes whose command line names `dir`. */
function processesOf(dir: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(dir)) found.push(Number(entry));
    } catch { /* it ended meanwhile */ }
  }
  return found;
}

/** Whether process `pid` holds the socket listening on 127.0.0.1:`port` (from /proc/net/tcp and its open files). */
function listensOn(pid: number, port: number): boolean {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f[1]?.endsWith(`:${hexPort}`) && f[3] === '0A') // 0A: LISTEN
    .map((f) => `socket:[${f[9]}]`);
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try { return inodes.includes(readlinkSync(`/proc/${pid}/fd/${fd}`)); } catch { return false; }
    });
  } catch { return false; } // it has ended
}

const portAnswers = (port: number) => new Promise<boolean>((resolve) => {
  const socket = connect(port, '127.0.0.1', () => { socket.destroy(); resolve(true); });
  socket.on('error', () => resolve(false));
});

interface Started { child: ChildProcess; port: number; stderr: () => string; stderrClosed: Promise<void> }

/** Starts `command args` as a supervisor would (its own pipes and process group, no shell) and resolves once the server listens. */
function start(command: string, args: string[]): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}` };
  delete env.LINKDESK_DATA_DIR;
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => { err += d; });
  const stderrClosed = new Promise<void>((resolve) => child.stderr!.once('close', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${command} exited (${code}) before listening: ${err}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const m = /^Linkdesk listening on http:\/\/127\.0\.0\.1:(\d+)$/.exec(line);
      if (m) { child.removeAllListeners('exit'); resolve({ child, port: Number(m[1]), stderr: () => err, stderrClosed }); }
    });
  });
}

/** Polls (every 100 ms, for at most `ms`) until the port is free and no process names `dir`. */
async function goneWithin(ms: number, port: number, dir: string): Promise<{ answering: boolean; left: number[] }> {
  const deadline = performance.now() + ms;
  for (;;) {
    const state = { answering: await portAnswers(port), left: processesOf(dir) };
    if ((!state.answering && !state.left.length) || performance.now() > deadline) return state;
    await new Promise((r) => setTimeout(r, 100));
  }
}

type Stop = 'SIGTERM' | 'SIGINT' | 'Ctrl-C';
const npmArgs = (dir: string) => ['--port', '0', '--data-dir', dir, '--no-titles', '--no-health-checks'];
// SIGINT to npm's own pid is not among them: npm passes it to its `sh -c`, and
// the shell holds it until its command ends (dash: it catches SIGINT in -c
// mode); nothing a script runs can learn of it. A terminal's Ctrl-C reaches
// the whole process group instead.
const ways: [string, string, (dir: string) => string[], Stop[]][] = [
  ['npm run serve', 'npm', (dir) => ['run', 'serve', '--', ...npmArgs(dir)], ['SIGTERM', 'Ctrl-C']],
  ['npm run linkdesk -- serve', 'npm', (dir) => ['run', 'linkdesk', '--', 'serve', ...npmArgs(dir)], ['SIGTERM', 'Ctrl-C']],
  ['npx linkdesk serve', 'npx', (dir) => ['--no', 'linkdesk', 'serve', ...npmArgs(dir)], ['SIGTERM', 'Ctrl-C']],
  ['node bin/linkdesk.mjs serve', process.execPath, (dir) => [BIN, 'serve', ...npmArgs(dir)], ['SIGTERM', 'SIGINT', 'Ctrl-C']],
];
const cases = ways.flatMap(([name, command, argsFor, stops]) => stops.map((stop) => [name, stop, command, argsFor] as const));

describe('stopping what a supervisor started', () => {
  it.each(cases)('%s, %s: the port is free and no server process is left within 10 s, after a graceful stop', async (_name, how, command, argsFor) => {
    const dir = mkdtempSync(path.join(work, 'd'));
    const s = await start(command, argsFor(dir));
    expect(processesOf(dir).length).toBeGreaterThan(0);
    // Ctrl-C: the terminal signals the whole foreground process group.
    if (how === 'Ctrl-C') process.kill(-s.child.pid!, 'SIGINT');
    else process.kill(s.child.pid!, how);
    expect(await goneWithin(10_000, s.port, dir)).toEqual({ answering: false, left: [] });
    await s.stderrClosed; // everything the server wrote is in
    expect(s.stderr()).toContain('"msg":"stopped"');
    expect(s.stderr()).not.toContain('stopping at once');
  });
});

describe('a SIGTERM in the first seconds (issue 46: docker stop right after the health check passed)', () => {
  it('stops gracefully while the server still warms up: exit 0, "stopped" logged, and the warm-up\'s line never printed', async () => {
    // The port is picked before the server starts, so another test's server may take it first (a loaded run
    // did: the SIGTERM went to a server that had not yet listened): only our own server's answer counts.
    let child: ChildProcess | undefined;
    let exit!: Promise<number | null>;
    let out = '';
    let err = '';
    for (let attempt = 1; !child; attempt++) {
      const dir = path.join(work, `early-${attempt}`);
      const port = await new Promise<number>((resolve) => {
        const s = createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as AddressInfo).port; s.close(() => resolve(p)); });
      });
      const c = spawn(process.execPath, [...SERVICE_FLAGS, BIN, 'serve', '--port', String(port), '--data-dir', dir, '--no-titles', '--no-health-checks'],
        { stdio: ['ignore', 'pipe', 'pipe'] });
      out = '';
      err = '';
      c.stdout!.on('data', (d: Buffer) => { out += d; });
      c.stderr!.on('data', (d: Buffer) => { err += d; });
      let gone = false;
      const exited = new Promise<number | null>((resolve) => c.once('exit', (code) => { gone = true; resolve(code); }));
      // The moment a health check passes: /healthz answers before the warm-up's requests are done.
      while (!gone) {
        const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status === 200, () => false);
        if (ok) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      if (!gone && listensOn(c.pid!, port)) { child = c; exit = exited; break; }
      c.kill('SIGKILL');
      await exited;
      expect(attempt, gone ? `the server exited before it answered: ${err}` : `port ${port} was answered by another process, three times`).toBeLessThan(3);
    }
    const early = !out.includes('Linkdesk listening on');
    child.kill('SIGTERM');
    const code = await Promise.race([exit, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 10_000))]);
    if (code === 'hung') child.kill('SIGKILL');
    expect(early, 'the signal came after the warm-up: this case did not test the window it is about').toBe(true);
    expect(code, err).toBe(0);
    expect(err).toContain('"msg":"stopped"');
    expect(out).not.toContain('Linkdesk listening on');
  });
});

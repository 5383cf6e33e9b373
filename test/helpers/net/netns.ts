// A private network namespace (unshare -n, as root): servers started inside it
// listen on its own loopback, which nothing outside can reach. The test reaches
// a chosen port inside only through `expose`, a port on this namespace's
// 127.0.0.1 joined to it by a unix socket (the file system is shared, the
// network is not) — which is how a forward proxy inside is offered to the client
// while the server behind it stays out of the client's reach.
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface Exposed { port: number; close(): Promise<void> }
export interface Namespace {
  readonly pid: number;
  /** Runs a command inside the namespace (nsenter); killed by close(). */
  spawn(cmd: string, args: string[], opts?: SpawnOptions): ChildProcess;
  /** Runs a command inside and waits for it (e.g. `ip addr add`). */
  run(cmd: string, args: string[]): void;
  /** A port on 127.0.0.1 out here that leads to host:port in there. */
  expose(host: string, port: number): Promise<Exposed>;
  /** Resolves once something accepts connections at host:port inside. */
  listening(host: string, port: number): Promise<void>;
  close(): Promise<void>;
}

const BRIDGE = path.join(import.meta.dirname, 'ns-bridge.mjs');

/** Why a namespace cannot be made here, or null. */
export function namespaceProblem(): string | null {
  const r = spawnSync('unshare', ['-n', 'true'], { encoding: 'utf8' });
  if (r.error) return `unshare is not installed (${r.error.message})`;
  if (r.status !== 0) return `unshare -n failed (${r.stderr.trim()}); these tests need root (CAP_SYS_ADMIN), as in .ci/run`;
  return null;
}

/** Opens the unix socket to the bridge and asks for host:port; the socket after "OK", or the error code. */
function dial(sock: string, host: string, port: number): Promise<Socket | string> {
  return new Promise((resolve) => {
    const s = connect(sock);
    let head = '';
    const onData = (b: Buffer) => {
      head += b.toString('latin1');
      const nl = head.indexOf('\n');
      if (nl < 0) return;
      s.off('data', onData);
      const line = head.slice(0, nl);
      if (line !== 'OK') { s.destroy(); resolve(line.replace(/^ERR /, '')); return; }
      const rest = Buffer.from(head.slice(nl + 1), 'latin1');
      s.pause();
      if (rest.length) s.unshift(rest);
      resolve(s);
    };
    s.on('data', onData);
    s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'EFAIL'));
    s.write(`${host} ${port}\n`);
  });
}

export async function openNamespace(): Promise<Namespace> {
  const dir = mkdtempSync(path.join(tmpdir(), 'linkdesk-ns-'));
  const sock = path.join(dir, 'bridge.sock');
  const holder = spawn('unshare', ['-n', '--', 'sh', '-c', 'ip link set lo up && exec "$0" "$@"', process.execPath, BRIDGE, sock], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  holder.stderr!.on('data', (d) => { err += String(d); });
  await new Promise<void>((resolve, reject) => {
    holder.once('exit', (code) => reject(new Error(`the namespace's bridge exited ${code}: ${err}`)));
    createInterface({ input: holder.stdout! }).once('line', () => { holder.removeAllListeners('exit'); resolve(); });
  });
  const children: ChildProcess[] = [];
  const exposed: Exposed[] = [];
  const pid = holder.pid!;
  const ns: Namespace = {
    pid,
    spawn(cmd, args, opts = {}) {
      const child = spawn('nsenter', ['-t', String(pid), '-n', '--', cmd, ...args], { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
      children.push(child);
      return child;
    },
    run(cmd, args) {
      const r = spawnSync('nsenter', ['-t', String(pid), '-n', '--', cmd, ...args], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed in the namespace: ${r.stderr}`);
    },
    async expose(host, port) {
      const sockets = new Set<Socket>();
      const server = createServer(async (client) => {
        sockets.add(client);
        client.pause();
        client.on('error', () => client.destroy());
        const up = await dial(sock, host, port);
        if (typeof up === 'string') { client.destroy(); return; } // refused inside: refused outside
        sockets.add(up);
        up.on('error', () => { up.destroy(); client.destroy(); });
        client.on('close', () => up.destroy());
        up.on('close', () => client.destroy());
        client.pipe(up).pipe(client);
        client.resume();
        up.resume();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const e: Exposed = {
        port: (server.address() as { port: number }).port,
        close: () => new Promise<void>((resolve) => { for (const s of sockets) s.destroy(); server.close(() => resolve()); }),
      };
      exposed.push(e);
      return e;
    },
    async listening(host, port) {
      // Waits on a condition (a successful connect), with a bounded number of tries.
      for (let i = 0; i < 400; i++) {
        const r = await dial(sock, host, port);
        if (typeof r !== 'string') { r.destroy(); return; }
        await new Promise((res) => setTimeout(res, 25));
      }
      throw new Error(`nothing listens at ${host}:${port} in the namespace`);
    },
    async close() {
      await Promise.all(exposed.map((e) => e.close()));
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
      await Promise.all(children.map((c) => (c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => c.once('exit', r)))));
      holder.kill('SIGTERM');
      if (holder.exitCode === null) await new Promise((r) => holder.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return ns;
}

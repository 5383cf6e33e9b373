// Real servers for network tests, inside a namespace or out here: `linkdesk
// serve` (the headless server, as a host runs it), Debian's tinyproxy, and a
// TLS front (tls-front.mjs) that ends https in front of a plain-http server.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { BIN, linkdesk, SERVICE_FLAGS } from '../cli.ts';
import type { Namespace } from './netns.ts';

/** The tinyproxy binary, or null (the proxy tests then skip, naming it). */
export const TINYPROXY: string | null = (() => {
  const r = spawnSync('sh', ['-c', 'command -v tinyproxy'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
})();

/** Waits for a line on the child's stdout matching `re`; the match. */
export function lineOf(child: ChildProcess, re: RegExp, what: string): Promise<RegExpExecArray> {
  let err = '';
  child.stderr?.on('data', (d) => { err += String(d); });
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${what} exited ${code}: ${err.slice(-2000)}`));
    child.once('exit', onExit);
    const rl = createInterface({ input: child.stdout! });
    rl.on('line', (line) => {
      const m = re.exec(line);
      if (m) { child.off('exit', onExit); rl.close(); resolve(m); }
    });
  });
}

const serveEnv = () => {
  const env = { ...process.env };
  delete env.LINKDESK_DATA_DIR;
  return env;
};

export interface Served { url: string; key: string; child: ChildProcess }

/** `linkdesk serve` with a fresh user and key, in the namespace when one is given. */
export async function serveLinkdesk(ns: Namespace | null, o: { host: string; port: number; dataDir: string }): Promise<Served> {
  const made = linkdesk(['keys', 'create', '--name', 'owner', '--data-dir', o.dataDir]);
  if (made.status !== 0) throw new Error(`keys create failed: ${made.stderr}`);
  const args = [...SERVICE_FLAGS, BIN, 'serve', '--host', o.host, '--port', String(o.port), '--data-dir', o.dataDir, '--rate-limit', '0'];
  const child = ns ? ns.spawn(process.execPath, args, { env: serveEnv() }) : spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: serveEnv() });
  const m = await lineOf(child, /^Linkdesk listening on (http:\/\/\S+)$/, 'linkdesk serve');
  return { url: m[1]!, key: made.lastLine, child };
}

/** tinyproxy listening on 127.0.0.1:port in the namespace; `auth` asks for Basic credentials, `denyAll` refuses every destination. */
export async function tinyproxy(ns: Namespace, dir: string, o: { port: number; auth?: { user: string; password: string }; denyAll?: boolean }): Promise<{ log(): string }> {
  const conf = path.join(dir, `tinyproxy-${o.port}.conf`);
  const filter = path.join(dir, `tinyproxy-${o.port}.filter`);
  writeFileSync(filter, '');
  writeFileSync(conf, [
    `Port ${o.port}`, 'Listen 127.0.0.1', 'Timeout 30', 'MaxClients 50', 'Allow 127.0.0.1', 'LogLevel Connect', 'DisableViaHeader Yes',
    ...(o.auth ? [`BasicAuth ${o.auth.user} ${o.auth.password}`] : []),
    ...(o.denyAll ? [`Filter "${filter}"`, 'FilterDefaultDeny Yes', 'FilterURLs Off'] : []),
    '',
  ].join('\n'));
  const child = ns.spawn(TINYPROXY!, ['-d', '-c', conf]);
  let log = '';
  child.stdout!.on('data', (d) => { log += String(d); });
  child.stderr!.on('data', (d) => { log += String(d); });
  await ns.listening('127.0.0.1', o.port);
  /** Its log: a "Request" line for each request it was asked to pass on. */
  return { log: () => log };
}

/** A TLS front on host:port (0: any) for backendPort, in the namespace when one is given; resolves to its port. */
export async function tlsFront(ns: Namespace | null, dir: string, o: {
  host: string; port: number; backendPort: number; certFile: string; keyFile: string; clientCaFile?: string; maxVersion?: string; name: string;
}): Promise<{ port: number; child: ChildProcess }> {
  const config = path.join(dir, `front-${o.name}.json`);
  writeFileSync(config, JSON.stringify({
    host: o.host, port: o.port, backendHost: '127.0.0.1', backendPort: o.backendPort, cert: o.certFile, key: o.keyFile,
    ...(o.clientCaFile ? { clientCa: o.clientCaFile } : {}), ...(o.maxVersion ? { maxVersion: o.maxVersion } : {}),
  }));
  const script = path.join(import.meta.dirname, 'tls-front.mjs');
  const child = ns ? ns.spawn(process.execPath, [script, config]) : spawn(process.execPath, [script, config], { stdio: ['ignore', 'pipe', 'pipe'] });
  const m = await lineOf(child, /^listening (\d+)$/, 'tls-front');
  return { port: Number(m[1]), child };
}

export const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => existsSync(p)) ?? null;

/**
 * HAProxy ending TLS on 127.0.0.1:port in front of backendPort, asking for a client certificate its
 * CA signed (as deploy/ would with `verify required`): unlike node:tls it answers a missing or
 * unknown client certificate with the TLS alert real servers send.
 */
export async function haproxyMtlsFront(dir: string, o: { port: number; backendPort: number; certFile: string; keyFile: string; clientCaFile: string }): Promise<ChildProcess> {
  if (!HAPROXY) throw new Error('haproxy is not installed (Debian package haproxy; .ci/run installs it)');
  const combined = path.join(dir, `haproxy-${o.port}.pem`);
  writeFileSync(combined, readFileSync(o.certFile, 'utf8') + readFileSync(o.keyFile, 'utf8'), { mode: 0o600 });
  const cfg = path.join(dir, `haproxy-${o.port}.cfg`);
  writeFileSync(cfg, [
    'global', '  log stderr format short local0 notice', 'defaults', '  mode tcp', '  timeout connect 5s', '  timeout client 30s', '  timeout server 30s',
    'frontend tls', `  bind 127.0.0.1:${o.port} ssl crt ${combined} ca-file ${o.clientCaFile} verify required`, '  default_backend app',
    'backend app', `  server app 127.0.0.1:${o.backendPort}`, '',
  ].join('\n'));
  const child = spawn(HAPROXY, ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'pipe'] });
  // Ready once it accepts connections (a condition, with a bounded number of tries).
  for (let i = 0; ; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const s = connect(o.port, '127.0.0.1');
      s.once('connect', () => { s.destroy(); resolve(true); });
      s.once('error', () => resolve(false));
    });
    if (up) return child;
    if (i > 400 || child.exitCode !== null) throw new Error('haproxy did not start');
    await new Promise((r) => setTimeout(r, 25));
  }
}

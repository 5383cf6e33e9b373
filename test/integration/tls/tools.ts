// The real parts issue 35's tests start on loopback, from Debian's packages:
// dnsmasq (a DNS server answering the records a test names), pebble (an ACME
// server; PEBBLE_VA_ALWAYS_VALID=1 skips the challenges, which would need
// this machine to be reachable under the test's names) and caddy with the
// repository's Caddyfile. Each is stopped by the test that started it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { Resolver } from 'node:dns/promises';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Agent, fetch } from 'undici';
import { freePort } from '../../helpers/postgres.ts';

export const REPO = path.resolve(import.meta.dirname, '../../..');
/** Where a tool is: on PATH, or in /usr/sbin (dnsmasq, not on a user's PATH). */
export function which(tool: string): string | null {
  const found = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  return spawnSync('test', ['-x', `/usr/sbin/${tool}`]).status === 0 ? `/usr/sbin/${tool}` : null;
}
/** Tools not installed, for a skip that names them (.ci/run installs them all). */
export const missing = (...tools: string[]) => tools.filter((t) => !which(t));

export interface Started { child: ChildProcess; output(): string; stop(): Promise<void> }

/** Spawns `cmd`, resolving once a line of its output matches `ready` (its whole output goes into errors). */
function start(cmd: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp, what: string): Promise<Started> {
  const child = spawn(which(cmd) ?? cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const stop = () => new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`${what} did not start:\n${out}`)); }, 20_000);
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`${what} exited (${code}):\n${out}`)); });
    child.once('error', (err) => { clearTimeout(timer); reject(err); });
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => {
        out += `${line}\n`;
        if (!ready.test(line)) return;
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve({ child, output: () => out, stop });
      });
    }
  });
}

export interface DnsServer extends Started { server: string }

/**
 * dnsmasq answering only what `hosts` names (name → address), `cnames` (name
 * → a name in `hosts`), and NXDOMAIN for every other name under `.test`.
 */
export async function startDnsmasq(hosts: Record<string, string>, cnames: Record<string, string> = {}): Promise<DnsServer> {
  const port = await freePort();
  const args = ['--keep-in-foreground', '--conf-file=/dev/null', '--no-resolv', '--no-hosts', '--bind-interfaces', '--listen-address=127.0.0.1',
    `--port=${port}`, '--local=/test/', '--log-facility=-', ...Object.entries(hosts).map(([n, a]) => `--host-record=${n},${a}`),
    ...Object.entries(cnames).map(([n, t]) => `--cname=${n},${t}`)];
  const s = await start('dnsmasq', args, {}, /started, version/, 'dnsmasq');
  // It logs "started" as it begins; its sockets are bound by the time it answers.
  const server = `127.0.0.1:${port}`;
  const r = new Resolver({ timeout: 200, tries: 1 });
  r.setServers([server]);
  for (let i = 0; ; i++) {
    try {
      await r.resolve4('ready-probe.test');
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOTFOUND') break; // an answer: NXDOMAIN
      if (i > 50) throw err;
    }
  }
  return { ...s, server };
}

/** A self-signed certificate and its key made by openssl, as files `<name>-cert.pem` and `<name>-key.pem` in `dir`. */
export function selfSigned(dir: string, name: string, subject: string, altNames: string): { cert: string; key: string } {
  const [cert, key] = [path.join(dir, `${name}-cert.pem`), path.join(dir, `${name}-key.pem`)];
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert,
    '-days', '1', '-subj', subject, '-addext', `subjectAltName=${altNames}`], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`openssl: ${made.stderr}`);
  return { cert, key };
}

export interface Pebble extends Started {
  directory: string;
  /** pebble's own HTTPS certificate (for its directory), a file path. */
  httpsCert: string;
  /** The root its certificates chain to, PEM (new on every start). */
  root: string;
}

/** pebble on free loopback ports, with a certificate for its HTTPS made here (Debian ships none). */
export async function startPebble(dir: string): Promise<Pebble> {
  mkdirSync(dir, { recursive: true });
  const { cert, key } = selfSigned(dir, 'pebble', '/CN=localhost', 'IP:127.0.0.1,DNS:localhost');
  const [port, management, http, tls] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const config = path.join(dir, 'pebble.json');
  writeFileSync(config, JSON.stringify({
    pebble: {
      listenAddress: `127.0.0.1:${port}`, managementListenAddress: `127.0.0.1:${management}`, certificate: cert, privateKey: key,
      httpPort: http, tlsPort: tls, ocspResponderURL: '', externalAccountBindingRequired: false,
    },
  }));
  const env = { PATH: process.env.PATH, PEBBLE_VA_ALWAYS_VALID: '1', PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0' };
  const s = await start('pebble', ['-config', config], env, /ACME directory available at/, 'pebble');
  const dispatcher = new Agent({ connect: { ca: readFileSync(cert) } });
  try {
    const res = await fetch(`https://127.0.0.1:${management}/roots/0`, { dispatcher });
    return { ...s, directory: `https://127.0.0.1:${port}/dir`, httpsCert: cert, root: await res.text() };
  } finally {
    await dispatcher.close();
  }
}

export interface Caddy extends Started { httpPort: number; httpsPort: number }

/**
 * caddy with deploy/Caddyfile. What the test changes: its ports (through the
 * file's own {$…} placeholders), and the ACME directory and its root (two
 * global options added, pebble in place of Let's Encrypt); its storage is
 * `dir` (XDG_DATA_HOME).
 */
export async function startCaddy(dir: string, upstream: string, pebble: Pebble, ports: { httpPort: number; httpsPort: number }): Promise<Caddy> {
  mkdirSync(dir, { recursive: true });
  const original = readFileSync(path.join(REPO, 'deploy/Caddyfile'), 'utf8');
  const withPebble = original.replace(/^\{\n/m, `{\n\tacme_ca ${pebble.directory}\n\tacme_ca_root ${pebble.httpsCert}\n`);
  if (withPebble === original) throw new Error('deploy/Caddyfile has no global options block to add the ACME server to');
  const file = path.join(dir, 'Caddyfile');
  writeFileSync(file, withPebble);
  const { httpPort, httpsPort } = ports;
  const admin = await freePort();
  const env = {
    PATH: process.env.PATH, HOME: dir, XDG_DATA_HOME: path.join(dir, 'data'), XDG_CONFIG_HOME: path.join(dir, 'config'),
    CADDY_ADMIN: `127.0.0.1:${admin}`, CADDY_HTTP_PORT: String(httpPort), CADDY_HTTPS_PORT: String(httpsPort), LINKDESK_UPSTREAM: upstream,
  };
  const s = await start('caddy', ['run', '--config', file, '--adapter', 'caddyfile'], env, /serving initial configuration/, 'caddy');
  return { ...s, httpPort, httpsPort };
}

/** curl's answer: status, headers (lower-case names) and exit code; `args` come before the URL. */
export function curl(args: string[], url: string) {
  const r = spawnSync('curl', ['-s', '-S', '-D', '-', '-o', '/dev/null', '--max-time', '20', ...args, url], { encoding: 'utf8' });
  const blocks = r.stdout.split(/\r?\n\r?\n/).filter((b) => b.startsWith('HTTP/'));
  const last = blocks.at(-1) ?? '';
  const [statusLine, ...lines] = last.split(/\r?\n/);
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  return { code: r.status, status: Number(statusLine?.split(' ')[1] ?? 0), headers, stderr: r.stderr };
}

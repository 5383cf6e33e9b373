// deploy/ as far as this machine can run it: the systemd unit passes
// `systemd-analyze verify`; its ExecStart, run with the example env file and
// the unit's own Environment= (and nothing else), gives a serving instance on
// the settings it names; the HAProxy example passes `haproxy -c`. What is
// swapped, and why: /opt/linkdesk (where docs/hosting/systemd.md installs Node 24
// and the server) for this checkout and its Node, the state folder for a temp
// one, the port for a free one (tests run side by side), the certificate for
// one made here. The server tarball itself is installed the same way
// (npm ci of its npm-shrinkwrap.json) by scripts/ci-pack-check.sh.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../helpers/postgres.ts';
import { fetch } from '../../helpers/direct-fetch.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const deploy = (f: string) => path.join(root, 'deploy', f);
const work = mkdtempSync(path.join(tmpdir(), 'linkdesk-deploy-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const has = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
/** `it`, or a skip whose name says which tool is missing (.ci/run installs them all). */
const withTools = (...tools: string[]) => {
  const missing = tools.filter((t) => !has(t));
  return missing.length ? (name: string, fn: () => unknown) => it.skip(`${name} (skipped: ${missing.join(', ')} not installed)`, fn) : it;
};

const unit = readFileSync(deploy('linkdesk.service'), 'utf8');
const settingsOf = (key: string) => [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => m[1]!);
const INSTALLED_NODE = '/opt/linkdesk/node/bin/node';
const INSTALLED_APP = '/opt/linkdesk/app';
const here = (text: string) => text.replaceAll(INSTALLED_NODE, process.execPath).replaceAll(INSTALLED_APP, root);

/** KEY=VALUE lines of an env file, as systemd reads them (comments and blank lines skipped). */
function envFile(text: string): Record<string, string> {
  return Object.fromEntries(text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
}

// The server's Node flags (a lean heap, see the unit's comment).
const SERVER_FLAGS = '--max-semi-space-size=8 --max-old-space-size=512 --no-wasm-code-gc';
it('npm run serve runs the server as the unit does (compiled, with its Node flags), and one Ctrl-C stops it gracefully', async () => {
  const data = mkdtempSync(path.join(work, 'serve-'));
  // As a terminal's Ctrl-C does: SIGINT to the whole process group.
  const npm = spawn(process.execPath, ['scripts/serve.mjs', '--port', '0', '--data-dir', data], { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  npm.stderr.on('data', (d: Buffer) => { err += d; });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: npm.stdout }).on('line', (l) => { if (l.startsWith('Linkdesk listening on')) resolve(l); });
    npm.once('exit', (code) => reject(new Error(`npm run serve exited (${code}): ${err}`)));
  });
  const server = spawnSync('pgrep', ['-f', `${path.join(root, 'dist/server/bin/linkdesk.mjs')} serve --port 0 --data-dir ${data}`], { encoding: 'utf8' }).stdout.trim();
  const argv = readFileSync(`/proc/${server}/cmdline`, 'utf8').split('\0');
  expect(argv.slice(1, 2 + SERVER_FLAGS.split(' ').length).join(' ')).toBe(`${SERVER_FLAGS} ${path.join(root, 'dist/server/bin/linkdesk.mjs')}`);
  expect((await fetch(`${line.slice('Linkdesk listening on '.length)}/healthz`)).status).toBe(200);
  process.kill(-npm.pid!, 'SIGINT');
  const code = await new Promise((resolve) => npm.once('exit', resolve));
  expect(code).toBe(0);
  expect(err).toContain('"msg":"stopped"');
  expect(err).not.toContain('stopping at once');
});

describe('the systemd unit', () => {
  withTools('systemd-analyze')('passes systemd-analyze verify, with Node and the server where this machine has them', () => {
    const copy = path.join(work, 'linkdesk.service');
    writeFileSync(copy, here(unit).replace('/etc/linkdesk/linkdesk.env', deploy('linkdesk.env.example')));
    const r = spawnSync('systemd-analyze', ['verify', '--man=no', copy], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    // What the README and the issue promise of it.
    expect(settingsOf('ExecStart')).toEqual([`${INSTALLED_NODE} ${SERVER_FLAGS} ${INSTALLED_APP}/bin/linkdesk.mjs serve`]);
    for (const [key, value] of [['User', 'linkdesk'], ['StateDirectory', 'linkdesk'], ['EnvironmentFile', '/etc/linkdesk/linkdesk.env'],
      ['NoNewPrivileges', 'yes'], ['ProtectSystem', 'strict'], ['ProtectHome', 'yes'], ['PrivateTmp', 'yes']]) {
      expect(settingsOf(key!), key).toEqual([value]);
    }
  });

  it('its ExecStart with the example env file (and nothing else) serves on the settings the file names', async () => {
    const [exec] = settingsOf('ExecStart');
    const state = path.join(work, 'state');
    const port = await freePort();
    const env: Record<string, string> = {
      ...Object.fromEntries(settingsOf('Environment').map((e) => e.split('=') as [string, string])),
      ...envFile(readFileSync(deploy('linkdesk.env.example'), 'utf8')),
    };
    expect(env).toMatchObject({ LINKDESK_HOST: '127.0.0.1', LINKDESK_BASE_URL: 'https://short.example', LINKDESK_TRUST_PROXY: '127.0.0.1' });
    expect(env.LINKDESK_DATA_DIR).toBe('%S/linkdesk');
    env.LINKDESK_DATA_DIR = path.join(state, 'linkdesk');
    env.LINKDESK_PORT = String(port);
    const [bin, ...args] = here(exec!).split(' ');
    const key = spawnSync(bin!, [...args.slice(0, -1), 'keys', 'create', '--name', 'admin'], { env, encoding: 'utf8' }).stdout.trim().split('\n').at(-1)!;
    expect(key).toMatch(/^ldk_/);
    const child = spawn(bin!, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`serve exited ${code}`)));
        createInterface({ input: child.stdout! }).on('line', (line) => {
          const m = /^Linkdesk listening on (\S+)$/.exec(line);
          if (m) resolve(m[1]!);
        });
      });
      expect(url).toBe(`http://127.0.0.1:${port}`);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const made = await fetch(`${url}/api/v1/links`, {
        method: 'POST', headers: { authorization: `Bearer ${key}` }, body: new URLSearchParams({ url: 'https://example.com/', alias: 'deployed' }),
      });
      expect(((await made.json()) as { data: { short_url: string } }).data.short_url).toBe('https://short.example/deployed');
      // LINKDESK_TRUST_PROXY=127.0.0.1: HAProxy's X-Forwarded-For is believed (the visitor's country comes from it).
      const hop = await fetch(`${url}/deployed`, { redirect: 'manual', headers: { 'x-forwarded-for': '8.8.8.8' } });
      expect(hop.status).toBe(302);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  });
});

describe('the HAProxy example', () => {
  withTools('haproxy', 'openssl')('passes haproxy -c, ending TLS with a certificate in the place it names', () => {
    const cfg = readFileSync(deploy('haproxy.cfg'), 'utf8');
    const certPath = /crt (\S+)/.exec(cfg)![1]!;
    const key = path.join(work, 'key.pem');
    const cert = path.join(work, 'cert.pem');
    const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=short.example'], { encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
    const pem = path.join(work, 'short.example.pem');
    writeFileSync(pem, readFileSync(cert, 'utf8') + readFileSync(key, 'utf8'));
    const copy = path.join(work, 'haproxy.cfg');
    writeFileSync(copy, cfg.replace(certPath, pem));
    const r = spawnSync('haproxy', ['-c', '-f', copy], { encoding: 'utf8' });
    expect(r.stdout + r.stderr).toContain('Configuration file is valid');
    expect(r.status).toBe(0);
    // The base URL the env file gives is what this serves: https, with plain http sent there.
    expect(cfg).toMatch(/^\s+bind :443 ssl crt /m);
    expect(cfg).toMatch(/^\s+http-request redirect scheme https .*unless \{ ssl_fc \}/m);
  });
});

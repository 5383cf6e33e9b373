// `linkdesk serve` as an operator runs it: options from LINKDESK_* variables
// (an env file, a systemd unit), flags beating them, mistakes naming the
// variable; a second Ctrl-C that ends a graceful stop at once; the old name
// of --allow-private-addresses; and a client that drips its headers right
// after start, cut off at the promised 20 s.
import { connect } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, jsonLines, linkdesk, serve, stop } from '../../helpers/cli.ts';
import { fetch } from '../../helpers/direct-fetch.ts';

const work = mkdtempSync(path.join(tmpdir(), 'linkdesk-serve-env-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let n = 0;
const envWith = (vars: Record<string, string>) => {
  const env: NodeJS.ProcessEnv = { ...process.env, LINKDESK_DATA_DIR: path.join(work, `d${++n}`), ...vars };
  return env;
};

async function withKey(env: NodeJS.ProcessEnv): Promise<string> {
  const made = linkdesk(['keys', 'create', '--name', `op${n}`], { env });
  expect(made.status, made.stderr).toBe(0);
  return made.lastLine;
}

describe('serve from the environment', () => {
  it('takes every setting from LINKDESK_* variables alone', async () => {
    const env = envWith({
      LINKDESK_PORT: '0', LINKDESK_HOST: '127.0.0.1', LINKDESK_BASE_URL: 'https://short.example', LINKDESK_REDIRECT_STATUS: '301',
      LINKDESK_RATE_LIMIT: '3', LINKDESK_TIMEZONE: 'Europe/Berlin', LINKDESK_NO_TITLES: '1', LINKDESK_NO_HEALTH_CHECKS: 'true', LINKDESK_LOG: 'yes',
    });
    const key = await withKey(env);
    const s = await serve([], { env });
    try {
      const api = (p: string, init: RequestInit = {}) => fetch(`${s.url}/api/v1${p}`, { ...init, headers: { authorization: `Bearer ${key}`, ...init.headers } });
      const made = await api('/links', { method: 'POST', body: new URLSearchParams({ url: 'https://example.com/x', alias: 'envy', expiration_date: '2099-06-01', expiration_time: '12:00' }) });
      const link = (await made.json()) as { data: { short_url: string; ends_at: string; id: number } };
      expect(link.data.short_url).toBe('https://short.example/envy'); // LINKDESK_BASE_URL
      expect(link.data.ends_at).toBe('2099-06-01T10:00:00Z'); // LINKDESK_TIMEZONE (CEST)
      const hop = await fetch(`${s.url}/envy`, { redirect: 'manual' });
      expect(hop.status).toBe(301); // LINKDESK_REDIRECT_STATUS
      expect((await api(`/links/${link.data.id}/health-check`, { method: 'POST' })).status).toBe(409); // LINKDESK_NO_HEALTH_CHECKS
      const limited = [await api('/account'), await api('/account'), await api('/account')];
      expect(limited.map((r) => r.status)).toContain(429); // LINKDESK_RATE_LIMIT=3 (a minute)
      expect(jsonLines(s.stderr()).some((l) => (l.req as { url?: string } | undefined)?.url === '/envy')).toBe(true); // LINKDESK_LOG
    } finally {
      await stop(s);
    }
  });

  it('a flag beats its variable', async () => {
    const env = envWith({ LINKDESK_PORT: '0', LINKDESK_BASE_URL: 'https://from-env.example', LINKDESK_REDIRECT_STATUS: '301' });
    const key = await withKey(env);
    const s = await serve(['--base-url', 'https://from-flag.example', '--redirect-status', '307'], { env });
    try {
      const made = await fetch(`${s.url}/api/v1/links`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: new URLSearchParams({ url: 'https://example.com/', alias: 'flag' }) });
      expect(((await made.json()) as { data: { short_url: string } }).data.short_url).toBe('https://from-flag.example/flag');
      expect((await fetch(`${s.url}/flag`, { redirect: 'manual' })).status).toBe(307);
    } finally {
      await stop(s);
    }
  });

  it('a bad value is a usage mistake (exit 2) that names the variable, not the flag', () => {
    for (const [vars, message] of [
      [{ LINKDESK_PORT: 'eighty' }, 'LINKDESK_PORT: must be 0-65535'],
      [{ LINKDESK_REDIRECT_STATUS: '303' }, 'LINKDESK_REDIRECT_STATUS: must be one of 301, 302, 307, 308'],
      [{ LINKDESK_NO_TITLES: 'maybe' }, 'LINKDESK_NO_TITLES="maybe": must be 1 or 0'],
      [{ LINKDESK_TRUST_PROXY: 'not an address' }, 'LINKDESK_TRUST_PROXY: '],
      [{ LINKDESK_LOG: '1', LINKDESK_QUIET: '1' }, 'LINKDESK_LOG and LINKDESK_QUIET contradict each other'],
    ] as const) {
      const r = linkdesk(['serve'], { env: envWith(vars) });
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr).toContain(message);
    }
    const flagged = linkdesk(['serve', '--port', 'eighty'], { env: envWith({ LINKDESK_PORT: '0' }) });
    expect(flagged.stderr).toContain('--port: must be 0-65535');
  });

  it('serve --help names each option\'s variable', () => {
    const help = linkdesk(['serve', '--help']).stdout;
    for (const [flag, variable] of [['--host', 'LINKDESK_HOST'], ['--port', 'LINKDESK_PORT'], ['--base-url', 'LINKDESK_BASE_URL'],
      ['--trust-proxy', 'LINKDESK_TRUST_PROXY'], ['--allow-private-addresses', 'LINKDESK_ALLOW_PRIVATE_ADDRESSES'], ['--no-titles', 'LINKDESK_NO_TITLES']]) {
      expect(help).toMatch(new RegExp(`\\n  ${flag}\\b[\\s\\S]*?env: ${variable}\\n`));
    }
  });
});

describe('stopping', () => {
  it('a second Ctrl-C ends a graceful stop at once and says what was left undone', async () => {
    const env = envWith({});
    const key = await withKey(env);
    const s = await serve(['--port', '0'], { env });
    // A request whose body never finishes keeps the graceful stop waiting.
    const { port } = new URL(s.url);
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(
      `POST /api/v1/links HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nurl=`,
    ));
    socket.on('error', () => {});
    await new Promise((r) => socket.once('connect', r));
    await new Promise((r) => setTimeout(r, 300)); // the server has the headers and waits for the body
    s.child.kill('SIGINT');
    await new Promise((r) => setTimeout(r, 300));
    expect(s.child.exitCode, s.stderr()).toBeNull(); // still finishing
    s.child.kill('SIGINT');
    const end = await exited(s.child);
    socket.destroy();
    expect(end.code).toBe(130);
    expect(s.stderr()).toContain('SIGINT again: stopping at once; requests still in flight were cut off');
  });

  it('--allow-private-titles still works, with a line naming the new option', async () => {
    const s = await serve(['--allow-private-titles'], { env: envWith({}) });
    try {
      await new Promise((r) => setTimeout(r, 100));
      expect(s.stderr()).toContain('--allow-private-titles is now called --allow-private-addresses');
    } finally {
      await stop(s);
    }
  });
});

describe('slow clients right after start', () => {
  it('a client that drips its headers from the first moment is cut off at the promised 20 s, not at 30', async () => {
    const s = await serve([], { env: envWith({}) });
    try {
      const { port } = new URL(s.url);
      const started = performance.now();
      const answer = await new Promise<{ text: string; ms: number }>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1');
        const drip = 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ' + 'a'.repeat(200);
        let i = 0;
        const timer = setInterval(() => socket.write(drip[i++]!), 500);
        let text = '';
        socket.setEncoding('utf8');
        socket.on('data', (c: string) => { text += c; clearInterval(timer); });
        // The server closes with the client's last bytes unread, so its kernel
        // may reset the connection after the 408: that is the cut-off too; the
        // answer read before it is what the test checks.
        socket.on('error', (e: NodeJS.ErrnoException) => { if (e.code !== 'ECONNRESET') reject(e); });
        socket.on('close', () => { clearInterval(timer); resolve({ text, ms: performance.now() - started }); });
      });
      expect(answer.text).toMatch(/^HTTP\/1\.1 408 /);
      // 20 s, checked once a second.
      expect(answer.ms).toBeGreaterThanOrEqual(20_000);
      expect(answer.ms).toBeLessThan(25_000);
    } finally {
      await stop(s);
    }
  });
});

import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, linkdesk, serve } from '../../helpers/cli.ts';
import { fetch } from '../../helpers/direct-fetch.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'linkdesk-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const dd = ['--data-dir', dataDir];
const root = path.resolve(import.meta.dirname, '../../..');

describe('linkdesk keys', () => {
  it('creates users and keys, lists them under a header without secrets, and revokes', async () => {
    const created = linkdesk(['keys', 'create', '--name', 'Ada', ...dd]);
    expect(created.status).toBe(0);
    expect(created.lastLine).toMatch(/^ldk_[0-9A-Za-z]{40}$/);
    const second = linkdesk(['keys', 'create', '--user', '1', ...dd]);
    expect(second.status).toBe(0);
    expect(second.lastLine).not.toBe(created.lastLine);

    const listed = linkdesk(['keys', 'list', ...dd]);
    const [header, ...rows] = listed.stdout.trimEnd().split('\n');
    expect(header!.split(/\s{2,}/)).toEqual(['ID', 'NAME', 'USER', 'KEY', 'MADE BY', 'CREATED', 'LAST USED', 'STATUS', 'ACCESS']);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('1 (Ada)');
    // Aligned: every row's KEY cell starts where the header's does.
    for (const r of rows) expect(r.indexOf('ldk_')).toBe(header!.indexOf('KEY'));
    expect(listed.stdout).not.toContain(created.lastLine);
    expect(listed.stdout).not.toContain(created.lastLine.slice(12));

    const server = await serve(dd);
    try {
      const ask = (key: string) => fetch(`${server.url}/api/v1/account`, { headers: { authorization: `Bearer ${key}` } });
      expect((await ask(created.lastLine)).status).toBe(200);
      expect(linkdesk(['keys', 'revoke', '1', ...dd]).status).toBe(0);
      expect((await ask(created.lastLine)).status).toBe(401);
      expect((await ask(second.lastLine)).status).toBe(200);
    } finally {
      server.child.kill('SIGINT');
      await exited(server.child);
    }
    expect(linkdesk(['keys', 'list', ...dd]).stdout.split('\n')[1]).toMatch(/\srevoked \d{4}-/);
  });

  it('refuses a second user of the same name, pointing at --user to add a key instead', () => {
    const dir = ['--data-dir', path.join(dataDir, 'twice')];
    expect(linkdesk(['keys', 'create', '--name', 'alice', ...dir]).status).toBe(0);
    const twice = linkdesk(['keys', 'create', '--name', 'alice', ...dir]);
    expect(twice.status).toBe(1);
    expect(twice.stderr).toContain('A user named alice exists already (user 1): add a key to that user with --user 1, or choose another --name');
    expect(twice.stdout).toBe('');
    expect(JSON.parse(linkdesk(['keys', 'list', '--json', ...dir]).stdout)).toHaveLength(1);
    expect(linkdesk(['keys', 'create', '--user', '1', ...dir]).status).toBe(0);
  });

  it('reports what cannot be done as a failure (exit 1), without a usage dump', () => {
    for (const [args, message] of [
      [['keys', 'revoke', '99', ...dd], 'no such key: 99'],
      [['keys', 'create', '--user', '99', ...dd], 'no such user: 99'],
      [['keys', 'revoke', '99', '--data-dir', path.join(dataDir, 'nothing-here')], 'no such key: 99'],
    ] as const) {
      const r = linkdesk(args);
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(message);
      expect(r.stderr).not.toMatch(/Usage|--help/);
    }
    linkdesk(['keys', 'create', '--name', 'Bea', ...dd]);
    const { id } = (JSON.parse(linkdesk(['keys', 'list', '--json', ...dd]).stdout) as { id: number }[]).at(-1)!;
    expect(linkdesk(['keys', 'revoke', String(id), ...dd]).status).toBe(0);
    const again = linkdesk(['keys', 'revoke', String(id), ...dd]);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already revoked');
  });
});

describe('command line usage', () => {
  it('prints help on stdout with exit 0 for every command and subcommand', () => {
    for (const args of [['--help'], ['-h'], ['help'], ['serve', '--help'], ['serve', '-h'], ['keys', '--help'],
      ['keys', 'create', '--help'], ['keys', 'list', '-h'], ['keys', 'revoke', '--help'], ['help', 'keys', 'create'],
      ['serve', '--port', 'x', '--help']]) {
      const r = linkdesk(args);
      expect(r.status, args.join(' ')).toBe(0);
      expect(r.stdout, args.join(' ')).toMatch(/^Usage: linkdesk/);
      expect(r.stderr).toBe('');
    }
    expect(linkdesk(['keys', 'create', '--help']).stdout).toContain('--user ID');
    expect(linkdesk(['serve', '--help']).stdout).toContain('--trust-proxy VALUE');
  });

  it('prints the package version for --version', () => {
    const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    const r = linkdesk(['--version']);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${version}\n`);
  });

  it('finds the version from a compiled copy, in the nearest package.json named linkdesk', async () => {
    const pkg = mkdtempSync(path.join(tmpdir(), 'linkdesk-pkg-'));
    try {
      writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'linkdesk', version: '9.8.7' }));
      // A package.json of another name on the way up is not ours.
      mkdirSync(path.join(pkg, 'electron/server'), { recursive: true });
      writeFileSync(path.join(pkg, 'electron/package.json'), JSON.stringify({ name: 'something-else', version: '1.0.0' }));
      const copy = path.join(pkg, 'electron/server/version.ts');
      copyFileSync(path.join(root, 'electron/server/version.ts'), copy);
      const { packageVersion } = await import(pathToFileURL(copy).href);
      expect(packageVersion()).toBe('9.8.7');
    } finally {
      rmSync(pkg, { recursive: true, force: true });
    }
  });

  it('refuses usage mistakes with exit 2, a message naming the flag and a hint, not the whole usage', () => {
    for (const [args, message, hint] of [
      [['serve', '--port', 'eighty'], '--port: must be 0-65535', 'serve'],
      [['serve', '--port', '70000'], '--port: must be 0-65535', 'serve'],
      [['serve', '--base-url', 'not a url'], '--base-url: not a URL', 'serve'],
      [['serve', '--redirect-status', '303'], '--redirect-status: must be one of 301, 302, 307, 308', 'serve'],
      [['serve', '--timezone', 'Mars/Olympus'], '--timezone: unknown time zone', 'serve'],
      [['serve', '--frobnicate'], 'unknown option --frobnicate', 'serve'],
      [['serve', '--port'], '--port: needs a value', 'serve'],
      [['serve', '--host', '--log'], '--host: needs a value', 'serve'],
      [['serve', '--log=yes'], '--log: takes no value', 'serve'],
      [['serve', '--log', '--quiet'], '--log and --quiet', 'serve'],
      [['serve', 'extra'], 'unexpected argument "extra"', 'serve'],
      [['keys', 'create', '--name', 'N', '--user', '1'], '--name and --user contradict', 'keys create'],
      [['keys', 'create'], 'needs --name NAME', 'keys create'],
      [['keys', 'create', '--user', 'one'], '--user: must be an id', 'keys create'],
      [['keys', 'revoke'], 'needs the key\'s ID', 'keys revoke'],
      [['keys', 'revoke', 'x'], 'ID: must be an id', 'keys revoke'],
      [['keys', 'list', '--secrets'], 'unknown option --secrets', 'keys list'],
      [['keys', 'rotate'], 'unknown command "rotate"', 'keys'],
      [['keys'], 'needs a command', 'keys'],
      [['frobnicate'], 'unknown command "frobnicate"', ''],
    ] as const) {
      const r = linkdesk([...args, ...dd]);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toContain(message);
      expect(r.stderr, args.join(' ')).toContain(`Run 'linkdesk ${hint ? `${hint} ` : ''}--help'.`);
      expect(r.stderr).not.toContain('Usage:');
      expect(r.stdout).toBe('');
    }
  });
});

describe('linkdesk serve', () => {
  it('prints the real port, finishes in-flight requests on SIGTERM and exits 0', async () => {
    const key = linkdesk(['keys', 'create', '--name', 'srv', ...dd]).lastLine;
    const server = await serve(dd);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.url).not.toMatch(/:0$/);
    // A request the server has begun (it answered 100 Continue) when SIGTERM arrives must still complete.
    const { port } = new URL(server.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    const body = JSON.stringify({ url: 'https://example.com/inflight' });
    socket.write(`POST /api/v1/links HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`);
    let answer = '';
    const ended = new Promise<void>((resolve) => socket.on('end', resolve));
    await new Promise<void>((resolve) => socket.on('data', (d) => { answer += String(d); if (answer.includes('100 Continue')) resolve(); }));
    server.child.kill('SIGTERM');
    socket.end(body);
    await ended;
    expect(answer).toMatch(/HTTP\/1\.1 201/);
    expect(await exited(server.child)).toEqual({ code: 0, signal: null });
    expect(server.stderr()).toContain('SIGTERM');
  });
});

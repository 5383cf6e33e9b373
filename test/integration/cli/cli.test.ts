import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, linkdesk, serve } from '../../helpers/cli.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'linkdesk-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const dd = ['--data-dir', dataDir];

describe('linkdesk keys', () => {
  it('creates users and keys, lists them without secrets, and revokes', async () => {
    const created = linkdesk(['keys', 'create', '--name', 'Ada', ...dd]);
    expect(created.status).toBe(0);
    expect(created.lastLine).toMatch(/^ldk_[0-9A-Za-z]{40}$/);
    const second = linkdesk(['keys', 'create', '--user', '1', ...dd]);
    expect(second.status).toBe(0);
    expect(second.lastLine).not.toBe(created.lastLine);
    expect(linkdesk(['keys', 'create', '--user', '99', ...dd]).status).toBe(2);
    expect(linkdesk(['keys', 'create', ...dd]).stderr).toContain('--name');

    const listed = linkdesk(['keys', 'list', ...dd]);
    expect(listed.stdout).toContain('user 1 (Ada)');
    expect(listed.stdout.split('\n').filter(Boolean)).toHaveLength(2);
    expect(listed.stdout).not.toContain(created.lastLine);
    expect(listed.stdout).not.toContain(created.lastLine.slice(12));

    const server = await serve(dd);
    try {
      const ask = (key: string) => fetch(`${server.url}/api/v1/account`, { headers: { authorization: `Bearer ${key}` } });
      expect((await ask(created.lastLine)).status).toBe(200);
      expect(linkdesk(['keys', 'revoke', '1', ...dd]).status).toBe(0);
      expect((await ask(created.lastLine)).status).toBe(401);
      expect((await ask(second.lastLine)).status).toBe(200);
      expect(linkdesk(['keys', 'revoke', '1', ...dd]).status).toBe(2);
    } finally {
      server.child.kill('SIGINT');
      await exited(server.child);
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

  it('refuses bad options with a clear message', () => {
    const r = linkdesk(['serve', '--redirect-status', '303', ...dd]);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('--redirect-status must be one of 301, 302, 307, 308');
    expect(linkdesk(['serve', '--port', 'eighty']).stderr).toContain('--port must be a whole number');
    expect(linkdesk(['frobnicate']).status).toBe(2);
  });
});

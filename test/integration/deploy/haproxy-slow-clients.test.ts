// The slow-client promise (README: headers within 20 s) as deployed: behind
// deploy/haproxy.cfg. HAProxy reads a request's headers whole before it passes
// them on, so the server's own header timeout never sees a dripping client; the
// proxy's `timeout http-request` is what cuts it off (its `timeout client` only
// bounds the gap between two pieces). The example's `defaults` run here with
// every timeout scaled down alike, in front of a server with the same scale.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from '../../../electron/server/app.ts';
import { freePort } from '../../helpers/postgres.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => existsSync(p));
const cfgText = readFileSync(path.resolve(import.meta.dirname, '../../../deploy/haproxy.cfg'), 'utf8');
/** Real seconds to test milliseconds: 20 s -> 500 ms. */
const SCALE = 25;
const defaults = /^defaults\n((?: .*\n|\n)*)/m.exec(cfgText)![1]!
  .split('\n').filter((l) => l.trim() && !l.trim().startsWith('#') && !/^\s*log /.test(l))
  .map((l) => l.replace(/^(\s*timeout [\w-]+ )(\d+)s$/, (_m, head: string, s: string) => `${head}${Number(s) * SCALE}`));

const dir = mkdtempSync(path.join(tmpdir(), 'linkdesk-haproxy-slow-'));
let s: TestServer;
let proxy: ChildProcess;
let port: number;

beforeAll(async () => {
  if (!HAPROXY) throw new Error('haproxy is not installed (Debian package haproxy; .ci/run installs it)');
  s = await startServer({}, { timeouts: { headers: 20 * SCALE, request: 30 * SCALE, keepAlive: 5 * SCALE, check: 10 } });
  port = await freePort();
  const cfg = path.join(dir, 'haproxy.cfg');
  writeFileSync(cfg, `defaults\n${defaults.join('\n')}\nfrontend links\n  bind 127.0.0.1:${port}\n  default_backend linkdesk\n`
    + `backend linkdesk\n  server node1 ${new URL(s.url).host}\n`);
  proxy = spawn(HAPROXY, ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'inherit'] });
  // Up once it answers a whole request.
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      request({ host: '127.0.0.1', port, path: '/healthz' }, (res) => { res.resume(); resolve(res.statusCode === 200); })
        .on('error', () => resolve(false)).end();
    });
    if (ok) break;
    await new Promise((r) => setTimeout(r, 20));
  }
});
afterAll(async () => {
  proxy?.kill();
  await s?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('slow clients behind the HAProxy example', () => {
  it('has a header deadline, the server\'s own', () => {
    expect(cfgText).toMatch(new RegExp(`^\\s*timeout http-request ${DEFAULT_TIMEOUTS.headers / 1000}s$`, 'm'));
  });

  it('cuts off a client that sends its request line at once, then a header line every 5 s, at the 20 s deadline', async () => {
    // Lines are counted, not milliseconds: the 4th comes at the deadline, the 5th after it.
    const every = 5 * SCALE;
    const { text, linesSent } = await new Promise<{ text: string; linesSent: number }>((resolve, reject) => {
      let linesSent = 0;
      let timer: NodeJS.Timeout | undefined;
      const socket = connect(port, '127.0.0.1', () => {
        socket.write('GET /api/v1/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n');
        timer = setInterval(() => {
          // Twice the request deadline with no end in sight: give up (the proxy never cut it off).
          if (linesSent >= 12) return void socket.destroy();
          if (socket.writable) socket.write(`X-Drip-${++linesSent}: a\r\n`);
        }, every);
      });
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (c: string) => { text += c; });
      socket.on('error', (e: NodeJS.ErrnoException) => { if (e.code !== 'ECONNRESET' && e.code !== 'EPIPE') reject(e); });
      socket.on('close', () => { clearInterval(timer); resolve({ text, linesSent }); });
    });
    expect(linesSent).toBeLessThanOrEqual(4);
    expect(text).toMatch(/^HTTP\/1\.[01] 408 /);
  });
});

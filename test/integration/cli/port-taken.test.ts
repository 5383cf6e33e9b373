// `linkdesk serve` on a port another process holds: it says which port, which
// process holds it (Linux tells, through /proc), and what to do, instead of a
// bare EADDRINUSE.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { linkdesk } from '../../helpers/cli.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'linkdesk-port-taken-'));
let holder: ChildProcess;
let port: number;

beforeAll(async () => {
  // Another process, listening where serve will want to.
  holder = spawn(process.execPath, ['-e', "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => console.log(s.address().port))"], { stdio: ['ignore', 'pipe', 'inherit'] });
  port = await new Promise<number>((resolve) => createInterface({ input: holder.stdout! }).once('line', (l) => resolve(Number(l))));
});
afterAll(() => {
  holder?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

it('a taken port names the port, the process holding it and what to do', () => {
  const r = linkdesk(['serve', '--port', String(port), '--data-dir', dataDir]);
  expect(r.status).toBe(1);
  expect(r.stderr).toContain(`linkdesk serve: port ${port} on 127.0.0.1 is already in use`);
  if (process.platform === 'linux') expect(r.stderr).toContain(`by process ${holder.pid} (${process.execPath} -e `);
  expect(r.stderr).toContain('choose another port: --port N (or LINKDESK_PORT=N; --port 0 picks a free one)');
  expect(r.stderr).not.toMatch(/^linkdesk: listen EADDRINUSE/m);
});

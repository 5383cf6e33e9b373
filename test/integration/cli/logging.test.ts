// What `linkdesk serve` logs on stderr: start, stop, warnings and errors as
// JSON lines by default; requests too with --log; never a key or a password.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { BIN, jsonLines, linkdesk, serve, stop } from '../../helpers/cli.ts';
import { fetch } from '../../helpers/direct-fetch.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'linkdesk-log-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const dd = ['--data-dir', dataDir, '--no-titles'];

it('logs start and stop as JSON lines by default, and no request lines', async () => {
  const key = linkdesk(['keys', 'create', '--name', 'quietly', ...dd.slice(0, 2)]).lastLine;
  const s = await serve(dd);
  expect((await fetch(`${s.url}/api/v1/account`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
  expect(await stop(s)).toEqual({ code: 0, signal: null });
  const lines = jsonLines(s.stderr());
  expect(lines.map((l) => l.msg)).toEqual(['listening', expect.stringContaining('SIGTERM'), 'stopped']);
  expect(lines[0]).toMatchObject({ level: 30, url: s.url });
  expect(s.stderr()).not.toContain('/api/v1/account');
});

it('never writes a key or a password into the log, even with --log', async () => {
  const key = linkdesk(['keys', 'create', '--name', 'loud', ...dd.slice(0, 2)]).lastLine;
  const s = await serve([...dd, '--log']);
  const auth = { authorization: `Bearer ${key}` };
  expect((await fetch(`${s.url}/api/v1/account`, { headers: auth })).status).toBe(200);
  const created = await fetch(`${s.url}/api/v1/links`, {
    method: 'POST', headers: auth,
    body: new URLSearchParams({ url: 'https://example.com/x', alias: 'logged', password: 'hunter2-link', privacy: '2', privacy_password: 'hunter2-stats' }),
  });
  expect(created.status).toBe(201);
  // A near-miss key is someone's typo of a real one: not for the log either.
  const typo = `${key.slice(0, -1)}${key.endsWith('x') ? 'y' : 'x'}`;
  expect((await fetch(`${s.url}/api/v1/account`, { headers: { authorization: `Bearer ${typo}` } })).status).toBe(401);
  expect((await fetch(`${s.url}/logged`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ password: 'hunter2-link' }) })).status).toBe(303);
  await stop(s);

  const out = s.stderr() + s.stdout();
  expect(jsonLines(s.stderr()).filter((l) => l.msg === 'incoming request').length).toBeGreaterThanOrEqual(4);
  for (const secret of [key.slice(12), key.slice(12, -1), 'hunter2-link', 'hunter2-stats']) expect(out).not.toContain(secret);
});

it('logs nothing but fatal errors with --quiet', async () => {
  const s = await serve([...dd, '--quiet']);
  await fetch(`${s.url}/nothing-here`);
  expect(await stop(s)).toEqual({ code: 0, signal: null });
  expect(s.stderr()).toBe('');
});

it('one-shot commands write their warnings for a person on a terminal, and as JSON lines into a pipe', () => {
  const folder = path.join(dataDir, 'wide');
  const dir = ['--data-dir', folder];
  expect(linkdesk(['keys', 'create', '--name', 'tty', ...dir]).status).toBe(0);
  // A folder someone opened to others: the next command tightens it and says so.
  const widen = () => chmodSync(folder, 0o755);

  widen();
  const piped = linkdesk(['keys', 'list', ...dir]);
  expect(jsonLines(piped.stderr)).toEqual([expect.objectContaining({ level: 40, msg: expect.stringContaining('was open to other users (mode 0755)') })]);

  widen();
  // `script` gives the command a real pseudo-terminal (util-linux).
  const command = [process.execPath, BIN, 'keys', 'list', ...dir].map((a) => `'${a}'`).join(' ');
  const onTty = spawnSync('script', ['-qec', command, '/dev/null'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', TERM: 'dumb' } });
  expect(onTty.status).toBe(0);
  const warning = onTty.stdout.split(/\r?\n/).find((l) => l.includes('was open to other users'));
  expect(warning).toMatch(/^\[\d\d:\d\d:\d\d\] WARN: .*wide was open to other users \(mode 0755\)/);
  expect(onTty.stdout).not.toContain('{"level"');
});

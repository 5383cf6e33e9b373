// The embedded server's log file: what a failure leaves behind for the person
// who has to find out what went wrong, and what it must never hold.
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { DB_FILE } from '../../electron/server/db/database.ts';
import { fileLoggerOptions } from '../../electron/server/util/log-options.ts';
import { openProfileStore } from '../../electron/services/instance-profiles.ts';
import { createLocalServer } from '../../electron/services/local-server.ts';
import { createMemoryStore } from '../../electron/services/secret-store.ts';
import { LOGS_DIR, openServerLog, SERVER_LOG_FILE, serverLogPathOf } from '../../electron/services/server-log.ts';
import { tempDir } from './helpers.ts';

const POSIX = process.platform !== 'win32';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
const workDir = () => {
  const t = tempDir('linkdesk-log-');
  cleanups.push(t.cleanup);
  return t.dir;
};
const modeOf = (p: string) => statSync(p).mode & 0o777;
const linesOf = (file: string) => readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, any>);

async function supervisor(dataDir: string) {
  const profiles = await openProfileStore(dataDir, 'http://127.0.0.1:8080');
  await profiles.setLocalServer({ port: 0 });
  const secrets = createMemoryStore('test');
  const server = createLocalServer({
    dataDir, account: 'local-log', secrets, config: { fetchTitles: false },
    settings: () => profiles.localServer(), saveSettings: (p) => profiles.setLocalServer(p),
  });
  cleanups.push(() => server.stop());
  return { server, secrets };
}

it('embedded server errors land in logs/server.log without secrets', async () => {
  const dataDir = workDir();
  const { server, secrets } = await supervisor(dataDir);
  const { url } = await server.start();
  const key = (await secrets.get('local-log'))!;
  expect(key).toMatch(/^ldk_/);

  // The database damaged behind the server's back: the next read of that table fails inside a route.
  const other = new Database(path.join(dataDir, DB_FILE));
  other.pragma('foreign_keys = OFF');
  other.exec('DROP TABLE pixels');
  other.close();
  const res = await fetch(`${url}/api/v1/pixels?password=hunter2-in-the-query`, {
    headers: { authorization: `Bearer ${key}`, cookie: `session=${key}` },
  });
  expect(res.status).toBe(500);
  expect(await res.json()).toEqual({ message: 'Server error.', status: 500 });
  await server.stop(); // flushes the log

  const file = serverLogPathOf(dataDir);
  expect(file).toBe(path.join(dataDir, 'logs', 'server.log'));
  if (POSIX) {
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(path.dirname(file))).toBe(0o700);
  }
  const lines = linesOf(file);
  const failures = lines.filter((l) => l.level >= 40);
  expect(failures).toHaveLength(1);
  expect(failures[0]).toMatchObject({ level: 50, msg: 'request failed', err: { message: expect.stringContaining('no such table: pixels') } });
  const text = readFileSync(file, 'utf8');
  expect(text).not.toContain(key);
  expect(text).not.toContain(key.slice(4)); // nor its secret part alone
  expect(text).not.toContain('hunter2');
});

it('a local server that cannot start says why in its log', async () => {
  const dataDir = workDir();
  mkdirSync(path.join(dataDir, DB_FILE)); // a folder where the database file should be
  const { server } = await supervisor(dataDir);
  const s = await server.start();
  expect(s.state).toBe('error');
  expect(linesOf(serverLogPathOf(dataDir))).toContainEqual(expect.objectContaining({ level: 50, msg: s.message }));
});

it('server.log is rotated by size, keeping a fixed number of older files, each 0600', async () => {
  const dataDir = workDir();
  const log = openServerLog(dataDir, { maxBytes: 2000, keep: 2 });
  for (let i = 0; i < 100; i++) log.warn(`line ${i} ${'x'.repeat(60)}`);
  await log.close();

  const dir = path.join(dataDir, LOGS_DIR);
  expect(readdirSync(dir).sort()).toEqual([SERVER_LOG_FILE, `${SERVER_LOG_FILE}.1`, `${SERVER_LOG_FILE}.2`]);
  const newest = linesOf(path.join(dir, SERVER_LOG_FILE));
  expect(newest.at(-1)).toMatchObject({ level: 40, msg: expect.stringMatching(/^line 99 /) });
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    expect(statSync(p).size, name).toBeLessThan(2000 + 200); // rotated after the line that crossed the limit
    expect(() => linesOf(p), `${name} holds whole JSON lines`).not.toThrow();
    if (POSIX) expect(modeOf(p), name).toBe(0o600);
  }
  // The oldest lines were dropped with the oldest file.
  expect(readFileSync(path.join(dir, `${SERVER_LOG_FILE}.2`), 'utf8')).not.toMatch(/"line 0 /);
});

it('keys, cookies and passwords are redacted even from a line that carries the request headers and body', async () => {
  const lines: string[] = [];
  const key = `ldk_${'A1b2C3d4'.repeat(5)}`;
  const app = Fastify({ logger: fileLoggerOptions({ write: (l) => void lines.push(l) }) });
  app.post('/x', async (req) => {
    req.log.error({ headers: req.headers, body: req.body, detail: `lookup of ${key} failed` }, 'something broke');
    return {};
  });
  cleanups.push(() => app.close());
  await app.inject({
    method: 'POST', url: '/x', payload: { password: 'hunter2', url: 'https://example.com' },
    headers: { authorization: `Bearer ${key}`, cookie: 'sid=secret-cookie', 'x-api-key': key },
  });
  expect(lines).toHaveLength(1);
  const line = JSON.parse(lines[0]!);
  expect(line.headers).toMatchObject({ authorization: '[redacted]', cookie: '[redacted]', 'x-api-key': '[redacted]' });
  expect(line.body).toEqual({ password: '[redacted]', url: 'https://example.com' });
  expect(lines[0]).not.toContain(key);
  expect(lines[0]).not.toContain('hunter2');
  expect(lines[0]).not.toContain('secret-cookie');
});

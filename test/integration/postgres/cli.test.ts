// The command line on PostgreSQL: keys and serve with --database-url (or
// LINKDESK_DATABASE_URL), nothing written to the data folder, and one-line
// reasons instead of stack traces when the database cannot be used.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exited, linkdesk, serve } from '../../helpers/cli.ts';
import { PG_PASSWORD, startPostgres, type PgCluster } from '../../helpers/postgres.ts';
import { fetch } from '../../helpers/direct-fetch.ts';

let cluster: PgCluster;
beforeAll(async () => { cluster = await startPostgres(); }, 60_000);
afterAll(() => cluster?.stop());

it('creates and lists keys, and serves the API and redirects, with nothing in the data folder', async () => {
  const url = cluster.createDatabase('cli_main');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'linkdesk-pgcli-'));
  const created = linkdesk(['keys', 'create', '--name', 'ops', '--database-url', url, '--data-dir', dataDir]);
  expect(created.status).toBe(0);
  const key = created.lastLine;
  expect(key).toMatch(/^ldk_/);
  expect(created.stderr).toContain(`in postgres://linkdesk@127.0.0.1:${cluster.port}/cli_main: `);
  expect(created.stderr + created.stdout).not.toContain(PG_PASSWORD);

  const listed = linkdesk(['keys', 'list', '--json'], { env: { ...process.env, LINKDESK_DATABASE_URL: url, LINKDESK_DATA_DIR: dataDir } });
  expect(JSON.parse(listed.stdout)).toMatchObject([{ id: 1, user_name: 'ops', status: 'active' }]);

  const s = await serve(['--data-dir', dataDir, '--database-url', url, '--no-titles']);
  try {
    const auth = { authorization: `Bearer ${key}` };
    const made = await fetch(`${s.url}/api/v1/links`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ url: 'https://example.com/pg', alias: 'pg' }) });
    expect(made.status).toBe(201);
    const hop = await fetch(`${s.url}/pg`, { redirect: 'manual' });
    expect([hop.status, hop.headers.get('location')]).toEqual([302, 'https://example.com/pg']);
    expect(await (await fetch(`${s.url}/healthz`)).json()).toEqual({ status: 'ok', engine: 'postgres' });
    expect(s.stderr()).toContain('"database":"postgres://linkdesk@127.0.0.1');
    expect(s.stderr()).not.toContain(PG_PASSWORD);
  } finally {
    s.child.kill('SIGTERM');
    expect((await exited(s.child)).code).toBe(0);
  }
  expect(readdirSync(dataDir)).toEqual([]);
});

it('says in one line why it cannot use the database, and exits 1', () => {
  const wrong = linkdesk(['keys', 'list', '--database-url', cluster.url.replace(PG_PASSWORD, 'nope')]);
  expect(wrong.status).toBe(1);
  expect(wrong.stderr).toBe(`linkdesk: PostgreSQL at postgres://linkdesk@127.0.0.1:${cluster.port}/linkdesk refused the password for linkdesk.\n`);
  const down = linkdesk(['serve', '--port', '0', '--database-url', cluster.url.replace(`:${cluster.port}/`, ':1/')]);
  expect(down.status).toBe(1);
  expect(down.stderr).toBe('linkdesk: Cannot reach PostgreSQL at postgres://linkdesk@127.0.0.1:1/linkdesk (ECONNREFUSED).\n');
  const bad = linkdesk(['serve', '--database-url', 'mysql://u:secret@h/db']);
  expect(bad.status).toBe(2);
  expect(bad.stderr).toContain('--database-url must start with postgres://');
  expect(bad.stderr).not.toContain('secret');
});

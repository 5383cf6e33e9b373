// `linkdesk backup` while a server serves the folder, and `linkdesk restore`:
// refused while served, asks first (or needs --yes), and brings the links back.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { BIN, linkdesk, serve, stop } from '../../helpers/cli.ts';
import { fetch } from '../../helpers/direct-fetch.ts';

const root = mkdtempSync(path.join(tmpdir(), 'linkdesk-cli-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const dataDir = path.join(root, 'data');
const dd = ['--data-dir', dataDir];

async function api(url: string, key: string, method: string, p: string, form?: Record<string, string>) {
  const res = await fetch(`${url}/api/v1${p}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

it('backs up a served folder, refuses to restore under the server, and restores once it is stopped', async () => {
  const key = linkdesk(['keys', 'create', '--name', 'owner', ...dd]).lastLine;
  const out = path.join(root, 'saved.sqlite');
  let s = await serve([...dd, '--no-titles']);
  let id: number;
  try {
    const made = await api(s.url, key, 'POST', '/links', { url: 'https://example.com/back', alias: 'back' });
    expect(made.status).toBe(201);
    id = made.body.data.id;

    const b = linkdesk(['backup', ...dd, '--out', out]);
    expect(b.stderr).toBe('');
    expect(b.status).toBe(0);
    expect(b.stdout).toBe(`${out} (${(statSync(out).size / 1024).toFixed(1)} KB)\n`);
    expect(statSync(out).mode & 0o777).toBe(0o600);

    const again = linkdesk(['backup', ...dd, '--out', out]);
    expect(again.status).toBe(1);
    expect(again.stderr).toBe(`linkdesk: ${out} already exists; choose another --out\n`);

    expect((await api(s.url, key, 'DELETE', `/links/${id}`)).status).toBe(200);

    const busy = linkdesk(['restore', out, ...dd, '--yes']);
    expect(busy.status).toBe(1);
    const port = new URL(s.url).port;
    expect(busy.stderr).toMatch(new RegExp(`^linkdesk: ${path.join(dataDir, 'linkdesk.sqlite')} is in use by process ${s.child.pid} \\(.*serve.*\\), listening on port ${port}; stop it first\\.\\n$`));
  } finally {
    await stop(s);
  }

  const unasked = linkdesk(['restore', out, ...dd]);
  expect(unasked.status).toBe(2);
  expect(unasked.stderr).toContain('linkdesk restore: replaces the database, so it asks first; with no terminal to ask on, add --yes');

  // On a terminal it asks; anything but yes leaves the database alone.
  const tty = spawnSync('script', ['-qec', `${process.execPath} ${BIN} restore ${out} --data-dir ${dataDir}`, '/dev/null'], { input: 'n\n', encoding: 'utf8', timeout: 20_000 });
  expect(tty.stdout).toContain(`Replace the database in ${dataDir} with saved.sqlite (1 link)?`);
  expect(tty.stdout).toContain('linkdesk: nothing restored');
  expect(readdirSync(dataDir).filter((f) => f.includes('before-restore'))).toEqual([]);

  const done = linkdesk(['restore', out, ...dd, '--yes']);
  expect(done.stderr).toBe('');
  expect(done.status).toBe(0);
  expect(done.stdout).toMatch(new RegExp(`^Restored ${out} into ${dataDir} \\(1 link\\)\\.\\nThe replaced database is kept as ${dataDir}/linkdesk\\.sqlite\\.before-restore-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d\\.\\d{3}Z\\n$`));

  s = await serve([...dd, '--no-titles']);
  try {
    const read = await api(s.url, key, 'GET', `/links/${id!}`);
    expect(read.status).toBe(200);
    expect(read.body.data.alias).toBe('back');
  } finally {
    await stop(s);
  }
});

it('says what it cannot do: PostgreSQL, a file that is not a backup, a folder without a database', () => {
  const pg = linkdesk(['backup', '--database-url', 'postgres://u:secret@db.example/linkdesk', '--out', path.join(root, 'x.sqlite')]);
  expect(pg.status).toBe(1);
  expect(pg.stderr).toBe('linkdesk: This instance keeps its data in PostgreSQL: back it up with pg_dump and restore it with pg_restore.\n');

  const notBackup = linkdesk(['restore', BIN, ...dd, '--yes']);
  expect(notBackup.status).toBe(1);
  expect(notBackup.stderr).toBe('linkdesk: linkdesk.mjs is not a SQLite database, so not a Linkdesk backup.\n');

  const empty = path.join(root, 'empty');
  const none = linkdesk(['backup', '--data-dir', empty, '--out', path.join(root, 'y.sqlite')]);
  expect(none.status).toBe(1);
  expect(none.stderr).toBe(`linkdesk: There is no database at ${path.join(empty, 'linkdesk.sqlite')} to back up.\n`);

  expect(linkdesk(['restore', ...dd]).stderr).toContain('linkdesk restore: needs the backup FILE to restore');
  expect(linkdesk(['help', 'restore']).stdout).toContain('Usage: linkdesk restore FILE');
});

it('backup --out into a folder that exists leaves that folder\'s mode alone (a 1777 /tmp-like folder stays 1777)', () => {
  const folder = path.join(root, 'shared-tmp');
  mkdirSync(folder);
  chmodSync(folder, 0o1777);
  linkdesk(['keys', 'create', '--name', 'tmp', '--data-dir', path.join(root, 'tmp-data')]);
  const out = path.join(folder, 'x.sqlite');
  const b = linkdesk(['backup', '--data-dir', path.join(root, 'tmp-data'), '--out', out]);
  expect(b.status, b.stderr).toBe(0);
  expect(statSync(folder).mode & 0o7777).toBe(0o1777);
  expect(statSync(out).mode & 0o777).toBe(0o600);
  // A folder it has to make is its own, and private.
  const made = path.join(root, 'new-folder', 'deeper');
  expect(linkdesk(['backup', '--data-dir', path.join(root, 'tmp-data'), '--out', path.join(made, 'y.sqlite')]).status).toBe(0);
  expect(statSync(made).mode & 0o777).toBe(0o700);
  expect(statSync(path.dirname(made)).mode & 0o777).toBe(0o700);
});

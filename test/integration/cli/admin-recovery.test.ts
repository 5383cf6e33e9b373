// The README's way back in after losing the only admin key: on the host,
// `linkdesk keys create --user 1` prints a new key for the first user (the
// admin), which a server already running on that folder takes at once with
// every admin right; `keys revoke` retires the lost one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { linkdesk, serve, stop } from '../../helpers/cli.ts';
import { fetch } from '../../helpers/direct-fetch.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'linkdesk-admin-recovery-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const dd = ['--data-dir', dataDir];

it('keys create --user 1 gives the locked-out admin a working admin key, and the lost one can be revoked', async () => {
  const first = linkdesk(['keys', 'create', '--name', 'admin', ...dd]);
  expect(first.status, first.stderr).toBe(0);
  const lost = first.lastLine;
  expect(linkdesk(['users', 'create', 'bob', ...dd]).status).toBe(0);
  const s = await serve(dd);
  try {
    const get = (key: string, p: string) => fetch(`${s.url}/api/v1${p}`, { headers: { Authorization: `Bearer ${key}` } });

    const made = linkdesk(['keys', 'create', '--user', '1', ...dd]);
    expect(made.status, made.stderr).toBe(0);
    const key = made.lastLine;
    expect(key).toMatch(/^ldk_\w+$/);
    expect(key).not.toBe(lost);
    // Admin rights: the user list and another user's record.
    const users = await get(key, '/users');
    expect(users.status).toBe(200);
    expect(((await users.json()) as { data: { name: string }[] }).data.map((u) => u.name)).toEqual(expect.arrayContaining(['admin', 'bob']));
    expect((await get(key, '/users/2')).status).toBe(200);

    expect(linkdesk(['keys', 'revoke', '1', ...dd]).status).toBe(0);
    expect((await get(lost, '/account')).status).toBe(401);
    expect((await get(key, '/account')).status).toBe(200);
  } finally {
    await stop(s);
  }
});

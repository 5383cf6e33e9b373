// `linkdesk users …` and `linkdesk keys create --scope/--expires/--domain`:
// the real command on a data folder, checked through a server on that folder,
// with the API's rules and messages, and audit entries for what it changed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkdesk } from '../../helpers/cli.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'linkdesk-cli-users-'));
const dd = ['--data-dir', dataDir];
let admin: string;
let s: TestServer;

beforeAll(async () => {
  const made = linkdesk(['keys', 'create', '--name', 'root', ...dd]);
  expect(made.status, made.stderr).toBe(0);
  expect(made.stderr).toMatch(/^User 1 \(root, admin\) created with key 1 .*read and change links, domains, spaces, pixels, statistics, webhooks; manage users, every key and the audit log\./);
  admin = made.lastLine;
  s = await startServer({ rateLimit: 0 }, { webhooks: false }, { dataDir, key: admin });
});
afterAll(async () => {
  await s.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const ok = (args: string[]) => {
  const r = linkdesk([...args, ...dd]);
  expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r;
};
const fails = (args: string[], status: number, message: string | RegExp) => {
  const r = linkdesk([...args, ...dd]);
  expect(r.status, `${args.join(' ')}: ${r.stdout}`).toBe(status);
  if (typeof message === 'string') expect(r.stderr).toContain(message);
  else expect(r.stderr).toMatch(message);
  return r;
};

describe('linkdesk users', () => {
  it('creates members, lists them, and keeps the last admin', () => {
    expect(ok(['users', 'create', 'bob']).lastLine).toBe('2');
    const listed = JSON.parse(ok(['users', 'list', '--json']).stdout);
    expect(listed.map((u: { name: string; role: string; status: string }) => [u.name, u.role, u.status])).toEqual([['root', 'admin', 'active'], ['bob', 'member', 'active']]);
    expect(ok(['users', 'list']).stdout.split('\n')[0]).toMatch(/^ID\s+NAME\s+ROLE\s+STATUS\s+LINKS\s+LAST ACTIVE\s+CREATED$/);
    fails(['users', 'create', 'bob'], 1, 'A user named bob exists already (user 2).');
    fails(['users', 'role', '1', 'member'], 1, 'User 1 is the last active admin; make another user admin first.');
    fails(['users', 'suspend', '1'], 1, 'User 1 is the last active admin; make another user admin first.');
    fails(['users', 'delete', '1'], 1, 'User 1 is the last active admin; make another user admin first.');
    fails(['users', 'role', '2', 'boss'], 2, 'needs the role: admin or member, got "boss"');
    fails(['users', 'role', '9', 'admin'], 1, 'no such user: 9');
  });

  it('suspends and restores: the API refuses the suspended user\'s keys and takes the restored ones', async () => {
    const key = ok(['keys', 'create', '--user', '2']).lastLine;
    expect((await s.api('GET', '/account', { key })).status).toBe(200);
    expect(ok(['users', 'suspend', '2']).stdout).toBe('User 2 (bob) is suspended: its keys are refused.\n');
    expect((await s.api('GET', '/account', { key })).body).toEqual({ message: "This API key's user is suspended.", status: 401 });
    ok(['users', 'restore', '2']);
    expect((await s.api('GET', '/account', { key })).status).toBe(200);
  });

  it('deletes a user who owns links only with --links, saying how many', async () => {
    const carol = ok(['keys', 'create', '--name', 'carol']).lastLine;
    const carolId = (await s.api('GET', '/keys/current', { key: carol })).body.data.user.id;
    for (const alias of ['c1', 'c2', 'c3']) await s.api('POST', '/links', { key: carol, json: { url: 'https://example.com/c', alias } });
    fails(['users', 'delete', String(carolId)], 1,
      `User ${carolId} owns 3 links; say what becomes of them: --links delete deletes them, --links move --to ID moves them (with their domains, spaces and pixels) to another user.`);
    fails(['users', 'delete', String(carolId), '--links', 'move'], 2, '--links move needs --to ID');
    expect(ok(['users', 'delete', String(carolId), '--links', 'move', '--to', '2']).stdout).toBe(`User ${carolId} (carol) deleted; its 3 links now belong to user 2.\n`);
    expect(JSON.parse(ok(['users', 'list', '--json']).stdout).find((u: { id: number }) => u.id === 2).links_count).toBe(3);
  });
});

describe('linkdesk keys create with scopes, expiry and a domain', () => {
  it('makes a narrower key the API holds to', async () => {
    const d = (await s.api('POST', '/domains', { json: { name: 'cli.example' } })).body.data;
    const made = ok(['keys', 'create', '--user', '1', '--scope', 'links:read', '--scope', 'stats:read', '--expires', '2099-01-31', '--domain', String(d.id), '--label', 'reporting']);
    expect(made.stderr).toContain(`read links, statistics; expires 2099-02-01T00:00:00Z; domain ${d.id} only`);
    const key = made.lastLine;
    expect((await s.api('GET', '/keys/current', { key })).body.data).toMatchObject({
      name: 'reporting', scopes: ['links:read', 'stats:read'], expires_at: '2099-02-01T00:00:00Z', domain_id: d.id,
    });
    expect((await s.api('POST', '/links', { key, json: { url: 'https://example.com/x' } })).body).toEqual({ message: 'This key lacks the links:write scope.', status: 403 });
    const listed = JSON.parse(ok(['keys', 'list', '--json']).stdout).at(-1);
    expect(listed).toMatchObject({ name: 'reporting', scopes: ['links:read', 'stats:read'], domain_id: d.id, status: 'active' });
    expect(ok(['keys', 'list']).stdout).toMatch(/ACCESS\n[\s\S]*read links, statistics; expires 2099/);
  });

  it('refuses what the API refuses, with its words', () => {
    fails(['keys', 'create', '--user', '2', '--scope', 'admin'], 1, 'The admin scope is only for keys of admins; user 2 is a member.');
    fails(['keys', 'create', '--user', '1', '--expires', '2001-01-01'], 1, '--expires: The expires_at must be in the future.');
    fails(['keys', 'create', '--user', '1', '--expires', 'soon'], 2, '--expires: The expires_at must be a real date or date and time in ISO 8601');
    fails(['keys', 'create', '--user', '1', '--expires', '2099-02-30'], 2, '--expires: The expires_at must be a real date');
    fails(['keys', 'create', '--user', '1', '--scope', 'links:delete'], 2, /--scope: The selected scopes\.\* is invalid; allowed: links:read, links:write/);
    fails(['keys', 'create', '--user', '2', '--domain', '999'], 1, '--domain: User 2 has no domain 999.');
  });

  it('writes an audit entry for each change it made, naming the account that ran it', async () => {
    const entries = (await s.api('GET', '/audit?per_page=100')).body.data as { source: string; action: string; user: { id: number | null; name: string }; key_prefix: string | null }[];
    const cli = entries.filter((e) => e.source === 'cli');
    expect(new Set(cli.map((e) => e.action))).toEqual(new Set(['user.create', 'key.create', 'user.suspend', 'user.restore', 'user.delete', 'link.update']));
    for (const e of cli) expect(e).toMatchObject({ user: { id: null, name: expect.stringMatching(/^CLI \(.+\)$/) }, key_prefix: null });
    // Refused commands changed nothing and left no entry: one suspension, its undoing, one delete.
    expect(cli.filter((e) => e.action === 'user.suspend')).toHaveLength(1);
    expect(cli.filter((e) => e.action === 'user.restore')).toHaveLength(1);
    expect(cli.filter((e) => e.action === 'user.delete')).toHaveLength(1);
    // carol's 3 links moved to user 2 with her deletion: each link's entry says so.
    expect(cli.filter((e) => e.action === 'link.update').map((e) => (e as unknown as { fields: string[] }).fields)).toEqual(Array(3).fill(['user_id', expect.stringMatching(/^with_user=\d+$/)]));
  });
});

// `linkdesk domains …` and `linkdesk import --create-domains`: the real command
// on a data folder, checked through a server on that folder: the API's rules
// and messages, and an audit entry for each change.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkdesk } from '../../helpers/cli.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'linkdesk-cli-domains-'));
const dd = ['--data-dir', dataDir];
let s: TestServer;

beforeAll(async () => {
  const made = linkdesk(['keys', 'create', '--name', 'root', ...dd]);
  expect(made.status, made.stderr).toBe(0);
  expect(linkdesk(['users', 'create', 'bob', ...dd]).status).toBe(0);
  s = await startServer({ rateLimit: 0 }, { webhooks: false }, { dataDir, key: made.lastLine });
});
afterAll(async () => {
  await s.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const run = (args: string[]) => linkdesk([...args, ...dd]);
const json = (args: string[]) => {
  const r = run([...args, '--json']);
  expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return JSON.parse(r.stdout) as Record<string, unknown>;
};

describe('linkdesk domains', () => {
  it('adds, lists, updates and removes a domain as the API does, each change audited', async () => {
    const made = json(['domains', 'add', 'Links.Example.COM.', '--user', '1', '--not-found-page', 'https://example.com/404']);
    expect(made).toMatchObject({ name: 'links.example.com', not_found_page: 'https://example.com/404', index_page: null, links_count: 0, user_id: 1 });
    const id = made.id as number;
    // The API sees it as the user's own.
    const shown = await s.api('GET', `/domains/${id}`);
    expect(shown.body.data).toMatchObject({ id, name: 'links.example.com' });

    expect(json(['domains', 'update', String(id), '--index-page', 'https://example.com/', '--not-found-page', ''])).toMatchObject({ index_page: 'https://example.com/', not_found_page: null });
    const listed = JSON.parse(run(['domains', 'list', '--json']).stdout) as { id: number; name: string; user_id: number }[];
    expect(listed.map((d) => [d.id, d.name, d.user_id])).toEqual([[id, 'links.example.com', 1]]);
    const table = run(['domains', 'list']).stdout;
    expect(table).toMatch(/^ID\s+NAME\s+USER\s+LINKS/);
    expect(table).toContain('links.example.com');

    // A domain with links stays, with the API's message.
    const link = await s.api('POST', '/links', { json: { url: 'https://example.com/x', alias: 'x', domain_id: id } });
    expect(link.status).toBe(201);
    const kept = run(['domains', 'remove', String(id)]);
    expect(kept.status).toBe(1);
    expect(kept.stderr).toContain('The domain still has links; delete them first.');
    expect((await s.api('DELETE', `/links/${(link.body.data as { id: number }).id}`)).status).toBe(200);
    expect(run(['domains', 'remove', String(id)]).status).toBe(0);
    expect((await s.api('GET', `/domains/${id}`)).status).toBe(404);

    const audit = (await s.api('GET', '/audit?per_page=100')).body.data as { source: string; action: string; target_id?: number; target?: { id: number } }[];
    const cli = audit.filter((e) => e.source === 'cli' && e.action.startsWith('domain.')).map((e) => e.action).sort();
    expect(cli).toEqual(['domain.create', 'domain.delete', 'domain.update']);
  });

  it('refuses what the API refuses, naming the flag', () => {
    expect(run(['domains', 'add', 'taken.example', '--user', '1']).status).toBe(0);
    const cases: [string[], number, string][] = [
      [['domains', 'add', 'taken.example', '--user', '2'], 1, 'The name has already been taken.'],
      [['domains', 'add', '127.0.0.1', '--user', '1'], 1, 'The name may not be an IP address.'],
      [['domains', 'add', 'localhost', '--user', '1'], 1, 'The name may not be localhost.'],
      [['domains', 'add', 'https://a.example/path', '--user', '1'], 1, 'The name must be a domain name such as links.example.com'],
      [['domains', 'add', 'b.example', '--user', '1', '--index-page', 'ftp://x'], 2, '--index-page: '],
      [['domains', 'add', 'b.example'], 2, 'needs --user ID'],
      [['domains', 'add', 'b.example', '--user', '99'], 1, 'no such user: 99'],
      [['domains', 'update', '1'], 2, 'nothing to change'],
      [['domains', 'update', '999', '--index-page', ''], 1, 'no such domain: 999'],
      [['domains', 'remove', 'one'], 2, 'ID: must be an id'],
      [['domains', 'frobnicate'], 2, 'unknown command "frobnicate"'],
    ];
    for (const [args, status, message] of cases) {
      const r = run(args);
      expect([r.status, r.stderr], args.join(' ')).toEqual([status, expect.stringContaining(message)]);
    }
    expect(linkdesk(['domains', '--help']).stdout).toMatch(/list\|add\|update\|remove/);
  });

  it('a mistyped id sends you to the list that shows it: domains list for a domain, users list for a user, never keys list', () => {
    const cases: [string[], string][] = [
      [['domains', 'update', 'one', '--index-page', ''], 'ID: must be an id written as digits without a leading zero, sign or space, such as 3 (see domains list)'],
      [['domains', 'remove', '01'], '(see domains list)'],
      [['domains', 'add', 'c.example', '--user', 'bob'], '--user: must be an id written as digits without a leading zero, sign or space, such as 3 (see users list)'],
      [['keys', 'create', '--user', '1', '--domain', 'x'], '--domain: must be an id written as digits without a leading zero, sign or space, such as 3 (see domains list)'],
      [['users', 'delete', '2', '--links', 'move', '--to', 'bob'], '(see users list)'],
      [['keys', 'revoke', 'k'], '(see keys list)'],
    ];
    for (const [args, message] of cases) {
      const r = run(args);
      expect([r.status, r.stderr], args.join(' ')).toEqual([2, expect.stringContaining(message)]);
    }
    expect(linkdesk(['help', 'domains', 'add']).stdout).toContain('--not-found-page');
  });
});

describe('linkdesk import --create-domains', () => {
  const file = path.join(dataDir, 'links.csv');
  beforeAll(() => writeFileSync(file, 'url,alias,domain\nhttps://example.com/a,a,go.example.net\nhttps://example.com/b,b,Go.Example.net\nhttps://example.com/c,c,localhost\n'));

  it('without it, rejects the rows and their reason names the flag', () => {
    const r = run(['import', file, '--user', '2']);
    expect(r.status).toBe(3);
    const report = readFileSync(`${file}.report.csv`, 'utf8').split('\n');
    expect(report[1]).toContain('No domain named go.example.net on this instance. Import with --create-domains');
  });

  it('with it, creates each named domain once for the user (audited), and still refuses what the API would', async () => {
    const r = run(['import', file, '--user', '2', '--create-domains']);
    expect(r.status, r.stderr).toBe(3);
    expect(r.stdout).toContain('2 created, 0 updated, 0 skipped, 1 rejected');
    expect(readFileSync(`${file}.report.csv`, 'utf8')).toContain('3,domain,The domain localhost cannot be created: The name may not be localhost.');
    const mine = JSON.parse(run(['domains', 'list', '--user', '2', '--json']).stdout) as { name: string; links_count: number }[];
    expect(mine.map((d) => [d.name, d.links_count])).toEqual([['go.example.net', 2]]);
    const audit = (await s.api('GET', '/audit?per_page=100&action=domain.create')).body.data as { source: string; action: string }[];
    expect(audit.filter((e) => e.source === 'cli' && e.action === 'domain.create').length).toBeGreaterThanOrEqual(3); // two by `domains add`, one by the import
  });

  it('a dry run creates nothing', () => {
    writeFileSync(file, 'url,alias,domain\nhttps://example.com/d,d,dry.example.net\n');
    const r = run(['import', file, '--user', '2', '--create-domains', '--dry-run']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('1 created');
    expect(run(['domains', 'list', '--json']).stdout).not.toContain('dry.example.net');
  });
});

// Ids on the command line are read as the API reads path ids: `01`, `+1`, ` 1`,
// `1.0` and `1e0` are not id 1. A typo in a script that suspends, revokes or
// deletes must not reach record 1; it is a usage mistake (exit 2) naming the argument.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkdesk } from '../../helpers/cli.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'linkdesk-cli-ids-'));
const dd = ['--data-dir', dataDir];
const run = (args: readonly string[]) => linkdesk([...args, ...dd]);
const file = path.join(dataDir, 'links.csv');

beforeAll(() => {
  expect(run(['keys', 'create', '--name', 'root']).status).toBe(0);
  expect(run(['users', 'create', 'bob']).status).toBe(0);
  expect(run(['domains', 'add', 'go.example.com', '--user', '1']).status).toBe(0);
  writeFileSync(file, 'url\nhttps://example.com\n');
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const state = () => ({
  keys: JSON.parse(run(['keys', 'list', '--json']).stdout) as { id: number; status: string }[],
  users: JSON.parse(run(['users', 'list', '--json']).stdout) as { id: number; status: string; role: string }[],
  domains: JSON.parse(run(['domains', 'list', '--json']).stdout) as { id: number }[],
});

describe('ids on the command line', () => {
  it('refuses every non-canonical spelling of an id, naming the argument, and changes nothing', () => {
    const before = state();
    expect(before.keys.map((k) => k.status)).toEqual(['active']);
    const cases: [string[], string][] = [
      [['keys', 'revoke', '01'], 'ID'],
      [['keys', 'create', '--user', '+1'], '--user'],
      [['keys', 'create', '--user', '1', '--domain', '01'], '--domain'],
      [['users', 'suspend', ' 1'], 'ID'],
      [['users', 'role', '02', 'admin'], 'ID'],
      [['users', 'restore', '1.0'], 'ID'],
      [['users', 'delete', '2', '--links', 'move', '--to', '01'], '--to'],
      [['users', 'delete', '1e0'], 'ID'],
      [['domains', 'list', '--user', '01'], '--user'],
      [['domains', 'add', 'x.example.com', '--user', '01'], '--user'],
      [['domains', 'update', '01', '--index-page', 'https://example.com/x'], 'ID'],
      [['domains', 'remove', '01'], 'ID'],
      [['export', '--user', '01'], '--user'],
      [['import', file, '--user', '01'], '--user'],
    ];
    for (const [args, what] of cases) {
      const r = run(args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toContain(`${what}: must be an id written as digits without a leading zero, sign or space`);
      expect(r.stdout, args.join(' ')).toBe('');
    }
    expect(state()).toEqual(before);
  });

  it('still takes the canonical spelling', () => {
    const r = run(['keys', 'create', '--user', '2', '--domain', '1']);
    // Domain 1 is root's, not bob's: refused for that reason, not for the spelling.
    expect(r.stderr).not.toContain('must be an id');
    const made = run(['keys', 'create', '--user', '1', '--domain', '1']);
    expect(made.status, made.stderr).toBe(0);
    expect(run(['users', 'suspend', '2']).status).toBe(0);
  });
});

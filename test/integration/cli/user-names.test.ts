// The CLI holds user names to the API's rule: `linkdesk users create` and
// `linkdesk keys create --name` refuse control and text-direction characters
// (a usage error, status 2) and a name another user has in another case.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkdesk } from '../../helpers/cli.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'linkdesk-cli-names-'));
const run = (args: string[]) => linkdesk([...args, '--data-dir', dataDir]);
const HIDDEN = 'The name may not contain control characters or text-direction controls (U+202A-U+202E, U+2066-U+2069).';

beforeAll(() => {
  const made = run(['keys', 'create', '--name', 'root']);
  expect(made.status, made.stderr).toBe(0);
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const usersNow = () => (JSON.parse(run(['users', 'list', '--json']).stdout) as { name: string }[]).map((u) => u.name);

describe('user names on the command line', () => {
  it('with U+202E or a control character are refused by users create and keys create --name', () => {
    for (const name of ['admin\u202Etoor', 'a\u2066b', 'tab\there']) {
      const u = run(['users', 'create', name]);
      expect(u.status).toBe(2);
      expect(u.stderr).toContain(`NAME: ${HIDDEN}`);
      const k = run(['keys', 'create', '--name', name]);
      expect(k.status).toBe(2);
      expect(k.stderr).toContain(`--name: ${HIDDEN}`);
    }
    expect(usersNow()).toEqual(['root']);
  });

  it('that differ from another only in case are refused, naming the user they clash with', () => {
    const u = run(['users', 'create', 'ROOT']);
    expect(u.status).toBe(1);
    expect(u.stderr).toContain('A user named root exists already (user 1); ROOT differs only in case, and names are unique whatever their case.');
    const k = run(['keys', 'create', '--name', 'Root']);
    expect(k.status).toBe(1);
    expect(k.stderr).toContain('A user named root exists already (user 1); Root differs only in case, and names are unique whatever their case: add a key to that user with --user 1');
    expect(usersNow()).toEqual(['root']);
    expect(run(['users', 'create', 'rooted']).status).toBe(0);
  });
});

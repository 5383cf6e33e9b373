// `linkdesk keys list` names each key and the key that made it; `keys revoke
// --cascade` revokes a key with every key it made, transitively, and audits each.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkdesk } from '../../helpers/cli.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'linkdesk-cli-lineage-'));
const dd = ['--data-dir', dataDir];
let s: TestServer;

beforeAll(async () => {
  const made = linkdesk(['keys', 'create', '--name', 'root', '--label', 'on the host', ...dd]);
  expect(made.status, made.stderr).toBe(0);
  s = await startServer({ rateLimit: 0 }, { webhooks: false }, { dataDir, key: made.lastLine });
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

/** A key made through the API with `by`; its id and the key. */
async function makeKey(name: string, by: string) {
  const r = await s.api('POST', '/keys', { key: by, json: { name } });
  expect(r.status, r.text).toBe(201);
  return { id: r.body.data.id as number, key: r.body.data.key as string };
}

describe('linkdesk keys list', () => {
  it('shows each key\'s name and the key that made it, in the table and in --json', async () => {
    const child = await makeKey('deploy bot', s.key);
    const grandchild = await makeKey('nightly report', child.key);

    const [header, ...rows] = ok(['keys', 'list']).stdout.trimEnd().split('\n');
    expect(header!.split(/\s{2,}/)).toEqual(['ID', 'NAME', 'USER', 'KEY', 'MADE BY', 'CREATED', 'LAST USED', 'STATUS', 'ACCESS']);
    const cells = (id: number) => rows.find((r) => r.startsWith(`${id} `))!.split(/\s{2,}/);
    expect(cells(1).slice(0, 2)).toEqual(['1', 'on the host']);
    expect(cells(1)[4]).toBe('host');
    expect(cells(child.id).slice(0, 2)).toEqual([String(child.id), 'deploy bot']);
    expect(cells(child.id)[4]).toBe('key 1');
    expect(cells(grandchild.id)[4]).toBe(`key ${child.id}`);

    const listed = JSON.parse(ok(['keys', 'list', '--json']).stdout) as { id: number; name: string; created_by_key_id: number | null }[];
    expect(listed.map((k) => [k.id, k.name, k.created_by_key_id])).toEqual([
      [1, 'on the host', null], [child.id, 'deploy bot', 1], [grandchild.id, 'nightly report', child.id],
    ]);
  });
});

describe('linkdesk keys revoke --cascade', () => {
  it('revokes the key and every key it made, transitively, names them, and audits each; without --cascade only the key', async () => {
    const parent = await makeKey('parent', s.key);
    const child = await makeKey('child', parent.key);
    const grandchild = await makeKey('grandchild', child.key);
    const sibling = await makeKey('sibling', s.key);

    expect(ok(['keys', 'revoke', String(child.id)]).stdout).toBe(`Key ${child.id} revoked.\n`);
    expect((await s.api('GET', '/account', { key: grandchild.key })).status).toBe(200);

    // The child was revoked already; its child and its parent go now.
    expect(ok(['keys', 'revoke', String(parent.id), '--cascade']).stdout).toBe(`Keys ${parent.id}, ${grandchild.id} revoked.\n`);
    for (const k of [parent, child, grandchild]) expect((await s.api('GET', '/account', { key: k.key })).body.message).toBe('This API key has been revoked.');
    expect((await s.api('GET', '/account', { key: sibling.key })).status).toBe(200);

    const audit = (await s.api('GET', '/audit?action=key.revoke&per_page=100')).body.data as { target_id: number; source: string; fields: string[] }[];
    expect(audit.filter((e) => e.source === 'cli').map((e) => [e.target_id, e.fields]).sort()).toEqual(
      [[child.id, []], [parent.id, ['cascade']], [grandchild.id, ['cascade']]].sort());

    const again = linkdesk(['keys', 'revoke', String(parent.id), '--cascade', ...dd]);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(`key ${parent.id} was already revoked at `);
  });
});

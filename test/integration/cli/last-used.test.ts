// When a key was last used: recorded by the server at most once a minute per
// key, shown by `keys list` (table and --json), never with a secret.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { sha256 } from '../../../electron/server/util/secrets.ts';
import { linkdesk, serve, stop } from '../../helpers/cli.ts';
import { startServer } from '../../helpers/server.ts';
import { within } from '../redirect/helpers.ts';
import { fetch } from '../../helpers/direct-fetch.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'linkdesk-used-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const dd = ['--data-dir', dataDir];

interface ListedKey { id: number; user_name: string; last_used_at: string | null; status: string }
const listed = () => JSON.parse(linkdesk(['keys', 'list', '--json', ...dd]).stdout) as ListedKey[];

it('records a key\'s last use once a minute at most and shows it in keys list, never the key', async () => {
  const used = linkdesk(['keys', 'create', '--name', 'busy', ...dd]).lastLine;
  linkdesk(['keys', 'create', '--name', 'idle', ...dd]);
  const s = await serve(dd);
  try {
    const ask = async () => expect((await fetch(`${s.url}/api/v1/account`, { headers: { authorization: `Bearer ${used}` } })).status).toBe(200);
    await ask();
    let first = '';
    await within(5000, async () => {
      first = listed()[0]!.last_used_at!;
      expect(first).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    });
    expect(listed()[1]!.last_used_at).toBeNull();

    // Past the second the first use was stamped with, a second use would change the stamp if written.
    await new Promise((r) => setTimeout(r, 1100));
    await ask();
    await ask();
    expect(listed()[0]!.last_used_at).toBe(first);

    const table = linkdesk(['keys', 'list', ...dd]).stdout.split('\n');
    expect(table[1]).toContain(first);
    // The ACCESS column follows: a member's full key reads and changes everything but administration.
    expect(table[2]).toMatch(/\snever\s+active\s+read and change links, domains, spaces, pixels, statistics, webhooks$/);

    const json = linkdesk(['keys', 'list', '--json', ...dd]).stdout;
    expect(Object.keys(JSON.parse(json)[0]).sort()).toEqual(
      ['created_at', 'created_by_key_id', 'domain_id', 'expires_at', 'id', 'last_used_at', 'name', 'prefix', 'revoked_at', 'scopes', 'status', 'user_id', 'user_name']);
    expect(json).not.toContain(used.slice(12));
    expect(json).not.toContain(sha256(used));
  } finally {
    await stop(s);
  }
});

it('answers the request even when recording the use fails, and logs the failure', async () => {
  const lines: string[] = [];
  const s = await startServer({}, { logger: { level: 'warn', stream: { write: (l: string) => void lines.push(l) } } });
  try {
    s.app.linkdesk.repos.users.touchKey = () => Promise.reject(new Error('disk full'));
    expect((await s.api('GET', '/account')).status).toBe(200);
    await within(2000, async () => expect(lines.join('')).toContain('could not record when an API key was last used'));
  } finally {
    await s.close();
  }
});

// Issue 42 across a PostgreSQL cluster: a live statistics stream opened on
// node A ends, saying why, within a second of its rights being taken away
// through node B (its key revoked, its user suspended, its admin user
// demoted). Two `linkdesk serve` processes on one database, as deployed; the
// stream's re-check reads the database (api/live/live-rights.ts), so a write
// made by any node counts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { linkdesk, serve, type Served } from '../../helpers/cli.ts';
import { startPostgres, type PgCluster } from '../../helpers/postgres.ts';
import { openSse, type SseStream } from '../../helpers/sse.ts';
import { fetch } from '../../helpers/direct-fetch.ts';

let cluster: PgCluster;
let admin: string;
let nodes: Served[] = [];
let dir: string;
const open: SseStream[] = [];
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function api(base: string, method: string, p: string, body?: unknown, key = admin) {
  const res = await fetch(`${base}/api/v1${p}`, {
    method, headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, `${method} ${p}: ${text}`).toBeLessThan(300);
  return JSON.parse(text).data;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'linkdesk-live-nodes-'));
  cluster = await startPostgres();
  const created = linkdesk(['keys', 'create', '--name', 'ops', '--database-url', cluster.url]);
  if (created.status !== 0) throw new Error(created.stderr);
  admin = created.lastLine;
  const env = { ...process.env, LINKDESK_DATABASE_URL: cluster.url };
  nodes = await Promise.all([0, 1].map(() => serve(['--no-titles', '--no-health-checks', '--rate-limit', '0', '--data-dir', dir], { env })));
});

afterAll(async () => {
  for (const st of open) st.close();
  for (const n of nodes) if (n.child.exitCode === null && n.child.signalCode === null) n.child.kill('SIGKILL');
  cluster?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const cases: [string, 'admin' | 'member', string, (b: string, u: { userId: number; keyId: number }) => Promise<unknown>][] = [
  ['its key is revoked', 'member', 'key-revoked', (b, u) => api(b, 'DELETE', `/keys/${u.keyId}`)],
  ['its user is suspended', 'member', 'user-suspended', (b, u) => api(b, 'PATCH', `/users/${u.userId}`, { status: 'suspended' })],
  ['its admin user is demoted to member', 'admin', 'reach-narrowed', (b, u) => api(b, 'PATCH', `/users/${u.userId}`, { role: 'member' })],
];

for (const [what, role, reason, act] of cases) {
  it(`a stream on node A ends within 1 s when ${what} through node B: event end, reason ${reason} (holds)`, async () => {
    const [a, b] = [nodes[0]!.url, nodes[1]!.url];
    const user = await api(b, 'POST', '/users', { name: `two-nodes ${reason}`, role });
    const k = await api(b, 'POST', '/keys', { user_id: user.id, name: 'live', ...(role === 'member' && { scopes: ['links:write', 'stats:read'] }) });
    const st = await openSse(`${a}/api/v1/stats/live`, k.key);
    open.push(st);
    expect(st.status).toBe(200);
    await sleep(600); // node A has re-checked the rights at least once while they stood
    expect(st.events.filter((e) => e.event === 'end')).toEqual([]);

    await act(b, { userId: user.id, keyId: k.id });
    const t = performance.now();
    const ended = await Promise.race([st.ended.then(() => true), sleep(3000).then(() => false)]);
    expect(ended, 'the stream on node A is still open').toBe(true);
    expect(performance.now() - t).toBeLessThan(1000);
    const last = st.events.at(-1);
    expect(last?.event).toBe('end');
    expect(JSON.parse(last!.data)).toMatchObject({ reason, message: expect.stringMatching(/\w/) });
  });
}

// Two `linkdesk serve` nodes on one PostgreSQL database behind a real
// HAProxy (Debian's, started here on loopback with the health check that
// deploy/haproxy.cfg uses): writes through the balancer, redirects through
// each node, a change seen by the other node within a second, a click limit
// exact across both, and a node killed under load without losing an
// acknowledged write or failing a request once HAProxy has marked it down.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exited, linkdesk, serve, type Served } from '../../helpers/cli.ts';
import { freePort, startPostgres, type PgCluster } from '../../helpers/postgres.ts';
import { within } from '../redirect/helpers.ts';

const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => existsSync(p));

let cluster: PgCluster;
let key: string;
let nodes: Served[] = [];
let lb: { child: ChildProcess; url: string; log: () => string; downAt: () => number | null };
let dir: string;

async function startBalancer(backends: string[]): Promise<typeof lb> {
  if (!HAPROXY) throw new Error('haproxy is not installed (Debian package haproxy; .ci/run installs it)');
  const port = await freePort();
  const cfg = path.join(dir, 'haproxy.cfg');
  writeFileSync(cfg, `global
  log stderr format short local0 notice
defaults
  mode http
  log global
  timeout connect 1s
  timeout client 10s
  timeout server 10s
  # A node that is only slow (a loaded test machine) is not taken for dead.
  timeout check 2s
  option redispatch
  retries 2
frontend links
  bind 127.0.0.1:${port}
  default_backend nodes
backend nodes
  balance roundrobin
  option httpchk GET /healthz
  http-check expect status 200
  default-server inter 250ms fall 3 rise 1
${backends.map((b, i) => `  server node${i + 1} ${new URL(b).host} check`).join('\n')}
`);
  const child = spawn(HAPROXY, ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  let downAt: number | null = null;
  child.stderr!.on('data', (d: Buffer) => {
    log += String(d);
    if (downAt === null && /node\d is DOWN/.test(log)) downAt = Date.now();
  });
  const url = `http://127.0.0.1:${port}`;
  await within(10_000, async () => expect((await request(`${url}/healthz`)).statusCode).toBe(200));
  return { child, url, log: () => log, downAt: () => downAt };
}

const api = async (base: string, method: string, p: string, body?: unknown) => {
  const r = await request(`${base}/api/v1${p}`, {
    method: method as 'GET', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.statusCode, body: await r.body.json().catch(() => null) as any };
};
const hop = async (base: string, alias: string, method: 'GET' | 'HEAD' = 'GET') => {
  const r = await request(`${base}/${alias}`, { method, headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/127.0' } });
  await r.body.dump();
  return { status: r.statusCode, location: r.headers.location as string | undefined };
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'linkdesk-nodes-'));
  cluster = await startPostgres();
  const created = linkdesk(['keys', 'create', '--name', 'ops', '--database-url', cluster.url]);
  if (created.status !== 0) throw new Error(created.stderr);
  key = created.lastLine;
  const env = { ...process.env, LINKDESK_DATABASE_URL: cluster.url };
  nodes = await Promise.all([0, 1].map(() => serve(['--no-titles', '--rate-limit', '0', '--data-dir', dir], { env })));
  lb = await startBalancer(nodes.map((n) => n.url));
});

afterAll(async () => {
  lb?.child.kill('SIGKILL');
  for (const n of nodes) if (n.child.exitCode === null && n.child.signalCode === null) n.child.kill('SIGKILL');
  cluster?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('creates through the balancer and redirects through each node; a change reaches the other node within a second', async () => {
  const made = await api(lb.url, 'POST', '/links', { url: 'https://example.com/one', alias: 'shared' });
  expect(made.status).toBe(201);
  // The balancer chose the node that wrote it; the other has it once the change's NOTIFY is applied (milliseconds, a second at most).
  for (const n of nodes) await within(1000, async () => expect(await hop(n.url, 'shared')).toEqual({ status: 302, location: 'https://example.com/one' }));

  expect((await api(nodes[0]!.url, 'PUT', `/links/${made.body.data.id}`, { url: 'https://example.com/two' })).status).toBe(200);
  // The node that made the change answers with it at once; the other within a second.
  expect((await hop(nodes[0]!.url, 'shared')).location).toBe('https://example.com/two');
  await within(1000, async () => expect((await hop(nodes[1]!.url, 'shared')).location).toBe('https://example.com/two'));
});

it('lets exactly 50 of 200 simultaneous requests spread over both nodes reach a link limited to 50 clicks', async () => {
  expect((await api(lb.url, 'POST', '/links', { url: 'https://example.com/limited', alias: 'fifty', expiration_clicks: 50, expiration_url: 'https://example.com/over' })).status).toBe(201);
  // HEAD spends no click: it only shows the other node has the new link.
  await within(1000, async () => expect((await hop(nodes[1]!.url, 'fifty', 'HEAD')).location).toBe('https://example.com/limited'));
  const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => hop(nodes[i % 2]!.url, 'fifty')));
  expect(answers.filter((a) => a.location === 'https://example.com/limited').length).toBe(50);
  expect(answers.filter((a) => a.location === 'https://example.com/over').length).toBe(150);
  expect((await api(lb.url, 'GET', '/links?search=fifty&search_by=alias')).body.data[0].clicks).toBe(50);
});

it('turns a rotation once per visit, whichever node answers', async () => {
  const made = await api(lb.url, 'POST', '/links', { url: 'https://example.com/r0', alias: 'turns', target_type: 4,
    rotation: [{ value: 'https://example.com/r1' }, { value: 'https://example.com/r2' }] });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  await within(1000, async () => expect((await hop(nodes[1]!.url, 'turns', 'HEAD')).status).toBe(302));
  const seen = [];
  for (let i = 0; i < 6; i++) seen.push((await hop(nodes[i % 2]!.url, 'turns')).location);
  expect(seen).toEqual(['r1', 'r2', 'r1', 'r2', 'r1', 'r2'].map((r) => `https://example.com/${r}`));
});

it('refuses a key revoked, or a user suspended, on one node on the other within a second', async () => {
  const as = async (base: string, k: string, method: string, p: string, body?: unknown) => {
    const r = await request(`${base}/api/v1${p}`, {
      method: method as 'GET',
      headers: { authorization: `Bearer ${k}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: r.statusCode, body: await r.body.json().catch(() => null) as any };
  };
  const [a, b] = [nodes[0]!.url, nodes[1]!.url];
  const spare = await api(a, 'POST', '/keys', { name: 'revoked on node 1' });
  expect(spare.status).toBe(201);
  // Node 2 has seen the key work before the change.
  expect((await as(b, spare.body.data.key, 'GET', '/account')).status).toBe(200);
  expect((await as(a, key, 'DELETE', `/keys/${spare.body.data.id}`)).status).toBe(200);
  await within(1000, async () => expect((await as(b, spare.body.data.key, 'GET', '/account')).body).toEqual({ message: 'This API key has been revoked.', status: 401 }));

  const user = await api(a, 'POST', '/users', { name: 'suspended on node 1' });
  const k = await api(a, 'POST', '/keys', { user_id: user.body.data.id, scopes: ['links:read'] });
  expect((await as(b, k.body.data.key, 'GET', '/links')).status).toBe(200);
  expect((await api(a, 'PATCH', `/users/${user.body.data.id}`, { status: 'suspended' })).status).toBe(200);
  await within(1000, async () => expect((await as(b, k.body.data.key, 'GET', '/links')).body).toEqual({ message: "This API key's user is suspended.", status: 401 }));
  expect((await api(b, 'PATCH', `/users/${user.body.data.id}`, { status: 'active' })).status).toBe(200);
  await within(1000, async () => expect((await as(a, k.body.data.key, 'GET', '/links')).status).toBe(200));
});

it('loses no acknowledged write when a node is killed under load, and answers every request once HAProxy marks it down', async () => {
  const acknowledged: string[] = [];
  const after: { at: number; status: number }[] = [];
  let stop = false;
  let n = 0;
  const worker = async () => {
    while (!stop) {
      const alias = `load${n++}`;
      const at = Date.now();
      let status = 0;
      try {
        const r = await api(lb.url, 'POST', '/links', { url: `https://example.com/${alias}`, alias });
        status = r.status;
        if (status === 201) acknowledged.push(alias);
      } catch {
        status = -1;
      }
      after.push({ at, status });
    }
  };
  const load = Promise.all([worker(), worker(), worker(), worker()]);
  await new Promise((r) => setTimeout(r, 800));
  const victim = nodes[0]!;
  victim.child.kill('SIGKILL');
  await exited(victim.child);
  await within(5000, async () => expect(lb.downAt()).not.toBeNull());
  await new Promise((r) => setTimeout(r, 1500));
  stop = true;
  await load;

  const downAt = lb.downAt()!;
  const later = after.filter((a) => a.at > downAt);
  expect(later.length).toBeGreaterThan(20);
  expect(later.filter((a) => a.status !== 201)).toEqual([]);
  // Every acknowledged create is there, read through the surviving node.
  const survivor = nodes[1]!;
  for (const alias of acknowledged) expect((await hop(survivor.url, alias)).location, alias).toBe(`https://example.com/${alias}`);
  expect(acknowledged.length).toBeGreaterThan(after.length / 2);
});

// A node that loses its PostgreSQL database keeps answering the links it
// holds, answers the API and its health check with 503 and the contract's
// body, keeps the clicks it could not store, and recovers by itself when the
// database is back.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exited, linkdesk, serve, type Served } from '../../helpers/cli.ts';
import { startPostgres, type PgCluster } from '../../helpers/postgres.ts';
import { within } from '../redirect/helpers.ts';
import { fetch } from '../../helpers/direct-fetch.ts';

let cluster: PgCluster;
let node: Served;
let key: string;
beforeAll(async () => {
  cluster = await startPostgres();
  key = linkdesk(['keys', 'create', '--name', 'ops', '--database-url', cluster.url]).lastLine;
  node = await serve(['--no-titles', '--database-url', cluster.url]);
});
afterAll(async () => {
  if (node && node.child.exitCode === null) {
    node.child.kill('SIGTERM');
    await exited(node.child);
  }
  cluster?.stop();
});

const api = (method: string, p: string, body?: unknown) => fetch(`${node.url}/api/v1${p}`, {
  method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
});
const hop = (alias: string) => fetch(`${node.url}/${alias}`, { redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/127.0' } });

it('keeps redirecting, answers 503, keeps its clicks and recovers when the database comes back', async () => {
  const made = await api('POST', '/links', { url: 'https://example.com/kept', alias: 'kept' });
  expect(made.status).toBe(201);
  const { id } = ((await made.json()) as { data: { id: number } }).data;
  expect((await hop('kept')).status).toBe(302);

  cluster.pause();
  try {
    // Redirects of links it holds are answered from memory, and their clicks kept.
    for (let i = 0; i < 5; i++) expect((await hop('kept')).headers.get('location')).toBe('https://example.com/kept');
    const down = await api('GET', '/links');
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ message: 'The database is unreachable; try again shortly.', status: 503 });
    expect(down.headers.get('retry-after')).toBe('1');
    expect((await fetch(`${node.url}/healthz`)).status).toBe(503);
    expect(node.stderr()).toContain('database unreachable');
  } finally {
    cluster.resume();
  }

  // Back by itself: the API, the health check, and every click made meanwhile.
  await within(15_000, async () => expect((await fetch(`${node.url}/healthz`)).status).toBe(200));
  // The writer retries at most every 5 s; a loaded machine (the whole suite at once) gets more time.
  await within(40_000, async () => {
    const r = await api('GET', `/links/${id}`);
    expect(r.status).toBe(200);
    expect(((await r.json()) as { data: { clicks: number } }).data.clicks, node.stderr()).toBe(6);
  });
  // Changes made after the outage reach the node's redirects again (it listens anew).
  expect((await api('PUT', `/links/${id}`, { url: 'https://example.com/after' })).status).toBe(200);
  await within(2000, async () => expect((await hop('kept')).headers.get('location')).toBe('https://example.com/after'));
});

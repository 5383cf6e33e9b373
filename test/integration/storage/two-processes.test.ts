// Two `linkdesk serve` processes on one data folder, as the desktop app and
// the command line may be: writes from both never fail on the other's lock,
// each sees the other's changes, and click limits and rotation are shared.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exited, linkdesk, serve, type Served } from '../../helpers/cli.ts';
import { BROWSER_UA, within } from '../redirect/helpers.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'linkdesk-two-'));
let key: string;
let a: Served;
let b: Served;

beforeAll(async () => {
  key = linkdesk(['keys', 'create', '--name', 'shared', '--data-dir', dataDir]).lastLine;
  [a, b] = await Promise.all([
    serve(['--data-dir', dataDir, '--no-titles', '--rate-limit', '0']),
    serve(['--data-dir', dataDir, '--no-titles', '--rate-limit', '0']),
  ]);
});
afterAll(async () => {
  for (const s of [a, b]) s?.child.kill('SIGTERM');
  const codes = await Promise.all([a, b].filter(Boolean).map((s) => exited(s.child)));
  rmSync(dataDir, { recursive: true, force: true });
  expect(codes.map((c) => c.code)).toEqual([0, 0]);
});

async function api(s: Served, method: string, p: string, form?: Record<string, string>) {
  const res = await request(`${s.url}/api/v1${p}`, {
    method: method as 'GET',
    headers: { authorization: `Bearer ${key}`, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  return { status: res.statusCode, body: (await res.body.json()) as any };
}
const hit = async (s: Served, p: string) => {
  const res = await request(`${s.url}${p}`, { headers: { 'user-agent': BROWSER_UA } });
  await res.body.dump();
  return res.headers.location as string | undefined;
};

it('answers 200 concurrent creates spread over both processes without a single 5xx, each readable from the other', async () => {
  const made = await Promise.all(Array.from({ length: 200 }, (_, i) =>
    api(i % 2 ? a : b, 'POST', '/links', { url: `https://example.com/${i}`, alias: `both${i}` })));
  expect(made.map((r) => r.status).filter((s) => s !== 201)).toEqual([]);
  for (const [i, r] of made.entries()) {
    const other = i % 2 ? b : a;
    const read = await api(other, 'GET', `/links/${r.body.data.id}`);
    expect(read.body.data.alias).toBe(`both${i}`);
  }
});

it("shows a change made through one process in the other's redirects within a second", async () => {
  await api(a, 'POST', '/links', { url: 'https://example.com/before', alias: 'moving' });
  expect(await hit(b, '/moving')).toBe('https://example.com/before'); // now cached in b
  const id = (await api(a, 'GET', '/links?search=moving&search_by=alias')).body.data[0].id;
  await api(a, 'PUT', `/links/${id}`, { url: 'https://example.com/after' });
  await within(1000, async () => expect(await hit(b, '/moving')).toBe('https://example.com/after'));
});

it('keeps a click limit exact across both processes: 50 of 200 simultaneous requests reach the target', async () => {
  const l = (await api(a, 'POST', '/links', {
    url: 'https://example.com/drop', alias: 'drop2', expiration_clicks: '50', expiration_url: 'https://example.com/sold-out',
  })).body.data;
  const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => hit(i % 2 ? a : b, '/drop2')));
  expect(answers.filter((u) => u === 'https://example.com/drop').length).toBe(50);
  expect(answers.filter((u) => u === 'https://example.com/sold-out').length).toBe(150);
  expect((await api(b, 'GET', `/links/${l.id}`)).body.data).toMatchObject({ clicks: 50, status: 2 });
});

it('turns a rotation once per visit, whichever process answers', async () => {
  await api(a, 'POST', '/links', {
    url: 'https://example.com/fallback', alias: 'turns', target_type: '4',
    'rotation[0][value]': 'https://example.com/r1', 'rotation[1][value]': 'https://example.com/r2', 'rotation[2][value]': 'https://example.com/r3',
  });
  const seen = [];
  for (let i = 0; i < 6; i++) seen.push(await hit(i % 2 ? b : a, '/turns'));
  expect(seen).toEqual(['r1', 'r2', 'r3', 'r1', 'r2', 'r3'].map((r) => `https://example.com/${r}`));
});

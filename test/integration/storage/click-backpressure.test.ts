// Under more redirects than the click writer stores, redirects wait for it
// (click-gate.ts): the backlog stays within its bound, every answered click is
// stored, and a SIGKILL in the middle loses at most the README's window. The
// writer is slowed on purpose (a test hook: 2 ms a click, 500 clicks a second).
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { afterEach, expect, it } from 'vitest';
import { exited, linkdesk, serve, type Served } from '../../helpers/cli.ts';
import { BROWSER_UA } from '../redirect/helpers.ts';

const SLOW: NodeJS.ProcessEnv = { ...process.env, LINKDESK_TEST_CLICK_WRITER_US_PER_CLICK: '2000' };
delete SLOW.LINKDESK_DATA_DIR;

let dataDir: string;
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

async function start() {
  dataDir = mkdtempSync(path.join(tmpdir(), 'linkdesk-backpressure-'));
  const key = linkdesk(['keys', 'create', '--name', 'b', '--data-dir', dataDir]).lastLine;
  const s = await serve(['--data-dir', dataDir, '--no-titles', '--rate-limit', '0'], { env: SLOW });
  const res = await request(`${s.url}/api/v1/links`, {
    method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ url: 'https://example.com/b', alias: 'busy' }).toString(),
  });
  const id = ((await res.body.json()) as { data: { id: number } }).data.id;
  // The writer's thread starts with the first click (click-sinks.ts): one click, stored, before the load, so that
  // the load meets a writer that is behind, not one still starting (beside a second suite that took seconds).
  const first = await request(`${s.url}/busy`, { headers: { 'user-agent': BROWSER_UA, 'accept-language': 'en' } });
  await first.body.dump();
  await expect.poll(() => storedClicks(id), { timeout: 30_000 }).toBe(1);
  return { s, id };
}

type Health = { clicks_pending: number; clicks_pending_bound: number; redirects_waiting: number };

/**
 * Redirects from `workers` loops and /healthz every 50 ms until `seconds` pass and `least` redirects were answered
 * (a loaded machine answers fewer a second; at most 60 s), or the server is gone. `answers` fills as they come.
 */
async function load(s: Served, seconds: number, least = 0, answers: number[] = [], workers = 24) {
  const health: Health[] = [];
  const started = Date.now();
  const until = started + seconds * 1000;
  const more = () => Date.now() < until || (answers.length < least && Date.now() < started + 60_000);
  let gone = false;
  const loop = async () => {
    while (!gone && more()) {
      try {
        const res = await request(`${s.url}/busy`, { headers: { 'user-agent': BROWSER_UA, 'accept-language': 'en' } });
        await res.body.dump();
        if (res.statusCode === 302) answers.push(Date.now());
      } catch {
        gone = true;
      }
    }
  };
  const watch = async () => {
    while (!gone && more()) {
      try {
        const res = await request(`${s.url}/healthz`);
        health.push((await res.body.json()) as Health);
      } catch {
        gone = true;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  await Promise.all([...Array.from({ length: workers }, loop), watch()]);
  return { answers, health, ms: Date.now() - started };
}

const storedClicks = (linkId: number) => {
  const db = new Database(path.join(dataDir, 'linkdesk.sqlite'), { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM click_log WHERE link_id = ?').get(linkId) as { n: number }).n;
  } finally {
    db.close();
  }
};

it('keeps the clicks waiting for a slow writer within the bound, and stores every answered click', async () => {
  const { s, id } = await start();
  const { answers, health, ms } = await load(s, 4, 600);
  // The writer's pace is learned from its first commits; from then on the backlog stays under the bound.
  const settled = health.slice(health.length / 2);
  const bound = Math.max(...settled.map((h) => h.clicks_pending_bound));
  expect(bound).toBeLessThan(1000); // 500 clicks a second × 0.3 s, not the 50,000 ceiling
  expect(Math.max(...settled.map((h) => h.clicks_pending))).toBeLessThanOrEqual(bound + 24);
  expect(health.some((h) => h.redirects_waiting > 0)).toBe(true); // the redirects did wait
  // Throughput settled near the writer's 500 a second instead of running ahead of it.
  expect(answers.length / (ms / 1000)).toBeLessThan(500 * 2);
  expect(answers.length).toBeGreaterThanOrEqual(600);

  s.child.kill('SIGTERM');
  expect((await exited(s.child)).code).toBe(0);
  expect(storedClicks(id)).toBe(answers.length + 1); // and the warm-up's
  expect(s.stderr()).toMatch(/redirects wait for it/);
});

it('loses at most the last second of answered clicks when killed while the writer is behind', async () => {
  const { s, id } = await start();
  const answered: number[] = [];
  const run = load(s, 30, 0, answered);
  // Three seconds of it, and enough redirects that the writer is behind (a loaded machine answers fewer a second).
  const began = Date.now();
  await expect.poll(() => Date.now() - began >= 3000 && answered.length > 600, { timeout: 30_000, interval: 100 }).toBe(true);
  const killedAt = Date.now();
  s.child.kill('SIGKILL');
  const { answers } = await run;
  expect((await exited(s.child)).signal).toBe('SIGKILL');
  const kept = storedClicks(id) - 1; // the warm-up's click
  expect(kept).toBeLessThanOrEqual(answers.length);
  expect(kept).toBeGreaterThanOrEqual(answers.filter((at) => at < killedAt - 1000).length);
  expect(answers.length).toBeGreaterThan(500);
});

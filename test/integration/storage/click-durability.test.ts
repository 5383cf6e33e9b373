// What the README promises about clicks and a stopping process: SIGTERM loses
// none; SIGKILL loses at most the clicks of the last unflushed batch (one
// hand-off, 100 ms, plus 500 ms of batching: under a second); a click
// limit's spent clicks are never lost.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { afterEach, expect, it } from 'vitest';
import { exited, linkdesk, serve, type Served } from '../../helpers/cli.ts';
import { BROWSER_UA } from '../redirect/helpers.ts';

let dataDir: string;
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

async function start() {
  dataDir = mkdtempSync(path.join(tmpdir(), 'linkdesk-clickdur-'));
  const key = linkdesk(['keys', 'create', '--name', 'd', '--data-dir', dataDir]).lastLine;
  const s = await serve(['--data-dir', dataDir, '--no-titles', '--rate-limit', '0']);
  const create = async (form: Record<string, string>) => {
    const res = await request(`${s.url}/api/v1/links`, {
      method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    return ((await res.body.json()) as { data: { id: number } }).data.id;
  };
  return { s, create };
}

/** Visits `alias` from `workers` loops until `stop()` says so; returns each answer's time and location. */
async function visit(s: Served, alias: string, stop: (n: number) => boolean, workers = 8) {
  const answers: { at: number; location: string }[] = [];
  let halted = false;
  await Promise.all(Array.from({ length: workers }, async () => {
    while (!halted) {
      try {
        const res = await request(`${s.url}/${alias}`, { headers: { 'user-agent': BROWSER_UA } });
        await res.body.dump();
        answers.push({ at: Date.now(), location: String(res.headers.location) });
        if (stop(answers.length)) halted = true;
      } catch {
        halted = true; // the process is gone
      }
    }
  }));
  return answers;
}

const stored = (linkId: number) => {
  const db = new Database(path.join(dataDir, 'linkdesk.sqlite'), { readonly: true });
  try {
    return db.prepare(`SELECT (SELECT count(*) FROM click_log WHERE link_id = ?) AS rows,
      (SELECT clicks FROM link_clicks WHERE link_id = ?) AS counter, (SELECT sum(clicks) FROM click_days WHERE link_id = ?) AS rolled`)
      .get(linkId, linkId, linkId) as { rows: number; counter: number; rolled: number | null };
  } finally {
    db.close();
  }
};

it('loses no recorded click on SIGTERM', async () => {
  const { s, create } = await start();
  const id = await create({ url: 'https://example.com/t', alias: 'term' });
  const answers = await visit(s, 'term', (n) => n >= 600);
  s.child.kill('SIGTERM');
  expect((await exited(s.child)).code).toBe(0);
  expect(stored(id)).toEqual({ rows: answers.length, counter: answers.length, rolled: answers.length });
});

it('loses at most the last second of clicks on SIGKILL, and never a spent click of a limited link', async () => {
  const { s, create } = await start();
  const open = await create({ url: 'https://example.com/k', alias: 'kill' });
  const capped = await create({ url: 'https://example.com/c', alias: 'capped', expiration_clicks: '100000', expiration_url: 'https://example.com/x' });
  const started = Date.now();
  const [plain, limited] = await Promise.all([
    visit(s, 'kill', () => Date.now() - started > 1500),
    visit(s, 'capped', () => Date.now() - started > 1500, 2),
  ]);
  const killedAt = Date.now();
  s.child.kill('SIGKILL');
  expect((await exited(s.child)).signal).toBe('SIGKILL');

  const kept = stored(open);
  const settled = plain.filter((a) => a.at < killedAt - 1000).length;
  expect(kept.rows).toBeGreaterThanOrEqual(settled);
  expect(kept.rows).toBeLessThanOrEqual(plain.length);
  expect(kept.counter).toBe(kept.rows);
  expect(kept.rolled).toBe(kept.rows);
  // Every visitor sent to the limited link's target was counted before the answer left.
  const spent = limited.filter((a) => a.location === 'https://example.com/c').length;
  expect(stored(capped).counter).toBeGreaterThanOrEqual(spent);
  expect(spent).toBeGreaterThan(0);
});

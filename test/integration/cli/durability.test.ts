// Nothing acknowledged is lost when the process is killed: a burst of creates,
// SIGKILL right after the last acknowledgement, restart, and every record is there.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { exited, linkdesk, serve } from '../../helpers/cli.ts';
import { fetch } from '../../helpers/direct-fetch.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'linkdesk-kill-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('keeps every acknowledged create across SIGKILL, with an intact database', async () => {
  const key = linkdesk(['keys', 'create', '--name', 'durable', '--data-dir', dataDir]).lastLine;
  const first = await serve(['--data-dir', dataDir, '--no-titles', '--rate-limit', '0']);
  const acked: { id: number; alias: string }[] = [];
  const post = async (i: number) => {
    const res = await fetch(`${first.url}/api/v1/links`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: `url=https%3A%2F%2Fexample.com%2F${i}&alias=burst${i}`,
    });
    if (res.status !== 201) return;
    acked.push(((await res.json()) as { data: { id: number; alias: string } }).data);
    // The kill lands mid-burst, with other creates still in flight.
    if (acked.length === 300) first.child.kill('SIGKILL');
  };
  const queue = Array.from({ length: 400 }, (_, i) => i);
  await Promise.all(Array.from({ length: 16 }, async () => {
    for (let i = queue.shift(); i !== undefined; i = queue.shift()) await post(i).catch(() => undefined);
  }));
  expect((await exited(first.child)).signal).toBe('SIGKILL');
  expect(acked.length).toBeGreaterThanOrEqual(300);
  expect(acked.length).toBeLessThan(400);

  const db = new Database(path.join(dataDir, 'linkdesk.sqlite'));
  expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  db.close();

  const second = await serve(['--data-dir', dataDir, '--no-titles', '--rate-limit', '0']);
  try {
    const stored = new Map<number, string>();
    for (let page = 1; ; page++) {
      const res = await fetch(`${second.url}/api/v1/links?per_page=100&page=${page}`, { headers: { authorization: `Bearer ${key}` } });
      const body = (await res.json()) as { data: { id: number; alias: string }[]; meta: { last_page: number } };
      for (const l of body.data) stored.set(l.id, l.alias);
      if (page >= body.meta.last_page) break;
    }
    const missing = acked.filter(({ id, alias }) => stored.get(id) !== alias);
    expect(missing).toEqual([]);
  } finally {
    second.child.kill('SIGTERM');
    expect((await exited(second.child)).code).toBe(0);
  }
});

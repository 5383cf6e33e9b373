// The click sinks on their own, over a real SQLite file: the worker stores
// and confirms batches, and the request thread takes over when the worker
// cannot start or stops, beginning with the batches it had not confirmed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../electron/server/db/database.ts';
import { createClickWriter, type ClickRecord } from '../../../electron/server/db/repositories/redirect-repository.ts';
import { workerSink } from '../../../electron/server/redirect/click-sinks.ts';
import { within } from './helpers.ts';

let dir: string;
let store: Store;
let linkId: number;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'linkdesk-sinks-'));
  store = openStore(dir);
  const now = new Date().toISOString();
  const user = store.sqlite.prepare('INSERT INTO users (name, created_at) VALUES (?, ?)').run('u', now).lastInsertRowid;
  linkId = Number(store.sqlite.prepare('INSERT INTO links (user_id, alias, url, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
    .run(user, 'a', 'https://example.com', now, now).lastInsertRowid);
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const clicks = (n: number): ClickRecord[] => Array.from({ length: n }, () => ({
  link_id: linkId, created_at: Date.now(), country: 'DE', platform: 'Linux', browser: 'Firefox', language: 'de', referrer: null,
}));
const stored = () => store.sqlite.prepare('SELECT clicks, rotation_next, (SELECT count(*) FROM clicks) AS rows FROM links WHERE id = ?').get(linkId);

describe('worker sink', () => {
  it('stores batches on the worker and confirms them to a synchronous wait', async () => {
    const errors: unknown[] = [];
    const sink = workerSink(store.sqlite.name, createClickWriter(store.sqlite), (e) => errors.push(e));
    sink.write({ gen: 1, clicks: clicks(3), rotation: [[linkId, 2]] });
    sink.write({ gen: 2, clicks: clicks(2), rotation: [] });
    sink.waitFor(2);
    expect(sink.committed()).toBe(2);
    expect(stored()).toEqual({ clicks: 5, rotation_next: 2, rows: 5 });
    await sink.close();
    expect(errors).toEqual([]);
  });

  it('writes on the calling thread when the worker file is missing', async () => {
    const errors: unknown[] = [];
    const sink = workerSink(store.sqlite.name, createClickWriter(store.sqlite), (e) => errors.push(e), new URL('./no-such-worker.ts', import.meta.url));
    sink.write({ gen: 1, clicks: clicks(4), rotation: [] });
    expect(sink.committed()).toBe(1);
    expect(stored()).toMatchObject({ clicks: 4, rows: 4 });
    await sink.close();
    expect(String(errors[0])).toMatch(/missing/);
  });

  it('takes over from a worker that stops, writing what it had not confirmed', async () => {
    const errors: unknown[] = [];
    const dying = new URL('data:text/javascript,process.exit(3)');
    const sink = workerSink(store.sqlite.name, createClickWriter(store.sqlite), (e) => errors.push(e), dying);
    sink.write({ gen: 1, clicks: clicks(2), rotation: [] });
    // The worker's exit is noticed on the event loop, which a synchronous wait would block.
    await within(2000, async () => expect(sink.committed()).toBe(1));
    expect(stored()).toMatchObject({ clicks: 2, rows: 2 });
    sink.write({ gen: 2, clicks: clicks(1), rotation: [] });
    expect(sink.committed()).toBe(2);
    expect(stored()).toMatchObject({ clicks: 3, rows: 3 });
    await sink.close();
    expect(String(errors[0])).toMatch(/click writer stopped/);
  });
});

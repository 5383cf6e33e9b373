// The click sinks on their own, over a real SQLite file: the worker enriches,
// stores and confirms batches, and the request thread takes over when the
// worker cannot start or stops, beginning with the batches it had not confirmed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../electron/server/db/database.ts';
import { createClickStore } from '../../../electron/server/db/repositories/click-store.ts';
import { packClicks, type PackedClicks } from '../../../electron/server/redirect/click-batch.ts';
import { inlineSink, workerSink, type SinkOptions } from '../../../electron/server/redirect/click-sinks.ts';
import type { RawClick } from '../../../electron/server/redirect/enrich.ts';
import { defaultGeoipPath, openCountryLookup } from '../../../electron/server/redirect/geoip.ts';
import { BROWSER_UA, within } from './helpers.ts';

let dir: string;
let store: Store;
let linkId: number;
let userId: number;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'linkdesk-sinks-'));
  store = openStore(dir);
  const now = new Date().toISOString();
  userId = Number(store.sqlite.prepare('INSERT INTO users (name, created_at) VALUES (?, ?)').run('u', now).lastInsertRowid);
  linkId = Number(store.sqlite.prepare('INSERT INTO links (user_id, alias, url, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
    .run(userId, 'a', 'https://example.com', now, now).lastInsertRowid);
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const raw = (n: number, ua: string = BROWSER_UA): RawClick[] => Array.from({ length: n }, () => ({
  link_id: linkId, user_id: userId, created_at: Date.now(), ip: '2.16.6.1', ua, ch: undefined, lang: 'de-DE', referer: undefined,
}));
/** Batches cross to the writer packed, as the recorder hands them over (click-batch.ts). */
const clicks = (n: number, ua?: string): PackedClicks => packClicks(raw(n, ua));
const stored = () => store.sqlite.prepare(
  `SELECT (SELECT clicks FROM link_clicks WHERE link_id = ?) AS clicks, (SELECT count(*) FROM click_log) AS rows,
          (SELECT sum(clicks) FROM click_days) AS rolled`).get(linkId);

function sinkOf(errors: unknown[], url?: URL, idleMs?: number) {
  const o: SinkOptions = { file: store.sqlite.name, timeZone: 'UTC', geoipPath: defaultGeoipPath(), retentionMs: null, onError: (e) => errors.push(e) };
  const geo = openCountryLookup();
  return workerSink(o, (n) => inlineSink(createClickStore(store.sqlite, 'UTC'), geo, o.onError, n), url, idleMs);
}

describe('worker sink', () => {
  it('stores batches on the worker, enriched, and confirms them to a synchronous wait', async () => {
    const errors: unknown[] = [];
    const sink = sinkOf(errors);
    sink.write({ gen: 1, clicks: clicks(3) });
    sink.write({ gen: 2, clicks: clicks(2) });
    sink.waitFor(2);
    expect(sink.committed()).toBe(2);
    expect(stored()).toEqual({ clicks: 5, rows: 5, rolled: 5 });
    expect(store.sqlite.prepare('SELECT DISTINCT country, platform, browser, language FROM click_log').all())
      .toEqual([{ country: 'NL', platform: 'Windows', browser: 'Edge', language: 'de' }]);
    await sink.close();
    expect(errors).toEqual([]);
  });

  it('runs a writer thread only while there is work: from the first batch until a quiet spell, then again for the next', async () => {
    const errors: unknown[] = [];
    const sink = sinkOf(errors, undefined, 300);
    expect(sink.running()).toBe(false);
    sink.write({ gen: 1, clicks: clicks(3) });
    expect(sink.running()).toBe(true);
    sink.waitFor(1);
    await within(10_000, async () => expect(sink.running()).toBe(false));
    expect(stored()).toEqual({ clicks: 3, rows: 3, rolled: 3 });
    // The next batch starts another thread, which stores it and the one after.
    sink.write({ gen: 2, clicks: clicks(2) });
    expect(sink.running()).toBe(true);
    sink.write({ gen: 3, clicks: clicks(4) });
    sink.waitFor(3);
    expect(stored()).toEqual({ clicks: 9, rows: 9, rolled: 9 });
    // Woken for upkeep with nothing to store, it runs and stops again.
    await within(10_000, async () => expect(sink.running()).toBe(false));
    sink.wake();
    expect(sink.running()).toBe(true);
    await within(10_000, async () => expect(sink.running()).toBe(false));
    await sink.close();
    expect(errors).toEqual([]);
  });

  it('drops the clicks of known bots', async () => {
    const errors: unknown[] = [];
    const sink = sinkOf(errors);
    sink.write({ gen: 1, clicks: packClicks([...raw(2), ...raw(3, 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')]) });
    sink.waitFor(1);
    expect(stored()).toEqual({ clicks: 2, rows: 2, rolled: 2 });
    await sink.close();
  });

  it('writes on the calling thread when the worker file is missing', async () => {
    const errors: unknown[] = [];
    const sink = sinkOf(errors, new URL('./no-such-worker.ts', import.meta.url));
    sink.write({ gen: 1, clicks: clicks(4) });
    expect(sink.committed()).toBe(1);
    expect(stored()).toMatchObject({ clicks: 4, rows: 4 });
    await sink.close();
    expect(String(errors[0])).toMatch(/missing/);
  });

  it('takes over from a worker that stops, writing what it had not confirmed', async () => {
    const errors: unknown[] = [];
    const sink = sinkOf(errors, new URL('data:text/javascript,process.exit(3)'));
    sink.write({ gen: 1, clicks: clicks(2) });
    // The worker's exit is noticed on the event loop, which a synchronous wait would block.
    await within(2000, async () => expect(sink.committed()).toBe(1));
    expect(stored()).toMatchObject({ clicks: 2, rows: 2 });
    sink.write({ gen: 2, clicks: clicks(1) });
    expect(sink.committed()).toBe(2);
    expect(stored()).toMatchObject({ clicks: 3, rows: 3 });
    await sink.close();
    expect(String(errors[0])).toMatch(/click writer stopped/);
  });
});

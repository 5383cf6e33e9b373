// npm run bench:writer — a benchmark, not a test.
// What the click writer costs per click, apart from HTTP: batches of browser
// clicks on random links among 100,000 (the shape bench:redirect and
// bench:overload give it), enriched and stored on the writer's own kind of
// connection, one transaction per batch. Prints CPU and wall time per click.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openClickConnection } from '../../electron/server/db/connection.ts';
import { openStore } from '../../electron/server/db/database.ts';
import { createClickStore } from '../../electron/server/db/repositories/click-store.ts';
import { enrichPacked, packClicks } from '../../electron/server/redirect/click-batch.ts';
import type { RawClick } from '../../electron/server/redirect/enrich.ts';
import { openCountryLookup } from '../../electron/server/redirect/geoip.ts';
import { LANGS, UAS } from './load-script.ts';

const LINKS = 100_000;
/** About what a busy writer commits at once (150 ms of its pace). */
const BATCH = Number(process.env.BENCH_BATCH ?? 7000);
const ROUNDS = Math.round(560_000 / BATCH);

const dir = mkdtempSync(path.join(tmpdir(), 'linkdesk-bench-writer-'));
try {
  const seeded = openStore(dir);
  const now = new Date().toISOString();
  const user = Number(seeded.sqlite.prepare('INSERT INTO users (name, created_at) VALUES (?, ?)').run('bench', now).lastInsertRowid);
  const insert = seeded.sqlite.prepare('INSERT INTO links (user_id, alias, url, created_at, updated_at) VALUES (?, ?, ?, ?, ?)');
  seeded.sqlite.transaction(() => {
    for (let i = 1; i <= LINKS; i++) insert.run(user, `k${i}`, `https://example.com/articles/${i}`, now, now);
  })();
  await seeded.close();

  const sqlite = openClickConnection(path.join(dir, 'linkdesk.sqlite'));
  const store = createClickStore(sqlite, 'UTC');
  const geo = openCountryLookup();
  // Addresses in a few countries, and a private one that has none.
  const ips = ['81.2.69.160', '2.125.160.216', '89.160.20.112', '216.160.83.56', '67.43.156.1', '127.0.0.1'];
  const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
  let at = Date.now();
  const batch = (): RawClick[] => Array.from({ length: BATCH }, () => ({
    link_id: 1 + Math.floor(Math.random() * LINKS), user_id: user, created_at: at++, ip: pick(ips),
    ua: pick(UAS), ch: undefined, lang: pick(LANGS), referer: Math.random() < 0.3 ? 'https://news.example.org/item?id=1' : undefined,
  }));
  // Packed as the request thread hands them over (click-batch.ts).
  for (let i = 0; i < 10; i++) store.write(enrichPacked(packClicks(batch()), geo)); // warm-up: caches, JIT
  const batches = Array.from({ length: ROUNDS }, () => packClicks(batch()));
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (const b of batches) store.write(enrichPacked(b, geo));
  const cpu = process.cpuUsage(cpu0);
  const wall = performance.now() - t0;
  sqlite.close();
  const n = BATCH * ROUNDS;
  console.log(`${n} clicks in batches of ${BATCH} on ${LINKS} links: user ${(cpu.user / n).toFixed(2)} µs, system ${(cpu.system / n).toFixed(2)} µs a click`);
  console.log(`click writer: ${((cpu.user + cpu.system) / n).toFixed(2)} µs CPU, ${((wall * 1000) / n).toFixed(2)} µs wall a click (${Math.round(n / (wall / 1000))} clicks/s on one thread)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

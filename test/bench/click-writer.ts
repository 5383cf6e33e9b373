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
import { cityDatabaseFiles, defaultGeoipPath, openGeoLookup } from '../../electron/server/redirect/geoip.ts';
import { record } from './ledger.ts';
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
  // Cities from DB-IP City Lite when installed (BENCH_CITY=none: countries only, as before issue 33).
  const cityFiles = process.env.BENCH_CITY === 'none' ? [] : cityDatabaseFiles();
  const geo = openGeoLookup(defaultGeoipPath(), cityFiles);
  // Addresses in a few countries, and a private one that has none; BENCH_IPS=N: N random public IPv4
  // addresses instead, so that each batch looks most of its addresses up (real traffic's spread).
  const spread = Number(process.env.BENCH_IPS ?? 0);
  const ips = spread
    ? Array.from({ length: spread }, () => `${1 + Math.floor(Math.random() * 222)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`)
    : ['81.2.69.160', '2.125.160.216', '89.160.20.112', '216.160.83.56', '67.43.156.1', '127.0.0.1'];
  // 40% of visitors sent on with UTM parameters (60 campaigns), 10% by a QR code.
  const campaigns = Array.from({ length: 60 }, (_, i) => `https://example.com/articles/x?utm_source=news&utm_medium=email&utm_campaign=spring-${i}`);
  // BENCH_DEST=link: every click goes to its link's own destination (bench:redirect's shape: as many destinations as links).
  const ownDest = process.env.BENCH_DEST === 'link';
  console.log(`city database: ${cityFiles.length ? cityFiles.map((f) => path.basename(f)).join(' + ') : 'none'}; ${spread || 6} addresses; destinations: ${ownDest ? "each link's own" : '60 campaigns, 40% of clicks'}`);
  const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
  let at = Date.now();
  const batch = (): RawClick[] => Array.from({ length: BATCH }, () => {
    const link_id = 1 + Math.floor(Math.random() * LINKS);
    return {
      link_id, user_id: user, created_at: at++, ip: pick(ips),
      ua: pick(UAS), ch: undefined, lang: pick(LANGS), referer: Math.random() < 0.3 ? 'https://news.example.org/item?id=1' : undefined,
      dest: ownDest ? `https://example.com/articles/${link_id}` : Math.random() < 0.4 ? pick(campaigns) : undefined, qr: Math.random() < 0.1,
      to: ownDest ? `https://example.com/articles/${link_id}` : undefined,
    };
  });
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
  record('click writer CPU per click', (cpu.user + cpu.system) / n, 'µs', 'lower');
} finally {
  rmSync(dir, { recursive: true, force: true });
}

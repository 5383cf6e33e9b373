// npm run bench:stats — statistics latency at 10 million clicks, through the
// real HTTP API. A benchmark, not a test: it prints.
//
// 10,000,000 clicks over the last 365 days: 5,000,000 on one link, the rest
// spread over 10,000 links (a few heavy, a long tail), each click on a random
// day. Statistics read only the rollups and the counters, so those are seeded
// directly with what these clicks leave behind; the raw click log, which
// statistics never read, stays empty.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { buildApp } from '../../electron/server/app.ts';
import { openStore } from '../../electron/server/db/database.ts';
import { cityKey, DIMENSIONS, type Dimension } from '../../electron/server/db/repositories/click-rollup.ts';
import { createUsersRepository } from '../../electron/server/db/repositories/users-repository.ts';
import { dateOfDay, today } from '../../electron/server/util/days.ts';
import { record } from './ledger.ts';

const TOTAL = 10_000_000;
const BIG = 5_000_000;
const SMALL_LINKS = 10_000;
const DAYS = 365;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const TIME_ZONE = 'UTC';

// Values per dimension, most common first, and the share of clicks with none recorded.
const VALUES: Record<Dimension, { values: string[]; unknown: number }> = {
  country: { values: ['US', 'DE', 'GB', 'FR', 'IN', 'BR', 'JP', 'CA', 'NL', 'ES', 'IT', 'PL'], unknown: 0.02 },
  platform: { values: ['Windows', 'Android', 'iOS', 'macOS', 'Linux', 'ChromeOS'], unknown: 0.01 },
  browser: { values: ['Chrome', 'Mobile Safari', 'Safari', 'Firefox', 'Edge', 'Samsung Internet', 'Opera'], unknown: 0.01 },
  language: { values: ['en', 'de', 'fr', 'es', 'pt', 'ja', 'nl', 'it'], unknown: 0.05 },
  referrer: { values: ['www.google.com', 't.co', 'www.facebook.com', 'news.ycombinator.com', 'www.reddit.com', 'l.instagram.com', 'www.linkedin.com', 'duckduckgo.com'], unknown: 0.4 },
  // Issue 33's dimensions: 400 cities (country, region and name together, as the writer keys them), 60 campaigns.
  city: { values: Array.from({ length: 400 }, (_, i) => cityKey({ country: ['US', 'DE', 'GB', 'FR', 'IN'][i % 5]!, region: `Region ${i % 37}`, city: `City ${i}` })), unknown: 0.03 },
  continent: { values: ['NA', 'EU', 'AS', 'SA', 'OC', 'AF'], unknown: 0.02 },
  device: { values: ['desktop', 'mobile', 'tablet', 'television', 'console', 'watch'], unknown: 0 },
  hour: { values: Array.from({ length: 24 }, (_, h) => String((h + 14) % 24)), unknown: 0 },
  source: { values: ['link', 'qr'], unknown: 0 },
  utm_source: { values: ['newsletter', 'twitter', 'facebook', 'google', 'linkedin'], unknown: 0.5 },
  utm_medium: { values: ['email', 'social', 'cpc', 'banner'], unknown: 0.5 },
  utm_campaign: { values: Array.from({ length: 60 }, (_, i) => `campaign "${i}" \\ 😀`), unknown: 0.6 },
  // Issue 34: where clicks went (a split of a few, most links one).
  destination: { values: ['https://example.com/a', 'https://example.com/b', 'https://example.org/landing'], unknown: 0 },
};
const DIMS = Object.entries(DIMENSIONS) as [Dimension, number][];

let seed = 7;
const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
/** Skewed towards the first values, like real audiences. */
const pickIndex = (n: number) => Math.floor(n * rand() ** 2);

const dataDir = mkdtempSync(path.join(tmpdir(), 'linkdesk-bench-stats-'));
const store = openStore(dataDir);
const db = store.sqlite;
const t0 = performance.now();
console.log(`seeding ${TOTAL.toLocaleString('en')} clicks over ${DAYS} days into the rollups and counters (no raw click-log rows: statistics never read them)…`);

const { key, userId } = await createUsersRepository(store.db).createUserWithKey('bench');
const lastDay = today(TIME_ZONE);
const firstDay = lastDay - DAYS + 1;

db.pragma('synchronous = OFF'); // seeding only; the app runs with FULL
const insertLink = db.prepare('INSERT INTO links (user_id, alias, url, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)');
const setCounter = db.prepare('UPDATE link_clicks SET clicks = ? WHERE link_id = ?');
const insertDay = db.prepare('INSERT INTO click_days (link_id, day, user_id, clicks, dims) VALUES (?, ?, ?, ?, ?)');
const accountDays = new Map<number, number>();
const accountDims = new Map<string, number>();
const add = <K>(m: Map<K, number>, k: K, n: number) => m.set(k, (m.get(k) ?? 0) + n);

/** Splits `n` clicks of one link and day among a dimension's values, leaving its unknown share out. */
function split(n: number, dim: Dimension, big: boolean): Map<number, number> {
  const { values, unknown } = VALUES[dim];
  const out = new Map<number, number>();
  if (big) { // thousands a day: shares, not click by click
    let left = Math.round(n * (1 - unknown));
    for (let i = 0; i < values.length && left > 0; i++) {
      const share = i === values.length - 1 ? left : Math.min(left, Math.round(left * (0.35 + 0.1 * rand())));
      if (share > 0) out.set(i, share);
      left -= share;
    }
    return out;
  }
  for (let c = 0; c < n; c++) if (rand() >= unknown) add(out, pickIndex(values.length), 1);
  return out;
}

/** Writes one link's clicks per day (day offsets 0…DAYS-1) to the rollups and its counter. */
function writeLink(linkId: number, perDay: Map<number, number>, big: boolean) {
  const days = [...perDay].sort((a, b) => a[0] - b[0]);
  let sum = 0;
  for (const [d, n] of days) {
    // The day's dimensions as the click writer stores them: [dim, value, clicks].
    const dims: [number, string, number][] = [];
    for (const [name, dim] of DIMS) {
      for (const [i, c] of split(n, name, big)) {
        const value = VALUES[name].values[i]!;
        dims.push([dim, value, c]);
        add(accountDims, `${dim}|${firstDay + d}|${value}`, c);
      }
    }
    insertDay.run(linkId, firstDay + d, userId, n, JSON.stringify(dims));
    add(accountDays, firstDay + d, n);
    sum += n;
  }
  setCounter.run(sum, linkId);
}

const created = new Date(Date.now() - DAYS * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
const newLink = (i: number) => Number(insertLink.run(userId, `s${i.toString(36)}`, `https://www.example${i % 997}.com/page/${i}`, `Page ${i}`, created, created).lastInsertRowid);

// The big link: about BIG / DAYS a day, busier on weekdays.
const bigId = db.transaction(() => {
  const id = newLink(0);
  const weights = Array.from({ length: DAYS }, (_, d) => ((firstDay + d + 3) % 7 < 5 ? 1.2 : 0.7) * (0.8 + 0.4 * rand()));
  const scale = BIG / weights.reduce((a, b) => a + b, 0);
  const perDay = new Map<number, number>();
  let left = BIG;
  weights.forEach((w, d) => {
    const n = d === DAYS - 1 ? left : Math.round(w * scale);
    perDay.set(d, n);
    left -= n;
  });
  writeLink(id, perDay, true);
  return id;
})();

// The rest: a long tail (link i gets a share falling with its rank), each click on a random day.
const rest = TOTAL - BIG;
const tail = Array.from({ length: SMALL_LINKS }, (_, i) => 1 / (i + 20) ** 0.7);
const tailScale = rest / tail.reduce((a, b) => a + b, 0);
let given = 0;
const BATCH = 500;
for (let from = 1; from <= SMALL_LINKS; from += BATCH) {
  db.transaction(() => {
    for (let i = from; i < Math.min(from + BATCH, SMALL_LINKS + 1); i++) {
      const n = i === SMALL_LINKS ? rest - given : Math.round(tail[i - 1]! * tailScale);
      given += n;
      const perDay = new Map<number, number>();
      for (let c = 0; c < n; c++) add(perDay, Math.floor(rand() * DAYS), 1);
      writeLink(newLink(i), perDay, false);
    }
  })();
  process.stdout.write(`\r  links ${Math.min(from + BATCH - 1, SMALL_LINKS).toLocaleString('en')}/${SMALL_LINKS.toLocaleString('en')}`);
}
db.transaction(() => {
  const day = db.prepare('INSERT INTO account_days (user_id, day, clicks) VALUES (?, ?, ?)');
  for (const [d, n] of [...accountDays].sort((a, b) => a[0] - b[0])) day.run(userId, d, n);
  const dim = db.prepare('INSERT INTO account_dims (user_id, dim, day, value, clicks) VALUES (?, ?, ?, ?, ?)');
  for (const [k, n] of accountDims) {
    const [d, dy, value] = k.split('|') as [string, string, string];
    dim.run(userId, Number(d), Number(dy), value, n);
  }
  // Their sums per month, as the writer keeps them alongside (migration 14's backfill does the same).
  db.exec(`INSERT INTO account_month_dims (user_id, dim, month, value, clicks)
    SELECT user_id, dim, CAST(julianday(date(day * 86400, 'unixepoch', 'start of month')) - 2440587.5 AS INTEGER), value, sum(clicks)
    FROM account_dims WHERE dim <> ${DIMENSIONS.hour} GROUP BY 1, 2, 3, 4`);
})();
db.pragma('synchronous = FULL');
db.pragma('wal_checkpoint(TRUNCATE)');
const rows = (t: string) => (db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n;
const seeded = (db.prepare('SELECT sum(clicks) AS n FROM account_days').get() as { n: number }).n;
console.log(`\rseeded ${seeded.toLocaleString('en')} clicks in ${((performance.now() - t0) / 1000).toFixed(1)} s: `
  + `${rows('click_days').toLocaleString('en')} click_days rows (dimensions inside), ${rows('account_dims').toLocaleString('en')} account_dims rows, ${rows('account_month_dims').toLocaleString('en')} account_month_dims rows, `
  + `${(SMALL_LINKS + 1).toLocaleString('en')} links`);

const app = await buildApp({ store, config: { dataDir, fetchTitles: false, rateLimit: 0, timeZone: TIME_ZONE } });
await app.listen({ host: '127.0.0.1', port: 0 });
const pool = new Pool(app.linkdesk.baseUrl(), { connections: 1 });
const since30 = dateOfDay(lastDay - 29);

const scenarios: [string, string][] = [
  ['link, all time', `/stats/${bigId}`],
  ['link, last 30 days', `/stats/${bigId}?from=${since30}`],
  ['account, last 30 days', `/stats?from=${since30}`],
  ['account, all time', '/stats'],
  ['links by clicks', '/links?sort_by=clicks&sort=desc&per_page=100'],
];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
let worst = { name: '', p95: 0 };
const failed: string[] = [];
console.log(`\n${'scenario'.padEnd(24)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}  answer`);
for (const [name, p] of scenarios) {
  const times: number[] = [];
  let summary = '';
  try {
    for (let i = 0; i < SAMPLES + 3; i++) {
      const start = performance.now();
      const res = await pool.request({ method: 'GET', path: `/api/v1${p}`, headers: { authorization: `Bearer ${key}` } });
      const body = (await res.body.json()) as { data: { total?: number; series?: unknown[]; top_links?: unknown[] } | unknown[] };
      const ms = performance.now() - start;
      if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode} ${JSON.stringify(body)}`);
      if (i >= 3) times.push(ms); // 3 warm-up requests
      const d = body.data;
      summary = Array.isArray(d) ? `${d.length} links` : `${d.total!.toLocaleString('en')} clicks, ${d.series!.length} buckets${d.top_links ? `, ${d.top_links.length} top links` : ''}`;
    }
  } catch (err) {
    failed.push(name);
    console.log(`${name.padEnd(24)} failed: ${(err as Error).message.slice(0, 200)}`);
    continue;
  }
  times.sort((a, b) => a - b);
  const p95 = pct(times, 95);
  if (p95 > worst.p95) worst = { name, p95 };
  console.log(`${name.padEnd(24)} ${pct(times, 50).toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)}  ${summary}`);
}
await pool.close();
await app.close();
await store.close();
rmSync(dataDir, { recursive: true, force: true });
console.log(`(worst: ${worst.name}; ${SAMPLES} samples each, aim p95 < 50 ms${failed.length ? `; failed: ${failed.join(', ')}` : ''})`);
console.log(`stats p95 worst: ${worst.p95.toFixed(1)} ms`);
record('stats p95 worst, 10M clicks', worst.p95, 'ms', 'lower');

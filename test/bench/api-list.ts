// npm run bench:api — list latency over a million links, per_page 100, for each
// search_by, each status and each sort_by. A benchmark, not a test: it prints.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { buildApp } from '../../electron/server/app.ts';
import { openStore } from '../../electron/server/db/database.ts';
import { openPostgres } from '../../electron/server/db/postgres.ts';
import { startPostgres } from '../helpers/postgres.ts';
import { record } from './ledger.ts';
import { seedLinks, seedLinksPostgres, WORDS } from './seed-links.ts';

// --postgres: the same lists on a throw-away PostgreSQL cluster on this machine.
const POSTGRES = process.argv.includes('--postgres');
const COUNT = Number(process.env.BENCH_LINKS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
// BENCH_API_DIR=folder (SQLite): seed it once and reuse it in later runs (seeding a million links takes minutes).
// BENCH_CASES=regex: only the scenarios whose name matches.
const KEEP = POSTGRES ? undefined : process.env.BENCH_API_DIR;
const CASES = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES) : undefined;
if (KEEP) mkdirSync(KEEP, { recursive: true });
const dataDir = KEEP ?? mkdtempSync(path.join(tmpdir(), 'linkdesk-bench-api-'));
const seeded = path.join(dataDir, 'bench-seed.json');
const t0 = performance.now();
const cluster = POSTGRES ? await startPostgres() : null;
const store = cluster ? await openPostgres(cluster.url) : openStore(dataDir);
let key: string, aliases: string[];
if (KEEP && existsSync(seeded) && (JSON.parse(readFileSync(seeded, 'utf8')) as { count: number }).count === COUNT && store.engine === 'sqlite') {
  key = (JSON.parse(readFileSync(seeded, 'utf8')) as { key: string }).key;
  aliases = store.sqlite.prepare('SELECT alias FROM links').pluck().all() as string[];
  console.log(`reusing ${COUNT.toLocaleString('en')} links in ${dataDir}`);
} else {
  process.stdout.write(`seeding ${COUNT.toLocaleString('en')} links${cluster ? ' into PostgreSQL' : ''}…`);
  const progress = (n: number) => process.stdout.write(`\rseeding ${n.toLocaleString('en')}/${COUNT.toLocaleString('en')} links…`);
  ({ key, aliases } = store.engine === 'postgres' ? await seedLinksPostgres(store, COUNT, progress) : await seedLinks(store, COUNT, progress));
  if (KEEP) writeFileSync(seeded, JSON.stringify({ count: COUNT, key }));
  console.log(` done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

const app = await buildApp({ store, config: { dataDir, fetchTitles: false, rateLimit: 0 } });
await app.listen({ host: '127.0.0.1', port: 0 });
const pool = new Pool(app.linkdesk.baseUrl(), { connections: 1 });

const pick = <T>(a: readonly T[]) => a[Math.floor(Math.random() * a.length)]!;
const scenarios: [string, () => string][] = [
  ['search_by=title', () => `search=${pick(WORDS)}&search_by=title`],
  ['search_by=alias', () => `search=${pick(aliases).slice(0, 4)}&search_by=alias`],
  ['search_by=url', () => `search=${pick(WORDS)}${Math.floor(Math.random() * 997)}&search_by=url`],
  ['status=0', () => 'status=0'],
  ['status=1', () => 'status=1'],
  ['status=2', () => 'status=2'],
  ['status=3', () => 'status=3'],
  ['sort_by=id', () => `sort_by=id&sort=${pick(['asc', 'desc'])}`],
  ['sort_by=clicks', () => `sort_by=clicks&sort=${pick(['asc', 'desc'])}`],
  ['sort_by=title', () => `sort_by=title&sort=${pick(['asc', 'desc'])}`],
  ['sort_by=alias', () => `sort_by=alias&sort=${pick(['asc', 'desc'])}`],
  ['sort_by=url', () => `sort_by=url&sort=${pick(['asc', 'desc'])}`],
];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
let worst = { name: '', p95: 0 };
console.log(`\n${'scenario'.padEnd(18)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'rows'.padStart(6)} ${'total'.padStart(9)}`);
for (const [name, query] of scenarios) {
  if (CASES && !CASES.test(name)) continue;
  const times: number[] = [];
  let rows = 0, total = 0;
  for (let i = 0; i < SAMPLES + 3; i++) {
    const page = 1 + Math.floor(Math.random() * 5);
    const start = performance.now();
    const res = await pool.request({ method: 'GET', path: `/api/v1/links?per_page=100&page=${page}&${query()}`, headers: { authorization: `Bearer ${key}` } });
    const body = (await res.body.json()) as { data: unknown[]; meta: { total: number } };
    const ms = performance.now() - start;
    if (res.statusCode !== 200) throw new Error(`${name}: HTTP ${res.statusCode} ${JSON.stringify(body)}`);
    if (i >= 3) { times.push(ms); rows += body.data.length; total += body.meta.total; } // 3 warm-up requests
  }
  times.sort((a, b) => a - b);
  const p95 = pct(times, 95);
  if (p95 > worst.p95) worst = { name, p95 };
  console.log(`${name.padEnd(18)} ${pct(times, 50).toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)} ${Math.round(rows / SAMPLES).toString().padStart(6)} ${Math.round(total / SAMPLES).toString().padStart(9)}`);
}
await pool.close();
await app.close();
await store.close();
cluster?.stop();
if (!KEEP) rmSync(dataDir, { recursive: true, force: true });
console.log(`(worst: ${worst.name}; ${COUNT.toLocaleString('en')} links${cluster ? ' on PostgreSQL' : ''}, ${SAMPLES} samples each, aim p95 < 50 ms)`);
console.log(`api list p95 worst${cluster ? ' (PostgreSQL)' : ''}: ${worst.p95.toFixed(1)} ms`);
if (!CASES) record(`api list p95 worst, ${COUNT.toLocaleString('en')} links${cluster ? ' (PostgreSQL)' : ''}`, worst.p95, 'ms', 'lower');

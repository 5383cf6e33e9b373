// npm run bench:redirect — a benchmark, not a test.
// One run, one load generator, the same settings for both:
//   (a) a bare node:http server answering 302 with no lookup: the ceiling;
//   (b) Linkdesk redirecting random existing aliases among 100,000 links,
//       click recording on (browser-like User-Agent and Accept-Language, so
//       each click is parsed and stored like a real one).
//   (c) Linkdesk again, every link with 10 rules of 3 conditions each that
//       no visitor here meets (each request tries all ten: the worst case),
//       held against (b): issue 34 asks for at least 90% of its ratio.
//   --live-streams N: (b) again with N GET /stats/live streams open, read by
//       their own process, on admin keys (every click goes to every stream:
//       the worst case), 20 per key as the server allows. With --live-idle
//       the streams are members' whose links get no clicks: the cost of
//       streams being open, polled and kept alive, without the fan-out.
// Each server runs in its own process; wrk (C, one thread) drives the load
// so the generator itself takes as little of the two cores as possible;
// autocannon stands in where wrk is not installed.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGS, UAS, writeLoadScript } from './load-script.ts';
import { record } from './ledger.ts';
import { withRules } from './redirect-rules.ts';
import { serverNodeFlags } from './server-flags.ts';

const LINKS = 100_000;
const DURATION_S = 10;
const WARMUP_S = 2;
const CONNECTIONS = 50;
const self = fileURLToPath(import.meta.url);


interface Result { rps: number; p99ms: number; requests: number; errors: number }

// ---- child processes: the two servers -------------------------------------
async function serveCeiling() {
  const server = http.createServer((_req, res) => {
    res.writeHead(302, { location: 'https://example.com/', 'cache-control': 'no-store' });
    res.end();
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(`PORT ${(server.address() as { port: number }).port}\n`));
}

async function serveLinkdesk(dataDir: string, databaseUrl?: string) {
  const { openStore } = await import('../../electron/server/db/database.ts');
  const { openPostgres } = await import('../../electron/server/db/postgres.ts');
  const { buildApp } = await import('../../electron/server/app.ts');
  const { settleRequestSites } = await import('../../electron/server/util/settle-request-sites.ts');
  const store = databaseUrl ? await openPostgres(databaseUrl) : openStore(dataDir);
  // BENCH_GEOIP_CITY=none: without the city database (by default DB-IP City Lite, when installed).
  // The server's warnings and errors (a click writer falling behind or failing) go to the bench's stderr.
  const app = await buildApp({
    store, config: { dataDir, fetchTitles: false, rateLimit: 0 }, geoipCity: process.env.BENCH_GEOIP_CITY,
    logger: { level: 'warn', stream: process.stderr },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  await settleRequestSites(app); // as linkdesk serve does
  // What the server answered, to hold the stored clicks against: the load
  // generator does not count the requests still in flight when it stops.
  let answered = 0;
  app.server.prependListener('request', (_req, res) => res.once('finish', () => { answered += 1; }));
  process.stdout.write(`PORT ${(app.server.address() as { port: number }).port}\n`);
  process.on('SIGTERM', () => {
    void app.close().then(() => store.close()).then(() => {
      writeFileSync(path.join(dataDir, 'answered'), String(answered));
      // The server's own CPU (every thread), which other processes on the machine do not move as they move throughput.
      const cpu = process.cpuUsage();
      writeFileSync(path.join(dataDir, 'cpu'), String(cpu.user + cpu.system));
      process.exit(0);
    });
  });
}

/** N live streams on `keys` (20 each), read and counted until SIGTERM. */
async function readStreams(n: number, port: number, keys: string[]) {
  let events = 0, ended = 0, open = 0;
  const needle = Buffer.from('event: click');
  for (let i = 0; i < n; i++) {
    http.get({ host: '127.0.0.1', port, path: '/api/v1/stats/live', headers: { authorization: `Bearer ${keys[Math.floor(i / 20)]}` } }, (res) => {
      if (res.statusCode !== 200) throw new Error(`live stream answered ${res.statusCode}`);
      if (++open === n) process.stdout.write(`OPEN ${n}\n`);
      res.on('data', (d: Buffer) => { for (let at = d.indexOf(needle); at !== -1; at = d.indexOf(needle, at + 1)) events++; });
      res.on('close', () => { ended++; });
    });
  }
  process.on('SIGTERM', () => {
    process.stdout.write(`STREAMS events=${events} ended=${ended}\n`);
    process.exit(0);
  });
}

/** Admin keys for the live streams (an admin hears every user's clicks). */
async function liveKeys(n: number, dataDir: string, databaseUrl?: string): Promise<string[]> {
  const { openStore } = await import('../../electron/server/db/database.ts');
  const { openPostgres } = await import('../../electron/server/db/postgres.ts');
  const { createUsersRepository } = await import('../../electron/server/db/repositories/users-repository.ts');
  const store = databaseUrl ? await openPostgres(databaseUrl) : openStore(dataDir);
  try {
    const users = createUsersRepository(store.db);
    const keys: string[] = [];
    for (let i = 0; i < Math.ceil(n / 20); i++) keys.push((await users.createUserWithKey(`live-${i}`, process.argv.includes('--live-idle') ? 'member' : 'admin')).key);
    return keys;
  } finally {
    await store.close();
  }
}

// ---- the orchestrator ------------------------------------------------------
async function seed(dataDir: string) {
  const { openStore } = await import('../../electron/server/db/database.ts');
  const store = openStore(dataDir);
  const now = new Date().toISOString();
  const user = store.sqlite.prepare('INSERT INTO users (name, created_at) VALUES (?, ?)').run('bench', now).lastInsertRowid;
  const insert = store.sqlite.prepare('INSERT INTO links (user_id, alias, url, created_at, updated_at) VALUES (?, ?, ?, ?, ?)');
  store.sqlite.transaction(() => {
    for (let i = 1; i <= LINKS; i++) insert.run(user, `k${i}`, `https://example.com/articles/${i}?ref=short`, now, now);
  })();
  await store.close();
}

function start(args: string[]): Promise<{ child: ChildProcess; port: number }> {
  // BENCH_CPU_PROF=DIR writes a CPU profile of each server (node --cpu-prof) there.
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // Linkdesk runs with the Node flags deploy/linkdesk.service gives it.
  const flags = args[1] === 'linkdesk' ? serverNodeFlags() : [];
  const child = spawn(process.execPath, [...flags, ...prof, self, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.on('exit', (code) => reject(new Error(`server exited early (${code})`)));
  });
}

const stop = (child: ChildProcess) => new Promise<void>((resolve) => {
  child.removeAllListeners('exit');
  child.on('exit', () => resolve());
  child.kill('SIGTERM');
});

const wrk = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => existsSync(p));

const toMs = (v: string, unit: string) => Number(v) * ({ us: 0.001, ms: 1, s: 1000 }[unit] ?? NaN);

function runWrk(port: number, seconds: number, script: string): Result {
  const out = execFileSync(wrk!, ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', '-s', script, `http://127.0.0.1:${port}`], { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)\b/.exec(out);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  const errors = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0)
    + Number(/Socket errors: connect (\d+)/.exec(out)?.[1] ?? 0);
  return { rps, p99ms: p99 ? toMs(p99[1]!, p99[2]!) : NaN, requests, errors };
}

async function runAutocannon(port: number, seconds: number): Promise<Result> {
  // autocannon ships no type declarations; the few fields read are typed here.
  type Run = { requests: { average: number; total: number }; latency: { p99: number }; non2xx: number; errors: number; statusCodeStats: Record<string, { count: number }> };
  const { default: autocannon } = (await import('autocannon' as string)) as { default: (o: object) => Promise<Run> };
  const r = await autocannon({
    url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, duration: seconds,
    requests: [{
      setupRequest: (req: Record<string, unknown>) => ({
        ...req,
        path: `/k${1 + Math.floor(Math.random() * LINKS)}`,
        headers: { 'user-agent': UAS[Math.floor(Math.random() * UAS.length)]!, 'accept-language': LANGS[Math.floor(Math.random() * LANGS.length)]! },
      }),
    }],
  });
  return { rps: r.requests.average, p99ms: r.latency.p99, requests: r.requests.total, errors: r.non2xx - (r.statusCodeStats['302']?.count ?? 0) + r.errors };
}

async function measure(label: string, args: string[], script: string, live?: { n: number; keys: string[] }): Promise<Result> {
  const { child, port } = await start(args);
  let readers: ChildProcess | null = null;
  let readerOut = '';
  try {
    const probe = await new Promise<http.IncomingMessage>((resolve) => http.get(`http://127.0.0.1:${port}/k1`, resolve));
    if (probe.statusCode !== 302) throw new Error(`${label}: /k1 answered ${probe.statusCode}, not 302`);
    probe.resume();
    if (live) {
      readers = spawn(process.execPath, [self, '--streams', String(live.n), String(port), live.keys.join(',')], { stdio: ['ignore', 'pipe', 'inherit'] });
      await new Promise<void>((resolve, reject) => {
        readers!.stdout!.on('data', (d: Buffer) => { readerOut += d; if (readerOut.includes('OPEN')) resolve(); });
        readers!.on('exit', (code) => reject(new Error(`stream readers exited early (${code})`)));
      });
    }
    const warm = wrk ? runWrk(port, WARMUP_S, script) : await runAutocannon(port, WARMUP_S);
    const r = wrk ? runWrk(port, DURATION_S, script) : await runAutocannon(port, DURATION_S);
    r.requests += warm.requests + 1;
    console.log(`${label.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${r.p99ms.toFixed(2)} ms${r.errors ? `   (${r.errors} non-redirect answers or errors)` : ''}`);
    return r;
  } finally {
    if (readers) {
      const r = readers;
      r.removeAllListeners('exit');
      await new Promise<void>((resolve) => { r.on('exit', () => resolve()); r.kill('SIGTERM'); });
      const m = /STREAMS events=(\d+) ended=(\d+)/.exec(readerOut);
      console.log(`    ${live!.n} live streams received ${m?.[1] ?? '?'} click events in all; ${m?.[2] ?? '?'} ended early (dropped for falling behind)`);
    }
    await stop(child);
  }
}

/**
 * The same links in PostgreSQL. The per-row triggers would all update one
 * user's link_counts row (minutes for 100k rows in one statement), so they
 * are off for the insert and their rows written in bulk instead.
 */
async function seedPostgres(url: string) {
  const { openPostgres } = await import('../../electron/server/db/postgres.ts');
  const store = await openPostgres(url);
  const now = new Date().toISOString();
  const client = await store.pool.connect();
  try {
    await client.query('BEGIN');
    const { id } = (await client.query("INSERT INTO users (name, created_at) VALUES ('bench', $1) RETURNING id", [now])).rows[0];
    await client.query('ALTER TABLE links DISABLE TRIGGER links_after_insert');
    await client.query(`INSERT INTO links (user_id, alias, url, created_at, updated_at)
      SELECT $1, 'k' || g, 'https://example.com/articles/' || g || '?ref=short', $2, $2 FROM generate_series(1, ${LINKS}) g`, [id, now]);
    await client.query('INSERT INTO link_clicks (link_id, user_id, clicks) SELECT id, user_id, 0 FROM links');
    await client.query('INSERT INTO link_counts (user_id, total, disabled) SELECT user_id, count(*), 0 FROM links GROUP BY user_id');
    await client.query('ALTER TABLE links ENABLE TRIGGER links_after_insert');
    await client.query('COMMIT');
    await client.query('VACUUM ANALYZE');
  } finally {
    client.release();
    await store.close();
  }
}

/** Stored clicks as (b) left them: log rows, counters, rollups. */
async function storedClicks(dataDir: string, databaseUrl?: string) {
  const q = { n: 'SELECT count(*) AS v FROM click_log', sum: 'SELECT sum(clicks) AS v FROM link_clicks', rolled: 'SELECT sum(clicks) AS v FROM click_days' };
  if (databaseUrl) {
    const { openPostgres } = await import('../../electron/server/db/postgres.ts');
    const store = await openPostgres(databaseUrl);
    try {
      const get = async (sql: string) => Number((await store.pool.query(sql)).rows[0].v);
      return { n: await get(q.n), sum: await get(q.sum), rolled: await get(q.rolled) };
    } finally {
      await store.close();
    }
  }
  const { openStore } = await import('../../electron/server/db/database.ts');
  const store = openStore(dataDir);
  try {
    const get = (sql: string) => Number((store.sqlite.prepare(sql).get() as { v: number }).v);
    return { n: get(q.n), sum: get(q.sum), rolled: get(q.rolled) };
  } finally {
    await store.close();
  }
}

async function main(postgres: boolean) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'linkdesk-bench-'));
  // --postgres: (b) is one node on a throw-away PostgreSQL cluster on the same machine.
  const cluster = postgres ? await (await import('../helpers/postgres.ts')).startPostgres() : null;
  try {
    const t0 = performance.now();
    if (cluster) await seedPostgres(cluster.url);
    else await seed(dataDir);
    console.log(`seeded ${LINKS} links in ${((performance.now() - t0) / 1000).toFixed(1)} s; load: ${wrk ? `wrk -t1 -c${CONNECTIONS}` : `autocannon -c${CONNECTIONS}`}, ${DURATION_S} s after ${WARMUP_S} s warm-up, random alias per request`);
    const script = path.join(dataDir, 'random-alias.lua');
    writeLoadScript(script, LINKS);
    const liveN = liveStreams();
    const live = liveN > 0 ? { n: liveN, keys: await liveKeys(liveN, dataDir, cluster?.url) } : undefined;
    // On SQLite every Linkdesk run starts from the seeded database: the writer's cost per click grows with the
    // rollups it adds to (each link's day row), so a later run on a larger database would read as slower.
    const dbFile = path.join(dataDir, 'linkdesk.sqlite');
    const seeded = path.join(dataDir, 'seeded.sqlite');
    const hasWal = existsSync(`${dbFile}-wal`); // none after a clean close; copied with the file if there is one
    if (!cluster) {
      copyFileSync(dbFile, seeded);
      if (hasWal) copyFileSync(`${dbFile}-wal`, `${seeded}-wal`);
    }
    let from = seeded;
    const fresh = () => {
      if (cluster) return;
      for (const f of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) rmSync(f, { force: true });
      copyFileSync(from, dbFile);
      if (hasWal && existsSync(`${from}-wal`)) copyFileSync(`${from}-wal`, `${dbFile}-wal`);
    };
    const ceiling = await measure('(a) bare node:http 302, no lookup', ['--serve', 'ceiling'], script);
    const answeredFile = path.join(dataDir, 'answered');
    const serveArgs = cluster ? ['--serve', 'linkdesk', dataDir, cluster.url] : ['--serve', 'linkdesk', dataDir];
    const cpuRuns: number[] = [];
    let answeredAll = 0;
    let storedAll = { n: 0, sum: 0, rolled: 0 };
    let generated = 0;
    const run = async (label: string, streams?: { n: number; keys: string[] }) => {
      fresh();
      const r = await measure(label, serveArgs, script, streams);
      const answered = Number(readFileSync(answeredFile, 'utf8'));
      const cpu = Number(readFileSync(path.join(dataDir, 'cpu'), 'utf8')) / answered;
      console.log(`    answered ${answered}, server CPU ${cpu.toFixed(1)} µs per answered redirect (all threads, start-up included)`);
      answeredAll += answered;
      generated += r.requests;
      cpuRuns.push(cpu);
      if (!cluster) {
        // Each run starts afresh: its own clicks are counted before the next run replaces the database.
        const s = await storedClicks(dataDir);
        storedAll = { n: storedAll.n + s.n, sum: storedAll.sum + s.sum, rolled: storedAll.rolled + s.rolled };
      }
      return r;
    };
    const linkdesk = await run(cluster ? '(b) Linkdesk on PostgreSQL, 100k' : '(b) Linkdesk, 100k links, clicks');
    // (b'), then (b) once more: (b') is held against the mean of the runs before and after it
    // (on PostgreSQL, the later runs meet a larger database).
    const withLive = live ? await run(`(b') the same, ${liveN} ${process.argv.includes('--live-idle') ? 'idle ' : ''}live streams`, live) : null;
    const after = live ? await run('(b) again, no live streams') : null;
    // (c): the same links, each with 10 rules (on SQLite from a copy of the seeded database with them).
    if (cluster) await withRules(cluster.url);
    else {
      fresh();
      await withRules(undefined, dataDir);
      from = path.join(dataDir, 'seeded-rules.sqlite');
      copyFileSync(dbFile, from);
    }
    const ruled = await run(cluster ? '(c) the same, 10 rules a link' : '(c) the same, 10 rules of 3 a link');
    const { n, sum, rolled } = cluster ? await storedClicks(dataDir, cluster.url) : storedAll;
    // Every request was a human click (browser User-Agents): each redirect
    // the server answered must be stored exactly once.
    const answered = answeredAll;
    console.log(`clicks stored by (b): ${n} log rows, counters ${sum}, rollups ${rolled}; redirects answered ${answered}` +
      ` (the generator completed ${generated}; the rest were in flight when it stopped)`);
    console.log(`click accounting: ${n === answered && sum === n && rolled === n ? 'every answered redirect stored once' : `MISMATCH (${n - answered})`}`);
    console.log(`redirect ratio${cluster ? ' (PostgreSQL)' : ''}: ${(linkdesk.rps / ceiling.rps).toFixed(2)}`);
    const pg = cluster ? ' (PostgreSQL)' : '';
    record(`redirect ratio${pg}`, linkdesk.rps / ceiling.rps, '', 'higher', 'ratio');
    record(`redirect ratio, 10 rules of 3${pg}`, ruled.rps / ceiling.rps, '', 'higher', 'ratio');
    record(`redirect server CPU${pg}`, cpuRuns[0]!, 'µs', 'lower');
    record(`redirect accounting mismatches${pg}`, Math.abs(n - answered) + Math.abs(sum - n) + Math.abs(rolled - n), '', 'lower');
    console.log(`redirect ratio with 10 rules of 3 conditions${cluster ? ' (PostgreSQL)' : ''}: ${(ruled.rps / ceiling.rps).toFixed(2)}, `
      + `${((ruled.rps / linkdesk.rps) * 100).toFixed(1)}% of the ratio without rules (issue 34: at least 90%)`);
    if (withLive && after) {
      const none = (linkdesk.rps + after.rps) / 2;
      console.log(`redirect ratio with ${liveN} live streams: ${(withLive.rps / ceiling.rps).toFixed(2)}, without (mean of the runs before and after): `
        + `${(none / ceiling.rps).toFixed(2)}; ${((withLive.rps / none - 1) * 100).toFixed(1)}% with the streams`);
      const [b1, bLive, b2] = cpuRuns as [number, number, number];
      console.log(`server CPU per answered redirect (all threads, start-up included): ${b1.toFixed(1)} µs, with the streams ${bLive.toFixed(1)} µs, `
        + `again ${b2.toFixed(1)} µs; ${((bLive / ((b1 + b2) / 2) - 1) * 100).toFixed(1)}% with the streams`);
    }
  } finally {
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function liveStreams(): number {
  const i = process.argv.indexOf('--live-streams');
  return i === -1 ? 0 : Number(process.argv[i + 1] ?? 100);
}

const [flag, kind, dir, databaseUrl] = process.argv.slice(2);
if (flag === '--streams') await readStreams(Number(kind), Number(dir), databaseUrl!.split(','));
else if (flag === '--serve' && kind === 'ceiling') await serveCeiling();
else if (flag === '--serve' && kind === 'linkdesk' && dir) await serveLinkdesk(dir, databaseUrl);
else await main(process.argv.includes('--postgres'));

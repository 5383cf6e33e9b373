// npm run bench:overload — a benchmark, not a test. What a one-core host
// (the commonest place a shortener runs) does under more redirects than it
// can record:
//   - `linkdesk serve` as deploy/linkdesk.service runs it (compiled, with its Node flags), but with --no-titles unless
//     BENCH_TITLES=1: here every title fetch fails on DNS, and 100,000 of them
//     measure the title queue (bounded at 20,000 waiting), not the redirects; pinned with every thread to core 0
//     (taskset), wrk on core 1 (BENCH_CORES=2: both unpinned, sharing the two cores);
//   - its RSS idle, after 100,000 links are created through the bulk API,
//     and at its largest during BENCH_SECONDS (default 60) of load and while
//     it catches up;
//   - requests answered, clicks stored once the load stops, and how long the
//     click writer took to store them all.
// Browser user agents and languages, so every click is parsed like a real one.
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Pool } from 'undici';
import { compiledServer } from './compiled-server.ts';
import { record } from './ledger.ts';
import { statusKb } from './proc-status.ts';
import { writeLoadScript } from './load-script.ts';
import { serverNodeFlags } from './server-flags.ts';

const LINKS = Number(process.env.BENCH_LINKS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = 100;
const work = mkdtempSync(path.join(tmpdir(), 'linkdesk-bench-overload-'));
const mb = (kb: number) => Math.round(kb / 1024);
const n = (v: number) => Math.round(v).toLocaleString('en');

const wrk = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => existsSync(p));
if (!wrk) throw new Error('bench:overload needs wrk (apt-get install wrk)');
// BENCH_CORES=2: nothing pinned, the server's threads and the load share both cores.
const bothCores = process.env.BENCH_CORES === '2';
const taskset = !bothCores && spawnSync('sh', ['-c', 'command -v taskset']).status === 0 && cpus().length >= 2;
if (bothCores) console.log('(BENCH_CORES=2: server and load share both cores)');
else if (!taskset) console.log('(taskset or a second core is missing: server and load share the machine)');

const pin = (core: number, cmd: string, args: string[]) => (taskset ? ['taskset', ['-c', String(core), cmd, ...args]] : [cmd, args]) as [string, string[]];

const rssKb = (pid: number) => statusKb(pid, 'VmRSS');

// ---- the server ------------------------------------------------------------
const dataDir = path.join(work, 'data');
// Compiled, with the unit's Node flags: the server as deploy/linkdesk.service runs it.
const bin = compiledServer(path.join(work, 'server'));
const keys = spawnSync(process.execPath, [bin, 'keys', 'create', '--name', 'bench', '--data-dir', dataDir], { encoding: 'utf8' });
const key = keys.stdout.trim();
if (keys.status !== 0 || !key) throw new Error(`keys create failed: ${keys.stderr}`);

const titles = process.env.BENCH_TITLES === '1' ? [] : ['--no-titles'];
// BENCH_VISITORS=public: visitors at random public addresses (X-Forwarded-For through one trusted proxy), so the
// click writer looks their cities up in both city files; by default they are all 127.0.0.1, which has no city.
const publicVisitors = process.env.BENCH_VISITORS === 'public';
if (publicVisitors) console.log('(BENCH_VISITORS=public: random public IPv4 and IPv6 visitors, cities looked up)');
const [cmd, args] = pin(0, process.execPath, [...serverNodeFlags(), bin, 'serve', '--data-dir', dataDir, '--port', '0', '--rate-limit', '0', ...titles,
  ...(publicVisitors ? ['--trust-proxy', '1'] : [])]);
const server: ChildProcess = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
let serverErr = '';
server.stderr!.on('data', (d: Buffer) => { serverErr = (serverErr + d).slice(-4000); });
const base = await new Promise<string>((resolve, reject) => {
  let out = '';
  server.stdout!.on('data', (d: Buffer) => {
    out += d;
    const m = /listening on (\S+)/.exec(out);
    if (m) resolve(m[1]!);
  });
  server.on('exit', (code) => reject(new Error(`server exited early (${code}): ${serverErr}`)));
});
const pid = server.pid!;
let maxKb = 0;
// The largest RSS of each 10 s of load, to show whether memory grows or stays flat.
let windowKb = 0;
const sampler = setInterval(() => {
  const kb = rssKb(pid);
  maxKb = Math.max(maxKb, kb);
  windowKb = Math.max(windowKb, kb);
}, 100);

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
await settle(3000);
const idleKb = rssKb(pid);
console.log(`idle rss: ${mb(idleKb)} MB${titles.length ? ' (titles off; BENCH_TITLES=1 fetches them)' : ''}`);
// BENCH_OVERLOAD=idle: the idle figure only (quick, while working on the server's start).
if (process.env.BENCH_OVERLOAD === 'idle') {
  clearInterval(sampler);
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(work, { recursive: true, force: true });
  record('memory idle (rss)', Number(mb(idleKb)), 'MB', 'lower');
  process.exit(0);
}

// ---- 100,000 links through the bulk API -------------------------------------
const pool = new Pool(base, { connections: 1 });
async function api(method: 'GET' | 'POST', p: string, body?: unknown) {
  const res = await pool.request({ method, path: `/api/v1${p}`, body: body === undefined ? undefined : JSON.stringify(body),
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } });
  const json = (await res.body.json()) as Record<string, unknown>;
  if (res.statusCode >= 300) throw new Error(`${method} ${p}: HTTP ${res.statusCode} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}
for (let i = 1; i <= LINKS; i += 1000) {
  const links = [];
  for (let j = i; j < i + 1000 && j <= LINKS; j++) links.push({ url: `https://example.com/articles/${j}?ref=short`, alias: `k${j}` });
  await api('POST', '/links/bulk', { links });
}
await settle(3000);
const seededKb = rssKb(pid);
console.log(`rss with ${n(LINKS)} links: ${mb(seededKb)} MB`);

// ---- the load -----------------------------------------------------------------
const script = path.join(work, 'load.lua');
writeLoadScript(script, LINKS, publicVisitors);
const clicksStored = async () => {
  const stats = (await api('GET', '/stats')) as { data: { total: number } };
  return stats.data.total;
};
const [wcmd, wargs] = pin(1, wrk, ['-t1', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '-s', script, base]);
const loadStart = performance.now();
// Asynchronously, so the sampler keeps running during the load.
const windows: number[] = [];
windowKb = 0;
const perWindow = setInterval(() => {
  windows.push(windowKb);
  windowKb = 0;
}, 10_000);
const { stdout: out } = await promisify(execFile)(wcmd, wargs, { encoding: 'utf8' });
clearInterval(perWindow);
const loadEnd = performance.now();
const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
const bad = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
const atEnd = await clicksStored();
const endKb = rssKb(pid);

// Caught up: the stored count stops moving (the writer has nothing left).
let last = atEnd;
let caughtUp = performance.now();
for (let stable = 0; stable < 3 && performance.now() - loadEnd < 300_000;) {
  await settle(500);
  const now = await clicksStored();
  if (now === last) stable += 1;
  else {
    stable = 0;
    last = now;
    caughtUp = performance.now();
  }
}
clearInterval(sampler);
console.log(`load: ${SECONDS} s, ${CONNECTIONS} connections: ${n(requests)} requests completed (${n(rps)}/s)${bad ? `, ${n(bad)} not redirects` : ''}`);
console.log(`rss during the load, largest of each 10 s: ${windows.map((kb) => mb(kb)).join(', ')} MB`);
console.log(`clicks stored when the load stopped: ${n(atEnd)} (${(100 * atEnd / requests).toFixed(1)}%); rss then ${mb(endKb)} MB`);
// wrk counts the requests it completed; the up to CONNECTIONS in flight when it stops were answered (and their clicks stored) too.
console.log(`clicks stored in the end: ${n(last)} for ${n(requests)} requests wrk completed and up to ${CONNECTIONS} in flight; caught up ${((caughtUp - loadEnd) / 1000).toFixed(1)} s after the load stopped`);
console.log(`sustained: ${n(last / ((caughtUp - loadStart) / 1000))} clicks/s stored from the start of the load to catching up`);

await pool.close();
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
rmSync(work, { recursive: true, force: true });
console.log(`idle ${mb(idleKb)} MB, seeded ${mb(seededKb)} MB, max ${mb(maxKb)} MB (aim: 120 / 300 / 400)`);
console.log(`overload max rss: ${mb(maxKb)} MB`);
record('memory idle (rss)', Number(mb(idleKb)), 'MB', 'lower');
record(`memory with ${n(LINKS)} links (rss)`, Number(mb(seededKb)), 'MB', 'lower');
record('memory under overload, max (rss)', Number(mb(maxKb)), 'MB', 'lower');

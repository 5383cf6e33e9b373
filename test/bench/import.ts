// npm run bench:import — 100,000 links in a Linkdesk CSV, imported into a
// fresh data folder through the CLI (`linkdesk import`, a whole process as a
// person runs it) and through the bulk API (100 requests of 1,000 links, as
// the desktop app sends them), both as deploy/ runs them: compiled, the
// server a `linkdesk serve` process of its own. A benchmark, not a test: it prints.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Pool } from 'undici';
import { compileServer } from '../../scripts/compile-server.mjs';
import { toCreateBody } from '../../electron/server/transfer/portable.ts';
import type { PortableLink } from '../../electron/server/transfer/types.ts';
import { exportText } from '../../electron/server/transfer/write.ts';
import { record } from './ledger.ts';
import { WORDS } from './seed-links.ts';
import { statusKb } from './proc-status.ts';
import { serverNodeFlags } from './server-flags.ts';

const COUNT = Number(process.env.BENCH_ROWS ?? 100_000);
const BATCH = 1000;
const work = mkdtempSync(path.join(tmpdir(), 'linkdesk-bench-import-'));
const n = (v: number) => Math.round(v).toLocaleString('en');

// Links as people have them: most plain, some with an expiry, a space, country targeting or a preview card.
function link(i: number): PortableLink {
  const w = WORDS[i % WORDS.length]!;
  return {
    url: `https://www.${w}${i % 997}.example/${WORDS[(i * 7) % WORDS.length]}/${i}`,
    alias: `${w}-${i.toString(36)}`,
    domain: null,
    space: i % 10 === 0 ? `Campaign ${i % 7}` : null,
    space_color: null,
    pixels: [],
    disabled: i % 50 === 0,
    privacy: 0,
    password_protected: false,
    privacy_password_protected: false,
    expiration_url: null,
    expiration_date: i % 9 === 0 ? '2030-01-01' : null,
    expiration_time: i % 9 === 0 ? '12:00' : null,
    expiration_clicks: i % 13 === 0 ? 1000 : null,
    target_type: i % 20 === 0 ? 1 : 0,
    country: i % 20 === 0 ? [{ key: 'FR', value: `https://fr.${w}.example/${i}` }] : [],
    platform: [],
    language: [],
    rotation: [],
    targets_type: null,
    targets: [],
    active_period_start_at: null,
    sensitive_content: false,
    rules: [],
    preview_title: i % 25 === 0 ? `${w} ${i}` : null,
    preview_description: null,
    preview_image: null,
    title: null,
    created_at: null,
  };
}

const links = Array.from({ length: COUNT }, (_, i) => link(i));
const csvFile = path.join(work, 'links.csv');
writeFileSync(csvFile, await exportText(links, 'csv'));
console.log(`${n(COUNT)} links, ${(statSync(csvFile).size / 1e6).toFixed(1)} MB of Linkdesk CSV`);

// The server and the CLI as deploy/ installs them: compiled, each its own process.
const bin = compileServer(path.join(work, 'server'));
/** A process's CPU time so far (user + system), in seconds, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 a second on Linux)
}

/** A process's peak resident memory so far, in MB; 0 once it has exited. */
const peakRss = (pid: number) => Math.round(statusKb(pid, 'VmHWM') / 1024);

// BENCH_CPU_PROF=DIR writes the server's and the CLI's CPU profiles (node --cpu-prof) there.
const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];

// Through the bulk API: `linkdesk serve` on a fresh data folder, its own user and key.
// BENCH_IMPORT=cli: the CLI only (quicker while working on it).
if (process.env.BENCH_IMPORT !== 'cli') {
  const dataDir = path.join(work, 'api');
  const made = spawnSync(process.execPath, [bin, 'keys', 'create', '--name', 'bench', '--data-dir', dataDir], { encoding: 'utf8' });
  const key = made.stdout.trim();
  if (made.status !== 0 || !key) throw new Error(`keys create failed: ${made.stderr}`);
  const server = spawn(process.execPath, [...serverNodeFlags(), ...prof, bin, 'serve', '--data-dir', dataDir, '--port', '0', '--rate-limit', '0', '--no-titles'],
    { stdio: ['ignore', 'pipe', 'ignore'] });
  const base = await new Promise<string>((resolve, reject) => {
    createInterface({ input: server.stdout! }).on('line', (l) => { if (l.startsWith('Linkdesk listening on ')) resolve(l.slice(22)); });
    server.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  const pool = new Pool(base, { connections: 1 });
  // Spaces by name, as the desktop's resolver makes them on the target.
  const spaces = new Map<string, number>();
  // As the desktop's import sends them (transfer/instance-target.ts): the answer gives each link's id, not the whole link.
  const post = async (p: string, body: unknown) => {
    const res = await pool.request({ method: 'POST', path: `/api/v1${p}`, body: JSON.stringify(body),
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', prefer: 'return=minimal' } });
    const json = (await res.body.json()) as { data: unknown };
    if (res.statusCode >= 300) throw new Error(`POST ${p}: HTTP ${res.statusCode} ${JSON.stringify(json).slice(0, 300)}`);
    return json.data;
  };
  const cpu0 = cpuSeconds(server.pid!);
  const t0 = performance.now();
  let created = 0;
  for (let i = 0; i < COUNT; i += BATCH) {
    const bodies = [];
    for (const l of links.slice(i, i + BATCH)) {
      let spaceId: number | null = null;
      if (l.space) {
        if (!spaces.has(l.space)) spaces.set(l.space, ((await post('/spaces', { name: l.space })) as { id: number }).id);
        spaceId = spaces.get(l.space)!;
      }
      bodies.push(toCreateBody(l, { domainId: null, spaceId, pixelIds: [] }, {}).body);
    }
    const items = (await post('/links/bulk', { links: bodies })) as { result: string }[];
    created += items.filter((x) => x.result === 'created').length;
  }
  const s = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds(server.pid!) - cpu0;
  if (created !== COUNT) throw new Error(`bulk API created ${created} of ${COUNT}`);
  console.log(`bulk API (${COUNT / BATCH} requests of ${BATCH}): ${n(COUNT / s)} rows/s, ${s.toFixed(1)} s (server CPU ${cpu.toFixed(1)} s, peak rss ${peakRss(server.pid!)} MB)`);
  await pool.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
}

// Through the CLI, timed as a whole command: process start, reading, checking and writing.
// It runs with the Node flags of bin/linkdesk.mjs's first line, as the installed command does.
const dataDir = path.join(work, 'cli');
const keys = spawnSync(process.execPath, [bin, 'keys', 'create', '--name', 'bench', '--data-dir', dataDir], { encoding: 'utf8' });
if (keys.status !== 0) throw new Error(`keys create failed: ${keys.stderr}`);
const cliFlags = readFileSync(bin, 'utf8').split('\n')[0]!.split(' ').filter((w) => w.startsWith('--'));
const t0 = performance.now();
const cli = spawn(process.execPath, [...cliFlags, ...prof, bin, 'import', csvFile, '--user', '1', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
let out = '';
let err = '';
cli.stdout.on('data', (d) => { out += d; });
cli.stderr.on('data', (d) => { err += d; });
// The kernel's high-water mark of the process's resident memory, read until it exits.
let peak = 0;
const watch = setInterval(() => { peak = Math.max(peak, peakRss(cli.pid!)); }, 50);
const status = await new Promise<number | null>((resolve) => cli.once('exit', resolve));
clearInterval(watch);
const s = (performance.now() - t0) / 1000;
if (status !== 0) throw new Error(`linkdesk import failed (${status}): ${err}`);
console.log(`CLI: ${n(COUNT / s)} rows/s, ${s.toFixed(1)} s, peak rss ${peak} MB (${out.trim().split('\n').at(-1)})`);
rmSync(work, { recursive: true, force: true });
console.log('(aim: under 5 s for 100k)');
console.log(`import ${COUNT === 100_000 ? '100k' : n(COUNT)} via CLI: ${s.toFixed(1)} s`);
record(`import ${n(COUNT)} links via CLI`, s, 's', 'lower');

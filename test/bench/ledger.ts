// The benchmark ledger: each bench records its headline figures here, and
// `npm run bench` ends with one table of them beside bench/baseline.json, the
// same figures from a run committed with the code (`npm run bench -- --save`
// writes it), so a change that costs speed shows in the next run.
// Ratios compare across machines; absolute figures say on which machine they
// were taken (the baseline names it). Run as a script:
//   node test/bench/ledger.ts --begin   forget the figures of earlier runs
//   node test/bench/ledger.ts           print the table
//   node test/bench/ledger.ts --save    print it and write bench/baseline.json
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = path.join(root, 'bench');
/** This run's figures, one JSON line each (not committed). */
const RUN_FILE = path.join(dir, 'last-run.jsonl');
const BASELINE_FILE = path.join(dir, 'baseline.json');

export interface Figure {
  /** A stable name: the row of the table and the baseline's key. */
  key: string;
  value: number;
  unit: string;
  /** Which way is better: a ratio or a rate goes up, a time or a size goes down. */
  better: 'higher' | 'lower';
  /** Ratios compare across machines; absolute figures only on the machine they were taken. */
  kind: 'ratio' | 'absolute';
}

/** Called by each bench for its headline figures; a figure recorded twice in a run keeps the last. */
export function record(key: string, value: number, unit: string, better: Figure['better'], kind: Figure['kind'] = 'absolute'): void {
  if (!Number.isFinite(value)) return;
  mkdirSync(dir, { recursive: true });
  appendFileSync(RUN_FILE, `${JSON.stringify({ key, value, unit, better, kind } satisfies Figure)}\n`);
}

interface Baseline { machine: Machine; figures: Record<string, Figure> }
interface Machine { cpu: string; cores: number; memoryGiB: number; node: string; commit: string; date: string }

function machine(): Machine {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch { /* not a git checkout */ }
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown', cores: os.availableParallelism(), memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version, commit, date: new Date().toISOString().slice(0, 10),
  };
}

/** This run's figures, the last of each key, in the order first recorded. */
export function readRun(file = RUN_FILE): Map<string, Figure> {
  const figures = new Map<string, Figure>();
  if (!existsSync(file)) return figures;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const f = JSON.parse(line) as Figure;
    figures.set(f.key, f);
  }
  return figures;
}

const show = (f: Figure | undefined) => (f ? `${f.value < 10 ? f.value.toFixed(2) : f.value.toFixed(1)} ${f.unit}`.trim() : '-');

/** The change from the baseline in words a reader can judge: + is better, - worse, in percent. */
export function change(now: Figure, before: Figure | undefined): string {
  if (!before || before.value === 0) return 'new';
  const pct = ((now.value - before.value) / Math.abs(before.value)) * 100;
  const gain = now.better === 'higher' ? pct : -pct;
  if (Math.abs(gain) < 0.05) return 'same';
  return `${gain > 0 ? 'better' : 'worse'} ${Math.abs(gain).toFixed(1)}%`;
}

export function table(run: Map<string, Figure>, baseline: Baseline | null, here: Machine): string {
  const sameMachine = baseline !== null && baseline.machine.cpu === here.cpu && baseline.machine.cores === here.cores;
  const rows = [...run.values()].map((f) => {
    const before = baseline?.figures[f.key];
    const comparable = !before || f.kind === 'ratio' || sameMachine;
    return [f.key, show(f), show(before), comparable ? change(f, before) : `(${change(f, before)}, other machine)`];
  });
  const missing = baseline ? Object.values(baseline.figures).filter((f) => !run.has(f.key)) : [];
  for (const f of missing) rows.push([f.key, '-', show(f), 'not run']);
  const head = ['figure', 'this run', 'baseline', 'change'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const out = ['', 'benchmark ledger', line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
  out.push(baseline
    ? `baseline: ${baseline.machine.commit} on ${baseline.machine.date}, ${baseline.machine.cpu} (${baseline.machine.cores} cores), Node ${baseline.machine.node}`
      + `${sameMachine ? '' : `; this machine: ${here.cpu} (${here.cores} cores): compare the ratios only`}`
    : 'no baseline yet (bench/baseline.json): `npm run bench -- --save` writes one');
  return out.join('\n');
}

function main(args: string[]) {
  if (args.includes('--begin')) {
    rmSync(RUN_FILE, { force: true });
    return;
  }
  const run = readRun();
  const baseline = existsSync(BASELINE_FILE) ? (JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as Baseline) : null;
  const here = machine();
  console.log(table(run, baseline, here));
  if (args.includes('--save')) {
    if (!run.size) throw new Error('No figures in this run to save: run the benchmarks first (npm run bench -- --save).');
    writeFileSync(BASELINE_FILE, `${JSON.stringify({ machine: here, figures: Object.fromEntries(run) }, null, 2)}\n`);
    console.log(`saved ${run.size} figures to bench/baseline.json`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));

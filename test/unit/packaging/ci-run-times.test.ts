// .ci/run prints the time each part takes at its end, also when a part fails
// (which it names, keeping its exit status). Its step/summary functions are
// run here on stand-in parts; every part after the packages is run through them.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const run = readFileSync(path.resolve(import.meta.dirname, '../../../.ci/run'), 'utf8');

it('.ci/run times setup, typecheck, the docs build, pack check, dist, fuzz, vitest and playwright, each through step', () => {
  const parts = run.split('\n')
    .filter((l) => /^step /.test(l)).map((l) => /^step ('[^']+'|\S+)/.exec(l)![1]!.replaceAll("'", ''));
  expect(parts).toEqual(['setup', 'typecheck', 'docs', 'pack check', 'dist', 'dist check', 'fuzz', 'vitest', 'playwright']);
  // Nothing after setup runs untimed.
  const tail = run.slice(run.indexOf('step setup')).split('\n').filter((l) => l.trim() && !l.startsWith('#'));
  expect(tail.filter((l) => !l.startsWith('step '))).toEqual([]);
});

it('the summary lists each part with its seconds and the total, names the part that failed and keeps its exit status', () => {
  const functions = /^start=\$SECONDS$[\s\S]*?^trap summary EXIT$/m.exec(run)![0];
  const script = ['set -euo pipefail', functions, 'step first sleep 1', "step 'second part' true", "step third bash -c 'exit 3'", 'step never true'].join('\n');
  const r = spawnSync('bash', ['-c', script], { encoding: 'utf8' });
  expect(r.status).toBe(3);
  const lines = r.stdout.trim().split('\n');
  expect(lines[0]).toBe('ci: time per part');
  // Whole seconds (bash's SECONDS): a 1 s sleep reads 1 or 2.
  expect(lines.slice(1).map((l) => l.trim().replace(/\s+/g, ' '))).toEqual([
    expect.stringMatching(/^first [12]s$/), expect.stringMatching(/^second part [01]s$/), expect.stringMatching(/^third [01]s failed \(exit 3\)$/), expect.stringMatching(/^total [123]s$/),
  ]);
});

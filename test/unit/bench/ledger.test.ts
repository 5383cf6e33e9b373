// The benchmark ledger's table: what a reader of `npm run bench` sees beside
// the committed baseline (issue 43).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { change, readRun, table, type Figure } from '../../bench/ledger.ts';

const fig = (key: string, value: number, better: Figure['better'], kind: Figure['kind'] = 'absolute', unit = ''): Figure => ({ key, value, unit, better, kind });
const here = { cpu: 'Test CPU', cores: 2, memoryGiB: 24, node: 'v24.0.0', commit: 'abc1234', date: '2026-11-28' };

describe('benchmark ledger', () => {
  it('says better or worse by the figure\'s own direction, in percent of the baseline', () => {
    expect(change(fig('ratio', 0.6, 'higher', 'ratio'), fig('ratio', 0.4, 'higher', 'ratio'))).toBe('better 50.0%');
    expect(change(fig('p95', 60, 'lower'), fig('p95', 50, 'lower'))).toBe('worse 20.0%');
    expect(change(fig('p95', 50, 'lower'), fig('p95', 50, 'lower'))).toBe('same');
    expect(change(fig('p95', 50, 'lower'), undefined)).toBe('new');
  });

  it('keeps the last of a figure recorded twice in a run, in first-recorded order', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ledger-'));
    try {
      const file = path.join(dir, 'run.jsonl');
      writeFileSync(file, [fig('a', 1, 'lower'), fig('b', 2, 'lower'), fig('a', 3, 'lower')].map((f) => JSON.stringify(f)).join('\n') + '\n');
      const run = readRun(file);
      expect([...run.keys()]).toEqual(['a', 'b']);
      expect(run.get('a')!.value).toBe(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('compares absolute figures only on the baseline\'s machine, ratios everywhere, and lists figures not run', () => {
    const run = new Map([['redirect ratio', fig('redirect ratio', 0.62, 'higher', 'ratio')], ['stats p95', fig('stats p95', 40, 'lower', 'absolute', 'ms')]]);
    const baseline = { machine: { ...here, cpu: 'Other CPU' }, figures: { 'redirect ratio': fig('redirect ratio', 0.31, 'higher', 'ratio'), 'stats p95': fig('stats p95', 20, 'lower', 'absolute', 'ms'), 'import': fig('import', 5, 'lower', 'absolute', 's') } };
    const out = table(run, baseline, here);
    expect(out).toMatch(/redirect ratio\s+0\.62\s+0\.31\s+better 100\.0%/);
    expect(out).toMatch(/stats p95\s+40\.0 ms\s+20\.0 ms\s+\(worse 100\.0%, other machine\)/);
    expect(out).toMatch(/import\s+-\s+5\.00 s\s+not run/);
    expect(out).toContain('compare the ratios only');
    const same = table(run, { ...baseline, machine: here }, here);
    expect(same).toMatch(/stats p95\s+40\.0 ms\s+20\.0 ms\s+worse 100\.0%$/m);
    expect(table(run, null, here)).toContain('npm run bench -- --save');
  });
});

// The Node flags the server runs with, as deploy/linkdesk.service's ExecStart
// gives them, so the benchmarks measure the server as it is deployed.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export function serverNodeFlags(): string[] {
  const unit = readFileSync(path.resolve(import.meta.dirname, '../../deploy/linkdesk.service'), 'utf8');
  const exec = /^ExecStart=(.*)$/m.exec(unit)?.[1] ?? '';
  return exec.split(' ').filter((w) => w.startsWith('--'));
}

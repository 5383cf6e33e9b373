// The README's examples, run as a newcomer would: every ```sh block that talks
// to a server ($B), taken from README.md itself, in the README's order, against
// a fresh `linkdesk serve` with a fresh key. Every request must answer 2xx.
// When an example fails, fix the README, not this test.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { linkdesk, serve, stop, type Served } from '../helpers/cli.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** The shell commands of the README's sh blocks that use $B, one string each (continued lines joined). */
function serverExamples(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!).filter((b) => b.includes('$B'));
  return blocks.flatMap((block) => block.replace(/\\\n\s*/g, ' ').split('\n'))
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

const work = mkdtempSync(path.join(tmpdir(), 'linkdesk-readme-'));
let server: Served;
let key: string;
beforeAll(async () => {
  const dataDir = path.join(work, 'data');
  const created = linkdesk(['keys', 'create', '--name', 'Newcomer', '--data-dir', dataDir]);
  if (created.status !== 0) throw new Error(created.stderr);
  key = created.lastLine;
  server = await serve(['--data-dir', dataDir]);
});
afterAll(async () => {
  if (server) await stop(server);
  rmSync(work, { recursive: true, force: true });
});

it('every README example that talks to a server answers 2xx, run in the README\'s order', () => {
  const commands = serverExamples(readFileSync(path.join(root, 'README.md'), 'utf8'));
  expect(commands.length).toBeGreaterThanOrEqual(20);
  // curl as written, with its status and body kept per command.
  const script = [
    'set -u',
    `curl() { local code; code=$(command curl -sS -o "$OUT/$I.body" -w '%{http_code}' "$@") || code="curl exit $?"; printf '%s\\t%s\\n' "$I" "$code" >> "$OUT/statuses"; }`,
    ...commands.flatMap((c, i) => [`I=${i}`, c]),
  ].join('\n');
  writeFileSync(path.join(work, 'examples.sh'), script);
  const run = spawnSync('bash', [path.join(work, 'examples.sh')], {
    encoding: 'utf8', timeout: 60_000, env: { ...process.env, K: key, B: server.url, OUT: work },
  });
  expect(run.status, run.stderr).toBe(0);
  const statuses = new Map(readFileSync(path.join(work, 'statuses'), 'utf8').trim().split('\n').map((l) => l.split('\t') as [string, string]));
  const failed = commands.flatMap((command, i) => {
    const status = statuses.get(String(i));
    if (status !== undefined && /^2\d\d$/.test(status)) return [];
    let body = '';
    try { body = readFileSync(path.join(work, `${i}.body`), 'utf8').slice(0, 300); } catch { /* no body */ }
    return [`${status ?? 'not run'}  ${command}\n      ${body}`];
  });
  expect(failed, `README examples that did not answer 2xx:\n${failed.join('\n')}`).toEqual([]);
  expect(statuses.size).toBe(commands.length);
});

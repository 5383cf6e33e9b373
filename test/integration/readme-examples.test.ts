// The README's examples, run as a newcomer would: every ```sh block that talks
// to a server ($B or curl), taken from README.md itself, in the README's order,
// against a fresh `linkdesk serve` with its defaults (title fetches and health
// checks on, as a newcomer runs it; where example.com cannot be reached, "check
// now" still answers 200, with the link `broken`) and a fresh key. Every request
// must answer 2xx, or the status its comment names (`curl … # 409: why`), with
// an error body. When an example fails, fix the README, not this test.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { linkdesk, serve, stop, type Served } from '../helpers/cli.ts';
import { docExamples } from '../helpers/doc-examples.ts';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The documentation site's pages in its sidebar's order (docs/.vitepress/config.mts): every page, as a reader meets them. */
const DOC_PAGES = [...new Set([...read('docs/.vitepress/config.mts').split('sidebar:')[1]!.matchAll(/link: '\/([a-z/-]*)'/g)]
  .map((m) => `docs/${m[1]!.endsWith('/') || m[1] === '' ? `${m[1]}index` : m[1]}.md`))];
const docsText = () => DOC_PAGES.map(read).join('\n');

/** The status a command's comment promises (`… # 409: link 1 is on it`); none: a 2xx. */
const promisedStatus = (command: string) => /\s#\s*(\d{3})\b/.exec(command)?.[1];

/** The markdown under a heading, up to the next heading of its level or above (comments in code blocks are no headings). */
function section(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`README.md has no "${heading}"`);
  const level = heading.indexOf(' ');
  let fenced = false;
  let end = start + 1;
  for (; end < lines.length; end++) {
    if (lines[end]!.startsWith('```')) fenced = !fenced;
    else if (!fenced && /^#+ /.test(lines[end]!) && lines[end]!.indexOf(' ') <= level) break;
  }
  return lines.slice(start + 1, end).join('\n');
}

/** The contract's error shape, with that status. */
function isErrorBody(body: string, status: number): boolean {
  try {
    const b = JSON.parse(body) as { message?: unknown; errors?: unknown; status?: unknown };
    // A 422's message is the map of fields to their messages, as its errors.
    const said = typeof b.message === 'string' ? b.message !== ''
      : status === 422 && !!b.message && typeof b.message === 'object' && Object.keys(b.message).length > 0;
    return said && b.status === status;
  } catch {
    return false;
  }
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

/**
 * Runs the commands with curl as written, K and B set, keeping each one's status and body; answers the commands that
 * did not answer 2xx or the status their comment promises (an error body for a 4xx/5xx; a 3xx is a redirect).
 */
function runExamples(commands: string[], env: { K: string; B: string }, out: string): string[] {
  mkdirSync(out, { recursive: true });
  const script = [
    'set -u',
    // A stream (curl -N, the live clicks) never ends by itself: it is read for 2 s, and a 200 that
    // was still streaming when curl stopped (exit 28) is the example working.
    `curl() { local code rc more=(); case " $* " in *' -N '*) more=(--max-time 2);; esac
      code=$(command curl -sS -o "$OUT/$I.body" -w '%{http_code}' "\${more[@]}" "$@"); rc=$?
      if [ $rc -ne 0 ] && ! { [ $rc -eq 28 ] && [ \${#more[@]} -gt 0 ] && [ "$code" = 200 ]; }; then code="curl exit $rc"; fi
      printf '%s\\t%s\\n' "$I" "$code" >> "$OUT/statuses"; }`,
    ...commands.flatMap((c, i) => [`I=${i}`, c]),
  ].join('\n');
  writeFileSync(path.join(out, 'examples.sh'), script);
  // In the output folder: a file an example writes (`> stats.csv`) lands there, not in the checkout.
  const run = spawnSync('bash', [path.join(out, 'examples.sh')], { cwd: out, encoding: 'utf8', timeout: 60_000, env: { ...process.env, ...env, OUT: out } });
  expect(run.status, run.stderr).toBe(0);
  const statuses = new Map(readFileSync(path.join(out, 'statuses'), 'utf8').trim().split('\n').map((l) => l.split('\t') as [string, string]));
  expect(statuses.size).toBe(commands.length);
  return commands.flatMap((command, i) => {
    const status = statuses.get(String(i));
    let body = '';
    try { body = readFileSync(path.join(out, `${i}.body`), 'utf8').slice(0, 300); } catch { /* no body */ }
    const promised = promisedStatus(command);
    if (promised === undefined ? status !== undefined && /^2\d\d$/.test(status)
      : status === promised && (promised.startsWith('3') || isErrorBody(body, Number(promised)))) return [];
    return [`${status ?? 'not run'}${promised ? ` (promised ${promised})` : ''}  ${command}\n      ${body}`];
  });
}

it('the README\'s quick start makes a short link and follows it, on a new instance', async () => {
  const commands = docExamples(read('README.md')).run;
  expect(commands).toHaveLength(2);
  expect(promisedStatus(commands[1]!)).toBe('302');
  const dataDir = path.join(work, 'quick');
  const created = linkdesk(['keys', 'create', '--name', 'me', '--data-dir', dataDir]);
  expect(created.status, created.stderr).toBe(0);
  const quick = await serve(['--data-dir', dataDir]);
  try {
    const failed = runExamples(commands, { K: created.lastLine, B: quick.url }, path.join(work, 'quick-out'));
    expect(failed, `README quick start commands that did not answer as written:\n${failed.join('\n')}`).toEqual([]);
  } finally {
    await stop(quick);
  }
});

it('every page of the site is in its sidebar, and every sh block of every page runs here or says why not', () => {
  const onDisk = readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md') && !f.startsWith('public') && f !== 'index.md').map((f) => `docs/${f}`).sort();
  expect(onDisk.filter((f) => !DOC_PAGES.includes(f))).toEqual([]);
  const unclassified = DOC_PAGES.flatMap((p) => docExamples(read(p)).unclassified.map((u) => `${p}:${u.line}: ${u.first}`));
  expect(unclassified, 'sh blocks neither run (no $B or curl) nor marked <!-- example: not run (why) -->').toEqual([]);
});

it('every documentation example that talks to a server answers 2xx (or the status its comment names), run in the pages\' order', () => {
  // The pages' own sorting: a block marked `<!-- example: not run (why) -->` is not run (docker.md's need Docker).
  const commands = DOC_PAGES.flatMap((p) => docExamples(read(p)).run);
  // The whole "Talking to it" page is among them (an extraction that finds nothing fails here).
  const talking = docExamples(section(read('docs/api.md'), '# Talking to it')).run;
  expect(talking.length).toBeGreaterThanOrEqual(20);
  expect(commands).toEqual(expect.arrayContaining(talking));
  // The refusal its comment promises is shown, not only told.
  expect(talking.filter((c) => promisedStatus(c) === '409' && c.includes('-X DELETE "$B/api/v1/domains/1"'))).toHaveLength(1);
  const failed = runExamples(commands, { K: key, B: server.url }, path.join(work, 'docs-out'));
  expect(failed, `documentation examples that did not answer 2xx or their promised status:\n${failed.join('\n')}`).toEqual([]);
}, 90_000);


it('the documentation\'s `linkdesk keys create --user …` runs on the instance its examples built (after the examples above)', () => {
  const readme = docsText();
  const blocks = [...readme.matchAll(/^```[a-z]*\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
  const lines = blocks.flatMap((b) => b.split('\n')).map((l) => l.trim()).filter((l) => /^linkdesk keys create --user /.test(l));
  expect(lines.length).toBeGreaterThanOrEqual(1);
  for (const line of lines) {
    const args = line.replace(/^linkdesk /, '').split(/\s+/);
    const r = linkdesk([...args, '--data-dir', path.join(work, 'data')]);
    expect(r.status, `${line}: ${r.stderr}`).toBe(0);
    expect(r.lastLine, line).toMatch(/^ldk_/);
  }
});

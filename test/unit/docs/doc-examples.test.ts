// How the examples test sorts a page's shell blocks: run, skipped (marked), or unclassified (a failure).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { docExamples } from '../../helpers/doc-examples.ts';

const page = [
  '# Page',
  '```sh',
  '# make a link',
  'curl -sS "$B/api/v1/links" -H "Authorization: Bearer $K" \\',
  '  -d url=https://example.com',
  '```',
  '<!-- example: not run (systemd) -->',
  '',
  '```sh',
  'systemctl restart linkdesk',
  '```',
  '```json',
  '{"curl": 1}',
  '```',
  '```sh',
  'apt-get install caddy',
  '```',
].join('\n');

it('runs the curl block (lines joined), skips the marked one with its reason, and names the unmarked one', () => {
  expect(docExamples(page)).toEqual({
    run: ['curl -sS "$B/api/v1/links" -H "Authorization: Bearer $K"  -d url=https://example.com'],
    skipped: [{ line: 9, why: 'systemd' }],
    unclassified: [{ line: 15, first: 'apt-get install caddy' }],
  });
});

it('finds the API page\'s server examples as the examples test does', () => {
  const page = readFileSync(path.resolve(import.meta.dirname, '../../../docs/api.md'), 'utf8');
  expect(docExamples(page).run.length).toBeGreaterThanOrEqual(20);
});

it('every sh block of the README and the documentation site runs in a test or says why it does not', () => {
  const root = path.resolve(import.meta.dirname, '../../..');
  const pages = ['README.md', ...readdirSync(path.join(root, 'docs'), { recursive: true }).map(String)
    .filter((f) => f.endsWith('.md') && !f.startsWith('.')).map((f) => `docs/${f.split(path.sep).join('/')}`)];
  expect(pages).toContain('docs/hosting/systemd.md');
  let run = 0;
  let skipped = 0;
  const unclassified = pages.flatMap((page) => {
    const e = docExamples(readFileSync(path.join(root, page), 'utf8'));
    run += e.run.length;
    skipped += e.skipped.length;
    return e.unclassified.map((u) => `${page}:${u.line}: ${u.first}`);
  });
  expect(unclassified).toEqual([]);
  expect(run).toBeGreaterThan(40);
  console.log(`documentation examples: ${run} commands run, ${skipped} blocks not run (each says why)`);
});

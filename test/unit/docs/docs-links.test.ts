// The documentation's link checker (scripts/docs-links.mjs): a link to a page
// that does not exist, or to a heading the page does not have, is reported;
// the project's own markdown has none.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ES module script without types
import { anchors, deadLinks } from '../../../scripts/docs-links.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
type Dead = { file: string; line: number; target: string; why: string };

function fixture(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-links-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

describe('docs link checker', () => {
  const dir = fixture({
    'guide.md': '# Guide\n\n## Domains and HTTPS\n\n## Users & keys\n\n## Domains and HTTPS\n\n```sh\n# not a heading\n```\n',
    'index.md': [
      '[ok](guide.md) [ok](guide.md#domains-and-https) [ok](guide.md#users--keys) [ok](guide.md#domains-and-https-1)',
      '[ok](#start) [ok](https://example.com/x#y) [ok](/api/docs)',
      '## Start',
      '[dead page](missing.md)',
      '[dead anchor](guide.md#domains-and-http)',
      '[dead local anchor](#not-here)',
      '[code block heading is not one](guide.md#not-a-heading)',
    ].join('\n'),
  });

  it('reports a link to a missing page and to missing headings, with file and line', () => {
    const dead = (deadLinks(path.join(dir, 'index.md')) as Dead[]).map((d) => `${d.line} ${d.target} ${d.why}`);
    expect(dead).toEqual([
      '4 missing.md no such file',
      '5 guide.md#domains-and-http no heading #domains-and-http',
      '6 #not-here no heading #not-here',
      '7 guide.md#not-a-heading no heading #not-a-heading',
    ]);
  });

  it('names headings as GitHub does: punctuation dropped, repeats numbered, code fences skipped', () => {
    expect([...(anchors('# A `flag` (x)\n## A `flag` (x)\n```\n# no\n```\n## Q&A {#qa}\n') as Set<string>)]).toEqual(['a-flag-x', 'a-flag-x-1', 'qa']);
  });

  it('finds no dead link in README.md and deploy/README.md', () => {
    expect([...deadLinks(path.join(root, 'README.md')), ...deadLinks(path.join(root, 'deploy/README.md'))]).toEqual([]);
  });
});

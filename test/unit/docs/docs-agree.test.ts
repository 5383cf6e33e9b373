// What the documentation says of the server's flags and limits, against the
// server's own: `linkdesk serve --help` against the flags its parser accepts,
// the hosting pages (docs/hosting/) and the rest of the documentation site against the constants they name, and the README kept short.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVE_OPTIONS, SERVE_USAGE } from '../../../electron/server/cli/serve.ts';
import { OUTAGE_BOUND } from '../../../electron/server/redirect/pg-backpressure.ts';
import { MAX_WAITING } from '../../../electron/server/redirect/pg-clicks.ts';
import { MAX_LINK_BYTES } from '../../../electron/server/redirect/link-cache.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const thousands = (n: number) => n.toLocaleString('en-US');

/** Flags the parser takes that the help leaves out on purpose: a test hook, and an old name the help mentions in passing. */
const UNLISTED = ['https-check-port', 'allow-private-titles'];

/** The markdown under `## heading`, up to the next `## `. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`no "## ${heading}"`);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

describe('linkdesk serve --help', () => {
  const listed = [...SERVE_USAGE.matchAll(/^ {2}(?:-h, )?--([a-z][a-z-]*)/gm)].map((m) => m[1]!);

  it('lists every flag the parser accepts, and only those', () => {
    expect(listed.length).toBeGreaterThan(30);
    expect(listed.filter((f) => f !== 'help').sort()).toEqual(Object.keys(SERVE_OPTIONS).filter((f) => !UNLISTED.includes(f)).sort());
  });

  it('names each flag\'s variable as the environment reader spells it (LINKDESK_ and the flag in capitals)', () => {
    const blocks = SERVE_USAGE.split(/\n(?= {2}(?:-h, )?--)/).slice(1);
    const wrong = blocks.flatMap((block) => {
      const flag = /^ {2}(?:-h, )?--([a-z-]+)/.exec(block)![1]!;
      if (flag === 'help') return [];
      const env = /env: (LINKDESK_[A-Z_]+)/.exec(block)?.[1];
      return env === `LINKDESK_${flag.toUpperCase().replaceAll('-', '_')}` ? [] : [`--${flag}: ${env ?? 'no env line'}`];
    });
    expect(wrong).toEqual([]);
  });

  it('says the city database is read from its file in pages, not into memory (mmdb-file.ts)', () => {
    const city = /--geoip-city[\s\S]*?env: LINKDESK_GEOIP_CITY/.exec(SERVE_USAGE)![0].replace(/\s+/g, ' ');
    expect(city).not.toMatch(/read into memory/);
    expect(city).toMatch(/read from its file in pages/);
  });
});

describe('docs/hosting/postgresql.md, "When the database goes away"', () => {
  const text = section(read('docs/hosting/postgresql.md'), 'When the database goes away').replace(/\s+/g, ' ');

  it('names the clicks a PostgreSQL node keeps while its database is away: OUTAGE_BOUND (pg-backpressure.ts), where redirects wait', () => {
    expect(OUTAGE_BOUND).toBeLessThan(MAX_WAITING);
    expect(text).toContain(`up to ${thousands(OUTAGE_BOUND)} clicks`);
    expect(text).not.toContain(thousands(MAX_WAITING));
    expect(text).not.toMatch(/oldest are dropped/);
  });

  it('names the memory the links are held in: MAX_LINK_BYTES (link-cache.ts)', () => {
    expect(text).toContain(`up to ${MAX_LINK_BYTES / 2 ** 20} MB of them`);
  });
});

describe('the documentation site (docs/)', () => {
  it('names the same outage bound for a PostgreSQL node (The headless server)', () => {
    const hosting = read('docs/server.md').replace(/\s+/g, ' ');
    expect(hosting).toContain(`for up to ${thousands(OUTAGE_BOUND)} clicks it cannot store yet`);
  });

  it('lists every flag of linkdesk serve in the server page\'s table', () => {
    const table = read('docs/server.md');
    const missing = Object.keys(SERVE_OPTIONS).filter((f) => !UNLISTED.includes(f) && !table.includes(`| \`--${f}`));
    expect(missing).toEqual([]);
  });
});

describe('README.md', () => {
  it('stays a README: at most 230 lines, every local link to a file that exists', () => {
    const readme = read('README.md');
    expect(readme.split('\n').length).toBeLessThanOrEqual(230);
    const local = [...readme.matchAll(/\]\(([^)#\s]+)[^)]*\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/.test(l));
    expect(local.length).toBeGreaterThan(5);
    expect(local.filter((l) => { try { read(l); return false; } catch { return true; } })).toEqual([]);
  });
});

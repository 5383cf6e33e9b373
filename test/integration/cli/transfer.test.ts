import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { linkdesk, serve, stop } from '../../helpers/cli.ts';
import { bodyOf, linksArb, linksIn, PASSWORD } from '../../helpers/link-arbitrary.ts';
import { fetch } from '../../helpers/direct-fetch.ts';

const root = mkdtempSync(path.join(tmpdir(), 'linkdesk-transfer-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let dirs = 0;

/** A fresh data folder with user 1, its key and the domain sho.rt. */
async function instance() {
  const dir = path.join(root, `d${++dirs}`);
  const key = linkdesk(['keys', 'create', '--name', 'Ada', '--data-dir', dir]).lastLine;
  const server = await serve(['--data-dir', dir, '--no-titles', '--no-health-checks']);
  const api = (method: string, p: string, body?: unknown) => fetch(`${server.url}/api/v1${p}`, {
    method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: await r.json() as { data: { id: number } } }));
  const domain = (await api('POST', '/domains', { name: 'sho.rt' })).body.data.id;
  return { dir, api, domain, close: () => stop(server) };
}

async function exported(dir: string, format: 'csv' | 'json') {
  const r = linkdesk(['export', '--user', '1', '--format', format, '--data-dir', dir]);
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

function importFile(dir: string, file: string, extra: string[] = [], env: NodeJS.ProcessEnv = {}) {
  return linkdesk(['import', file, '--user', '1', '--data-dir', dir, ...extra], { env: { ...process.env, ...env } });
}

describe('linkdesk export | import', () => {
  it('round-trips every field into a fresh instance, CSV and JSON', async () => {
    await fc.assert(fc.asyncProperty(linksArb, fc.constantFrom('csv', 'json'), async (generated, format) => {
      const a = await instance();
      let source: string;
      try {
        const spaces = { Team: (await a.api('POST', '/spaces', { name: 'Team', color: '#aa0000' })).body.data.id, Ads: (await a.api('POST', '/spaces', { name: 'Ads' })).body.data.id };
        const pixel = (await a.api('POST', '/pixels', { name: 'GA', type: 'google-analytics', pixel_id: 'G-12345' })).body.data.id;
        for (const l of generated) {
          const r = await a.api('POST', '/links', bodyOf(l, { domain: a.domain, spaces, pixel }));
          expect(r.status, JSON.stringify(r.body)).toBe(201);
        }
      } finally {
        await a.close();
      }
      source = await exported(a.dir, format);
      const file = path.join(a.dir, `links.${format}`);
      writeFileSync(file, source);

      const b = await instance();
      await b.close();
      const imported = importFile(b.dir, file, [], { LINKDESK_IMPORT_PASSWORD: PASSWORD });
      expect(imported.stdout.trim(), imported.stderr).toBe(`Imported ${file}: ${generated.length} created, 0 updated, 0 skipped, 0 rejected`);
      expect(await linksIn(await exported(b.dir, format))).toEqual(await linksIn(source));

      // Again: every alias is taken now, so each row is reported and nothing is created.
      const again = importFile(b.dir, file, [], { LINKDESK_IMPORT_PASSWORD: PASSWORD });
      expect(again.status).toBe(3); // finished, with rejected rows
      expect(again.stdout).toContain(`0 created, 0 updated, 0 skipped, ${generated.length} rejected (report: ${file}.report.csv)`);
      const report = readFileSync(`${file}.report.csv`, 'utf8').trim().split('\n');
      expect(report[0]).toBe('row,field,reason');
      expect(report.slice(1)).toEqual(generated.map((_, i) => `${i + 1},alias,The alias has already been taken.`));
    }), { numRuns: 4 });
  }, 240_000);

  it('on conflict skips, renames or updates; a dry run writes nothing; without a password protected links arrive disabled', async () => {
    const a = await instance();
    await a.close();
    const file = path.join(a.dir, 'in.csv');
    writeFileSync(file, 'url,alias,password_protected\nhttps://one.example/,one,false\nhttps://two.example/,two,true\n');
    const dry = importFile(a.dir, file, ['--dry-run']);
    expect(dry.stdout).toContain('Dry run, nothing written: ');
    expect(await linksIn(await exported(a.dir, 'csv'))).toEqual([]);

    const first = importFile(a.dir, file);
    expect(first.stdout.trim()).toBe(`Imported ${file}: 2 created, 0 updated, 0 skipped, 0 rejected; 1 protected link was written disabled (or with private statistics): set LINKDESK_IMPORT_PASSWORD to give them a password`);
    expect((await linksIn(await exported(a.dir, 'csv'))).map((l) => [l.alias, l.disabled, l.password_protected])).toEqual([['one', false, false], ['two', true, false]]);

    writeFileSync(file, 'url,alias\nhttps://one.example/changed,one\n');
    expect(importFile(a.dir, file, ['--on-conflict', 'skip']).stdout).toContain('0 created, 0 updated, 1 skipped, 0 rejected');
    expect(importFile(a.dir, file, ['--on-conflict', 'rename']).stdout).toContain('1 created, 0 updated, 0 skipped, 0 rejected');
    expect(importFile(a.dir, file, ['--on-conflict', 'update']).stdout).toContain('0 created, 1 updated, 0 skipped, 0 rejected');
    const after = await linksIn(await exported(a.dir, 'csv'));
    expect(after.map((l) => [l.alias!.replace(/^one-.+$/, 'one-renamed'), l.url])).toEqual([
      ['one', 'https://one.example/changed'], ['one-renamed', 'https://one.example/changed'], ['two', 'https://two.example/'],
    ]);
  });

  it('exits 1 on a file it cannot read and 2 on a bad command line', async () => {
    const a = await instance();
    await a.close();
    const missing = importFile(a.dir, path.join(a.dir, 'nope.csv'));
    expect([missing.status, missing.stderr]).toEqual([1, expect.stringContaining('no such file')]);
    const file = path.join(a.dir, 'cols.csv');
    writeFileSync(file, 'Place,Code\nx,y\n');
    const cols = importFile(a.dir, file);
    expect([cols.status, cols.stderr]).toEqual([1, expect.stringContaining('Columns found: "Place", "Code"')]);
    expect(importFile(a.dir, file, ['--on-conflict', 'merge']).status).toBe(2);
    expect(linkdesk(['import', '--user', '1']).status).toBe(2);
    const domain = importFile(a.dir, file, ['--domain', 'nowhere.test']);
    expect(domain.status).toBe(1);
  });

  it('a file that turns out broken far past its first batches writes nothing; a whole one writes every row', async () => {
    const a = await instance();
    await a.close();
    // Writing starts before the file is counted (cli/transfer.ts): 12,000 good rows, then a quote never
    // closed; the count is held back so that two batches are written before anything says the file is broken.
    const good = Array.from({ length: 12_000 }, (_, i) => `https://example.com/${i},row-${i}`).join('\n');
    const broken = path.join(a.dir, 'broken.csv');
    writeFileSync(broken, `url,alias\n${good}\nhttps://example.com/x,"never closed\n`);
    const run = importFile(a.dir, broken, [], { LINKDESK_TEST_COUNT_DELAY_MS: '5000' });
    expect([run.status, run.stderr]).toEqual([1, expect.stringContaining('is never closed')]);
    const links = () => {
      const out = path.join(a.dir, 'all.json');
      expect(linkdesk(['export', '--user', '1', '--format', 'json', '--data-dir', a.dir, '--out', out, '--force']).status).toBe(0);
      return (JSON.parse(readFileSync(out, 'utf8')) as { links: unknown[] }).links.length;
    };
    expect(links()).toBe(0);
    const whole = path.join(a.dir, 'whole.csv');
    writeFileSync(whole, `url,alias\n${good}\n`);
    const ok = importFile(a.dir, whole);
    expect(ok.stdout).toContain('12000 created, 0 updated, 0 skipped, 0 rejected');
    expect(links()).toBe(12_000);
  });
});

describe('what export --out and import tell a script', () => {
  it('export --out refuses an existing file without --force, never follows a symbolic link, and writes 0600', async () => {
    const a = await instance();
    await a.close();
    const out = path.join(a.dir, 'out.csv');
    const run = (extra: string[]) => linkdesk(['export', '--user', '1', '--data-dir', a.dir, '--out', out, ...extra]);
    expect(run([]).status).toBe(0);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const first = readFileSync(out, 'utf8');

    const again = run([]);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(`${out} exists; add --force to replace it`);
    expect(run(['--force']).status).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(first);

    const victim = path.join(a.dir, 'victim.txt');
    writeFileSync(victim, 'precious');
    const link = path.join(a.dir, 'link.csv');
    symlinkSync(victim, link);
    for (const extra of [[], ['--force']]) {
      const r = linkdesk(['export', '--user', '1', '--data-dir', a.dir, '--out', link, ...extra]);
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(`${link} is a symbolic link; export writes no file through one`);
    }
    expect(readFileSync(victim, 'utf8')).toBe('precious');
  });

  it('an import that rejects rows exits 3 (documented), one that rejects none exits 0', async () => {
    const a = await instance();
    await a.close();
    const file = path.join(a.dir, 'mixed.csv');
    writeFileSync(file, 'url,alias\nhttps://example.com/a,ok-a\nnot a url,bad\n');
    const r = importFile(a.dir, file);
    expect(r.stdout).toContain('1 created, 0 updated, 0 skipped, 1 rejected');
    expect(r.status).toBe(3);
    expect(linkdesk(['import', '--help']).stdout).toContain('3 finished but some rows');
    const clean = path.join(a.dir, 'clean.csv');
    writeFileSync(clean, 'url,alias\nhttps://example.com/b,ok-b\n');
    expect(importFile(a.dir, clean).status).toBe(0);
  });
});

describe('import --map FIELD=COLUMN', () => {
  const fixture = (name: string) => path.resolve(import.meta.dirname, '../../fixtures/import', name);

  it('imports any CSV with its columns named by --map, the links carrying the mapped columns', async () => {
    const a = await instance();
    await a.close();
    const file = fixture('any-columns.csv');
    const without = importFile(a.dir, file);
    expect(without.status).toBe(1);
    expect(without.stderr).toMatch(/destination URLs.*Columns found: "Page", "Short name", "Label", "Owner"/);

    const report = path.join(a.dir, 'any.report.csv');
    const r = importFile(a.dir, file, ['--map', 'url=Page', '--map', 'alias=Short name', '--map', 'title=Label', '--report', report]);
    expect(r.stdout.trim(), r.stderr).toBe(`Imported ${file}: 2 created, 0 updated, 0 skipped, 1 rejected (report: ${report})`);
    expect(r.status).toBe(3);
    expect(readFileSync(report, 'utf8').trim().split('\n')).toEqual(['row,field,reason', expect.stringMatching(/^3,url,/)]);
    const rows = (await exported(a.dir, 'json'));
    const links = (JSON.parse(rows) as { links: { alias: string; url: string; title: string | null }[] }).links;
    expect(links.map((l) => [l.alias, l.url, l.title])).toEqual([
      ['pricing', 'https://example.com/pricing', 'Pricing page'], ['team', 'https://example.com/team', 'Our team'],
    ]);
  });

  it("changes a recognised export's mapping (FIELD= leaves a field unfilled), and names a bad --map", async () => {
    const a = await instance();
    await a.close();
    const file = fixture('bitly-web.csv');
    const r = importFile(a.dir, file, ['--map', 'alias=Tags', '--map', 'title=', '--format', 'bitly']);
    expect(r.stdout.trim(), r.stderr).toBe(`Imported ${file}: 2 created, 0 updated, 0 skipped, 0 rejected`);
    const links = (JSON.parse(await exported(a.dir, 'json')) as { links: { alias: string; title: string | null; created_at: string }[] }).links;
    expect(links[0]).toMatchObject({ alias: 'sale', title: null, created_at: '2022-08-09T10:11:12Z' });

    const badField = importFile(a.dir, file, ['--map', 'colour=Tags']);
    expect([badField.status, badField.stderr]).toEqual([2, expect.stringContaining('--map: "colour" is not a link field')]);
    const badShape = importFile(a.dir, file, ['--map', 'url']);
    expect([badShape.status, badShape.stderr]).toEqual([2, expect.stringContaining('--map: FIELD=COLUMN')]);
    const badColumn = importFile(a.dir, file, ['--map', 'url=Nowhere']);
    expect([badColumn.status, badColumn.stderr]).toEqual([1, expect.stringContaining('no column "Nowhere"')]);
  });
});

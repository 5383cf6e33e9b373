// The import wizard's calls through the real handler table: a file staged,
// previewed and imported into the embedded instance (bulk route) and into a
// seed-only server (one POST per link), paused and resumed, and carried across
// a restart of the app (and across a batch the app died in the middle of) with
// every link of the file existing exactly once.
import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportPreview, JobView } from '../../shared/transfer.ts';
import { createDesktop, type Desktop } from '../../electron/services/desktop.ts';
import { createMemoryStore, type SecretStore } from '../../electron/services/secret-store.ts';
import { startSeedOnlyServer } from '../helpers/seed-only-server.ts';
import { startServer } from '../helpers/server.ts';
import { IN_DBUS, ok, realKeychain, tempDir } from './helpers.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const secretsForTest = async (): Promise<SecretStore> => (IN_DBUS ? realKeychain() : createMemoryStore('test'));

async function desktop(dataDir?: string, secrets?: SecretStore): Promise<{ d: Desktop; dataDir: string; secrets: SecretStore }> {
  if (!dataDir) {
    const t = tempDir();
    cleanups.push(t.cleanup);
    dataDir = t.dir;
  }
  const store = secrets ?? await secretsForTest();
  const d = await createDesktop({ dataDir, secretStore: store, localServer: { port: 0, config: { fetchTitles: false } } });
  cleanups.push(async () => {
    await d.close();
    for (const p of d.profiles.list()) await store.delete(p.id);
  });
  return { d, dataDir, secrets: store };
}

/**
 * A Linkdesk CSV of `n` rows: most with an alias, every 10th without (the
 * server makes one up), every 50th without a URL (rejected on reading) and
 * every 125th with a javascript: URL (rejected by the server).
 */
function linkdeskCsv(n: number, prefix = 'imp') {
  const lines = ['url,alias,space,space_color'];
  let invalid = 0;
  for (let i = 1; i <= n; i++) {
    const bad = i % 50 === 0 ? '' : i % 125 === 0 ? 'javascript:alert(1)' : null;
    if (bad !== null) invalid++;
    lines.push([bad ?? `https://example.com/${prefix}/${i}`, i % 10 === 0 ? '' : `${prefix}-${i}`, i % 3 === 0 ? 'Imported' : '', '#228be6'].join(','));
  }
  return { text: `${lines.join('\n')}\n`, invalid, urls: n - invalid };
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

async function until(d: Desktop, id: string, done: (j: JobView) => boolean, ms = 30_000): Promise<JobView> {
  const end = Date.now() + ms;
  for (;;) {
    const j = await ok<JobView>(d.invoke('jobs.get', { id }));
    if (done(j)) return j;
    if (Date.now() > end) throw new Error(`job did not get there: ${JSON.stringify(j)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
const ended = (j: JobView) => j.status === 'done' || j.status === 'failed' || j.status === 'cancelled';

/** Every link of the window's instance: url → how many times it exists. */
async function linkUrls(d: Desktop): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (let page = 1; ; page++) {
    const p = await ok<{ data: { url: string }[]; meta: { last_page: number } }>(d.invoke('links.list', { query: { per_page: 100, page } }));
    for (const l of p.data) out.set(l.url, (out.get(l.url) ?? 0) + 1);
    if (page >= p.meta.last_page) return out;
  }
}

describe('transfer.stage and transfer.preview', () => {
  it('keeps a private copy of the file and shows its format, mapping, first rows and row count', async () => {
    const { d, dataDir } = await desktop();
    const csv = linkdeskCsv(60);
    const p = await ok<ImportPreview>(d.invoke('transfer.stage', { fileName: 'links.csv', base64: b64(csv.text) }));
    expect(p).toMatchObject({ fileName: 'links.csv', format: 'linkdesk', detected: true, delimiter: ',', rows: 60 });
    expect(p.mapping).toContainEqual({ column: 'alias', field: 'alias' });
    expect(p.sample).toHaveLength(5);
    expect(p.sample[0]).toEqual({ row: 1, url: 'https://example.com/imp/1', alias: 'imp-1', domain: null, title: null, created_at: null, problem: null });
    const source = path.join(dataDir, 'imports', p.stageId, 'source');
    expect(await readFile(source, 'utf8')).toBe(csv.text);
    if (process.platform !== 'win32') expect(statSync(source).mode & 0o077).toBe(0);

    const asBitly = await d.invoke('transfer.preview', { stageId: p.stageId, format: 'bitly' });
    expect(asBitly).toMatchObject({ ok: false, error: { kind: 'validation' } });
    // Columns no format claims: staged for the person to map, and refused for import until a column holds URLs.
    const foreign = await ok<ImportPreview>(d.invoke('transfer.stage', { fileName: 'foreign.csv', base64: b64('name,notes\nx,y\n') }));
    expect(foreign).toMatchObject({ format: 'csv', rows: 1, sample: [], missing: expect.stringContaining('destination URLs') });
    expect(await d.invoke('transfer.import', { stageId: foreign.stageId })).toMatchObject({ ok: false, error: { kind: 'validation', message: expect.stringContaining('destination URLs') } });
  });
});

/** A CSV with columns no format knows: Page (the URL), Short name, Label, Owner; every 40th row's Page is no web address. */
function foreignCsv(n: number) {
  const lines = ['Page,Short name,Label,Owner'];
  for (let i = 1; i <= n; i++) lines.push([i % 40 === 0 ? 'not a web address' : `https://example.com/page/${i}`, `page-${i}`, `Page number ${i}`, 'ana'].join(','));
  return { text: `${lines.join('\n')}\n`, invalid: Math.floor(n / 40) };
}
const MAPPING = [
  { column: 'Page', field: 'url' as const }, { column: 'Short name', field: 'alias' as const },
  { column: 'Label', field: 'title' as const }, { column: 'Owner', field: null },
];

describe('columns mapped by the person importing', () => {
  it('previews and imports with the mapping chosen, the links carrying the mapped columns; the result lists rejected rows and written links', async () => {
    const { d } = await desktop();
    const csv = foreignCsv(80);
    const staged = await ok<ImportPreview>(d.invoke('transfer.stage', { fileName: 'foreign.csv', base64: b64(csv.text) }));
    expect(staged.mapping.find((m) => m.field === 'url')).toBeUndefined();
    const p = await ok<ImportPreview>(d.invoke('transfer.preview', { stageId: staged.stageId, mapping: MAPPING }));
    expect(p).toMatchObject({ format: 'csv', missing: null, mapping: MAPPING });
    expect(p.sample[0]).toMatchObject({ url: 'https://example.com/page/1', alias: 'page-1', title: 'Page number 1' });
    expect(await d.invoke('transfer.preview', { stageId: p.stageId, mapping: [{ column: 'Page', field: 'url' }, { column: 'Label', field: 'url' }] }))
      .toMatchObject({ ok: true, data: { missing: 'Two columns fill url: "Page" and "Label". Choose one.' } });

    const job = await until(d, (await ok<JobView>(d.invoke('transfer.import', { stageId: p.stageId, mapping: MAPPING }))).id, ended);
    expect(job).toMatchObject({ status: 'done', created: 80 - csv.invalid, rejected: csv.invalid });
    const listed = await ok<{ data: { alias: string; title: string | null; url: string }[] }>(d.invoke('links.list', { query: { search: 'page-7', search_by: 'alias', per_page: 25 } }));
    expect(listed.data.find((l) => l.alias === 'page-7')).toMatchObject({ url: 'https://example.com/page/7', title: 'Page number 7' });

    const outcome = await ok<{ rejections: { row: number; field: string; reason: string }[]; rejected: number; links: { alias: string; title: string | null }[]; linkCount: number }>(
      d.invoke('transfer.importResult', { id: job.id }));
    expect(outcome.rejected).toBe(csv.invalid);
    expect(outcome.rejections.map((r) => [r.row, r.field])).toEqual([[40, 'url'], [80, 'url']]);
    expect(outcome.rejections[0]!.reason).toMatch(/url/i);
    expect(outcome.linkCount).toBe(80 - csv.invalid);
    expect(outcome.links).toHaveLength(20);
    expect(outcome.links[0]).toMatchObject({ alias: 'page-1', title: 'Page number 1' });
  });

  it('keeps what real exports carry: title and created date of a Shlink web export reach the links', async () => {
    const { d } = await desktop();
    const text = await readFile(path.resolve(import.meta.dirname, '../fixtures/import/shlink-web.csv'), 'utf8');
    const p = await ok<ImportPreview>(d.invoke('transfer.stage', { fileName: 'shlink.csv', base64: b64(text) }));
    // The file names the domain s.test, which this instance lacks: every row to the default domain.
    const job = await until(d, (await ok<JobView>(d.invoke('transfer.import', { stageId: p.stageId, domainId: null }))).id, ended);
    expect(job).toMatchObject({ status: 'done', created: 2 });
    const links = await ok<{ data: { alias: string; title: string | null; created_at: string }[] }>(d.invoke('links.list', { query: { per_page: 10, sort_by: 'id', sort: 'asc' } }));
    expect(links.data.map((l) => [l.alias, l.title, l.created_at])).toEqual([
      ['12C18', 'Black Friday deals', '2023-11-01T10:00:00Z'], ['docs', null, '2023-11-02T08:30:00Z'],
    ]);
  });

  it('resumes after a restart with the mapping saved with the job', async () => {
    const first = await desktop();
    const csv = foreignCsv(2000);
    const p = await ok<ImportPreview>(first.d.invoke('transfer.stage', { fileName: 'foreign.csv', base64: b64(csv.text) }));
    const job = await ok<JobView>(first.d.invoke('transfer.import', { stageId: p.stageId, mapping: MAPPING }));
    await until(first.d, job.id, (j) => j.done > 0);
    await first.d.close();
    const saved = JSON.parse(await readFile(path.join(first.dataDir, 'imports', p.stageId, 'job.json'), 'utf8'));
    expect(saved.mapping).toEqual(MAPPING);

    const second = await desktop(first.dataDir, first.secrets);
    expect(await ok<JobView>(second.d.invoke('jobs.get', { id: job.id }))).toMatchObject({ status: 'paused', resumable: true });
    await ok(second.d.invoke('jobs.resume', { id: job.id }));
    expect(await until(second.d, job.id, ended)).toMatchObject({ status: 'done', created: 2000 - csv.invalid, rejected: csv.invalid });
    const last = await ok<{ data: { alias: string; title: string | null }[] }>(second.d.invoke('links.list', { query: { search: 'page-1999', search_by: 'alias', per_page: 10 } }));
    expect(last.data.find((l) => l.alias === 'page-1999')).toMatchObject({ title: 'Page number 1999' });
  });
});

describe('transfer.import', () => {
  it('imports into the local instance through the bulk route, with a report of the rejected rows', async () => {
    const { d } = await desktop();
    const csv = linkdeskCsv(1200);
    const p = await ok<ImportPreview>(d.invoke('transfer.stage', { fileName: 'links.csv', base64: b64(csv.text) }));
    const job = await ok<JobView>(d.invoke('transfer.import', { stageId: p.stageId }));
    expect(job).toMatchObject({ kind: 'import', title: 'Import links.csv into This computer' });
    const end = await until(d, job.id, ended);
    expect(end).toMatchObject({ status: 'done', done: 1200, total: 1200, created: csv.urls, rejected: csv.invalid, skipped: 0 });
    const urls = await linkUrls(d);
    expect(urls.size).toBe(csv.urls);
    expect([...urls.values()].every((n) => n === 1)).toBe(true);
    const report = await ok<{ name: string; content: string }>(d.invoke('jobs.file', { id: job.id }));
    expect(report.name).toBe('links-report.csv');
    const lines = report.content.trim().split('\n');
    expect(lines[0]).toBe('row,field,reason');
    expect(lines).toHaveLength(1 + csv.invalid);
    expect(lines).toContainEqual(expect.stringMatching(/^50,url,/));
    expect(lines).toContainEqual(expect.stringMatching(/^125,url,/));

    // The same file again: every alias is taken now, and 'skip' writes nothing twice.
    const again = await ok<JobView>(d.invoke('transfer.import', { stageId: p.stageId, onConflict: 'skip' }));
    const end2 = await until(d, again.id, ended);
    const aliased = Array.from({ length: 1200 }, (_, i) => i + 1).filter((i) => i % 50 && i % 125 && i % 10).length;
    expect(end2).toMatchObject({ status: 'done', skipped: aliased, created: csv.urls - aliased });
  });

  it('a file imported again as soon as its first import is done: the second import writes, and its result is its own', async () => {
    // The ended import lets go of its password (a keychain call) before its job file is final. Here the first
    // import's call waits until the second import has ended, or for 2 s when the second waits for the first.
    const real = await secretsForTest();
    let release = () => {};
    const held = new Promise<void>((r) => { release = r; });
    let holding = true;
    const slowDelete = async (account: string) => {
      if (account.startsWith('import-password:') && holding) {
        holding = false;
        await held;
      }
      return real.delete(account);
    };
    const secrets = new Proxy(real, {
      get: (t, k) => (k === 'delete' ? slowDelete : typeof Reflect.get(t, k) === 'function' ? Reflect.get(t, k).bind(t) : Reflect.get(t, k)),
    });
    const { d } = await desktop(undefined, secrets);
    const csv = linkdeskCsv(30, 'again');
    const p = await ok<ImportPreview>(d.invoke('transfer.stage', { fileName: 'again.csv', base64: b64(csv.text) }));
    const first = await until(d, (await ok<JobView>(d.invoke('transfer.import', { stageId: p.stageId }))).id, ended);
    expect(first).toMatchObject({ status: 'done', created: csv.urls });
    const starting = ok<JobView>(d.invoke('transfer.import', { stageId: p.stageId, onConflict: 'rename' }));
    const waited = setTimeout(release, 2000);
    const second = await until(d, (await starting).id, ended);
    release();
    clearTimeout(waited);
    expect(second).toMatchObject({ status: 'done', created: csv.urls, rejected: csv.invalid });
    expect((await linkUrls(d)).size).toBe(csv.urls);
    expect([...(await linkUrls(d)).values()].every((n) => n === 2)).toBe(true);
    // The job file is the second import's, also once the first one's bookkeeping could have ended: before the fix
    // its late write landed within these 200 ms, and the second import's result was gone ("not kept").
    await new Promise((r) => setTimeout(r, 200));
    const outcome = await d.invoke('transfer.importResult', { id: second.id });
    // Its own links only, not the first import's as well.
    expect(outcome).toMatchObject({ ok: true, data: { rejected: csv.invalid, linkCount: csv.urls } });
  });

  it('falls back to one request per link on a seed-only server, without spaces, with each on-conflict rule', async () => {
    const seed = await startSeedOnlyServer({ notFound: 'json' });
    cleanups.push(() => seed.close());
    const { d } = await desktop();
    const inst = await ok<{ id: string }>(d.invoke('instances.add', { name: 'Seed only', baseUrl: seed.url, apiKey: seed.key }));
    await ok(d.invoke('instances.select', { id: inst.id }));
    const csv = linkdeskCsv(60, 'seed'); // small: a request per link meets the server's rate limit soon
    const p = await ok<ImportPreview>(d.invoke('transfer.stage', { fileName: 'seed.csv', base64: b64(csv.text) }));

    const first = await until(d, (await ok<JobView>(d.invoke('transfer.import', { stageId: p.stageId }))).id, ended);
    expect(first).toMatchObject({ status: 'done', title: 'Import seed.csv into Seed only', created: csv.urls, rejected: csv.invalid });
    expect(first.message).toContain('does not offer spaces');
    expect(seed.refused).toContain('POST /api/v1/links/bulk');
    expect((await linkUrls(d)).size).toBe(csv.urls);

    const rename = await until(d, (await ok<JobView>(d.invoke('transfer.import', { stageId: p.stageId, onConflict: 'rename' }))).id, ended);
    expect(rename).toMatchObject({ status: 'done', created: csv.urls, rejected: csv.invalid });
    const renamed = await seed.upstream.api('GET', '/links?search=seed-1-2&search_by=alias&per_page=10');
    expect(renamed.body.data.map((l: { alias: string }) => l.alias)).toContain('seed-1-2');

    // 'update' rewrites the links the aliases name; 'error' reports each taken alias.
    const edited = csv.text.replace('https://example.com/seed/1,', 'https://example.com/seed/one,');
    const p2 = await ok<ImportPreview>(d.invoke('transfer.stage', { fileName: 'seed.csv', base64: b64(edited) }));
    const update = await until(d, (await ok<JobView>(d.invoke('transfer.import', { stageId: p2.stageId, onConflict: 'update' }))).id, ended);
    const aliased = Array.from({ length: 60 }, (_, i) => i + 1).filter((i) => i % 50 && i % 125 && i % 10).length;
    expect(update).toMatchObject({ status: 'done', updated: aliased });
    const one = await seed.upstream.api('GET', '/links?search=seed-1&search_by=alias&per_page=100');
    expect(one.body.data.find((l: { alias: string }) => l.alias === 'seed-1').url).toBe('https://example.com/seed/one');
    const error = await until(d, (await ok<JobView>(d.invoke('transfer.import', { stageId: p2.stageId }))).id, ended);
    expect(error).toMatchObject({ status: 'done', rejected: csv.invalid + aliased });
  });

  it('puts every row on a domain and in a space of another instance than the window\'s, chosen from that instance\'s own lists', async () => {
    const other = await startServer();
    cleanups.push(() => other.close());
    const domain = (await other.api('POST', '/domains', { json: { name: 'elsewhere.example' } })).body.data.id;
    const space = (await other.api('POST', '/spaces', { json: { name: 'Arrivals' } })).body.data.id;
    const { d } = await desktop();
    const inst = await ok<{ id: string }>(d.invoke('instances.add', { name: 'Other', baseUrl: other.url, apiKey: other.key }));
    const options = await ok<{ domains: { id: number; name: string }[]; spaces: { id: number; name: string }[] | null }>(
      d.invoke('transfer.targetOptions', { instanceId: inst.id }));
    expect(options).toEqual({ domains: [{ id: domain, name: 'elsewhere.example' }], spaces: [{ id: space, name: 'Arrivals' }] });

    const csv = linkdeskCsv(30, 'far');
    const p = await ok<ImportPreview>(d.invoke('transfer.stage', { fileName: 'far.csv', base64: b64(csv.text) }));
    const job = await until(d, (await ok<JobView>(d.invoke('transfer.import', { stageId: p.stageId, instanceId: inst.id, domainId: domain, spaceId: space }))).id, ended);
    expect(job).toMatchObject({ status: 'done', title: 'Import far.csv into Other', created: csv.urls });
    const there = (await other.api('GET', '/links?per_page=100')).body.data as { domain: { id: number } | null; space: { id: number } | null }[];
    expect(there).toHaveLength(csv.urls);
    expect(there.every((l) => l.domain?.id === domain && l.space?.id === space)).toBe(true);
    // The window's own instance got nothing.
    expect((await linkUrls(d)).size).toBe(0);
  });

  it('pauses between batches and resumes where it stopped', async () => {
    const { d } = await desktop();
    const csv = linkdeskCsv(1200);
    const p = await ok<ImportPreview>(d.invoke('transfer.stage', { fileName: 'links.csv', base64: b64(csv.text) }));
    const job = await ok<JobView>(d.invoke('transfer.import', { stageId: p.stageId }));
    // Paused before the first batch is written: nothing may appear while it waits.
    expect(await ok<JobView>(d.invoke('jobs.pause', { id: job.id }))).toMatchObject({ status: 'paused' });
    await new Promise((r) => setTimeout(r, 300));
    expect(await ok<JobView>(d.invoke('jobs.get', { id: job.id }))).toMatchObject({ status: 'paused', created: 0 });
    expect((await linkUrls(d)).size).toBe(0);
    await ok(d.invoke('jobs.resume', { id: job.id }));
    expect(await until(d, job.id, ended)).toMatchObject({ status: 'done', created: csv.urls });
    expect((await linkUrls(d)).size).toBe(csv.urls);
  });

  it('cancels between batches and keeps what was written', async () => {
    const { d } = await desktop();
    const csv = linkdeskCsv(1500);
    const p = await ok<ImportPreview>(d.invoke('transfer.stage', { fileName: 'links.csv', base64: b64(csv.text) }));
    const job = await ok<JobView>(d.invoke('transfer.import', { stageId: p.stageId, onConflict: 'skip' }));
    await until(d, job.id, (j) => j.done > 0);
    await ok(d.invoke('jobs.cancel', { id: job.id }));
    const end = await until(d, job.id, ended);
    expect(end.status).toBe('cancelled');
    expect(end.message).toMatch(/links written until then are kept/);
    expect((await linkUrls(d)).size).toBe(end.created);
    expect(end.created).toBeLessThan(csv.urls);
  });
});

describe('an import across a restart of the app', () => {
  it('comes back paused and resumable, and resumes to every link of the file exactly once', async () => {
    const first = await desktop();
    const csv = linkdeskCsv(2000);
    const p = await ok<ImportPreview>(first.d.invoke('transfer.stage', { fileName: 'big.csv', base64: b64(csv.text) }));
    const job = await ok<JobView>(first.d.invoke('transfer.import', { stageId: p.stageId }));
    await until(first.d, job.id, (j) => j.done > 0);
    await first.d.close(); // mid-import: the batch in flight ends, then the job stops

    const second = await desktop(first.dataDir, first.secrets);
    const back = await ok<JobView>(second.d.invoke('jobs.get', { id: job.id }));
    expect(back).toMatchObject({ status: 'paused', resumable: true, kind: 'import', title: 'Import big.csv into This computer' });
    expect(back.done).toBeGreaterThan(0);
    expect(back.done).toBeLessThan(2000);
    await ok(second.d.invoke('jobs.resume', { id: job.id }));
    const end = await until(second.d, job.id, ended);
    expect(end).toMatchObject({ status: 'done', done: 2000, created: csv.urls, rejected: csv.invalid });
    const urls = await linkUrls(second.d);
    expect(urls.size).toBe(csv.urls);
    expect([...urls.values()].every((n) => n === 1)).toBe(true);
    const report = await ok<{ content: string }>(second.d.invoke('jobs.file', { id: job.id }));
    expect(report.content.trim().split('\n')).toHaveLength(1 + csv.invalid);
  });

  it('recognises the links of a batch the app died in the middle of, and writes none of them twice', async () => {
    const first = await desktop();
    const csv = linkdeskCsv(1200);
    // What the first batch (500 links: rows 1 to 510) wrote before the app died, written here by importing those rows.
    const prefix = `${csv.text.split('\n').slice(0, 511).join('\n')}\n`;
    const head = await ok<ImportPreview>(first.d.invoke('transfer.stage', { fileName: 'head.csv', base64: b64(prefix) }));
    await until(first.d, (await ok<JobView>(first.d.invoke('transfer.import', { stageId: head.stageId }))).id, ended);
    const written = (await linkUrls(first.d)).size;
    expect(written).toBe(498); // rows 125 and 375 hold javascript: URLs, which the server refuses
    const p = await ok<ImportPreview>(first.d.invoke('transfer.stage', { fileName: 'crash.csv', base64: b64(csv.text) }));
    const { selectedId } = await ok<{ selectedId: string }>(first.d.invoke('instances.list', {}));
    await first.d.close();
    // The saved state of an import that sent its first batch and died: cursor at row 1, the batch marked in flight.
    const jobId = randomUUID();
    await writeFile(path.join(first.dataDir, 'imports', p.stageId, 'job.json'), JSON.stringify({
      version: 1, jobId, stageId: p.stageId, fileName: 'crash.csv', title: 'Import crash.csv into This computer', instanceId: selectedId,
      format: 'linkdesk', domain: 'file', space: 'file', onConflict: 'error', hasPassword: false, status: 'running', nextRow: 1,
      total: 1200, created: 0, updated: 0, skipped: 0, rejected: 0, inFlight: { afterId: 0, bodies: 500 }, message: null,
      startedAt: new Date().toISOString(), finishedAt: null,
    }));

    const second = await desktop(first.dataDir, first.secrets);
    expect(await ok<JobView>(second.d.invoke('jobs.get', { id: jobId }))).toMatchObject({ status: 'paused', resumable: true, done: 0 });
    await ok(second.d.invoke('jobs.resume', { id: jobId }));
    const end = await until(second.d, jobId, ended);
    // Not one "alias already taken": the batch's links were recognised as its own.
    expect(end).toMatchObject({ status: 'done', created: csv.urls, rejected: csv.invalid });
    const urls = await linkUrls(second.d);
    expect(urls.size).toBe(csv.urls);
    expect([...urls.values()].every((n) => n === 1)).toBe(true);
  });
});

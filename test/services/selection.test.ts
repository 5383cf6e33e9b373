// Work on a selection of links through the real handler table: bulk actions
// on a Linkdesk server (bulk routes) and on a seed-only server (one request
// per link), an export of a filter, and a copy to another instance with its
// domains mapped. Every check reads what the servers hold afterwards.
import { afterEach, describe, expect, it } from 'vitest';
import type { JobView } from '../../shared/transfer.ts';
import type { Desktop } from '../../electron/services/desktop.ts';
import { startSeedOnlyServer } from '../helpers/seed-only-server.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { type Cleanups, jobEnd, ok, testDesktop } from './helpers.ts';

const cleanups: Cleanups = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const desktop = () => testDesktop(cleanups);

async function server(): Promise<TestServer> {
  const s = await startServer();
  cleanups.push(() => s.close());
  return s;
}

async function addInstance(d: Desktop, name: string, baseUrl: string, key: string): Promise<string> {
  return (await ok<{ id: string }>(d.invoke('instances.add', { name, baseUrl, apiKey: key }))).id;
}

const finished = (d: Desktop, job: JobView) => jobEnd(d, job.id);

async function seedLinks(s: TestServer, n: number, body: (i: number) => Record<string, unknown> = () => ({})): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = await s.api('POST', '/links', { json: { url: `https://example.com/${i}`, alias: `l${i}`, ...body(i) } });
    expect(r.status, r.text).toBe(201);
    ids.push(r.body.data.id);
  }
  return ids;
}

const linkOf = async (s: TestServer, id: number) => (await s.api('GET', `/links/${id}`)).body.data;

describe.each(['linkdesk', 'seed-only'] as const)('bulk actions on a %s server', (kind) => {
  async function world() {
    const d = await desktop();
    let upstream: TestServer;
    let url: string;
    let refused: string[] = [];
    if (kind === 'linkdesk') {
      upstream = await server();
      url = upstream.url;
    } else {
      const seed = await startSeedOnlyServer({ notFound: 'json' });
      cleanups.push(() => seed.close());
      ({ upstream, url, refused } = seed);
    }
    const id = await addInstance(d, kind, url, upstream.key);
    await ok(d.invoke('instances.select', { id }));
    return { d, upstream, refused };
  }
  const bulk = async (d: Desktop, selection: unknown, action: unknown) =>
    finished(d, await ok<JobView>(d.invoke('links.bulk', { selection, action })));

  it('disables, enables, moves, sets and clears expiry, and deletes: by ids and by filter', async () => {
    const { d, upstream, refused } = await world();
    const ids = await seedLinks(upstream, 12, (i) => ({ url: `https://${i < 8 ? 'keep' : 'other'}.example/${i}` }));
    const space = (await upstream.api('POST', '/spaces', { json: { name: 'Work', color: '#228be6' } })).body.data;
    const byFilter = { query: { search: 'keep', search_by: 'url', page: 2, per_page: 10 } };

    const disabled = await bulk(d, byFilter, { type: 'disable', disabled: 1 });
    expect(disabled).toMatchObject({ status: 'done', total: 8, done: 8, updated: 8, rejected: 0 });
    expect((await Promise.all(ids.map((i) => linkOf(upstream, i)))).map((l) => l.disabled)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0]);

    expect(await bulk(d, { ids: ids.slice(0, 3) }, { type: 'disable', disabled: 0 })).toMatchObject({ status: 'done', updated: 3 });
    expect((await linkOf(upstream, ids[0]!)).disabled).toBe(0);
    expect((await linkOf(upstream, ids[3]!)).disabled).toBe(1);

    await bulk(d, { ids: ids.slice(0, 2) }, { type: 'space', space_id: space.id });
    expect((await linkOf(upstream, ids[1]!)).space).toMatchObject({ name: 'Work' });
    await bulk(d, { ids: [ids[1]!] }, { type: 'space', space_id: null });
    expect((await linkOf(upstream, ids[1]!)).space).toBeNull();
    expect((await linkOf(upstream, ids[0]!)).space).toMatchObject({ name: 'Work' });

    await bulk(d, { ids: ids.slice(0, 4) }, { type: 'expiry', expiration_date: '2031-05-06', expiration_time: '10:30' });
    expect(await linkOf(upstream, ids[2]!)).toMatchObject({ expiration_date: '2031-05-06', expiration_time: '10:30' });
    await bulk(d, { ids: [ids[2]!] }, { type: 'expiry', expiration_date: null });
    expect(await linkOf(upstream, ids[2]!)).toMatchObject({ expiration_date: null, expiration_time: null });
    expect((await linkOf(upstream, ids[3]!)).expiration_date).toBe('2031-05-06');

    // A link deleted since it was chosen is reported, not fatal.
    await upstream.api('DELETE', `/links/${ids[11]}`);
    const deleted = await bulk(d, { ids: [...ids.slice(8, 12)] }, { type: 'delete' });
    expect(deleted).toMatchObject({ status: 'done', updated: 3, rejected: 1, file: { rows: 1 } });
    const report = await ok<{ content: string }>(d.invoke('jobs.file', { id: deleted.id }));
    expect(report.content.trim().split('\n')).toEqual(['id,field,reason', `${ids[11]},link,The link no longer exists.`]);
    expect((await upstream.api('GET', '/links')).body.meta.total).toBe(8);

    // Only the seed-only server made the client fall back to one request per link.
    if (kind === 'seed-only') expect(refused).toEqual(expect.arrayContaining(['PATCH /api/v1/links/bulk', 'DELETE /api/v1/links/bulk']));
    else expect(refused).toEqual([]);
  });
});

describe('export and copy', () => {
  it('exports the links a filter matches as CSV and JSON', async () => {
    const d = await desktop();
    const s = await server();
    await ok(d.invoke('instances.select', { id: await addInstance(d, 'Here', s.url, s.key) }));
    await seedLinks(s, 130, (i) => ({ url: `https://${i % 2 ? 'odd' : 'even'}.example/${i}` }));
    const csvJob = await finished(d, await ok<JobView>(d.invoke('transfer.export', { format: 'csv', selection: { query: { search: 'odd', search_by: 'url' } } })));
    expect(csvJob).toMatchObject({ status: 'done', done: 65, file: { rows: 65 } });
    const csv = await ok<{ name: string; mime: string; content: string }>(d.invoke('jobs.file', { id: csvJob.id }));
    expect(csv.name).toMatch(/^linkdesk-links-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.content.trim().split(/\r?\n/);
    expect(lines).toHaveLength(66);
    expect(lines.slice(1).every((l) => l.includes('https://odd.example/'))).toBe(true);

    const jsonJob = await finished(d, await ok<JobView>(d.invoke('transfer.export', { format: 'json' })));
    const json = JSON.parse((await ok<{ content: string }>(d.invoke('jobs.file', { id: jsonJob.id }))).content);
    const rows = Array.isArray(json) ? json : json.links;
    expect(rows).toHaveLength(130);
    expect(rows.map((l: { alias: string }) => l.alias)).toContain('l129');
  });

  it('copies links to another instance with their domain mapped, spaces created and protected links disabled', async () => {
    const d = await desktop();
    const [src, dst] = [await server(), await server()];
    const here = await addInstance(d, 'Here', src.url, src.key);
    const there = await addInstance(d, 'There', dst.url, dst.key);
    await ok(d.invoke('instances.select', { id: here }));
    const from = (await src.api('POST', '/domains', { json: { name: 'go.src.example' } })).body.data;
    const to = (await dst.api('POST', '/domains', { json: { name: 'go.dst.example' } })).body.data;
    await src.api('POST', '/spaces', { json: { name: 'Campaign', color: '#fa5252' } });
    const space = (await src.api('GET', '/spaces')).body.data[0];
    const ids = await seedLinks(src, 30, (i) => ({ ...(i < 20 ? { domain_id: from.id } : {}), ...(i === 0 ? { space_id: space.id } : {}), ...(i === 1 ? { password: 'hunter22' } : {}) }));

    const plan = await ok(d.invoke('transfer.copyPlan', { targetInstanceId: there, selection: { query: {} } }));
    expect(plan).toMatchObject({
      links: 30, createSpaces: ['Campaign'], targetDomains: [{ id: to.id, name: 'go.dst.example' }],
      domains: expect.arrayContaining([{ source: 'go.src.example', links: 20, proposed: 'create' }, { source: null, links: 10, proposed: null }]),
    });
    expect(await d.invoke('transfer.copyPlan', { targetInstanceId: here, selection: { query: {} } })).toMatchObject({ ok: false, error: { kind: 'bad-request' } });

    const job = await finished(d, await ok<JobView>(d.invoke('transfer.copy', {
      targetInstanceId: there, selection: { query: {} }, domainMap: { 'go.src.example': to.id, '': null },
    })));
    expect(job).toMatchObject({ status: 'done', total: 30, created: 30, rejected: 0, file: { rows: 1 } });
    const copied = (await dst.api('GET', '/links?per_page=100')).body.data as { alias: string; domain: { name: string } | null; space: { name: string } | null; disabled: number; password: boolean }[];
    expect(copied).toHaveLength(30);
    expect(copied.filter((l) => l.domain?.name === 'go.dst.example')).toHaveLength(20);
    expect(copied.find((l) => l.alias === 'l0')?.space?.name).toBe('Campaign');
    expect(copied.find((l) => l.alias === 'l1')).toMatchObject({ disabled: 1, password: false });
    const report = (await ok<{ content: string }>(d.invoke('jobs.file', { id: job.id }))).content;
    expect(report).toMatch(/^alias,field,reason\r?\nl1,password,/);

    // Again, with the source domain created on the target: l5 lands on the new domain; l25's alias is
    // already on the target's default domain, so it is reported, not duplicated.
    const again = await finished(d, await ok<JobView>(d.invoke('transfer.copy', {
      targetInstanceId: there, selection: { ids: [ids[5], ids[25]] }, domainMap: { 'go.src.example': 'create' },
    })));
    expect(again).toMatchObject({ status: 'done', created: 1, rejected: 1 });
    expect((await dst.api('GET', '/domains')).body.data.map((x: { name: string }) => x.name).sort()).toEqual(['go.dst.example', 'go.src.example']);
    expect((await dst.api('GET', '/links?search=l5&search_by=alias')).body.data.map((l: { domain: { name: string } | null }) => l.domain?.name))
      .toContain('go.src.example');
    expect((await dst.api('GET', '/links')).body.meta.total).toBe(31);
    const rejected = (await ok<{ content: string }>(d.invoke('jobs.file', { id: again.id }))).content;
    expect(rejected).toMatch(/\nl25,alias,/);
  });
});

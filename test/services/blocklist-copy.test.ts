// Copying links to another instance writes them through that instance's API,
// so its blocklist applies: a link to a host it blocks arrives nowhere, and the
// copy's report says which link and why.
import { afterEach, describe, expect, it } from 'vitest';
import type { JobView } from '../../shared/transfer.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { type Cleanups, jobEnd, ok, testDesktop } from './helpers.ts';

const cleanups: Cleanups = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function server(): Promise<TestServer> {
  const s = await startServer();
  cleanups.push(() => s.close());
  return s;
}

describe('copy between instances', () => {
  it("the target's blocklist refuses the links it names; the report says which and why", async () => {
    const d = await testDesktop(cleanups);
    const [src, dst] = [await server(), await server()];
    const here = (await ok<{ id: string }>(d.invoke('instances.add', { name: 'Here', baseUrl: src.url, apiKey: src.key }))).id;
    const there = (await ok<{ id: string }>(d.invoke('instances.add', { name: 'There', baseUrl: dst.url, apiKey: dst.key }))).id;
    await ok(d.invoke('instances.select', { id: here }));
    expect((await dst.api('PUT', '/blocklist', { json: { hosts: ['*.evil.example'], keywords: ['casino'] } })).status).toBe(200);
    for (const [alias, url] of [['fine', 'https://fine.example/'], ['bad', 'https://Login.EVIL.example./x'], ['casino-deal', 'https://fine.example/c']]) {
      expect((await src.api('POST', '/links', { json: { url, alias } })).status).toBe(201);
    }
    const job = await jobEnd(d, (await ok<JobView>(d.invoke('transfer.copy', { targetInstanceId: there, selection: { query: {} }, domainMap: { '': null } }))).id);
    expect(job).toMatchObject({ status: 'done', total: 3, created: 1, rejected: 2 });
    expect((await dst.api('GET', '/links')).body.data.map((l: { alias: string }) => l.alias)).toEqual(['fine']);
    const report = (await ok<{ content: string }>(d.invoke('jobs.file', { id: job.id }))).content;
    expect(report).toContain('bad,url,The url is on the blocklist (host *.evil.example).');
    expect(report).toContain('casino-deal,alias,The alias is on the blocklist (keyword casino).');
  });
});

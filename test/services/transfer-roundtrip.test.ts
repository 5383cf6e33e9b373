// The desktop's round trip over the HTTP API: links covering every field,
// created on one real server, exported by the app (transfer.export, read
// through GET /links), imported by the app into a fresh server (transfer.stage
// and transfer.import, written through POST /links/bulk, spaces and pixels
// created on the way), and exported again: the same links, field by field.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportPreview, JobFile, JobView } from '../../shared/transfer.ts';
import type { Desktop } from '../../electron/services/desktop.ts';
import { bodyOf, linksArb, linksIn, PASSWORD, SOURCE_PIXEL, SOURCE_SPACES } from '../helpers/link-arbitrary.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { type Cleanups, jobEnd, ok, testDesktop } from './helpers.ts';

const cleanups: Cleanups = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const desktop = () => testDesktop(cleanups);

/** The selected instance's links, exported by the app. */
async function exportAll(d: Desktop, instanceId: string, format: 'csv' | 'json'): Promise<string> {
  await ok(d.invoke('instances.select', { id: instanceId }));
  const job = await jobEnd(d, (await ok<JobView>(d.invoke('transfer.export', { format }))).id);
  expect(job.status, job.message ?? '').toBe('done');
  return (await ok<JobFile>(d.invoke('jobs.file', { id: job.id }))).content;
}

describe('export and import through the app, over the API', () => {
  it('gives a fresh instance the same links, field by field, CSV and JSON', async () => {
    await fc.assert(fc.asyncProperty(linksArb, fc.constantFrom('csv' as const, 'json' as const), async (generated, format) => {
      const d = await desktop();
      const servers: TestServer[] = [await startServer(), await startServer()];
      cleanups.push(() => Promise.all(servers.map((s) => s.close())).then(() => undefined));
      const [a, b] = servers as [TestServer, TestServer];
      // The domain exists on both sides (an import maps domains by name, it does not make them).
      const domain = (await a.api('POST', '/domains', { json: { name: 'sho.rt' } })).body.data.id;
      expect((await b.api('POST', '/domains', { json: { name: 'sho.rt' } })).status).toBe(201);
      const spaces: Record<string, number> = {};
      for (const s of SOURCE_SPACES) spaces[s.name] = (await a.api('POST', '/spaces', { json: s })).body.data.id;
      const pixel = (await a.api('POST', '/pixels', { json: SOURCE_PIXEL })).body.data.id;
      for (const l of generated) {
        const r = await a.api('POST', '/links', { json: bodyOf(l, { domain, spaces, pixel }) });
        expect(r.status, r.text).toBe(201);
      }

      const from = (await ok<{ id: string }>(d.invoke('instances.add', { name: 'A', baseUrl: a.url, apiKey: a.key }))).id;
      const to = (await ok<{ id: string }>(d.invoke('instances.add', { name: 'B', baseUrl: b.url, apiKey: b.key }))).id;
      const source = await exportAll(d, from, format);

      const staged = await ok<ImportPreview>(d.invoke('transfer.stage', { fileName: `links.${format}`, base64: Buffer.from(source).toString('base64') }));
      expect(staged).toMatchObject({ format: 'linkdesk', rows: generated.length });
      const job = await jobEnd(d, (await ok<JobView>(d.invoke('transfer.import', { stageId: staged.stageId, instanceId: to, password: PASSWORD }))).id);
      expect(job, job.message ?? '').toMatchObject({ status: 'done', created: generated.length, rejected: 0, skipped: 0 });

      expect(await linksIn(await exportAll(d, to, format))).toEqual(await linksIn(source));
      while (cleanups.length) await cleanups.pop()!();
    }), { numRuns: 8 });
  });
});

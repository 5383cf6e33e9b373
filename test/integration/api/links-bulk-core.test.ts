// The bulk routes' webhook events and OpenAPI entries, and the in-process core the CLI import calls
// (createLinksBulk, writeMany), on a server of their own (links-bulk.test.ts has the routes' answers).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinksBulk, toWriteResult } from '../../../electron/server/api/bulk-links.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let pixelId: number;

beforeAll(async () => {
  s = await startServer({ timeZone: 'Europe/Berlin' }, { webhooks: false });
  pixelId = (await s.api('POST', '/pixels', { json: { name: 'GA', type: 'google-analytics', pixel_id: 'G-1' } })).body.data.id;
});
afterAll(async () => { await s.close(); });

const bulk = (json: unknown) => s.api('POST', '/links/bulk', { json });
const countLinks = async () => (await s.sql('SELECT count(*) AS n FROM links'))[0].n as number;

describe('events and documentation', () => {
  it('writes the same webhook deliveries as single requests: created, updated, deleted', async () => {
    const hook = (await s.api('POST', '/webhooks', { json: { url: 'https://hooks.example.com/in', events: ['link.created', 'link.updated', 'link.deleted'] } })).body.data;
    const events = async () => (await s.sql('SELECT event, payload FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY id', [hook.id]))
      .map((d) => ({ event: d.event as string, id: JSON.parse(d.payload).data.id as number }));
    const created = (await bulk({ links: [{ url: 'https://example.com/w1' }, { url: 'bad' }, { url: 'https://example.com/w2' }] })).body.data;
    const [a, b] = [created[0].data.id, created[2].data.id];
    await bulk({ links: [{ url: 'https://example.com/w2', alias: created[2].data.alias, disabled: 1 }], on_conflict: 'update' });
    await bulk({ links: [{ url: 'https://example.com/w3' }], dry_run: true });
    await s.api('PATCH', '/links/bulk', { json: { ids: [a], changes: { disabled: 1 } } });
    await s.api('DELETE', '/links/bulk', { json: { ids: [a, b] } });
    expect(await events()).toEqual([
      { event: 'link.created', id: a }, { event: 'link.created', id: b }, { event: 'link.updated', id: b },
      { event: 'link.updated', id: a }, { event: 'link.deleted', id: a }, { event: 'link.deleted', id: b },
    ]);
    await s.api('DELETE', `/webhooks/${hook.id}`);
  });

  it('lists the three operations in openapi.json with their limits and on_conflict', async () => {
    const doc = (await (await fetch(`${s.url}/api/v1/openapi.json`)).json()) as any;
    const ops = doc.paths['/api/v1/links/bulk'];
    expect(Object.keys(ops).sort()).toEqual(['delete', 'patch', 'post']);
    expect(ops.post.description).toContain('At most 1000 items and 8 MB');
    const body = ops.post.requestBody.content['application/json'].schema;
    expect(body.properties.links.maxItems).toBe(1000);
    // The input side of POST /links's body (what a client sends), not the output LinkCreate (closed, its alias made).
    expect(body.properties.links.items.allOf[0].$ref).toBe('#/components/schemas/LinkCreateInput');
    expect(doc.components.schemas.LinkCreateInput.additionalProperties).toBeUndefined();
    expect(Object.keys(doc.components.schemas.LinkCreate.properties)).toEqual(expect.arrayContaining(['url', 'alias', 'domain_id', 'pixel_ids']));
    expect(body.properties.on_conflict.enum).toEqual(['error', 'skip', 'rename', 'update']);
    expect(body.properties.on_conflict.description).toContain('rename');
    expect(ops.post.responses['200'].content['application/json'].schema.properties.summary.required).toEqual(['created', 'updated', 'skipped', 'rejected']);
    expect(ops.patch.requestBody.content['application/json'].schema.properties.changes.properties).not.toHaveProperty('alias');
    expect(ops.delete.responses).toHaveProperty('413');
  });
});

describe('the in-process core (the CLI import calls it)', () => {
  it('answers items as write results, and a link with pixels among plain ones keeps its order and pixels', async () => {
    const [{ id: userId }] = await s.sql("SELECT id FROM users WHERE name = 'owner'");
    const deps = { repos: s.app.linkdesk.repos, timeZone: 'UTC' };
    const items = await createLinksBulk(deps, userId, [
      { url: 'https://example.com/core-1', alias: 'core-1' },
      { url: 'https://example.com/core-2', pixel_ids: [pixelId] },
      { url: 'https://example.com/core-3' },
      { url: 'https://example.com/core-4' },
      { url: 'https://example.com/core-5', alias: 'core-1' },
      { url: 'nope' },
    ], { onConflict: 'skip' });
    const [a, b, c, d] = items.map((i) => i.id!) as [number, number, number, number];
    expect([a < b, b < c, c < d]).toEqual([true, true, true]);
    expect((await s.api('GET', `/links/${b}`)).body.data.pixels).toEqual([expect.objectContaining({ id: pixelId, name: 'GA', type: 'google-analytics' })]);
    expect(items.map(toWriteResult)).toEqual([
      { result: 'created', id: a }, { result: 'created', id: b }, { result: 'created', id: c }, { result: 'created', id: d },
      { result: 'skipped', id: a, reason: 'The alias has already been taken.' },
      { result: 'rejected', field: 'url', reason: 'The url must be a valid URL starting with http:// or https://.' },
    ]);
    const dry = await createLinksBulk(deps, userId, [{ url: 'https://example.com/core-6' }], { onConflict: 'error', dryRun: true });
    expect(dry.map(toWriteResult)).toEqual([{ result: 'created', id: 0 }]);
  });

  it('writes many links in one transaction, each atomically: a taken alias fails alone', async () => {
    const [{ id: userId }] = await s.sql("SELECT id FROM users WHERE name = 'owner'");
    const before = await countLinks();
    const create = (alias: string) => ({ kind: 'create' as const, columns: { url: `https://example.com/${alias}`, alias, domain_id: null }, pixelIds: [] });
    // As when another request took the alias between the check and the write.
    const out = await s.app.linkdesk.repos.links.writeMany(userId, [create('tx-1'), create('tx-2'), create('tx-1'), create('tx-3')]);
    expect(out[2]).toBe('alias-taken');
    expect(out.filter((v) => typeof v === 'number')).toHaveLength(3);
    expect(await countLinks()).toBe(before + 3);
    // The search index and the per-user counters saw only the three links written.
    expect((await s.api('GET', '/links?search=tx-&search_by=alias')).body.meta.total).toBe(3);
    const [{ n }] = await s.sql('SELECT count(*) AS n FROM links WHERE user_id = $1', [userId]);
    expect((await s.api('GET', '/links')).body.meta.total).toBe(Number(n));
  });
});

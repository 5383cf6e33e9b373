// A server that offers only the seed's domains and links (a phpShort-style
// instance), driven through the real handler table as the renderer drives it:
// what it lacks is 'unsupported' with a sentence a screen can show, whether its
// 404 is JSON or a web server's HTML page; what it has keeps working; and
// "Test connection" still says connected when the key works.
import { afterEach, describe, expect, it } from 'vitest';
import { startSeedOnlyServer, type SeedOnlyServer } from '../helpers/seed-only-server.ts';
import { startServer } from '../helpers/server.ts';
import { type Cleanups, httpServer, ok, testDesktop } from './helpers.ts';

const cleanups: Cleanups = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const desktop = () => testDesktop(cleanups);

async function seedOnly(notFound: 'json' | 'html'): Promise<SeedOnlyServer> {
  const s = await startSeedOnlyServer({ notFound });
  cleanups.push(() => s.close());
  return s;
}


/** A desktop whose window works on `baseUrl` with `key`. */
async function workingOn(baseUrl: string, key: string) {
  const d = await desktop();
  const inst = await ok<{ id: string }>(d.invoke('instances.add', { name: 'Seed only', baseUrl, apiKey: key }));
  await ok(d.invoke('instances.select', { id: inst.id }));
  return { d, id: inst.id };
}

const unsupported = (what: string) => ({ ok: false, error: { kind: 'unsupported', status: 404, message: `This server does not offer ${what}.` } });

describe.each(['json', 'html'] as const)('a seed-only server whose 404 is %s', (notFound) => {
  it('says which resource it does not offer, for every call on spaces, pixels, statistics and the account', async () => {
    const seed = await seedOnly(notFound);
    const { d } = await workingOn(seed.url, seed.key);
    // Records that exist upstream: only the missing routes can explain the 404s below.
    const space = (await seed.upstream.api('POST', '/spaces', { json: { name: 'Work', color: '#228be6' } })).body.data;
    const pixel = (await seed.upstream.api('POST', '/pixels', { json: { name: 'GA', type: 'google-analytics', pixel_id: 'G-1' } })).body.data;
    expect([space.id, pixel.id]).toEqual([expect.any(Number), expect.any(Number)]);

    for (const [noun, id] of [['spaces', space.id], ['pixels', pixel.id]] as const) {
      expect(await d.invoke(`${noun}.list`, { query: {} }), noun).toMatchObject(unsupported(noun));
      expect(await d.invoke(`${noun}.get`, { id }), noun).toMatchObject(unsupported(noun));
      expect(await d.invoke(`${noun}.create`, { data: { name: 'New' } }), noun).toMatchObject(unsupported(noun));
      expect(await d.invoke(`${noun}.update`, { id, data: { name: 'Renamed' } }), noun).toMatchObject(unsupported(noun));
      expect(await d.invoke(`${noun}.delete`, { id }), noun).toMatchObject(unsupported(noun));
    }
    expect(await d.invoke('account.get', undefined)).toMatchObject(unsupported('account details'));
    expect(await d.invoke('stats.account', {})).toMatchObject(unsupported('account statistics'));
    // Nothing got through: the records upstream are as they were.
    expect((await seed.upstream.api('GET', `/spaces/${space.id}`)).body.data).toMatchObject({ name: 'Work' });
    expect((await seed.upstream.api('GET', '/pixels')).body.meta.total).toBe(1);
    expect(seed.refused).toContain(`DELETE /api/v1/spaces/${space.id}`);
  });

  it("a link's statistics: not offered when the link exists, not found when it does not", async () => {
    const seed = await seedOnly(notFound);
    const { d } = await workingOn(seed.url, seed.key);
    const link = await ok<{ id: number }>(d.invoke('links.create', { data: { url: 'https://example.com/a', alias: 'a' } }));
    expect(await d.invoke('stats.get', { id: link.id })).toMatchObject(unsupported('link statistics'));
    expect(await d.invoke('stats.get', { id: link.id + 1000 })).toMatchObject({ ok: false, error: { kind: 'not-found', status: 404 } });
  });

  it('domains and links keep working, a link with neither space nor pixels included', async () => {
    const seed = await seedOnly(notFound);
    const { d } = await workingOn(seed.url, seed.key);
    const domain = await ok<{ id: number; name: string }>(d.invoke('domains.create', { data: { name: 'go.example' } }));
    expect((await ok(d.invoke('domains.list', { query: {} }))).data.map((x: { name: string }) => x.name)).toEqual(['go.example']);
    const link = await ok(d.invoke('links.create', { data: { url: 'https://example.com/page', alias: 'page', domain_id: domain.id } }));
    expect(link).toMatchObject({ alias: 'page', domain: { id: domain.id, name: 'go.example' }, space: null, pixels: [] });
    expect(await ok(d.invoke('links.update', { id: link.id, data: { url: 'https://example.com/other', space_id: null, pixel_ids: [] } })))
      .toMatchObject({ url: 'https://example.com/other' });
    expect((await ok(d.invoke('links.list', { query: { search: 'page', search_by: 'alias' } }))).data.map((l: { alias: string }) => l.alias)).toEqual(['page']);
    expect(await ok(d.invoke('links.delete', { id: link.id }))).toMatchObject({ deleted: true });
    expect(await d.invoke('links.get', { id: link.id })).toMatchObject({ ok: false, error: { kind: 'not-found' } });
    expect((await seed.upstream.api('GET', '/links')).body.meta.total).toBe(0);
  });

  it('test connection: connected without an account when the key works; a wrong key is still refused', async () => {
    const seed = await seedOnly(notFound);
    const { d, id } = await workingOn(seed.url, seed.key);
    expect(await ok(d.invoke('instances.check', { id }))).toEqual({ state: 'connected', account: null });
    const wrong = await ok<{ id: string }>(d.invoke('instances.add', { name: 'Wrong', baseUrl: seed.url, apiKey: `ldk_${'B'.repeat(40)}` }));
    expect(await ok(d.invoke('instances.check', { id: wrong.id }))).toMatchObject({ state: 'invalid-key' });
  });
});

describe('a full Linkdesk server is unchanged', () => {
  it('a missing space, pixel or link is not-found, and test connection names the account', async () => {
    const full = await startServer();
    cleanups.push(() => full.close());
    const { d, id } = await workingOn(full.url, full.key);
    expect(await ok(d.invoke('instances.check', { id }))).toMatchObject({ state: 'connected', account: { name: 'owner' } });
    expect(await ok(d.invoke('spaces.list', { query: {} }))).toMatchObject({ data: [] });
    for (const name of ['spaces.get', 'pixels.get', 'spaces.delete', 'stats.get']) {
      expect(await d.invoke(name, { id: 4242 }), name).toMatchObject({ ok: false, error: { kind: 'not-found', status: 404, message: 'Resource not found.' } });
    }
    expect(await ok(d.invoke('stats.account', {}))).toMatchObject({ total: 0 });
  });

  it('an address that answers an HTML 404 everywhere is not a connection', async () => {
    const site = await httpServer((_req, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>'));
    cleanups.push(() => site.close());
    const { d, id } = await workingOn(site.url, 'any-key');
    expect(await ok(d.invoke('instances.check', { id }))).toMatchObject({ state: 'error', kind: 'not-linkdesk' });
    expect(await d.invoke('links.list', { query: {} })).toMatchObject({ ok: false, error: { kind: 'not-linkdesk' } });
  });
});

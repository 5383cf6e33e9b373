// The calls behind Safety (issue 44), through the real handler table against
// a real server: the blocklist, bans and reports as an admin works them, a
// member's forbidden answer, and a seed-only server's "not offered".
import { afterEach, describe, expect, it } from 'vitest';
import type { Link, Page } from '../../shared/api-types.ts';
import type { BannedLink } from '../../shared/schemas/bans.ts';
import type { Blocklist } from '../../shared/schemas/blocklist.ts';
import type { ReportGroup } from '../../shared/schemas/reports.ts';
import { startSeedOnlyServer } from '../helpers/seed-only-server.ts';
import { startServer } from '../helpers/server.ts';
import { type Cleanups, ok, testDesktop } from './helpers.ts';

const cleanups: Cleanups = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function world() {
  const server = await startServer({ rateLimit: 0 }, { webhooks: false });
  cleanups.push(() => server.close());
  const d = await testDesktop(cleanups);
  const admin = (await ok<{ id: string }>(d.invoke('instances.add', { name: 'Admin', baseUrl: server.url, apiKey: server.key }))).id;
  await ok(d.invoke('instances.select', { id: admin }));
  return { server, d };
}

describe('Safety through the app', () => {
  it('reads the queue, bans a link and a host, lists and lifts bans, and keeps the blocklist', async () => {
    const { server, d } = await world();
    const link = await ok<Link>(d.invoke('links.create', { data: { url: 'https://phish.example/login', alias: 'bait' } }));
    const other = await ok<Link>(d.invoke('links.create', { data: { url: 'https://www.phish.example/', alias: 'bait-2' } }));
    const sent = await fetch(`${server.url}/bait/report`, {
      method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ reason: 'phishing', details: '<b>bank</b> password' }).toString(),
    });
    expect(sent.status).toBe(303);

    const queue = await ok<Page<ReportGroup>>(d.invoke('reports.list', { query: { status: 'open' } }));
    expect(queue.data.map((g) => [g.link.alias, g.link.url, g.report_count, g.reports[0]!.details]))
      .toEqual([['bait', 'https://phish.example/login', 1, '<b>bank</b> password']]);

    // A ban needs a reason: the refusal names the field.
    expect(await d.invoke('bans.banLink', { id: link.id, data: { reason: '' } }))
      .toMatchObject({ ok: false, error: { kind: 'validation', fields: { reason: [expect.any(String)] } } });
    const banned = await ok<Link>(d.invoke('bans.banLink', { id: link.id, data: { reason: 'Phishing', legal: 1 } }));
    expect(banned.banned).toMatchObject({ reason: 'Phishing', legal: true, source: 'admin' });
    // The ban answered the report: out of the open queue, listed as acted on.
    expect((await ok<Page<ReportGroup>>(d.invoke('reports.list', { query: {} }))).data).toEqual([]);
    const actioned = await ok<Page<ReportGroup>>(d.invoke('reports.list', { query: { status: 'actioned' } }));
    expect(actioned.data.map((g) => [g.link.alias, g.reports[0]!.status])).toEqual([['bait', 'actioned']]);
    expect(await ok(d.invoke('reports.dismissLink', { linkId: link.id }))).toEqual({ link_id: link.id, dismissed: [] });

    const host = await ok<{ host: string; links_banned: number }>(d.invoke('bans.banHost', { data: { host: 'phish.example', reason: 'Kit' } }));
    expect(host).toMatchObject({ host: 'phish.example', links_banned: 1 });
    const bans = await ok<Page<BannedLink>>(d.invoke('bans.list', { query: { per_page: 25 } }));
    expect(bans.data.map((b) => [b.alias, b.banned.source]).sort()).toEqual([['bait', 'admin'], ['bait-2', 'host']]);
    const lifted = await ok<Link>(d.invoke('bans.lift', { id: other.id, data: { reason: 'Not theirs' } }));
    expect(lifted.banned).toBeNull();
    expect(await d.invoke('bans.lift', { id: other.id, data: { reason: 'Again' } })).toMatchObject({ ok: false, error: { kind: 'conflict' } });
    expect(await d.invoke('bans.lift', { id: 999_999, data: { reason: 'x' } })).toMatchObject({ ok: false, error: { kind: 'not-found' } });

    const list = await ok<Blocklist>(d.invoke('blocklist.update', { data: { hosts: ['*.evil.example'], keywords: ['casino'] } }));
    expect(list).toMatchObject({ hosts: ['*.evil.example'], keywords: ['casino'], safe_browsing: false });
    expect(await ok(d.invoke('blocklist.check', { url: 'https://a.evil.example/' })))
      .toEqual({ match: { kind: 'host', entry: '*.evil.example', source: 'manual', legal: false } });
    expect(await ok(d.invoke('blocklist.check', { url: 'https://fine.example/' }))).toEqual({ match: null });
    expect((await ok<Blocklist>(d.invoke('blocklist.get', {}))).hosts).toEqual(['*.evil.example']);
  });

  it("gives a member's key a forbidden answer", async () => {
    const { server, d } = await world();
    const member = await server.newUserKey('member');
    const user = await server.api('GET', '/keys/current', { key: member });
    const scoped = await server.api('POST', '/keys', { json: { name: 'links', scopes: ['links:write'], user_id: user.body.data.user.id } });
    const id = (await ok<{ id: string }>(d.invoke('instances.add', { name: 'Member', baseUrl: server.url, apiKey: scoped.body.data.key }))).id;
    await ok(d.invoke('instances.select', { id }));
    for (const [call, args] of [['blocklist.get', {}], ['bans.list', { query: {} }], ['reports.list', { query: {} }]] as const) {
      expect(await d.invoke(call, args), call).toMatchObject({ ok: false, error: { kind: 'forbidden', status: 403 } });
    }
  });

  it('answers "not offered" on a seed-only server, naming what', async () => {
    const seed = await startSeedOnlyServer({ notFound: 'html' });
    cleanups.push(() => seed.close());
    const d = await testDesktop(cleanups);
    const id = (await ok<{ id: string }>(d.invoke('instances.add', { name: 'Seed', baseUrl: seed.url, apiKey: seed.key }))).id;
    await ok(d.invoke('instances.select', { id }));
    for (const [call, args, what] of [
      ['blocklist.get', {}, 'a blocklist'], ['bans.list', { query: {} }, 'bans'], ['reports.list', { query: {} }, "visitors' reports"],
      ['bans.lift', { id: 1, data: { reason: 'x' } }, 'bans'], ['reports.dismiss', { id: 1 }, "visitors' reports"],
    ] as const) {
      expect(await d.invoke(call, args), call).toMatchObject({ ok: false, error: { kind: 'unsupported', message: expect.stringContaining(`does not offer ${what}`) } });
    }
  });
});

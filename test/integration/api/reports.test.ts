// /api/v1/reports (issue 44, part C): the queue of links visitors reported,
// grouped by link with its owner, destination and clicks, for admins only;
// dismissals one by one or a link's at once, each an audit entry; the
// webhook event report.created to admins' hooks, and the visitor's audit
// entry without an address.
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { until, webhookReceiver } from '../../helpers/webhook-receiver.ts';

const { at, hook, hooked } = webhookReceiver();

let s: TestServer;
let member: { id: number; key: string };
let adminId: number;
beforeAll(async () => {
  s = await startServer({ rateLimit: 0, trustProxy: 1 }, hooked());
  adminId = (await s.api('GET', '/keys/current')).body.data.user.id;
  const u = await s.api('POST', '/users', { json: { name: 'Mallory Member', role: 'member' } });
  const k = await s.api('POST', '/keys', { json: { user_id: u.body.data.id, name: 'm', scopes: ['links:write', 'stats:read', 'webhooks:write'] } });
  member = { id: u.body.data.id, key: k.body.data.key };
});
afterAll(async () => { await s.close(); });

let n = 0;
/** A visitor's report through the form's POST, from an address of its own unless given. */
async function report(alias: string, form: Record<string, string>, ip = `198.51.100.${++n}`) {
  const res = await request(`${s.url}/${alias}/report`, {
    method: 'POST', body: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip, origin: s.url },
  });
  await res.body.text();
  expect(res.statusCode).toBe(303);
}
async function link(alias: string, key?: string) {
  const r = await s.api('POST', '/links', { json: { url: `https://dest.example/${alias}`, alias }, key });
  expect(r.status, r.text).toBe(201);
  return r.body.data as { id: number; short_url: string };
}

describe('the queue', () => {
  it('groups reports by link, the most recently reported first, with the link, its owner, destination and clicks', async () => {
    const theirs = await link('q-theirs', member.key);
    const mine = await link('q-mine');
    // One real visit: the queue shows the link's clicks.
    expect((await request(`${s.url}/q-theirs`)).statusCode).toBe(302);
    await until('the click', async () => (await s.api('GET', `/links/${theirs.id}`, { key: member.key })).body.data.clicks === 1 || undefined);
    await report('q-theirs', { reason: 'phishing', details: 'fake bank login' }, '203.0.113.1');
    await report('q-theirs', { reason: 'spam' }, '203.0.113.1');
    await report('q-theirs', { reason: 'malware', details: 'downloads an .exe' }, '203.0.113.2');
    await report('q-mine', { reason: 'other', details: 'broken' });

    const r = await s.api('GET', '/reports');
    expect(r.status).toBe(200);
    expect(r.body.meta).toMatchObject({ total: 2, current_page: 1, per_page: 10 });
    const [first, second] = r.body.data;
    expect(first.link).toEqual({ id: mine.id, alias: 'q-mine', short_url: mine.short_url, url: 'https://dest.example/q-mine', clicks: 0, owner: { id: adminId, name: 'owner' } });
    expect(first.report_count).toBe(1);
    expect(second.link).toEqual({
      id: theirs.id, alias: 'q-theirs', short_url: theirs.short_url, url: 'https://dest.example/q-theirs', clicks: 1, owner: { id: member.id, name: 'Mallory Member' },
    });
    expect(second).toMatchObject({ report_count: 3, reporters: 2 });
    expect(second.reports.map((x: { reason: string; details: string }) => [x.reason, x.details]))
      .toEqual([['malware', 'downloads an .exe'], ['spam', ''], ['phishing', 'fake bank login']]);
    expect(second.reports[0]).toMatchObject({ link_id: theirs.id, status: 'open', resolved_by: null, resolved_at: null });
    expect(second.reports[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(second.latest_at).toBe(second.reports[0].created_at);
    expect(r.text).not.toContain('203.0.113');
    expect(r.text).not.toContain('ip_hash');
  });

  it('pages like the other lists, and shows at most 5 reports of a link while counting them all', async () => {
    for (let i = 0; i < 11; i++) {
      await link(`q-page-${i}`);
      await report(`q-page-${i}`, { reason: 'spam', details: `page ${i}` });
    }
    for (let i = 0; i < 7; i++) await report('q-page-10', { reason: 'spam', details: `more ${i}` });
    const p1 = await s.api('GET', '/reports?per_page=10');
    expect(p1.body.meta).toMatchObject({ total: 13, last_page: 2, from: 1, to: 10 });
    expect(p1.body.data[0].link.alias).toBe('q-page-10');
    expect(p1.body.data[0].report_count).toBe(8);
    expect(p1.body.data[0].reports.map((x: { details: string }) => x.details)).toEqual(['more 6', 'more 5', 'more 4', 'more 3', 'more 2']);
    expect(p1.body.links.next).toContain('page=2');
    const p2 = await s.api('GET', '/reports?per_page=10&page=2');
    expect(p2.body.data.map((g: { link: { alias: string } }) => g.link.alias)).toEqual(['q-page-0', 'q-mine', 'q-theirs']);
    expect((await s.api('GET', '/reports?status=closed')).body.errors).toHaveProperty(['status']);
  });

  it('is for admins: a member\'s key gets 403 and changes nothing', async () => {
    for (const [method, path, json] of [['GET', '/reports', undefined], ['POST', '/reports/1/dismiss', undefined], ['POST', '/reports/dismiss', { link_id: 1 }]] as const) {
      const r = await s.api(method, path, { key: member.key, json });
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.body.message).toBe('This key lacks the admin scope.');
    }
    expect(await s.sql("SELECT count(*) AS n FROM link_reports WHERE status <> 'open'")).toEqual([{ n: 0 }]);
  });
});

describe('dismissing', () => {
  it('dismisses one report, recorded as report.dismiss on its link; the open queue no longer counts it', async () => {
    const l = await link('d-one');
    await report('d-one', { reason: 'spam', details: 'a' });
    await report('d-one', { reason: 'spam', details: 'b' });
    const [a, b] = await s.sql('SELECT id FROM link_reports WHERE link_id = $1 ORDER BY id', [l.id]);
    const r = await s.api('POST', `/reports/${a.id}/dismiss`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id: a.id, link_id: l.id, status: 'dismissed', resolved_by: adminId });
    expect(r.body.data.resolved_at).toMatch(/Z$/);
    const open = (await s.api('GET', '/reports?per_page=100')).body.data.find((g: { link: { id: number } }) => g.link.id === l.id);
    expect(open.report_count).toBe(1);
    expect(open.reports.map((x: { id: number }) => x.id)).toEqual([b.id]);
    const dismissed = (await s.api('GET', '/reports?status=dismissed')).body.data;
    expect(dismissed.map((g: { link: { id: number } }) => g.link.id)).toEqual([l.id]);
    expect((await s.api('GET', '/reports?status=all&per_page=100')).body.data.find((g: { link: { id: number } }) => g.link.id === l.id).report_count).toBe(2);
    // Again: answered as it is, not recorded twice.
    expect((await s.api('POST', `/reports/${a.id}/dismiss`)).body.data.status).toBe('dismissed');
    const entries = await s.api('GET', `/audit?action=report.dismiss&target_id=${l.id}`);
    expect(entries.body.data).toHaveLength(1);
    expect(entries.body.data[0]).toMatchObject({ action: 'report.dismiss', target_type: 'link', target_id: l.id, fields: [`report=${a.id}`], user: { id: adminId, name: 'owner' } });
    expect((await s.api('POST', '/reports/999999/dismiss')).status).toBe(404);
    // Acted on (the lead wires the queue's ban actions to this): listed as actioned, no longer dismissable.
    expect(await s.app.linkdesk.repos.reports.actionLink(l.id, adminId, Date.now())).toEqual([b.id]);
    const actioned = (await s.api('GET', '/reports?status=actioned')).body.data;
    expect(actioned.map((g: { link: { id: number }; reports: { status: string; resolved_by: number }[] }) => [g.link.id, g.reports[0]!.status, g.reports[0]!.resolved_by]))
      .toEqual([[l.id, 'actioned', adminId]]);
    expect((await s.api('POST', `/reports/${b.id}/dismiss`)).status).toBe(409);
  });

  it('dismisses every open report of a link at once, one audit entry each; 422 on link_id for no such link', async () => {
    const l = await link('d-all');
    for (const d of ['x', 'y', 'z']) await report('d-all', { reason: 'phishing', details: d });
    const ids = (await s.sql('SELECT id FROM link_reports WHERE link_id = $1 ORDER BY id', [l.id])).map((x) => Number(x.id));
    const r = await s.api('POST', '/reports/dismiss', { form: { link_id: String(l.id) } });
    expect(r.body).toEqual({ data: { link_id: l.id, dismissed: ids }, status: 200 });
    expect((await s.api('GET', '/reports?per_page=100')).body.data.some((g: { link: { id: number } }) => g.link.id === l.id)).toBe(false);
    expect((await s.api('GET', `/audit?action=report.dismiss&target_id=${l.id}`)).body.meta.total).toBe(3);
    expect((await s.api('POST', '/reports/dismiss', { json: { link_id: l.id } })).body.data.dismissed).toEqual([]);
    expect((await s.api('POST', '/reports/dismiss', { json: { link_id: 999999 } })).body.errors).toEqual({ link_id: ['No link has this link_id.'] });
    expect((await s.api('POST', '/reports/dismiss', { json: { link_id: 'x' } })).body.errors).toHaveProperty(['link_id']);
  });
});

describe('what a report sets off', () => {
  it('an audit entry report.create whose actor is the visitor, with no address', async () => {
    const l = await link('e-audit');
    await report('e-audit', { reason: 'malware' }, '192.0.2.99');
    const [id] = (await s.sql('SELECT id FROM link_reports WHERE link_id = $1', [l.id])).map((x) => Number(x.id));
    const e = (await s.api('GET', `/audit?action=report.create&target_id=${l.id}`)).body.data;
    expect(e).toHaveLength(1);
    expect(e[0]).toMatchObject({ user: { id: null, name: 'Visitor (report form)' }, key_prefix: null, ip: null, target_type: 'link', target_id: l.id });
    expect(e[0].fields).toEqual(['details', 'reason', 'reason=malware', `report=${id}`]);
    expect(await s.sql("SELECT count(*) AS n FROM audit_log WHERE ip LIKE '192.0.2.%' OR fields LIKE '%192.0.2%'")).toEqual([{ n: 0 }]);
  });

  it('the webhook event report.created to admins\' hooks that subscribe to it, never to a member\'s', async () => {
    const admins = await hook(s, ['report.created']);
    const adminOther = await hook(s, ['link.created']);
    const members = await hook(s, ['report.created'], { key: member.key });
    const l = await link('e-hook', member.key);
    await report('e-hook', { reason: 'phishing', details: '<b>bank</b>' });
    const got = await until('the delivery', () => at(admins.path).find((x) => x.body?.data?.link?.id === l.id));
    expect(got.signed).toBe(true);
    expect(got.body.event).toBe('report.created');
    expect(got.body.data).toMatchObject({
      report: { reason: 'phishing', details: '<b>bank</b>', status: 'open', link_id: l.id },
      link: { id: l.id, alias: 'e-hook', url: 'https://dest.example/e-hook', user_id: member.id, short_url: l.short_url },
    });
    expect(got.raw).not.toMatch(/ip_hash|198\.51\.100/);
    // Deliveries are written before the form's answer: none was written for these hooks.
    expect(await s.sql("SELECT count(*) AS n FROM webhook_deliveries WHERE webhook_id = $1 AND event = 'report.created'", [members.id])).toEqual([{ n: 0 }]);
    expect(await s.sql("SELECT count(*) AS n FROM webhook_deliveries WHERE webhook_id = $1 AND event = 'report.created'", [adminOther.id])).toEqual([{ n: 0 }]);
    expect(at(members.path)).toEqual([]);
  });

  it('is in the OpenAPI document with its schemas', async () => {
    const doc = (await s.api('GET', '/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/reports', '/api/v1/reports/{id}/dismiss', '/api/v1/reports/dismiss']));
    expect(doc.components.schemas).toHaveProperty('LinkReport');
    expect(doc.components.schemas).toHaveProperty('ReportGroup');
    expect(doc.components.schemas.LinkReport.properties.reason.enum).toEqual(['phishing', 'malware', 'spam', 'other']);
  });
});

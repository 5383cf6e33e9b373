// Issue 44's parts working together on a server as it is built (no verdict
// injected): the scheduled re-check asks the admins' blocklist itself, a
// banned link's page carries the report form and still takes reports, a ban
// answers the link's open reports, and a banned host refuses new links.
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthProbe } from '../../../electron/server/health/probe.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

const okProbe: HealthProbe = { check: async () => ({ ok: true }), close: async () => {} };
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ healthChecks: true, rateLimit: 0, trustProxy: 1 }, {
    webhooks: false, health: { probe: okProbe, hostGapMs: 0, startDelayMs: 3_600_000 },
  });
});
afterAll(async () => { await s.close(); });

async function hit(p: string, form?: Record<string, string>) {
  const headers: Record<string, string> = { 'user-agent': BROWSER, 'x-forwarded-for': '198.51.100.9' };
  if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
  const res = await request(`${s.url}${p}`, { method: form ? 'POST' : 'GET', headers, body: form ? new URLSearchParams(form).toString() : undefined });
  return { status: res.statusCode, location: res.headers.location, text: await res.body.text() };
}

describe('issue 44 together', () => {
  it('bans by the re-check when the admins list a link\'s host later; the banned page takes a report', async () => {
    const member = await s.newUserKey('together');
    const made = await s.api('POST', '/links', { json: { url: 'https://login.phish-later.example/x', alias: 'tg-later' }, key: member });
    expect(made.status).toBe(201);
    expect((await hit('/tg-later')).status).toBe(302);
    expect((await s.api('PUT', '/blocklist', { json: { hosts: ['*.phish-later.example'], keywords: [] } })).status).toBe(200);
    await s.app.linkdesk.health!.sweep();
    const banned = (await s.api('GET', `/links/${made.body.data.id}`, { key: member })).body.data.banned;
    expect(banned).toMatchObject({ source: 'blocklist', legal: false });
    // The redirects learn of the ban from the store's change feed (on PostgreSQL a LISTEN notification, a moment
    // after the sweep's write), not from the sweep itself: the page turns within that moment.
    await expect.poll(async () => (await hit('/tg-later')).status).toBe(403);
    const page = await hit('/tg-later');
    expect(page.text).toContain('<form class="report" method="post" action="/tg-later/report">');
    const sent = await hit('/tg-later/report', { reason: 'phishing', details: 'still sent around by mail' });
    expect(sent.status).toBe(303);
    const rows = await s.sql('SELECT reason, status FROM link_reports WHERE link_id = $1', [made.body.data.id]);
    expect(rows).toEqual([{ reason: 'phishing', status: 'open' }]);
  });

  it('answers a link\'s open reports when an admin bans it', async () => {
    const made = await s.api('POST', '/links', { json: { url: 'https://spam.example/offer', alias: 'tg-report' } });
    expect((await hit('/tg-report/report', { reason: 'spam', details: '' })).status).toBe(303);
    expect((await s.api('POST', `/links/${made.body.data.id}/ban`, { json: { reason: 'reported spam' } })).status).toBe(200);
    const rows = await s.sql('SELECT status FROM link_reports WHERE link_id = $1', [made.body.data.id]);
    expect(rows).toEqual([{ status: 'actioned' }]);
  });

  it('refuses a new link to a banned host or any subdomain, for every user', async () => {
    expect((await s.api('POST', '/bans/hosts', { json: { host: 'banned-host.example', reason: 'phishing kit' } })).status).toBe(201);
    const member = await s.newUserKey('together-2');
    for (const url of ['https://banned-host.example/', 'https://WWW.Banned-Host.example./a', 'https://good.com@x.banned-host.example/']) {
      const r = await s.api('POST', '/links', { json: { url }, key: member });
      expect(r.status, url).toBe(422);
      expect(r.body.errors.url[0]).toContain('banned-host.example');
    }
    expect((await s.api('POST', '/links', { json: { url: 'https://not-banned-host.example/' }, key: member })).status).toBe(201);
  });
});

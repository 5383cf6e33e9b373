// Bans through the API (issue 44): admins only (403 for members, 404 for a
// missing link), the link's `banned`, the owner's webhook events, audit
// entries for every ban and lift, a host ban reaching every user's links
// (every kind of destination, tricks of spelling included), and a member who
// cannot lift a ban by editing the link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let member: string;
let memberId: number;
beforeAll(async () => {
  s = await startServer({ rateLimit: 0 }, { webhooks: false });
  member = await s.newUserKey('mallory');
  memberId = (await s.api('GET', '/account', { key: member })).body.data.id;
});
afterAll(async () => { await s.close(); });

const create = async (json: Record<string, unknown>, key = member) => {
  const r = await s.api('POST', '/links', { json, key });
  expect(r.status, r.text).toBe(201);
  return r.body.data as { id: number; alias: string };
};
const deliveries = async (event: string) =>
  (await s.sql('SELECT payload FROM webhook_deliveries WHERE event = $1 ORDER BY id', [event])).map((r) => JSON.parse(r.payload).data);
const auditOf = async (action: string) =>
  (await s.api('GET', `/audit?action=${action}&per_page=100`)).body.data as { target_type: string; target_id: number; fields: string[]; user: { id: number } }[];

describe('banning a link', () => {
  it('is for admins: a member gets 403 (even on their own link), a missing link 404', async () => {
    const l = await create({ url: 'https://example.com/a' });
    expect((await s.api('POST', `/links/${l.id}/ban`, { json: { reason: 'x' }, key: member })).status).toBe(403);
    expect((await s.api('DELETE', `/links/${l.id}/ban`, { json: { reason: 'x' }, key: member })).status).toBe(403);
    expect((await s.api('GET', '/bans', { key: member })).status).toBe(403);
    expect((await s.api('POST', '/bans/hosts', { json: { host: 'example.com', reason: 'x' }, key: member })).status).toBe(403);
    expect((await s.api('POST', '/links/999999/ban', { json: { reason: 'x' } })).status).toBe(404);
    expect((await s.api('DELETE', '/links/999999/ban', { json: { reason: 'x' } })).status).toBe(404);
    const noReason = await s.api('POST', `/links/${l.id}/ban`, { json: {} });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.reason).toEqual(['The reason field is required.']);
    expect((await s.api('DELETE', `/links/${l.id}/ban`, { json: { reason: 'nothing to lift' } })).status).toBe(409);
  });

  it("shows on the owner's link, goes to the owner's webhooks, is audited, and is lifted with a reason", async () => {
    const hook = await s.api('POST', '/webhooks', { json: { url: 'https://hooks.example.com/in', events: ['link.banned', 'link.unbanned'] }, key: member });
    expect(hook.status, hook.text).toBe(201);
    const l = await create({ url: 'https://example.com/b' });
    const b = await s.api('POST', `/links/${l.id}/ban`, { json: { reason: 'Phishing kit', legal: 1 } });
    expect(b.status, b.text).toBe(200);
    expect(b.body.data.banned).toMatchObject({ reason: 'Phishing kit', legal: true, source: 'admin' });
    const seen = await s.api('GET', `/links/${l.id}`, { key: member });
    expect(seen.body.data.banned).toEqual(b.body.data.banned);
    expect(Date.parse(seen.body.data.banned.at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await deliveries('link.banned')).filter((d) => d.id === l.id)).toMatchObject([{ banned: { reason: 'Phishing kit', legal: true } }]);
    const list = await s.api('GET', '/bans');
    expect(list.body.data.find((x: { id: number }) => x.id === l.id)).toMatchObject({ user: { id: memberId, name: 'mallory' }, url: 'https://example.com/b', banned: { reason: 'Phishing kit' } });

    const lift = await s.api('DELETE', `/links/${l.id}/ban`, { json: { reason: 'Cleared after review' } });
    expect(lift.status).toBe(200);
    expect((await s.api('GET', `/links/${l.id}`, { key: member })).body.data.banned).toBeNull();
    expect((await deliveries('link.unbanned')).filter((d) => d.id === l.id)).toMatchObject([{ banned: null, ban_lifted: { reason: 'Cleared after review' } }]);
    expect((await auditOf('link.ban')).filter((e) => e.target_id === l.id)).toMatchObject([{ target_type: 'link', fields: ['legal', 'reason', 'source=admin'] }]);
    expect((await auditOf('link.unban')).filter((e) => e.target_id === l.id)).toMatchObject([{ target_type: 'link', fields: ['reason'] }]);
    // The reasons are kept with the history (the audit log keeps names only).
    expect(await s.sql('SELECT action, reason FROM ban_events WHERE link_id = $1 ORDER BY id', [l.id]))
      .toEqual([{ action: 'ban', reason: 'Phishing kit' }, { action: 'unban', reason: 'Cleared after review' }]);
  });

  it('stays banned when its owner edits it; sending `banned` is refused in words', async () => {
    const l = await create({ url: 'https://example.com/c' });
    await s.api('POST', `/links/${l.id}/ban`, { json: { reason: 'spam' } });
    const edit = await s.api('PATCH', `/links/${l.id}`, { json: { url: 'https://example.com/clean', title: 'fine now' }, key: member });
    expect(edit.status, edit.text).toBe(200);
    expect(edit.body.data.banned).toMatchObject({ reason: 'spam' });
    for (const method of ['PUT', 'PATCH']) {
      const r = await s.api(method, `/links/${l.id}`, { json: { url: 'https://example.com/c', banned: null }, key: member });
      expect(r.status).toBe(422);
      expect(r.body.errors.banned[0]).toBe('The banned cannot be changed here: a banned link stays banned until an admin lifts the ban.');
    }
    expect((await s.api('GET', `/links/${l.id}`, { key: member })).body.data.banned).not.toBeNull();
  });
});

describe('banning a host', () => {
  it("bans every user's links with any destination on the host or a subdomain, spelled any way, and nothing else", async () => {
    const admin = async (json: Record<string, unknown>) => create(json, s.key);
    const hit = [
      await create({ url: 'https://evil.test/x' }),
      await create({ url: 'https://ok.example/', expiration_url: 'https://cdn.EVIL.test./y', expiration_clicks: 5 }),
      await admin({ url: 'https://ok.example/', target_type: 1, country: [{ key: 'FR', value: 'https://login.evil.test/fr' }] }),
      await create({ url: 'https://ok.example/', rules: [{ if: { countries: ['DE'] }, url: 'https://user:pw@a.b.evil.test/de' }] }),
      await admin({ url: 'https://ev%69l.test/pct' }),
    ];
    const spared = [await create({ url: 'https://notevil.test/' }), await create({ url: 'https://ok.example/?r=evil.test' })];
    const r = await s.api('POST', '/bans/hosts', { json: { host: 'evil.test', reason: 'phishing campaign' } });
    expect(r.status, r.text).toBe(201);
    expect(r.body.data).toMatchObject({ host: 'evil.test', links_banned: hit.length, legal: false });
    for (const l of hit) {
      const row = (await s.sql('SELECT ban_source, ban_reason FROM links WHERE id = $1', [l.id]))[0];
      expect(row, `link ${l.id}`).toEqual({ ban_source: 'host', ban_reason: 'phishing campaign' });
    }
    for (const l of spared) expect((await s.sql('SELECT banned_at FROM links WHERE id = $1', [l.id]))[0].banned_at).toBeNull();
    const hostAudit = await auditOf('host.ban');
    expect(hostAudit.at(-1)).toMatchObject({ target_type: 'host', target_id: r.body.data.id });
    expect(hostAudit.at(-1)!.fields).toContain('host=evil.test');
    const linkAudit = (await auditOf('link.ban')).filter((e) => e.fields.includes(`host_ban=${r.body.data.id}`)).map((e) => e.target_id).sort();
    expect(linkAudit).toEqual(hit.map((l) => l.id).sort());
    expect(await s.sql('SELECT host FROM banned_hosts')).toEqual([{ host: 'evil.test' }]);
  });

  it('takes a URL for the host and refuses what is not a host', async () => {
    const bad = await s.api('POST', '/bans/hosts', { json: { host: 'localhost', reason: 'x' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.host[0]).toMatch(/must be a host name/);
    const url = await s.api('POST', '/bans/hosts', { json: { host: 'https://Spam.Example/path', reason: 'spam', legal: true } });
    expect(url.status).toBe(201);
    expect(url.body.data).toMatchObject({ host: 'spam.example', legal: true });
  });
});

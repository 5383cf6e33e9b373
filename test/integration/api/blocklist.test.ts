// GET/PUT /api/v1/blocklist: admins keep the manual hosts and keywords;
// members are refused; what is stored is canonical; a change made by another
// process (another node, the CLI) is noticed without a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { createBlocklistRepository } from '../../../electron/server/db/repositories/blocklist-repository.ts';

let s: TestServer;
let member: string;
beforeAll(async () => {
  s = await startServer({ rateLimit: 0 }, { webhooks: false });
  const u = await s.api('POST', '/users', { json: { name: 'member', role: 'member' } });
  const k = await s.api('POST', '/keys', { json: { user_id: u.body.data.id, name: 'm', scopes: ['links:write'] } });
  member = k.body.data.key;
});
afterAll(async () => { await s.close(); });

describe('the blocklist API', () => {
  it('an admin replaces the manual entries; hosts are stored canonical (IDN as punycode, case, trailing dot, IP notation)', async () => {
    const put = await s.api('PUT', '/blocklist', { json: { hosts: ['Evil.COM.', '*.bücher.example', '0x7f.1', 'https://user@phish.example/login'], keywords: ['Casino'] } });
    expect(put.status, put.text).toBe(200);
    expect(put.body.data).toMatchObject({
      hosts: ['evil.com', '*.xn--bcher-kva.example', '127.0.0.1', 'phish.example'], keywords: ['casino'], imported: [],
    });
    expect(put.body.data.known_shorteners).toContain('bit.ly');
    expect(put.body.data.safe_browsing).toBe(false);
    expect((await s.api('GET', '/blocklist')).body.data.hosts).toEqual(['evil.com', '*.xn--bcher-kva.example', '127.0.0.1', 'phish.example']);
    // Replaced, not added to.
    await s.api('PUT', '/blocklist', { json: { hosts: ['evil.com'], keywords: [] } });
    expect((await s.api('GET', '/blocklist')).body.data).toMatchObject({ hosts: ['evil.com'], keywords: [] });
  });

  it('a host that is no host is a 422 naming its place in the list', async () => {
    const r = await s.api('PUT', '/blocklist', { json: { hosts: ['good.example', 'http://'], keywords: [] } });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors)).toEqual(['hosts.1']);
  });

  it('members get 403 on every blocklist route', async () => {
    expect((await s.api('GET', '/blocklist', { key: member })).status).toBe(403);
    expect((await s.api('PUT', '/blocklist', { key: member, json: { hosts: [], keywords: [] } })).status).toBe(403);
    expect((await s.api('GET', '/blocklist/check?url=https://evil.com/', { key: member })).status).toBe(403);
  });

  it('a PUT is an audit entry (blocklist.update)', async () => {
    await s.api('PUT', '/blocklist', { json: { hosts: ['audit.example'], keywords: [] } });
    const audit = await s.api('GET', '/audit?action=blocklist.update');
    expect(audit.status, audit.text).toBe(200);
    expect(audit.body.data.length).toBeGreaterThan(0);
  });

  it('check answers the entry that names a URL', async () => {
    await s.api('PUT', '/blocklist', { json: { hosts: ['*.evil.com'], keywords: [] } });
    expect((await s.api('GET', `/blocklist/check?url=${encodeURIComponent('https://a.b.EVIL.com./x')}`)).body.data.match)
      .toEqual({ kind: 'host', entry: '*.evil.com', source: 'manual', legal: false });
    expect((await s.api('GET', `/blocklist/check?url=${encodeURIComponent('https://notevil.com/')}`)).body.data.match).toBeNull();
  });

  it('an entry written by another process (the CLI, another node) is enforced within a second, without a restart', async () => {
    await s.api('PUT', '/blocklist', { json: { hosts: [], keywords: [] } });
    expect((await s.api('POST', '/links', { json: { url: 'https://elsewhere.example/1' } })).status).toBe(201);
    // Another process: its own repository on the same database.
    await createBlocklistRepository(s.store.db, s.store.engine).add('host', ['elsewhere.example'], null, Date.now());
    await new Promise((r) => setTimeout(r, 1_100));
    const r = await s.api('POST', '/links', { json: { url: 'https://elsewhere.example/2' } });
    expect(r.status).toBe(422);
    expect(r.body.errors.url).toEqual(['The url is on the blocklist (host elsewhere.example).']);
  });
});

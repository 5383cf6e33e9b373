// Users, keys and the audit log over real HTTP (SQLite here, PostgreSQL in the
// postgres project): why a key is refused, expiry, domain-restricted keys, no
// escalation, the last admin, deleting a user who owns links, and an audit log
// that names who did what and holds no secret.
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let clock = Date.parse('2030-01-01T00:00:00Z');
beforeAll(async () => { s = await startServer({ rateLimit: 0 }, { webhooks: false, now: () => clock }); });
afterAll(async () => { await s.close(); });

const prefixOf = (key: string) => key.slice(0, 12);
const secrets: string[] = [];
const remember = <T extends string>(secret: T) => (secrets.push(secret), secret);

async function newUser(name: string, role: 'admin' | 'member' = 'member') {
  const u = await s.api('POST', '/users', { json: { name, role } });
  expect(u.status, u.text).toBe(201);
  const k = await s.api('POST', '/keys', { json: { user_id: u.body.data.id, name: `${name}'s key`, ...(role === 'member' ? { scopes: ['links:write', 'domains:write', 'stats:read'] } : {}) } });
  expect(k.status, k.text).toBe(201);
  return { id: u.body.data.id as number, key: remember(k.body.data.key as string), keyId: k.body.data.id as number };
}

describe('users and roles', () => {
  it('the first user is admin; users list with their link counts', async () => {
    remember(s.key);
    const me = await s.api('GET', '/keys/current');
    expect(me.body.data).toMatchObject({ user: { name: 'owner' }, scopes: ['links:write', 'domains:write', 'spaces:write', 'pixels:write', 'stats:write', 'webhooks:write', 'admin'], expires_at: null, current: true });
    await s.api('POST', '/links', { json: { url: 'https://example.com/owner' } });
    const list = await s.api('GET', '/users');
    expect(list.body.data[0]).toMatchObject({ name: 'owner', role: 'admin', status: 'active', links_count: 1 });
    expect(list.body.meta).toMatchObject({ current_page: 1, total: list.body.data.length });
  });

  it('a suspended user\'s keys are refused with the reason, restored ones work again; their links keep redirecting', async () => {
    const m = await newUser('suspendable');
    const link = (await s.api('POST', '/links', { key: m.key, json: { url: 'https://example.com/kept', alias: 'kept-live' } })).body.data;
    expect((await s.api('PATCH', `/users/${m.id}`, { json: { status: 'suspended' } })).body.data.status).toBe('suspended');
    expect((await s.api('GET', '/links', { key: m.key })).body).toEqual({ message: "This API key's user is suspended.", status: 401 });
    const redirect = await fetch(`${s.url}/${link.alias}`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect((await s.api('PATCH', `/users/${m.id}`, { json: { status: 'active' } })).status).toBe(200);
    expect((await s.api('GET', '/links', { key: m.key })).status).toBe(200);
  });

  it('protects the last admin from demotion, suspension and deletion', async () => {
    const owner = (await s.api('GET', '/keys/current')).body.data.user.id;
    const message = `User ${owner} is the last active admin; make another user admin first.`;
    for (const change of [{ role: 'member' }, { status: 'suspended' }]) {
      expect((await s.api('PATCH', `/users/${owner}`, { json: change })).body).toEqual({ message, status: 409 });
    }
    expect((await s.api('DELETE', `/users/${owner}?links=delete`)).body).toEqual({ message, status: 409 });
    // With a second admin, the first may step down; then the second is the last.
    const second = await newUser('second-admin', 'admin');
    expect((await s.api('PATCH', `/users/${owner}`, { json: { role: 'member' } })).status).toBe(200);
    expect((await s.api('PATCH', `/users/${second.id}`, { key: second.key, json: { status: 'suspended' } })).status).toBe(409);
    expect((await s.api('PATCH', `/users/${owner}`, { key: second.key, json: { role: 'admin' } })).status).toBe(200);
  });

  it('deletes a user who owns links only when told what becomes of them, and says how many', async () => {
    const m = await newUser('leaver');
    const d = (await s.api('POST', '/domains', { key: m.key, json: { name: 'leaver.example' } })).body.data;
    for (const alias of ['leave-1', 'leave-2']) await s.api('POST', '/links', { key: m.key, json: { url: 'https://example.com/l', alias, domain_id: d.id } });
    const refused = await s.api('DELETE', `/users/${m.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(new RegExp(`^User ${m.id} owns 2 links; .*links=delete.*links=move`));
    const heir = await newUser('heir');
    expect((await s.api('DELETE', `/users/${m.id}?links=move&to_user_id=${heir.id}`)).body).toEqual({ id: m.id, object: 'user', deleted: true, status: 200 });
    const moved = (await s.api('GET', '/links', { key: heir.key })).body;
    expect(moved.data.map((l: { alias: string }) => l.alias).sort()).toEqual(['leave-1', 'leave-2']);
    expect(moved.meta.total).toBe(2);
    expect((await s.api('GET', `/domains/${d.id}`, { key: heir.key })).status).toBe(200);
    expect((await s.api('GET', '/links', { key: m.key })).body.message).toBe('Unauthenticated.');
    // Undici's request sends the Host it is given (fetch does not).
    expect((await request(`${s.url}/leave-1`, { headers: { host: 'leaver.example', 'user-agent': 'Mozilla/5.0' } })).statusCode).toBe(302);
    const gone = await newUser('gone');
    await s.api('POST', '/links', { key: gone.key, json: { url: 'https://example.com/g', alias: 'gone-1' } });
    expect((await s.api('DELETE', `/users/${gone.id}?links=delete`)).status).toBe(200);
    expect((await fetch(`${s.url}/gone-1`, { redirect: 'manual' })).status).toBe(404);
  });
});

describe('keys', () => {
  it('says why a key is refused: unknown, revoked, expired', async () => {
    const unknown = await s.api('GET', '/account', { key: 'ldk_0000000000000000000000000000000000000000' });
    expect(unknown.body).toEqual({ message: 'Unauthenticated.', status: 401 });
    const k = await s.api('POST', '/keys', { json: { name: 'short-lived', expires_at: new Date(clock + 60_000).toISOString() } });
    const key = remember(k.body.data.key as string);
    expect((await s.api('GET', '/account', { key })).status).toBe(200);
    clock += 61_000; // the key's expiry passes during the test
    const expired = await s.api('GET', '/account', { key });
    expect(expired.body).toEqual({ message: `This API key expired at ${k.body.data.expires_at}.`, status: 401 });
    expect((await s.api('GET', `/keys/${k.body.data.id}`)).body.data.status).toBe('expired');
    const r = await s.api('POST', '/keys', { json: { name: 'to revoke' } });
    remember(r.body.data.key);
    expect((await s.api('DELETE', `/keys/${r.body.data.id}`)).body).toEqual({ id: r.body.data.id, object: 'key', deleted: true, revoked_ids: [r.body.data.id], status: 200 });
    expect((await s.api('GET', '/account', { key: r.body.data.key })).body).toEqual({ message: 'This API key has been revoked.', status: 401 });
    expect((await s.api('DELETE', `/keys/${r.body.data.id}`)).status).toBe(409);
  });

  it('takes scopes as a form list, shows the key once, and never lists it', async () => {
    const made = await s.api('POST', '/keys', { form: 'name=form&scopes[]=links:read&scopes[]=stats:read' });
    expect(made.status).toBe(201);
    const key = remember(made.body.data.key as string);
    expect(made.body.data).toMatchObject({ scopes: ['links:read', 'stats:read'], prefix: prefixOf(key), status: 'active' });
    const listed = await s.api('GET', '/keys?per_page=100');
    expect(listed.text).not.toContain(key);
    expect(listed.body.data.find((k: { id: number }) => k.id === made.body.data.id)).not.toHaveProperty('key');
    expect((await s.api('GET', `/keys/${made.body.data.id}`)).text).not.toContain(key.slice(12));
  });

  it('a member cannot escalate: no admin key, no scope it lacks, no later expiry, no other users\' keys or the audit log', async () => {
    const m = await newUser('member');
    const other = await newUser('other-member');
    const lacks = (scope: string) => ({ message: `This key lacks the ${scope} scope.`, status: 403 });
    expect((await s.api('POST', '/keys', { key: m.key, json: { scopes: ['admin'] } })).body).toEqual(lacks('admin'));
    expect((await s.api('POST', '/keys', { key: m.key, json: { scopes: ['links:read', 'webhooks:read'] } })).body).toEqual(lacks('webhooks:read'));
    expect((await s.api('POST', '/keys', { key: m.key, json: { user_id: other.id } })).body).toEqual(lacks('admin'));
    // Its own key with fewer scopes is fine, and inherits nothing more.
    const narrow = await s.api('POST', '/keys', { key: m.key, json: { scopes: ['links:read'], expires_at: new Date(clock + 3_600_000).toISOString() } });
    expect(narrow.status).toBe(201);
    const narrowKey = remember(narrow.body.data.key as string);
    expect((await s.api('POST', '/keys', { key: narrowKey, json: { scopes: ['links:write'] } })).body).toEqual(lacks('links:write'));
    const later = await s.api('POST', '/keys', { key: narrowKey, json: { expires_at: new Date(clock + 7_200_000).toISOString() } });
    // Broader than its maker: refused (403), naming the field.
    expect(later.status).toBe(403);
    expect(later.body.errors).toHaveProperty('expires_at');
    const inherited = await s.api('POST', '/keys', { key: narrowKey, json: {} });
    expect(inherited.body.data).toMatchObject({ scopes: ['links:read'], expires_at: narrow.body.data.expires_at });
    remember(inherited.body.data.key);
    // A read-only key cannot revoke the fuller key beside it.
    const fuller = await s.api('DELETE', `/keys/${m.keyId}`, { key: narrowKey });
    expect(fuller.status).toBe(403);
    expect(fuller.body.message).toContain('it has the links:write scope, which this key lacks');
    // Other users' keys are not there; nor are users and the audit log.
    expect((await s.api('GET', `/keys/${other.keyId}`, { key: m.key })).status).toBe(404);
    expect((await s.api('DELETE', `/keys/${other.keyId}`, { key: m.key })).status).toBe(404);
    expect((await s.api('GET', `/keys?user_id=${other.id}`, { key: m.key })).body).toEqual(lacks('admin'));
    const own = (await s.api('GET', '/keys?per_page=100', { key: m.key })).body.data as { user: { id: number } }[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((k) => k.user.id === m.id)).toBe(true);
    expect((await s.api('GET', '/audit', { key: m.key })).body).toEqual(lacks('admin'));
    expect((await s.api('GET', '/users', { key: m.key })).body).toEqual(lacks('admin'));
    // An admin cannot give a member an admin key either.
    const adminForMember = await s.api('POST', '/keys', { json: { user_id: m.id, scopes: ['admin'] } });
    expect(adminForMember.status).toBe(422);
    // A member promoted to admin keeps keys without admin; a demoted admin's admin key loses it.
    const boss = await newUser('boss', 'admin');
    expect((await s.api('GET', '/users', { key: boss.key })).status).toBe(200);
    await s.api('PATCH', `/users/${boss.id}`, { json: { role: 'member' } });
    expect((await s.api('GET', '/users', { key: boss.key })).body).toEqual(lacks('admin'));
  });

  it('a domain-restricted key sees, creates and changes links only on its domain', async () => {
    const m = await newUser('restricted-owner');
    const mine = (await s.api('POST', '/domains', { key: m.key, json: { name: 'mine.example' } })).body.data;
    const elsewhere = (await s.api('POST', '/domains', { key: m.key, json: { name: 'elsewhere.example' } })).body.data;
    const outside = (await s.api('POST', '/links', { key: m.key, json: { url: 'https://example.com/o', domain_id: elsewhere.id } })).body.data;
    const inside = (await s.api('POST', '/links', { key: m.key, json: { url: 'https://example.com/i', domain_id: mine.id } })).body.data;
    const noDomain = (await s.api('POST', '/links', { key: m.key, json: { url: 'https://example.com/n' } })).body.data;
    const made = await s.api('POST', '/keys', { key: m.key, json: { name: 'one domain', domain_id: mine.id } });
    expect(made.body.data.domain_id).toBe(mine.id);
    const key = remember(made.body.data.key as string);
    const ids = (r: { body: { data: { id: number }[] } }) => r.body.data.map((x) => x.id).sort();
    expect(ids(await s.api('GET', '/links', { key }))).toEqual([inside.id]);
    expect(ids(await s.api('GET', '/domains', { key }))).toEqual([mine.id]);
    for (const id of [outside.id, noDomain.id]) {
      expect((await s.api('GET', `/links/${id}`, { key })).status).toBe(404);
      expect((await s.api('PATCH', `/links/${id}`, { key, json: { url: 'https://evil.example' } })).status).toBe(404);
      expect((await s.api('DELETE', `/links/${id}`, { key })).status).toBe(404);
      expect((await s.api('GET', `/stats/${id}`, { key })).status).toBe(404);
    }
    const created = await s.api('POST', '/links', { key, json: { url: 'https://example.com/new' } });
    expect(created.body.data.domain).toMatchObject({ id: mine.id, name: 'mine.example' });
    const refused = await s.api('POST', '/links', { key, json: { url: 'https://example.com/x', domain_id: elsewhere.id } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.domain_id[0]).toBe(`This key is restricted to domain ${mine.id}; links can only be made there.`);
    const bulk = await s.api('POST', '/links/bulk', { key, json: { links: [{ url: 'https://example.com/b1' }, { url: 'https://example.com/b2', domain_id: elsewhere.id }] } });
    expect(bulk.body.data.map((i: { status: number }) => i.status)).toEqual([201, 422]);
    expect(bulk.body.data[0].data.domain.id).toBe(mine.id);
    const bulkDelete = await s.api('DELETE', '/links/bulk', { key, json: { ids: [outside.id, inside.id] } });
    expect(bulkDelete.body.data.map((i: { status: number }) => i.status)).toEqual([404, 200]);
    expect((await s.api('POST', '/domains', { key, json: { name: 'more.example' } })).status).toBe(403);
    expect((await s.api('GET', '/stats', { key })).status).toBe(403);
    // The keys it makes stay on its domain.
    expect((await s.api('POST', '/keys', { key, json: { domain_id: elsewhere.id } })).status).toBe(403);
    expect((await s.api('GET', `/links/${outside.id}`, { key: m.key })).status).toBe(200);
  });
});

describe('the audit log', () => {
  it('records each change with its user, key prefix, action, target, field names and address; never a secret', async () => {
    const m = await newUser('audited');
    const link = await s.api('POST', '/links', { key: m.key, json: { url: 'https://example.com/secret-link', password: remember('hunter2-link-password'), privacy: 2, privacy_password: remember('stats-password-xyz') } });
    await s.api('PATCH', `/links/${link.body.data.id}`, { key: m.key, form: { password: remember('another-password-789') } });
    const hook = await s.api('POST', '/webhooks', { json: { url: 'https://hooks.example/audited', events: ['link.created'] } });
    remember(hook.body.data.secret);
    const k = await s.api('POST', '/keys', { key: m.key, json: { name: 'made-in-audit-test', scopes: ['links:read'] } });
    remember(k.body.data.key);
    const entries = (await s.api('GET', `/audit?user_id=${m.id}&per_page=100`)).body;
    expect(entries.meta.total).toBe(3);
    const [keyEntry, update, create] = entries.data;
    expect(create).toMatchObject({
      user: { id: m.id, name: 'audited' }, key_prefix: prefixOf(m.key), source: 'api', action: 'link.create', target_type: 'link',
      target_id: link.body.data.id, fields: ['password', 'privacy', 'privacy_password', 'url'], ip: '127.0.0.1',
    });
    expect(update).toMatchObject({ action: 'link.update', target_id: link.body.data.id, fields: ['password'], key_prefix: prefixOf(m.key) });
    expect(keyEntry).toMatchObject({ action: 'key.create', target_type: 'key', target_id: k.body.data.id, fields: ['name', 'scopes'] });
    expect(Date.parse(create.at)).toBe(Math.floor(clock / 1000) * 1000);
    // Filters: action, target, date.
    expect((await s.api('GET', `/audit?action=link.update&user_id=${m.id}`)).body.data.map((e: { id: number }) => e.id)).toEqual([update.id]);
    expect((await s.api('GET', `/audit?target_type=link&target_id=${link.body.data.id}`)).body.meta.total).toBe(2);
    const day = new Date(clock).toISOString().slice(0, 10);
    expect((await s.api('GET', `/audit?from=${day}&to=${day}&user_id=${m.id}`)).body.meta.total).toBe(3);
    expect((await s.api('GET', `/audit?to=2029-12-31&user_id=${m.id}`)).body.meta.total).toBe(0);
    expect((await s.api('GET', '/audit?action=DROP TABLE')).status).toBe(422);
    // Read-only: nothing changes or deletes an entry.
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
      expect((await s.api(method, `/audit/${create.id}`, { json: {} })).status, method).toBe(404);
      // The list is read-only: its path takes GET alone (405 with Allow).
      const list = await s.api(method, '/audit', { json: {} });
      expect([list.status, list.headers.get('allow')], method).toEqual([405, 'GET, HEAD']);
    }
    // Every entry, as JSON and as CSV, and the table itself: no key, password or secret used in this file.
    const all: unknown[] = [];
    for (let page = 1; ; page++) {
      const p = (await s.api('GET', `/audit?per_page=100&page=${page}`)).body;
      all.push(...p.data);
      if (page >= p.meta.last_page) break;
    }
    const csv = await s.api('GET', '/audit/export');
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.text.split('\n')[0]).toBe('id,at,user_id,user_name,key_prefix,source,action,target_type,target_id,fields,ip');
    expect(csv.text.trim().split('\n')).toHaveLength(all.length + 1);
    const raw = JSON.stringify(await s.sql('SELECT * FROM audit_log'));
    for (const text of [JSON.stringify(all), csv.text, raw]) {
      for (const secret of secrets) {
        expect(text.includes(secret), `a secret in the audit log: ${secret.slice(0, 6)}…`).toBe(false);
        // Nor the secret part of a key alone.
        if (secret.startsWith('ldk_')) expect(text.includes(secret.slice(12))).toBe(false);
      }
    }
    expect(secrets.length).toBeGreaterThan(8);
  });
});

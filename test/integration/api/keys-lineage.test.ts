// A key cannot outgrow its maker: it creates, changes and revokes only keys no
// broader than itself (scopes, domain, expiry), narrows keys through PATCH,
// and revoking a key can revoke every key it made. Both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { messageOf } from '../../../shared/error-body.ts';

let s: TestServer;
let clock = Date.parse('2030-01-01T00:00:00Z');
beforeAll(async () => { s = await startServer({ rateLimit: 0 }, { webhooks: false, now: () => clock }); });
afterAll(async () => { await s.close(); });

const HOUR = 3_600_000;
const at = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

interface Made { id: number; key: string }
async function makeKey(body: Record<string, unknown>, by: string = s.key): Promise<Made> {
  const r = await s.api('POST', '/keys', { key: by, json: body });
  expect(r.status, r.text).toBe(201);
  return { id: r.body.data.id, key: r.body.data.key };
}
const show = async (id: number) => (await s.api('GET', `/keys/${id}`)).body.data;

describe('lineage', () => {
  it('GET /keys says which key made which; keys made on the host say null', async () => {
    const child = await makeKey({ name: 'child' });
    const grandchild = await makeKey({ name: 'grandchild' }, child.key);
    const listed = (await s.api('GET', '/keys?per_page=100')).body.data as { id: number; created_by_key_id: number | null; current: boolean }[];
    const byId = new Map(listed.map((k) => [k.id, k.created_by_key_id]));
    const own = listed.find((k) => k.current)!;
    expect(byId.get(own.id)).toBeNull();
    expect(byId.get(child.id)).toBe(own.id);
    expect(byId.get(grandchild.id)).toBe(child.id);
    expect((await show(grandchild.id)).created_by_key_id).toBe(child.id);
  });
});

describe('a key acts only on keys no broader than itself', () => {
  let domain: number;
  let otherDomain: number;
  beforeAll(async () => {
    domain = (await s.api('POST', '/domains', { json: { name: 'lineage.example' } })).body.data.id;
    otherDomain = (await s.api('POST', '/domains', { json: { name: 'elsewhere.example' } })).body.data.id;
  });

  // Each narrow key, the field it is narrow in, and a create body broader than it in that field.
  const actors = [
    { label: 'domain-restricted', field: 'domain_id', body: () => ({ domain_id: domain }), broaderBody: () => ({ domain_id: otherDomain }) },
    { label: 'short-lived', field: 'expires_at', body: () => ({ expires_at: at(clock + HOUR) }), broaderBody: () => ({ expires_at: at(clock + 2 * HOUR) }) },
    { label: 'scoped', field: 'scopes', body: () => ({ scopes: ['links:read'] }), broaderBody: () => ({ scopes: ['links:write'] }) },
  ] as const;

  for (const a of actors) {
    it(`a ${a.label} key may not rename, revoke or make a broader key (403 naming ${a.field}), but may a narrower one`, async () => {
      const actor = await makeKey({ name: a.label, ...a.body() });
      // Unrestricted, never expiring, every scope: the user's own key and a sibling made like it.
      const broad = await makeKey({ name: `broad beside ${a.label}` });
      for (const [method, path, json] of [
        ['PATCH', `/keys/${broad.id}`, { name: 'taken over' }],
        ['DELETE', `/keys/${broad.id}`, undefined],
        ['DELETE', `/keys/${(await s.api('GET', '/keys/current')).body.data.id}`, undefined],
      ] as const) {
        const r = await s.api(method, path, { key: actor.key, json });
        expect(r.status, `${method} ${path}: ${r.text}`).toBe(403);
        expect(r.body.errors).toHaveProperty(a.field);
        expect(r.body.message).toContain(`in ${a.field}`);
      }
      expect(await show(broad.id)).toMatchObject({ name: `broad beside ${a.label}`, status: 'active' });

      const made = await s.api('POST', '/keys', { key: actor.key, json: { name: 'wider child', ...a.broaderBody() } });
      expect(made.status, made.text).toBe(403);
      expect(made.body.message).toContain(a.field === 'scopes' ? 'links:write' : a.field);

      // Narrower (or equal) is fine: made, renamed, narrowed, revoked; and a key may revoke itself.
      const child = await makeKey({ name: 'child', scopes: ['links:read'] }, actor.key);
      expect((await s.api('PATCH', `/keys/${child.id}`, { key: actor.key, json: { name: 'renamed child' } })).status).toBe(200);
      expect((await s.api('PATCH', `/keys/${child.id}`, { key: actor.key, json: { expires_at: at(clock + HOUR / 2) } })).status).toBe(200);
      expect((await s.api('DELETE', `/keys/${child.id}`, { key: actor.key })).status).toBe(200);
      const twin = await makeKey({ name: 'twin', ...a.body() });
      expect((await s.api('PATCH', `/keys/${twin.id}`, { key: actor.key, json: { name: 'renamed twin' } })).status).toBe(200);
      expect((await s.api('DELETE', `/keys/${actor.id}`, { key: actor.key })).status).toBe(200);
    });
  }

  it('holds an admin key to the same rule on other users\' keys', async () => {
    const member = (await s.api('POST', '/users', { json: { name: 'lineage-member' } })).body.data.id as number;
    const theirs = await makeKey({ user_id: member, name: 'member key', scopes: ['links:write'] });
    const shortAdmin = await makeKey({ name: 'short admin', expires_at: at(clock + HOUR) });
    const r = await s.api('DELETE', `/keys/${theirs.id}`, { key: shortAdmin.key });
    expect(r.status).toBe(403);
    expect(r.body.errors).toHaveProperty('expires_at');
    const made = await s.api('POST', '/keys', { key: shortAdmin.key, json: { user_id: member, scopes: ['links:read'] } });
    expect(made.body.data).toMatchObject({ user: { id: member }, expires_at: at(clock + HOUR), created_by_key_id: shortAdmin.id });
    expect((await s.api('DELETE', `/keys/${made.body.data.id}`, { key: shortAdmin.key })).status).toBe(200);
    expect((await s.api('DELETE', `/keys/${theirs.id}`)).status).toBe(200);
  });
});

describe('PATCH /keys/{id} narrows a key or refuses, naming the field', () => {
  let domain: number;
  beforeAll(async () => { domain = (await s.api('POST', '/domains', { json: { name: 'narrow.example' } })).body.data.id; });

  const patch = (id: number, json: unknown) => s.api('PATCH', `/keys/${id}`, { json });
  const refused = async (id: number, json: unknown, status: number, field: string) => {
    const r = await patch(id, json);
    expect(r.status, r.text).toBe(status);
    expect(Object.keys(r.body.errors ?? {}).some((f) => f === field || f.startsWith(`${field}.`)), r.text).toBe(true);
    expect(messageOf(r.body)).toContain(field);
    return r;
  };

  it('narrows scopes to a subset, and refuses to widen them', async () => {
    const k = await makeKey({ name: 'to narrow' });
    const r = await patch(k.id, { scopes: ['links:write', 'stats:read'] });
    expect(r.body.data.scopes).toEqual(['links:write', 'stats:read']);
    expect((await s.api('POST', '/domains', { key: k.key, json: { name: 'not.allowed.example' } })).status).toBe(403);
    await refused(k.id, { scopes: ['links:write', 'domains:write'] }, 403, 'scopes');
    await refused(k.id, { scopes: ['links:fly'] }, 422, 'scopes');
    expect((await show(k.id)).scopes).toEqual(['links:write', 'stats:read']);
  });

  it('sets an earlier expiry or a first one; a later one or none is 403, a past one 422', async () => {
    const k = await makeKey({ name: 'to expire' });
    expect((await patch(k.id, { expires_at: at(clock + 2 * HOUR) })).body.data.expires_at).toBe(at(clock + 2 * HOUR));
    await refused(k.id, { expires_at: at(clock + 3 * HOUR) }, 403, 'expires_at');
    await refused(k.id, { expires_at: null }, 403, 'expires_at');
    await refused(k.id, { expires_at: at(clock - HOUR) }, 422, 'expires_at');
    await refused(k.id, { expires_at: 'next tuesday' }, 422, 'expires_at');
    expect((await patch(k.id, { expires_at: at(clock + HOUR) })).body.data.expires_at).toBe(at(clock + HOUR));
    expect((await s.api('GET', '/keys/current', { key: k.key })).body.data.expires_at).toBe(at(clock + HOUR));
  });

  it('restricts an unrestricted key to a domain of its user; lifting or moving it is 403, a domain not there 422', async () => {
    const k = await makeKey({ name: 'to restrict' });
    expect((await patch(k.id, { domain_id: domain })).body.data.domain_id).toBe(domain);
    const other = (await s.api('POST', '/domains', { json: { name: 'other-narrow.example' } })).body.data.id;
    await refused(k.id, { domain_id: other }, 403, 'domain_id');
    await refused(k.id, { domain_id: null }, 403, 'domain_id');
    const free = await makeKey({ name: 'free' });
    await refused(free.id, { domain_id: 999_999 }, 422, 'domain_id');
    expect((await show(free.id)).domain_id).toBeNull();
  });

  it('never answers 200 while ignoring a field: unknown fields are 422 naming them, and nothing is applied', async () => {
    const k = await makeKey({ name: 'unchanged', expires_at: at(clock + 2 * HOUR) });
    const r = await patch(k.id, { name: 'changed', colour: 'red' });
    expect(r.status).toBe(422);
    expect(messageOf(r.body)).toContain('"colour"');
    // A widening or a bad value beside narrowings refuses them all.
    await refused(k.id, { scopes: ['links:read'], expires_at: null, name: 'x' }, 403, 'expires_at');
    await refused(k.id, { scopes: ['links:read'], domain_id: 999_999, name: 'x' }, 422, 'domain_id');
    expect(await show(k.id)).toMatchObject({ name: 'unchanged', scopes: expect.arrayContaining(['admin']), expires_at: at(clock + 2 * HOUR), domain_id: null });
  });
});

it('the OpenAPI document describes what PATCH /keys/{id} takes and its 403', async () => {
  const doc = (await s.api('GET', '/openapi.json')).body;
  const op = doc.paths['/api/v1/keys/{id}'].patch;
  const body = op.requestBody.content['application/json'].schema;
  expect(Object.keys(body.properties).sort()).toEqual(['domain_id', 'expires_at', 'name', 'scopes']);
  expect(body.additionalProperties).toBe(false);
  expect(op.responses['403'].description).toMatch(/broader/);
  expect(doc.components.schemas.ApiKey.properties).toHaveProperty('created_by_key_id');
});

describe('DELETE /keys/{id}?cascade=1', () => {
  const status = async (id: number) => (await show(id)).status;
  const auditedRevokes = async () => ((await s.api('GET', '/audit?action=key.revoke&per_page=100')).body.data as { target_id: number; fields: string[] }[]);

  it('revokes the key and every key it made, transitively, in one call that names them; others stay; each is audited', async () => {
    const a = await makeKey({ name: 'a' });
    const b = await makeKey({ name: 'b' }, a.key);
    const c = await makeKey({ name: 'c' }, b.key);
    const d = await makeKey({ name: 'd' }, a.key);
    const sibling = await makeKey({ name: 'sibling' });
    const r = await s.api('DELETE', `/keys/${a.id}?cascade=1`);
    expect(r.body).toEqual({ id: a.id, object: 'key', deleted: true, revoked_ids: [a.id, b.id, c.id, d.id], status: 200 });
    for (const k of [a, b, c, d]) expect((await s.api('GET', '/account', { key: k.key })).body).toEqual({ message: 'This API key has been revoked.', status: 401 });
    expect(await status(sibling.id)).toBe('active');
    const audited = await auditedRevokes();
    for (const id of [a.id, b.id, c.id, d.id]) expect(audited.filter((e) => e.target_id === id), `audit of key ${id}`).toHaveLength(1);
    expect(audited.find((e) => e.target_id === c.id)!.fields).toEqual(['cascade']);
    expect((await s.api('DELETE', `/keys/${a.id}?cascade=1`)).status).toBe(409);
  });

  it('without cascade revokes only the key; a key may revoke itself with its lineage; cascade takes only 0 or 1', async () => {
    const a = await makeKey({ name: 'parent' });
    const b = await makeKey({ name: 'kept child' }, a.key);
    expect((await s.api('DELETE', `/keys/${a.id}`)).body.revoked_ids).toEqual([a.id]);
    expect(await status(b.id)).toBe('active');
    const self = await makeKey({ name: 'self' }, b.key);
    const grand = await makeKey({ name: 'grand' }, self.key);
    expect((await s.api('DELETE', `/keys/${self.id}?cascade=1`, { key: self.key })).body.revoked_ids).toEqual([self.id, grand.id]);
    expect(await status(b.id)).toBe('active');
    const bad = await s.api('DELETE', `/keys/${b.id}?cascade=yes`);
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('cascade');
    expect(await status(b.id)).toBe('active');
  });

  it('a narrow key cannot cascade through a broader key', async () => {
    const broad = await makeKey({ name: 'broad parent' });
    await makeKey({ name: 'its child' }, broad.key);
    const narrow = await makeKey({ name: 'narrow', scopes: ['links:write'] });
    const r = await s.api('DELETE', `/keys/${broad.id}?cascade=1`, { key: narrow.key });
    expect(r.status).toBe(403);
    expect(r.body.errors).toHaveProperty('scopes');
    expect(await status(broad.id)).toBe('active');
  });
});

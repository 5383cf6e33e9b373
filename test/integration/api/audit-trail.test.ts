// The audit log says what a change was (issue 32): a suspension, its undoing
// and a role change are their own actions; and "who changed link N" has an
// answer for every way a link changes: bulk create, update and delete (one
// entry per link, none for a refused item), and a user deleted with its links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
beforeAll(async () => { s = await startServer({ rateLimit: 0 }, { webhooks: false }); });
afterAll(async () => { await s.close(); });

interface Entry { id: number; action: string; target_type: string; target_id: number | null; fields: string[]; user: { id: number | null } }

/** Every entry matching `query`, oldest first. */
async function audit(query: string): Promise<Entry[]> {
  const out: Entry[] = [];
  for (let page = 1; ; page++) {
    const r = await s.api('GET', `/audit?${query}&per_page=100&page=${page}`);
    expect(r.status, r.text).toBe(200);
    out.push(...r.body.data);
    if (page >= r.body.meta.last_page) return out.reverse();
  }
}
const after = async (id: number, query = 'target_type=link') => (await audit(query)).filter((e) => e.id > id);
const newest = async () => (await s.sql('SELECT max(id) AS id FROM audit_log'))[0]!.id as number ?? 0;

describe('user changes', () => {
  it('records suspension, restoration and a role change as their own actions, the role named; a rename stays user.update', async () => {
    const u = (await s.api('POST', '/users', { json: { name: 'watched' } })).body.data.id as number;
    const patch = async (json: unknown) => expect((await s.api('PATCH', `/users/${u}`, { json })).status).toBe(200);
    await patch({ status: 'suspended' });
    await patch({ status: 'active' });
    await patch({ role: 'admin' });
    await patch({ role: 'member' });
    await patch({ name: 'watched-2' });
    await patch({ name: 'watched-3', status: 'suspended' });
    const entries = await audit(`target_type=user&target_id=${u}`);
    expect(entries.map((e) => [e.action, e.fields])).toEqual([
      ['user.create', ['name', 'role']],
      ['user.suspend', ['status']],
      ['user.restore', ['status']],
      ['user.role', ['role', 'role=admin']],
      ['user.role', ['role', 'role=member']],
      ['user.update', ['name']],
      ['user.update', ['name']],
      ['user.suspend', ['status']],
    ]);
    expect((await audit('action=user.suspend')).map((e) => e.target_id)).toEqual([u, u]);
  });
});

describe('bulk link changes', () => {
  it('writes one entry per changed link for create, update and delete, naming none of the refused', async () => {
    await s.api('POST', '/links', { json: { url: 'https://example.com/taken', alias: 'bulk-taken' } });
    const mark = await newest();
    // 5 items: 3 fine, one with a bad URL, one with a taken alias.
    const made = await s.api('POST', '/links/bulk', { json: { links: [
      { url: 'https://example.com/1', alias: 'bulk-1' }, { url: 'not a url' }, { url: 'https://example.com/2', alias: 'bulk-2', preview_title: 'T' },
      { url: 'https://example.com/3', alias: 'bulk-taken' }, { url: 'https://example.com/4', alias: 'bulk-4' },
    ] } });
    expect(made.status, made.text).toBe(200);
    expect(made.body.summary).toEqual({ created: 3, updated: 0, skipped: 0, rejected: 2 });
    const ids = made.body.data.filter((d: { result: string }) => d.result === 'created').map((d: { data: { id: number } }) => d.data.id) as number[];
    const created = await after(mark);
    expect(created.map((e) => [e.action, e.target_id])).toEqual(ids.map((id) => ['link.bulk_create', id]));
    expect(created.find((e) => e.target_id === ids[1])!.fields).toEqual(['alias', 'preview_title', 'url']);

    // Update and delete: 3 of mine, 2 that are not (one missing, one another user's).
    const stranger = await s.newUserKey('stranger');
    const theirs = (await s.api('POST', '/links', { key: stranger, json: { url: 'https://example.com/theirs' } })).body.data.id as number;
    const asked = [...ids, 999_999, theirs];
    let m = await newest();
    const upd = await s.api('PATCH', '/links/bulk', { json: { ids: asked, changes: { preview_title: 'New', disabled: 1 } } });
    expect(upd.body.summary).toEqual({ updated: 3, rejected: 2 });
    const updated = await after(m);
    expect(updated.map((e) => [e.action, e.target_id, e.fields])).toEqual(ids.map((id) => ['link.bulk_update', id, ['disabled', 'preview_title']]));

    m = await newest();
    const del = await s.api('DELETE', '/links/bulk', { json: { ids: asked } });
    expect(del.body.summary).toEqual({ deleted: 3, rejected: 2 });
    expect((await after(m)).map((e) => [e.action, e.target_id])).toEqual(ids.map((id) => ['link.bulk_delete', id]));

    // Each link's own history answers who made, changed and removed it; the refused are named nowhere.
    expect((await audit(`target_type=link&target_id=${ids[0]}`)).map((e) => e.action)).toEqual(['link.bulk_create', 'link.bulk_update', 'link.bulk_delete']);
    const all = await after(mark, '');
    expect(all.filter((e) => e.action.startsWith('link.bulk') && (e.target_id === theirs || e.target_id === 999_999))).toEqual([]);
  });

  it('records nothing for a dry run or a request whose every item was refused', async () => {
    const mark = await newest();
    await s.api('POST', '/links/bulk', { json: { links: [{ url: 'https://example.com/dry' }], dry_run: true } });
    await s.api('PATCH', '/links/bulk', { json: { ids: [999_998], changes: { disabled: 1 } } });
    await s.api('DELETE', '/links/bulk', { json: { ids: [999_998] } });
    expect(await after(mark, '')).toEqual([]);
  });
});

describe('a user deleted with its links', () => {
  it('records the deletion and, for each link, that it went with that user', async () => {
    const u = (await s.api('POST', '/users', { json: { name: 'leaving' } })).body.data.id as number;
    const k = await s.api('POST', '/keys', { json: { user_id: u, name: 'k', scopes: ['links:write'] } });
    const ids: number[] = [];
    for (const n of [1, 2, 3]) ids.push((await s.api('POST', '/links', { key: k.body.data.key, json: { url: `https://example.com/leaving/${n}` } })).body.data.id);
    const mark = await newest();
    expect((await s.api('DELETE', `/users/${u}?links=delete`)).status).toBe(200);
    const entries = await after(mark, '');
    expect(entries.map((e) => [e.action, e.target_type, e.target_id, e.fields])).toEqual([
      ['user.delete', 'user', u, ['links']],
      ...ids.map((id) => ['link.delete', 'link', id, [`with_user=${u}`]]),
    ]);
    for (const id of ids) expect((await audit(`target_type=link&target_id=${id}`)).map((e) => e.action)).toEqual(['link.create', 'link.delete']);
  });

  it('records links that moved to another user as changed', async () => {
    const u = (await s.api('POST', '/users', { json: { name: 'handing-over' } })).body.data.id as number;
    const heir = (await s.api('POST', '/users', { json: { name: 'heir' } })).body.data.id as number;
    const k = await s.api('POST', '/keys', { json: { user_id: u, name: 'k', scopes: ['links:write'] } });
    const id = (await s.api('POST', '/links', { key: k.body.data.key, json: { url: 'https://example.com/moving' } })).body.data.id as number;
    const mark = await newest();
    expect((await s.api('DELETE', `/users/${u}?links=move&to_user_id=${heir}`)).status).toBe(200);
    expect((await after(mark, '')).map((e) => [e.action, e.target_id, e.fields])).toEqual([
      ['user.delete', u, ['links', 'to_user_id']],
      ['link.update', id, ['user_id', `with_user=${u}`]],
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
beforeAll(async () => { s = await startServer(); });
afterAll(async () => { await s.close(); });

describe('domains', () => {
  it('creates, shows, updates and deletes a domain with the contract shapes', async () => {
    const created = await s.api('POST', '/domains', { form: { name: 'Go.Example.com', index_page: 'https://example.com/', not_found_page: 'https://example.com/404' } });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'go.example.com', url: 'http://go.example.com', index_page: 'https://example.com/', not_found_page: 'https://example.com/404', links_count: 0,
    });
    expect(created.body.data.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const id = created.body.data.id;

    const shown = await s.api('GET', `/domains/${id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ data: created.body.data, status: 200 });

    const updated = await s.api('PATCH', `/domains/${id}`, { form: { not_found_page: '' } });
    expect(updated.status).toBe(200);
    expect(updated.body.data.not_found_page).toBeNull();
    expect(updated.body.data.index_page).toBe('https://example.com/');

    const put = await s.api('PUT', `/domains/${id}`, { json: { index_page: 'https://example.org/home' } });
    expect(put.body.data.index_page).toBe('https://example.org/home');

    const del = await s.api('DELETE', `/domains/${id}`);
    expect(del.body).toEqual({ id, object: 'domain', deleted: true, status: 200 });
    expect((await s.api('GET', `/domains/${id}`)).body).toEqual({ message: 'Resource not found.', status: 404 });
  });

  it('stores IDN names as punycode and keeps names unique across the instance', async () => {
    const idn = await s.api('POST', '/domains', { form: { name: 'bücher.example' } });
    expect(idn.body.data.name).toBe('xn--bcher-kva.example');
    const other = await s.newUserKey('other');
    const dup = await s.api('POST', '/domains', { form: { name: 'XN--BCHER-KVA.example' }, key: other });
    expect(dup.status).toBe(422);
    expect(dup.body).toEqual({ message: { name: ['The name has already been taken.'] }, errors: { name: ['The name has already been taken.'] }, status: 422 });
  });

  it.each([
    ['https://x.example', 'scheme'], ['x.example/path', 'path'], ['x.example:8080', 'port'], ['', 'empty'], ['-bad-.example', 'label'], ['1.2.3.4', 'ip'],
  ])('rejects the name %s (%s)', async (name) => {
    const r = await s.api('POST', '/domains', { form: { name } });
    expect(r.status).toBe(422);
    expect(r.body.errors.name).toHaveLength(1);
  });

  it('rejects bad index and 404 pages, and a name on update', async () => {
    const bad = await s.api('POST', '/domains', { form: { name: 'pages.example', index_page: 'javascript:alert(1)' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['index_page']);
    const ok = await s.api('POST', '/domains', { form: { name: 'pages.example' } });
    const rename = await s.api('PUT', `/domains/${ok.body.data.id}`, { form: { name: 'other.example' } });
    expect(rename.status).toBe(422);
    expect(rename.body.message).toEqual({ name: ['The name cannot be changed after a domain is created.'] });
    expect(rename.body.errors).toHaveProperty('name');
  });

  it('answers 409 when deleting a domain that still has links, and keeps it', async () => {
    const d = await s.api('POST', '/domains', { form: { name: 'busy.example' } });
    const l = await s.api('POST', '/links', { form: { url: 'https://example.com', domain_id: String(d.body.data.id) } });
    expect(l.status).toBe(201);
    const del = await s.api('DELETE', `/domains/${d.body.data.id}`);
    expect(del.status).toBe(409);
    expect(del.body).toEqual({ message: 'The domain still has links; delete them first.', status: 409 });
    expect((await s.api('GET', `/domains/${d.body.data.id}`)).body.data.links_count).toBe(1);
  });

  it('lists with search, sort, per_page and pages, and rejects invalid parameters', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `list${String(i).padStart(2, '0')}.example`);
    for (const name of names) await s.api('POST', '/domains', { form: { name } });

    const p1 = await s.api('GET', '/domains?search=list&sort_by=name&sort=asc');
    expect(p1.status).toBe(200);
    expect(p1.body.data.map((d: { name: string }) => d.name)).toEqual(names.slice(0, 10));
    expect(p1.body.meta).toMatchObject({ current_page: 1, from: 1, to: 10, last_page: 2, per_page: 10, total: 12 });
    expect(p1.body.links.next).toContain('page=2');
    expect(p1.body.links.prev).toBeNull();
    const p2 = await s.api('GET', new URL(p1.body.links.next).pathname.replace('/api/v1', '') + new URL(p1.body.links.next).search);
    expect(p2.body.data.map((d: { name: string }) => d.name)).toEqual(names.slice(10));
    expect(p2.body.meta).toMatchObject({ current_page: 2, from: 11, to: 12 });

    const byIdDesc = await s.api('GET', '/domains?search=list&per_page=25');
    expect(byIdDesc.body.data[0].name).toBe('list11.example');
    expect(byIdDesc.body.meta.per_page).toBe(25);
    const byNameDesc = await s.api('GET', '/domains?search=list&sort_by=name&sort=desc&search_by=name');
    expect(byNameDesc.body.data[0].name).toBe('list11.example');

    for (const q of ['per_page=20', 'sort_by=created', 'sort=up', 'search_by=url', 'page=0', 'page=abc']) {
      const r = await s.api('GET', `/domains?${q}`);
      expect(r.status, q).toBe(422);
      expect(Object.keys(r.body.errors), q).toEqual([q.split('=')[0]]);
    }
  });
});

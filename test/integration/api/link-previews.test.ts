// The social preview fields of a link through the API: written on create and
// update, cleared with null or '', shown by show and list, refused with a 422
// on the field, and documented in openapi.json.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
beforeAll(async () => { s = await startServer(); });
afterAll(async () => { await s.close(); });

const CARD = { preview_title: 'Spring sale', preview_description: 'Half price.', preview_image: 'https://cdn.example.com/s.png' };

describe('preview fields', () => {
  it('are null on a link created without them', async () => {
    const r = await s.api('POST', '/links', { form: { url: 'https://example.com/' } });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ preview_title: null, preview_description: null, preview_image: null });
  });

  it('are kept on create, shown by show and list, trimmed', async () => {
    const r = await s.api('POST', '/links', { form: { url: 'https://example.com/a', alias: 'prev-a', ...CARD, preview_title: '  Spring sale ' } });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject(CARD);
    expect((await s.api('GET', `/links/${r.body.data.id}`)).body.data).toMatchObject(CARD);
    const list = (await s.api('GET', '/links?search=prev-a&search_by=alias')).body.data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject(CARD);
  });

  it('are changed one at a time on update, and cleared with null (JSON) or an empty value (form)', async () => {
    const id = (await s.api('POST', '/links', { json: { url: 'https://example.com/b', ...CARD } })).body.data.id;
    const one = await s.api('PATCH', `/links/${id}`, { json: { preview_title: 'Summer sale' } });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ ...CARD, preview_title: 'Summer sale' });
    const nulls = await s.api('PATCH', `/links/${id}`, { json: { preview_title: null, preview_image: null } });
    expect(nulls.body.data).toMatchObject({ preview_title: null, preview_description: 'Half price.', preview_image: null });
    const empty = await s.api('PUT', `/links/${id}`, { form: { preview_description: '' } });
    expect(empty.body.data).toMatchObject({ preview_title: null, preview_description: null, preview_image: null });
  });

  it('are refused with a 422 that names the field', async () => {
    const bad: [field: string, value: unknown, message: string][] = [
      ['preview_title', 'x'.repeat(201), 'The preview_title may not be greater than 200 characters.'],
      ['preview_title', 7, 'The preview_title must be a string.'],
      ['preview_title', 'a\0b', 'The preview_title may not contain NUL characters.'],
      ['preview_description', 'x'.repeat(501), 'The preview_description may not be greater than 500 characters.'],
      ['preview_image', 'javascript:alert(1)', 'The preview_image must be a valid URL starting with http:// or https://.'],
      ['preview_image', '/relative.png', 'The preview_image must be a valid URL starting with http:// or https://.'],
      ['preview_image', `https://cdn.example.com/${'x'.repeat(2048)}`, 'The preview_image may not be greater than 2048 characters.'],
    ];
    const id = (await s.api('POST', '/links', { json: { url: 'https://example.com/c', ...CARD } })).body.data.id;
    for (const [field, value, message] of bad) {
      for (const [method, path, extra] of [['POST', '/links', { url: 'https://example.com/' }], ['PATCH', `/links/${id}`, {}]] as const) {
        const r = await s.api(method, path, { json: { ...extra, [field]: value } });
        expect(r.status, `${method} ${field}`).toBe(422);
        expect(r.body.errors[field], `${method} ${field}`).toEqual([message]);
      }
    }
    // Limits are inclusive, and nothing refused was stored.
    const edge = await s.api('PATCH', `/links/${id}`, { json: { preview_title: 'x'.repeat(200), preview_description: 'y'.repeat(500) } });
    expect(edge.status).toBe(200);
    expect(edge.body.data.preview_image).toBe(CARD.preview_image);
  });

  it('are documented in openapi.json: the Link response and both request bodies', async () => {
    const doc = await (await fetch(`${s.url}/api/v1/openapi.json`)).json() as any;
    const fields = ['preview_title', 'preview_description', 'preview_image'];
    expect(Object.keys(doc.components.schemas.Link.properties)).toEqual(expect.arrayContaining(fields));
    for (const [path, method] of [['/api/v1/links', 'post'], ['/api/v1/links/{id}', 'patch'], ['/api/v1/links/{id}', 'put']] as const) {
      const body = doc.paths[path][method].requestBody.content;
      const schema = (body['application/json'] ?? Object.values(body)[0]).schema;
      expect(Object.keys(schema.properties), `${method} ${path}`).toEqual(expect.arrayContaining(fields));
      // The limits a client can check before sending; null clears.
      const limit = (f: string) => schema.properties[f].anyOf.find((t: { type: string }) => t.type === 'string').maxLength;
      expect([limit('preview_title'), limit('preview_description'), limit('preview_image')]).toEqual([200, 500, 2048]);
      expect(schema.properties.preview_image.anyOf).toContainEqual({ type: 'null' });
    }
  });
});

// Requests are read exactly as sent, or refused in words: no parameter is cut
// off at a limit or dropped for its name, a form's text is read as the field's
// type, and JSON is taken as typed. Cases an outside fuzzer (Schemathesis) found.
// Runs on both engines (the postgres project includes test/integration/api).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

/** The limits a client meets (electron/server/api/body-parsers.ts): a bulk of 1,000 links at 40 fields each; 1,000 query parameters. */
const FORM_PARAMETER_LIMIT = 40_000;
const QUERY_PARAMETER_LIMIT = 1000;

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ rateLimit: 0 }, { webhooks: false });
});
afterAll(async () => s?.close());

const linkCount = async () => Number((await s.sql('SELECT COUNT(*) AS n FROM links'))[0].n);
const newLink = async (url = 'https://compat.example/a') => {
  const r = await s.api('POST', '/links', { json: { url } });
  expect(r.status, r.text).toBe(201);
  return r.body.data.id as number;
};
/** A form body as text, in the order given. */
const formOf = (pairs: [string, string][]) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');

describe('limits: refused in words, never cut', () => {
  it('a form bulk of 600 links ending in dry_run=true checks all 600 and creates none', async () => {
    const before = await linkCount();
    const pairs: [string, string][] = [];
    for (let i = 0; i < 600; i++) pairs.push([`links[${i}][url]`, `https://bulk.example/${i}`], [`links[${i}][alias]`, `dry-${i}`]);
    pairs.push(['dry_run', 'true']);
    const r = await s.api('POST', '/links/bulk', { form: formOf(pairs) });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toHaveLength(600);
    expect(r.body.summary.created).toBe(600);
    expect(await linkCount()).toBe(before);
  });

  it('a form bulk of 1,000 links with several fields each fits the form limit', async () => {
    const pairs: [string, string][] = [];
    for (let i = 0; i < 1000; i++) {
      pairs.push([`links[${i}][url]`, `https://full.example/${i}`], [`links[${i}][alias]`, `full-${i}`], [`links[${i}][disabled]`, '1'],
        [`links[${i}][country][0][key]`, 'DE'], [`links[${i}][country][0][value]`, 'https://de.example/'], [`links[${i}][target_type]`, '1']);
    }
    pairs.push(['dry_run', '1']);
    const r = await s.api('POST', '/links/bulk', { form: formOf(pairs) });
    expect(r.status, r.text.slice(0, 300)).toBe(200);
    expect(r.body.summary).toEqual({ created: 1000, updated: 0, skipped: 0, rejected: 0 });
  });

  it('a form body with more fields than the limit is 413 naming the limit, and nothing is created', async () => {
    const before = await linkCount();
    const pairs: [string, string][] = [['url', 'https://over.example/']];
    for (let i = 0; i < FORM_PARAMETER_LIMIT; i++) pairs.push([`x${i}`, '1']);
    const r = await s.api('POST', '/links', { form: formOf(pairs) });
    expect(r.status).toBe(413);
    expect(r.body.message).toContain(String(FORM_PARAMETER_LIMIT));
    expect(await linkCount()).toBe(before);
  });

  it('a query string with more parameters than the limit is 422 naming the limit, not read in part', async () => {
    const query = Array.from({ length: QUERY_PARAMETER_LIMIT }, (_, i) => `x${i}=1`).join('&');
    const r = await s.api('GET', `/links?${query}&per_page=7`);
    expect(r.status, r.text).toBe(422);
    expect(r.body.errors.query[0]).toContain(String(QUERY_PARAMETER_LIMIT));
    // At the limit it is read whole: per_page=7, the last, is still seen (and refused as the value it is).
    const at = await s.api('GET', `/links?${query.split('&').slice(1).join('&')}&per_page=7`);
    expect(at.status).toBe(422);
    expect(at.body.errors.per_page).toBeDefined();
  });

  it('a form field nested deeper than the parser reads is refused, not renamed and ignored', async () => {
    const r = await s.api('POST', '/links', { form: 'url=https%3A%2F%2Fdeep.example%2F&a[b][c][d][e][f][g][h][i][j]=1' });
    expect(r.status).toBe(422);
    expect(r.body.errors.body[0]).toMatch(/nests more than \d+ brackets/);
  });
});

describe('integers up to 2^53-1', () => {
  it('a 16-digit form value up to Number.MAX_SAFE_INTEGER is taken (expiration_clicks)', async () => {
    const r = await s.api('POST', '/links', { form: { url: 'https://big.example/', expiration_clicks: String(Number.MAX_SAFE_INTEGER) } });
    expect(r.status, r.text).toBe(201);
    expect(r.body.data.expiration_clicks).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('one above Number.MAX_SAFE_INTEGER is refused as too large, not as no integer', async () => {
    for (const v of ['9007199254740992', '12345678901234567890']) {
      const r = await s.api('POST', '/links', { form: { url: 'https://big.example/', expiration_clicks: v } });
      expect(r.status).toBe(422);
      expect(r.body.errors.expiration_clicks).toEqual([`The expiration_clicks may not be greater than ${Number.MAX_SAFE_INTEGER}.`]);
    }
  });

  it('a 16-digit page in a query is read as the number it is', async () => {
    const r = await s.api('GET', '/links?page=1000000000000000');
    expect(r.status, r.text).toBe(200);
    expect(r.body.meta.current_page).toBe(1000000000000000);
  });
});

describe('one form value where a list is expected is a list of one', () => {
  it('DELETE /links/bulk with ids=5 deletes that link, as ids[]=5 does', async () => {
    const id = await newLink();
    const r = await s.api('DELETE', '/links/bulk', { form: `ids=${id}` });
    expect(r.status, r.text).toBe(200);
    expect(r.body.summary).toEqual({ deleted: 1, rejected: 0 });
    expect((await s.api('GET', `/links/${id}`)).status).toBe(404);
  });

  it('PATCH /links/bulk with ids=5 changes that link', async () => {
    const id = await newLink();
    const r = await s.api('PATCH', '/links/bulk', { form: `ids=${id}&changes[disabled]=1` });
    expect(r.status, r.text).toBe(200);
    expect(r.body.summary).toEqual({ updated: 1, rejected: 0 });
    expect((await s.api('GET', `/links/${id}`)).body.data.disabled).toBe(1);
  });

  it('a rule condition with one form value is a list of one', async () => {
    const r = await s.api('POST', '/links', {
      form: formOf([['url', 'https://rules.example/'], ['rules[0][if][countries]', 'DE'], ['rules[0][url]', 'https://de.example/']]),
    });
    expect(r.status, r.text).toBe(201);
    expect(r.body.data.rules[0].if.countries).toEqual(['DE']);
  });

  it('pixel_ids=N and scopes=X in a form are lists of one (holds)', async () => {
    const pixel = (await s.api('POST', '/pixels', { json: { name: 'One', type: 'x', pixel_id: 'p' } })).body.data.id as number;
    const link = await s.api('POST', '/links', { form: { url: 'https://one.example/', pixel_ids: String(pixel) } });
    expect(link.status, link.text).toBe(201);
    expect(link.body.data.pixels.map((p: { id: number }) => p.id)).toEqual([pixel]);
    const key = await s.api('POST', '/keys', { form: { name: 'reader', scopes: 'links:read' } });
    expect(key.status, key.text).toBe(201);
    expect(key.body.data.scopes).toEqual(['links:read']);
  });
});

describe('JSON is taken as typed', () => {
  it('scopes {} is refused, not a key with no scopes', async () => {
    const before = (await s.sql('SELECT COUNT(*) AS n FROM api_keys'))[0].n;
    const r = await s.api('POST', '/keys', { json: { name: 'empty', scopes: {} } });
    expect(r.status).toBe(422);
    expect(r.body.errors.scopes).toEqual(['The scopes must be a list.']);
    expect((await s.sql('SELECT COUNT(*) AS n FROM api_keys'))[0].n).toBe(before);
  });

  it('a scalar where a list is required is refused (pixel_ids: 74, scopes: "links:read", events: "link.created", ids: 5)', async () => {
    const pixel = (await s.api('POST', '/pixels', { json: { name: 'Scalar', type: 'x', pixel_id: 's' } })).body.data.id as number;
    const link = await s.api('POST', '/links', { json: { url: 'https://scalar.example/', pixel_ids: pixel } });
    expect(link.status).toBe(422);
    expect(link.body.errors.pixel_ids).toEqual(['The pixel_ids must be a list.']);
    const key = await s.api('POST', '/keys', { json: { name: 'scalar', scopes: 'links:read' } });
    expect(key.status).toBe(422);
    expect(key.body.errors.scopes).toEqual(['The scopes must be a list.']);
    // A string has a length, but it is one complaint: not a list (not also "more than 4 items").
    const hook = await s.api('POST', '/webhooks', { json: { url: 'https://hooks.example/in', events: 'link.created' } });
    expect(hook.status).toBe(422);
    expect(hook.body.errors.events).toEqual(['The events must be a list.']);
    const id = await newLink();
    const del = await s.api('DELETE', '/links/bulk', { json: { ids: id } });
    expect(del.status).toBe(422);
    expect(del.body.errors.ids).toEqual(['The ids must be a list.']);
    expect((await s.api('GET', `/links/${id}`)).status).toBe(200);
  });

  it('dry_run 1 in JSON is refused (a boolean), so nothing is created thinking it a dry run', async () => {
    const before = await linkCount();
    for (const dry of [1, 0, 'true']) {
      const r = await s.api('POST', '/links/bulk', { json: { links: [{ url: 'https://dry.example/' }], dry_run: dry } });
      expect(r.status).toBe(422);
      expect(r.body.errors.dry_run).toEqual(['The dry_run must be true or false.']);
    }
    expect(await linkCount()).toBe(before);
    const real = await s.api('POST', '/links/bulk', { json: { links: [{ url: 'https://dry.example/' }], dry_run: true } });
    expect(real.status).toBe(200);
    expect(await linkCount()).toBe(before);
  });

  it('a number sent as a JSON string is refused; as a form value it is read (expiration_clicks)', async () => {
    const json = await s.api('POST', '/links', { json: { url: 'https://typed.example/', expiration_clicks: '5' } });
    expect(json.status).toBe(422);
    expect(json.body.errors.expiration_clicks).toEqual(['The expiration_clicks must be an integer.']);
    const form = await s.api('POST', '/links', { form: { url: 'https://typed.example/', expiration_clicks: '5' } });
    expect(form.status, form.text).toBe(201);
    expect(form.body.data.expiration_clicks).toBe(5);
  });

  it('a bulk item in JSON is typed too; in a form its text is read (links[0][expiration_clicks])', async () => {
    const json = await s.api('POST', '/links/bulk', { json: { links: [{ url: 'https://item.example/', expiration_clicks: '5' }], dry_run: true } });
    expect(json.status).toBe(200);
    expect(json.body.data[0].errors.expiration_clicks).toEqual(['The expiration_clicks must be an integer.']);
    const form = await s.api('POST', '/links/bulk', { form: 'links[0][url]=https%3A%2F%2Fitem.example%2F&links[0][expiration_clicks]=5&dry_run=1' });
    expect(form.status).toBe(200);
    expect(form.body.data[0].result, form.text).toBe('created');
  });
});

describe('__proto__ and other reserved names are fields refused by name', () => {
  it('a JSON body with a __proto__ key is a 422 naming __proto__, not invalid JSON, and pollutes nothing', async () => {
    const json = JSON.parse('{"url":"https://proto.example/","__proto__":{"polluted":"yes"}}') as unknown;
    const before = await linkCount();
    const r = await s.api('POST', '/links', { json });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await linkCount()).toBe(before);
  });

  it('a __proto__ key inside a bulk item is named with its path', async () => {
    const json = JSON.parse('{"links":[{"url":"https://proto.example/","\\u005f_proto__":{"polluted":"yes"}}]}') as unknown;
    const r = await s.api('POST', '/links/bulk', { json });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors)).toEqual(['links.0.__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a form field named __proto__ or constructor is refused by name, not silently dropped', async () => {
    for (const field of ['__proto__[polluted]', 'constructor[prototype][polluted]']) {
      const r = await s.api('POST', '/links', { form: `url=https%3A%2F%2Fproto.example%2F&${field}=yes` });
      expect(r.status).toBe(422);
      expect(Object.keys(r.body.errors)).toEqual([field]);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('a method a path does not take is 405 with Allow', () => {
  it('DELETE /links is 405 and names GET, HEAD and POST', async () => {
    const r = await s.api('DELETE', '/links');
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(r.body).toEqual({ message: 'The DELETE method is not supported for this route; allowed: GET, HEAD, POST.', status: 405 });
  });

  it('PATCH /openapi.json is 405 with Allow: GET, HEAD', async () => {
    const r = await s.api('PATCH', '/openapi.json');
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET, HEAD');
  });

  it('a path with an id answers 405 for a method it lacks (POST /links/1)', async () => {
    const id = await newLink();
    const r = await s.api('POST', `/links/${id}`, { json: {} });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET, HEAD, PUT, PATCH, DELETE');
  });

  it('a fixed path beside an id route answers 405, not the id route\'s 404 (GET /links/bulk, PATCH /keys/current)', async () => {
    for (const [method, path, allow] of [
      ['GET', '/links/bulk', 'POST, PATCH, DELETE'], ['PUT', '/links/bulk', 'POST, PATCH, DELETE'],
      ['PATCH', '/keys/current', 'GET, HEAD'], ['DELETE', '/keys/current', 'GET, HEAD'],
    ] as const) {
      const r = await s.api(method, path, method === 'GET' ? {} : { json: {} });
      expect(r.status, `${method} ${path} → ${r.text}`).toBe(405);
      expect(r.headers.get('allow')).toBe(allow);
    }
    // The id routes still answer for real ids and refuse others as records that do not exist.
    expect((await s.api('GET', '/links/999999')).status).toBe(404);
    expect((await s.api('GET', '/links/bulkx')).status).toBe(404);
  });

  it('an unknown path stays 404 (holds)', async () => {
    const r = await s.api('DELETE', '/nothing-here');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ message: 'Resource not found.', status: 404 });
  });
});

// POST/PATCH/DELETE /links/bulk through real HTTP: per-item answers that are
// byte for byte the single routes' answers, every on_conflict mode, dry runs
// that write nothing and ownership (webhook events, the OpenAPI document and the
// in-process core the CLI import calls: links-bulk-core.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../electron/server/util/secrets.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let domainId: number;
let spaceId: number;
let pixelId: number;
let otherKey: string;
let foreign: { domainId: number; spaceId: number; pixelId: number; linkId: number };

beforeAll(async () => {
  s = await startServer({ timeZone: 'Europe/Berlin' }, { webhooks: false });
  domainId = (await s.api('POST', '/domains', { json: { name: 'bulk.example' } })).body.data.id;
  spaceId = (await s.api('POST', '/spaces', { json: { name: 'Imports', color: '#00FF00' } })).body.data.id;
  pixelId = (await s.api('POST', '/pixels', { json: { name: 'GA', type: 'google-analytics', pixel_id: 'G-1' } })).body.data.id;
  otherKey = await s.newUserKey('other');
  const as = (m: string, p: string, json: unknown) => s.api(m, p, { json, key: otherKey });
  foreign = {
    domainId: (await as('POST', '/domains', { name: 'theirs.example' })).body.data.id,
    spaceId: (await as('POST', '/spaces', { name: 'Theirs', color: '#0000FF' })).body.data.id,
    pixelId: (await as('POST', '/pixels', { name: 'FB', type: 'facebook', pixel_id: '1' })).body.data.id,
    linkId: (await as('POST', '/links', { url: 'https://theirs.example.com', alias: 'theirs' })).body.data.id,
  };
});
afterAll(async () => { await s.close(); });

const bulk = (json: unknown, key?: string) => s.api('POST', '/links/bulk', { json, key });
const countLinks = async () => (await s.sql('SELECT count(*) AS n FROM links'))[0].n as number;
/** The single create's answer for a body, without keeping the link. */
const single = async (body: unknown) => s.api('POST', '/links', { json: body });

describe('POST /links/bulk', () => {
  it('protects a thousand links that share a password with one scrypt hash, and each opens with it', async () => {
    const links = Array.from({ length: 1000 }, (_, i) => ({ url: `https://example.com/shared/${i}`, alias: `shared-${i}`, password: i < 998 ? 'one for all' : 'another' }));
    const r = await bulk({ links });
    expect(r.status, r.text).toBe(200);
    expect(r.body.summary).toMatchObject({ created: 1000, rejected: 0 });
    const rows = await s.sql("SELECT alias, password_hash FROM links WHERE alias LIKE 'shared-%'");
    expect(new Set(rows.map((x) => x.password_hash)).size).toBe(2);
    const byAlias = new Map(rows.map((x) => [x.alias as string, x.password_hash as string]));
    expect(await verifyPassword('one for all', byAlias.get('shared-0')!)).toBe(true);
    expect(await verifyPassword('another', byAlias.get('shared-999')!)).toBe(true);
    expect(await verifyPassword('one for all', byAlias.get('shared-999')!)).toBe(false);
  });

  it('answers each item on its own: created links, and the very 422 bodies a single create gives', async () => {
    const invalid = [
      { url: 'javascript:alert(1)' },
      { alias: 'no-url' },
      { url: 'https://example.com', target_type: 5 },
      { url: 'https://example.com', expiration_time: '10:00' },
      { url: 'https://example.com', privacy: 2 },
      { url: 'https://example.com', alias: 'api' },
      { url: 'https://example.com', country: [{ key: 'XX', value: 'https://x.example.com' }], target_type: 1 },
      'not an object',
    ];
    const links = [
      { url: 'https://example.com/a', alias: 'bulk-a', domain_id: domainId, space_id: spaceId, pixel_ids: [pixelId] },
      ...invalid,
      { url: 'https://example.com/b', expiration_date: '2099-06-30', expiration_time: '13:45', password: 'pw' },
    ];
    const before = await countLinks();
    const r = await bulk({ links });
    expect(r.status).toBe(200);
    expect(r.body.summary).toEqual({ created: 2, updated: 0, skipped: 0, rejected: invalid.length });
    expect(r.body.data.map((i: any) => i.index)).toEqual(links.map((_, i) => i));
    expect(r.body.data[0]).toMatchObject({
      status: 201, result: 'created',
      data: { alias: 'bulk-a', short_url: 'http://bulk.example/bulk-a', space: { id: spaceId }, pixels: [{ id: pixelId }] },
    });
    const last = r.body.data.at(-1);
    expect(last).toMatchObject({ status: 201, result: 'created', data: { password: true, ends_at: '2099-06-30T11:45:00Z' } });
    expect(last.data.alias).toMatch(/^[A-Za-z0-9]{6}$/);
    for (const [i, body] of invalid.entries()) {
      const one = await single(body);
      expect(one.status).toBe(422);
      const item = r.body.data[i + 1];
      // An item says the first message as a sentence beside the single create's field map.
      expect({ message: item.errors, errors: item.errors, status: 422 }).toEqual(one.body);
      expect(item.message).toBe(Object.values(one.body.errors as Record<string, string[]>)[0]![0]);
      expect(item).toMatchObject({ status: 422, result: 'rejected' });
      expect(item.data).toBeUndefined();
    }
    expect(await countLinks()).toBe(before + 2);
    // The stored links are the ones answered.
    const shown = await s.api('GET', `/links/${r.body.data[0].data.id}`);
    expect(shown.body.data).toEqual(r.body.data[0].data);
  });

  it('stores every field as a single create does', async () => {
    const body = {
      url: 'https://example.com/every', domain_id: domainId, password: 'pw', space_id: spaceId, disabled: 1, privacy: 2,
      privacy_password: 'stats', expiration_url: 'https://example.com/gone', expiration_date: '2099-06-30', expiration_time: '13:45',
      expiration_clicks: 100, target_type: 2, country: [{ key: 'us', value: 'https://us.example.com' }],
      platform: [{ key: 'OS X', value: 'https://mac.example.com' }], language: [{ key: 'FR', value: 'https://fr.example.com' }],
      rotation: [{ value: 'https://a.example.com' }], preview_title: 'T', preview_description: 'D', preview_image: 'https://example.com/i.png',
    };
    const r = await bulk({ links: [{ ...body, alias: 'every-1' }, { ...body, alias: 'every-2' }, { url: 'https://example.com/plain' }] });
    const one = (await single({ ...body, alias: 'every-3' })).body.data;
    const plainOne = (await single({ url: 'https://example.com/plain' })).body.data;
    const strip = ({ id, alias, short_url, created_at, updated_at, ...rest }: any) => rest;
    for (const item of r.body.data.slice(0, 2)) {
      expect(strip((await s.api('GET', `/links/${item.data.id}`)).body.data)).toEqual(strip(one));
    }
    expect(strip((await s.api('GET', `/links/${r.body.data[2].data.id}`)).body.data)).toEqual(strip(plainOne));
  });

  it('keeps the title and creation time an import gives (not taken by POST /links), and 422s a bad or future created_at', async () => {
    const r = await bulk({ links: [
      { url: 'https://example.com/kept', alias: 'kept-title', title: 'From the file', created_at: '2021-02-03T04:05:06.789+01:00' },
      { url: 'https://example.com/plain', alias: 'no-title' },
      { url: 'https://example.com/later', created_at: new Date(Date.now() + 86_400_000).toISOString() },
      { url: 'https://example.com/garbled', created_at: 'last tuesday' },
    ] });
    expect(r.status).toBe(200);
    expect(r.body.data[0].data).toMatchObject({ alias: 'kept-title', title: 'From the file', created_at: '2021-02-03T03:05:06Z' });
    expect(r.body.data[1].data.title).toBeNull();
    expect(r.body.data[1].data.created_at).not.toBe('2021-02-03T03:05:06Z');
    expect(r.body.data[2]).toMatchObject({ status: 422, result: 'rejected', errors: { created_at: ['The created_at cannot be in the future.'] } });
    expect(r.body.data[3]).toMatchObject({ status: 422, errors: { created_at: [expect.stringContaining('ISO 8601')] } });
    const one = await single({ url: 'https://example.com/single', title: 'Ignored', created_at: '2020-01-01T00:00:00Z' });
    expect(one.status).toBe(201);
    expect(one.body.data.title).toBeNull();
    expect(one.body.data.created_at).not.toBe('2020-01-01T00:00:00Z');
  });

  it("refuses other users' domains, spaces and pixels per item, as a single create does", async () => {
    const links = [
      { url: 'https://example.com', domain_id: foreign.domainId },
      { url: 'https://example.com', space_id: foreign.spaceId },
      { url: 'https://example.com', pixel_ids: [pixelId, foreign.pixelId] },
      { url: 'https://example.com/ok', space_id: spaceId },
    ];
    const r = await bulk({ links });
    expect(r.body.data.map((i: any) => i.status)).toEqual([422, 422, 422, 201]);
    expect(Object.keys(r.body.data[0].errors)).toEqual(['domain_id']);
    expect(Object.keys(r.body.data[1].errors)).toEqual(['space_id']);
    expect(Object.keys(r.body.data[2].errors)).toEqual(['pixel_ids']);
    for (const [i, body] of links.slice(0, 3).entries()) expect(r.body.data[i].errors).toEqual((await single(body)).body.message);
  });

  it('on_conflict error (the default): a taken alias, in the store or earlier in the batch, is the create\'s 422 on alias', async () => {
    await bulk({ links: [{ url: 'https://example.com/c1', alias: 'conflict-1' }] });
    const taken = await single({ url: 'https://example.com/again', alias: 'conflict-1' });
    const r = await bulk({
      links: [
        { url: 'https://example.com/again', alias: 'conflict-1' },
        { url: 'https://example.com/new', alias: 'conflict-2' },
        { url: 'https://example.com/dup', alias: 'conflict-2' },
        // The same alias on another domain is no conflict.
        { url: 'https://example.com/other-domain', alias: 'conflict-2', domain_id: domainId },
      ],
    });
    expect(r.body.data.map((i: any) => i.result)).toEqual(['rejected', 'created', 'rejected', 'created']);
    expect(r.body.data[0].errors).toEqual(taken.body.errors);
    expect(r.body.data[2].errors).toEqual({ alias: ['The alias has already been taken.'] });
  });

  it('on_conflict skip answers the existing link and writes nothing for it', async () => {
    const existing = (await bulk({ links: [{ url: 'https://example.com/s', alias: 'skip-me', domain_id: domainId }] })).body.data[0].data;
    const before = await countLinks();
    const r = await bulk({
      on_conflict: 'skip',
      links: [
        { url: 'https://example.com/changed', alias: 'skip-me', domain_id: domainId },
        { url: 'https://example.com/s2', alias: 'skip-2' },
        { url: 'https://example.com/s2-dup', alias: 'skip-2' },
        // Another user's link on the shared default domain: skipped, never shown.
        { url: 'https://example.com/t', alias: 'theirs' },
      ],
    });
    expect(r.body.summary).toEqual({ created: 1, updated: 0, skipped: 3, rejected: 0 });
    expect(r.body.data[0]).toMatchObject({ status: 200, result: 'skipped', data: { id: existing.id, url: 'https://example.com/s' } });
    expect(r.body.data[2]).toMatchObject({ result: 'skipped', data: { id: r.body.data[1].data.id, url: 'https://example.com/s2' } });
    expect(r.body.data[3]).toMatchObject({ status: 200, result: 'skipped', message: 'The alias has already been taken.' });
    expect(r.body.data[3].data).toBeUndefined();
    expect(await countLinks()).toBe(before + 1);
  });

  it('on_conflict rename takes the first free alias-2, alias-3…', async () => {
    await bulk({ links: [{ url: 'https://example.com/r', alias: 'ren' }, { url: 'https://example.com/r2', alias: 'ren-2' }] });
    const r = await bulk({
      on_conflict: 'rename',
      links: [
        { url: 'https://example.com/r3', alias: 'ren' },
        { url: 'https://example.com/r4', alias: 'ren' },
        { url: 'https://example.com/long', alias: 'x'.repeat(255) },
        { url: 'https://example.com/long2', alias: 'x'.repeat(255) },
      ],
    });
    expect(r.body.data.map((i: any) => i.data.alias)).toEqual(['ren-3', 'ren-4', 'x'.repeat(255), `${'x'.repeat(253)}-2`]);
    expect(r.body.summary.created).toBe(4);
  });

  it('on_conflict update changes the existing link with the fields sent (and checks them as an update)', async () => {
    const first = (await bulk({ links: [{ url: 'https://example.com/u', alias: 'upd', expiration_date: '2099-01-01' }] })).body.data[0].data;
    const r = await bulk({
      on_conflict: 'update',
      links: [
        { url: 'https://example.com/u2', alias: 'upd', expiration_time: '08:30', space_id: spaceId },
        { url: 'https://example.com/u3', alias: 'upd', privacy: 2 },
        { url: 'https://example.com/n', alias: 'upd-new' },
        { url: 'https://example.com/n2', alias: 'upd-new', disabled: 1 },
        { url: 'https://example.com/t', alias: 'theirs' },
      ],
    });
    expect(r.body.data.map((i: any) => i.result)).toEqual(['updated', 'rejected', 'created', 'updated', 'rejected']);
    expect(r.body.data[0]).toMatchObject({
      status: 200, data: { id: first.id, url: 'https://example.com/u2', expiration_date: '2099-01-01', expiration_time: '08:30', space: { id: spaceId } },
    });
    expect(r.body.data[1].errors).toHaveProperty('privacy_password');
    expect(r.body.data[3].data).toMatchObject({ id: r.body.data[2].data.id, url: 'https://example.com/n2', disabled: 1 });
    // Another user's link is never updated: the alias is simply taken.
    expect(r.body.data[4].errors).toEqual({ alias: ['The alias has already been taken.'] });
    expect((await s.api('GET', `/links/${foreign.linkId}`, { key: otherKey })).body.data.url).toBe('https://theirs.example.com');
  });

  it('dry_run checks everything, conflicts within the batch included, and writes nothing', async () => {
    await bulk({ links: [{ url: 'https://example.com/d', alias: 'dry-taken' }] });
    const before = await countLinks();
    const links = [
      { url: 'https://example.com/1', alias: 'dry-1' },
      { url: 'https://example.com/2', alias: 'dry-1' },
      { url: 'https://example.com/3', alias: 'dry-taken' },
      { url: 'ftp://nope' },
    ];
    const r = await bulk({ links, dry_run: true });
    expect(r.body.data.map((i: any) => i.status)).toEqual([201, 422, 422, 422]);
    expect(r.body.data[0].data).toBeUndefined();
    expect(r.body.data[1].errors).toEqual({ alias: ['The alias has already been taken.'] });
    const renamed = await bulk({ links, dry_run: true, on_conflict: 'skip' });
    expect(renamed.body.summary).toEqual({ created: 1, updated: 0, skipped: 2, rejected: 1 });
    expect(await countLinks()).toBe(before);
  });

  it('422s the request only for the list itself or its parameters', async () => {
    const item = { url: 'https://example.com' };
    const cases: [unknown, string, string][] = [
      [{}, 'links', 'The links field is required.'],
      [{ links: [] }, 'links', 'The links field needs at least one item.'],
      [{ links: Array(1001).fill(item) }, 'links', 'The links may not have more than 1000 items.'],
      [{ links: item }, 'links', 'The links must be a list.'],
      [{ links: [item], on_conflict: 'merge' }, 'on_conflict', 'The selected on_conflict is invalid; allowed: error, skip, rename, update.'],
    ];
    const before = await countLinks();
    for (const [json, field, message] of cases) {
      const r = await bulk(json);
      expect(r.status, JSON.stringify(json).slice(0, 60)).toBe(422);
      expect(r.body).toEqual({ message: { [field]: [message] }, errors: { [field]: [message] }, status: 422 });
    }
    expect(await countLinks()).toBe(before);
    const full = await bulk({ links: Array(1000).fill(item) });
    expect(full.body.summary.created).toBe(1000);
  });

  it('takes form-encoded bodies too, bracket lists longer than the form parser keeps as arrays included', async () => {
    const form = Array.from({ length: 150 }, (_, i) => `links[${i}][url]=${encodeURIComponent(`https://example.com/form/${i}`)}`).join('&');
    const r = await s.api('POST', '/links/bulk', { form: `${form}&links[3][alias]=form-3&dry_run=1` });
    expect(r.status).toBe(200);
    expect(r.body.summary).toEqual({ created: 150, updated: 0, skipped: 0, rejected: 0 });
    const made = await s.api('POST', '/links/bulk', { form: 'links[0][url]=https%3A%2F%2Fexample.com%2Fform&links[0][disabled]=1&on_conflict=skip' });
    expect(made.body.data[0].data).toMatchObject({ url: 'https://example.com/form', disabled: 1 });
  });

  it('takes bodies up to 8 MB and answers 413 beyond', async () => {
    const big = { url: `https://example.com/${'p'.repeat(2000)}` };
    const r = await bulk({ links: Array(1000).fill(big), dry_run: true });
    expect(r.text.length).toBeGreaterThan(0);
    expect(r.status).toBe(200);
    const huge = await bulk({ links: [{ url: 'https://example.com', preview_title: 'x'.repeat(9 * 1024 * 1024) }] });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: 'The request body is too large.', status: 413 });
  });

  it('needs a key', async () => {
    expect((await s.api('POST', '/links/bulk', { json: { links: [{ url: 'https://example.com' }] }, key: null })).status).toBe(401);
  });
});

describe('PATCH and DELETE /links/bulk', () => {
  const make = async (n: number, extra: Record<string, unknown> = {}): Promise<number[]> =>
    (await bulk({ links: Array.from({ length: n }, (_, i) => ({ url: `https://example.com/m${i}`, ...extra })) })).body.data.map((i: any) => i.data.id as number);

  it('disables, moves to a space and sets an expiry; a foreign id is 404 and the others are done', async () => {
    const ids = await make(3);
    const r = await s.api('PATCH', '/links/bulk', { json: { ids: [...ids, foreign.linkId], changes: { disabled: 1, space_id: spaceId, expiration_date: '2099-12-31' } } });
    expect(r.status).toBe(200);
    expect(r.body.summary).toEqual({ updated: 3, rejected: 1 });
    expect(r.body.data.map((i: any) => [i.id, i.status])).toEqual([...ids.map((id) => [id, 200]), [foreign.linkId, 404]]);
    expect(r.body.data[0].data).toMatchObject({ disabled: 1, status: 3, space: { id: spaceId }, expiration_date: '2099-12-31', ends_at: '2099-12-30T23:00:00Z' });
    expect(r.body.data[3]).toEqual({ id: foreign.linkId, status: 404, result: 'rejected', message: 'Resource not found.' });
    expect((await s.api('GET', `/links/${foreign.linkId}`, { key: otherKey })).body.data.disabled).toBe(0);
    const cleared = await s.api('PATCH', '/links/bulk', { json: { ids, changes: { disabled: 0, space_id: null, expiration_date: null } } });
    expect(cleared.body.data[0].data).toMatchObject({ disabled: 0, space: null, expiration_date: null, ends_at: null, status: 1 });
  });

  it('422s an id whose link the change does not fit, and the request for changes no link could take', async () => {
    const [dated] = await make(1, { expiration_date: '2099-01-01' });
    const [undated] = await make(1);
    const r = await s.api('PATCH', '/links/bulk', { json: { ids: [dated, undated], changes: { expiration_time: '09:00' } } });
    expect(r.body.data[0]).toMatchObject({ status: 200, data: { expiration_time: '09:00' } });
    const one = await s.api('PATCH', `/links/${undated}`, { json: { expiration_time: '09:00' } });
    expect(one.status).toBe(422);
    expect(r.body.data[1]).toEqual({ id: undated, result: 'rejected', ...one.body, message: one.body.errors.expiration_time[0] });
    for (const [changes, field] of [
      [{ alias: 'x' }, 'changes.alias'], [{ domain_id: domainId }, 'changes.domain_id'], [{}, 'changes'],
      [{ url: 'javascript:x' }, 'changes.url'], [{ space_id: foreign.spaceId }, null],
    ] as const) {
      const bad = await s.api('PATCH', '/links/bulk', { json: { ids: [undated], changes } });
      if (field === null) {
        // Ownership is per link, as for a single update: the item is 422.
        expect(bad.body.data[0]).toMatchObject({ status: 422, errors: { space_id: ['The selected space_id is invalid.'] } });
      } else {
        expect(bad.status, field).toBe(422);
        expect(Object.keys(bad.body.errors)).toEqual([field]);
      }
    }
    expect((await s.api('PATCH', '/links/bulk', { json: { ids: Array(1001).fill(undated), changes: { disabled: 1 } } })).status).toBe(422);
  });

  it('deletes its own links and answers 404 for others and for unknown ids', async () => {
    const ids = await make(2);
    const r = await s.api('DELETE', '/links/bulk', { json: { ids: [ids[0], foreign.linkId, 99_999_999, ids[1]] } });
    expect(r.body).toEqual({
      data: [
        { id: ids[0], status: 200, result: 'deleted' },
        { id: foreign.linkId, status: 404, result: 'rejected', message: 'Resource not found.' },
        { id: 99_999_999, status: 404, result: 'rejected', message: 'Resource not found.' },
        { id: ids[1], status: 200, result: 'deleted' },
      ],
      summary: { deleted: 2, rejected: 2 },
      status: 200,
    });
    expect((await s.api('GET', `/links/${ids[0]}`)).status).toBe(404);
    expect((await s.api('GET', `/links/${foreign.linkId}`, { key: otherKey })).status).toBe(200);
    expect((await s.api('DELETE', '/links/bulk', { json: { ids: [] } })).status).toBe(422);
  });
});

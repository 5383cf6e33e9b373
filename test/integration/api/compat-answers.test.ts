// A link's answer, field by field, against phpShort's LinkResource
// (app/Http/Resources/LinkResource.php) and its model's casts
// (app/Models/Link.php): every field phpShort answers is there with its
// meaning, beside Linkdesk's own and the seed's. Dates phpShort casts to
// datetime are written as Eloquent writes them (ISO 8601 in UTC, microseconds);
// the seed's expiration_date/expiration_time stay as the seed writes them, in
// the instance's time zone (Europe/Berlin here). `password` means what the
// instance's --api-generation says. Both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { UA } from '../redirect/helpers.ts';

let seed: TestServer;
let current: TestServer;
/** The same link, made on each instance with current phpShort's fields. */
const made: Record<'seed' | 'current', Record<string, any>> = { seed: {}, current: {} };
const ids = { domain: 0, space: 0, pixel: 0 };

async function fullLink(s: TestServer) {
  ids.domain = (await s.api('POST', '/domains', { form: { name: 'go.example.com', index_page: 'https://example.com/home' } })).body.data.id;
  ids.space = (await s.api('POST', '/spaces', { form: { name: 'Team', color: '#aa0000' } })).body.data.id;
  ids.pixel = (await s.api('POST', '/pixels', { form: { name: 'GA', type: 'google-analytics', pixel_id: 'G-12345' } })).body.data.id;
  const r = await s.api('POST', '/links', { json: {
    url: 'https://example.com/full', alias: 'full', domain_id: ids.domain, space_id: ids.space, pixel_ids: [ids.pixel],
    targets_type: 'rotations', targets: [{ value: 'https://example.com/a' }, { value: 'https://example.com/b' }],
    redirect_password: 'door', password: 'stats', privacy: 2, sensitive_content: 1, clicks_limit: 40,
    active_period_start_at: '2099-01-10 08:30', active_period_end_at: '2099-07-01 14:15', expiration_url: 'https://example.com/over',
  } });
  expect(r.status, r.text).toBe(201);
  return r.body.data;
}

beforeAll(async () => {
  seed = await startServer({ timeZone: 'Europe/Berlin', rateLimit: 0 }, { webhooks: false });
  current = await startServer({ timeZone: 'Europe/Berlin', rateLimit: 0, apiGeneration: 'current' }, { webhooks: false });
  made.seed = await fullLink(seed);
  made.current = await fullLink(current);
});
afterAll(async () => { await seed?.close(); await current?.close(); });

/** ISO 8601 in UTC with microseconds, as Eloquent serialises a datetime cast. */
const ELOQUENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

describe('every field of LinkResource::toArray, on both generations\' instances', () => {
  const NEW = new Set(['last_rotation', 'expires_at']); // the two today's answers lack
  it.each([
    ['id', 19], ['alias', 20], ['url', 21], ['short_url', 22], ['title', 23], ['targets_type', 24], ['targets', 25], ['last_rotation', 26],
    ['sensitive_content', 27], ['privacy', 28], ['password', 29], ['redirect_password', 30], ['active_period_start_at', 31],
    ['active_period_end_at', 32], ['clicks_limit', 33], ['expiration_url', 34], ['clicks', 35], ['space', 36], ['domain', 37], ['pixels', 38],
    ['expires_at', 39], ['created_at', 40], ['updated_at', 41],
  ].map(([f, line]) => [f, line, NEW.has(f as string) ? '' : ' (holds)']))('%s is answered (LinkResource.php:%i)%s', (field) => {
    expect(made.seed).toHaveProperty(field as string);
    expect(made.current).toHaveProperty(field as string);
  });

  it('the OpenAPI document declares every one of them on Link (LinkResource.php:18-42)', async () => {
    const doc = (await seed.api('GET', '/openapi.json')).body;
    const props = Object.keys(doc.components.schemas.Link.properties);
    expect(props).toEqual(expect.arrayContaining(['id', 'alias', 'url', 'short_url', 'title', 'targets_type', 'targets', 'last_rotation', 'sensitive_content',
      'privacy', 'password', 'redirect_password', 'active_period_start_at', 'active_period_end_at', 'clicks_limit', 'expiration_url', 'clicks', 'space',
      'domain', 'pixels', 'expires_at', 'created_at', 'updated_at']));
  });
});

describe('what each field says', () => {
  it('id, alias, url and title as stored, title null until fetched (LinkResource.php:19-23) (holds)', () => {
    expect(made.seed).toMatchObject({ id: 1, alias: 'full', url: 'https://example.com/full', title: null });
  });

  it('short_url is the domain\'s URL and the alias (LinkResource.php:22, Link.php:272) (holds)', () => {
    expect(made.seed.short_url).toBe('http://go.example.com/full');
  });

  it('short_url of a link on no domain is the instance\'s URL and the alias (Link.php:272) (holds)', async () => {
    const r = await seed.api('POST', '/links', { form: { url: 'https://example.com/x', alias: 'bare' } });
    expect(r.body.data.short_url).toBe(`${seed.url}/bare`);
  });

  it('targets_type and targets as sent (LinkResource.php:24-25) (holds)', () => {
    expect(made.seed).toMatchObject({ targets_type: 'rotations', targets: [{ value: 'https://example.com/a' }, { value: 'https://example.com/b' }] });
  });

  it('last_rotation is a number, 0 for a new link (LinkResource.php:26, v1_3_0 migration default 0)', () => {
    expect(made.seed.last_rotation).toBe(0);
  });

  it('last_rotation moves on as visits take the rotation\'s turns (RedirectController.php:275-288)', async () => {
    const r = await seed.api('POST', '/links', { json: { url: 'https://example.com/r', alias: 'rot', targets_type: 'rotations',
      targets: [{ value: 'https://example.com/1' }, { value: 'https://example.com/2' }, { value: 'https://example.com/3' }] } });
    const visit = await fetch(`${seed.url}/rot`, { redirect: 'manual', headers: { 'user-agent': UA.iOS } });
    expect(visit.status).toBe(302);
    const after = (await seed.api('GET', `/links/${r.body.data.id}`)).body.data.last_rotation;
    expect(after).toBe(1);
  });

  it('sensitive_content and privacy as set (LinkResource.php:27-28) (holds)', () => {
    expect(made.seed).toMatchObject({ sensitive_content: 1, privacy: 2 });
  });

  it('password: on an instance run with --api-generation current, whether the statistics page asks for one (LinkResource.php:29, v46 migration:37)', async () => {
    expect(made.current.password).toBe(true);
    const r = await current.api('POST', '/links', { json: { url: 'https://example.com/x', redirect_password: 'door' } });
    expect(r.body.data).toMatchObject({ password: false, redirect_password: true, privacy_password: false });
  });

  it('password: on the seed\'s instance (the default), whether the redirect asks for one (holds)', async () => {
    expect(made.seed.password).toBe(true);
    const r = await seed.api('POST', '/links', { json: { url: 'https://example.com/x', privacy: 2, privacy_password: 'stats' } });
    expect(r.body.data).toMatchObject({ password: false, redirect_password: false, privacy_password: true });
  });

  it('redirect_password says whether visitors need a password, on both instances (LinkResource.php:30) (holds)', () => {
    expect(made.seed.redirect_password).toBe(true);
    expect(made.current.redirect_password).toBe(true);
  });

  it('active_period_start_at is the instant, ISO 8601 in UTC as Eloquent writes a datetime cast (LinkResource.php:31, Link.php:24)', () => {
    // 08:30 in Berlin in January (UTC+1).
    expect(made.seed.active_period_start_at).toBe('2099-01-10T07:30:00.000000Z');
    expect(made.seed.active_period_start_at).toMatch(ELOQUENT);
  });

  it('active_period_end_at likewise (LinkResource.php:32, Link.php:25)', () => {
    // 14:15 in Berlin in July (UTC+2).
    expect(made.current.active_period_end_at).toBe('2099-07-01T12:15:00.000000Z');
  });

  it('no active period answers null for both ends and expires_at (LinkResource.php:31-32, :39)', async () => {
    const r = await seed.api('POST', '/links', { form: { url: 'https://example.com/x' } });
    expect(r.body.data).toMatchObject({ active_period_start_at: null, active_period_end_at: null, expires_at: null });
  });

  it('the seed\'s expiration_date and expiration_time stay the instance\'s wall clock, ends_at the instant (holds)', () => {
    expect(made.seed).toMatchObject({ expiration_date: '2099-07-01', expiration_time: '14:15', ends_at: '2099-07-01T12:15:00Z' });
  });

  it('clicks_limit, expiration_url and clicks (LinkResource.php:33-35) (holds)', () => {
    expect(made.seed).toMatchObject({ clicks_limit: 40, expiration_clicks: 40, expiration_url: 'https://example.com/over', clicks: 0 });
  });

  it('space is the whole Space record: id, user_id, name, color, created_at, updated_at (LinkResource.php:36)', () => {
    expect(made.seed.space).toEqual({ id: ids.space, user_id: 1, name: 'Team', color: '#aa0000', created_at: expect.any(String), updated_at: expect.any(String) });
  });

  it('domain is the whole Domain record: index_page, not_found_page, user_id and dates too (LinkResource.php:37)', () => {
    expect(made.seed.domain).toEqual({
      id: ids.domain, user_id: 1, name: 'go.example.com', index_page: 'https://example.com/home', not_found_page: null,
      created_at: expect.any(String), updated_at: expect.any(String),
    });
  });

  it('pixels are the Pixel records with their tracking id as value and the link_pixel pivot (LinkResource.php:38, Link.php:86)', () => {
    expect(made.seed.pixels).toEqual([{
      id: ids.pixel, user_id: 1, name: 'GA', type: 'google-analytics', value: 'G-12345', pivot: { link_id: made.seed.id, pixel_id: ids.pixel },
      created_at: expect.any(String), updated_at: expect.any(String),
    }]);
  });

  it('space and domain are null for a link in none, pixels [] (holds)', async () => {
    const r = await seed.api('POST', '/links', { form: { url: 'https://example.com/x' } });
    expect(r.body.data).toMatchObject({ space: null, domain: null, pixels: [] });
  });

  it('expires_at is the instant the link ends, as active_period_end_at (LinkResource.php:39)', () => {
    expect(made.seed.expires_at).toBe('2099-07-01T12:15:00.000000Z');
  });

  it('created_at and updated_at are ISO 8601 in UTC (LinkResource.php:40-41) (holds)', () => {
    for (const f of ['created_at', 'updated_at']) expect(made.seed[f]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  });

  it('the answer is wrapped as {data, status: 200} on show (LinkResource.php:51-55) (holds)', async () => {
    const r = await seed.api('GET', `/links/${made.seed.id}`);
    expect(r.body).toEqual({ data: expect.objectContaining({ id: made.seed.id }), status: 200 });
  });
});

describe('an answer sent back', () => {
  it('active_period_* as answered are taken again unchanged (LinkTrait.php:115-121, Carbon::parse) (holds)', async () => {
    const link = made.seed;
    const r = await seed.api('PUT', `/links/${link.id}`, { json: { active_period_start_at: link.active_period_start_at, active_period_end_at: link.active_period_end_at } });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({
      active_period_start_at: link.active_period_start_at, active_period_end_at: link.active_period_end_at,
      expiration_date: '2099-07-01', expiration_time: '14:15',
    });
  });

  it('an instant with an offset is that instant (LinkTrait.php:116)', async () => {
    const r = await seed.api('POST', '/links', { form: { url: 'https://example.com/x', active_period_start_at: '2099-01-10T10:30:00+03:00' } });
    expect(r.status, r.text).toBe(201);
    expect(r.body.data.active_period_start_at).toBe('2099-01-10T07:30:00.000000Z');
  });
});

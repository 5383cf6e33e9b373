// Every writable link field: accepted values as the response shows them, and
// at least one rejected value answered 422 on that field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
let domainId: number;
let spaceId: number;
let pixelIds: number[];
beforeAll(async () => {
  s = await startServer({ timeZone: 'Europe/Berlin' });
  domainId = (await s.api('POST', '/domains', { form: { name: 'l.example' } })).body.data.id;
  spaceId = (await s.api('POST', '/spaces', { form: { name: 'Campaigns', color: '#FF0000' } })).body.data.id;
  pixelIds = [
    (await s.api('POST', '/pixels', { form: { name: 'GA', type: 'google-analytics', pixel_id: 'G-1' } })).body.data.id,
    (await s.api('POST', '/pixels', { form: { name: 'FB', type: 'facebook', pixel_id: '12345' } })).body.data.id,
  ];
});
afterAll(async () => { await s.close(); });

const create = (form: string | Record<string, string>) => s.api('POST', '/links', { form });

describe('link create', () => {
  it('creates a link from the seed sample (url + domain) with defaults and a generated alias', async () => {
    const r = await create({ url: 'https://example.com/page', domain: String(domainId) });
    expect(r.status).toBe(201);
    expect(r.body.status).toBe(201);
    const l = r.body.data;
    expect(l.alias).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(l).toMatchObject({
      url: 'https://example.com/page', short_url: `http://l.example/${l.alias}`, title: null,
      domain: { id: domainId, name: 'l.example' }, space: null, pixels: [], disabled: 0, privacy: 0,
      password: false, privacy_password: false, expiration_url: null, expiration_date: null, expiration_time: null,
      ends_at: null, expiration_clicks: null, target_type: 0, country: [], platform: [], language: [], rotation: [],
      clicks: 0, status: 1,
    });
  });

  it('uses the instance host when no domain is given', async () => {
    const r = await create({ url: 'https://example.com', alias: 'home-page_1' });
    expect(r.body.data.short_url).toBe(`${s.url}/home-page_1`);
    expect(r.body.data.domain).toBeNull();
  });

  it('accepts every field group through bracket notation', async () => {
    const form = [
      'url=https%3A%2F%2Fexample.com%2Fall', `domain_id=${domainId}`, 'alias=AllFields', 'password=s3cret',
      `space_id=${spaceId}`, `pixel_ids[]=${pixelIds[0]}`, `pixel_ids[]=${pixelIds[1]}`, 'disabled=1', 'privacy=2',
      'privacy_password=stats', 'expiration_url=https%3A%2F%2Fexample.com%2Fgone', 'expiration_date=2099-06-30',
      'expiration_time=13:45', 'expiration_clicks=100', 'target_type=1',
      'country[0][key]=us', 'country[0][value]=https%3A%2F%2Fus.example.com', 'country[1][key]=DE', 'country[1][value]=https%3A%2F%2Fde.example.com',
      'platform[0][key]=OS%20X', 'platform[0][value]=https%3A%2F%2Fmac.example.com',
      'language[0][key]=FR', 'language[0][value]=https%3A%2F%2Ffr.example.com',
      'rotation[0][value]=https%3A%2F%2Fa.example.com', 'rotation[1][value]=https%3A%2F%2Fb.example.com',
    ].join('&');
    const r = await create(form);
    expect(r.status).toBe(201);
    const l = r.body.data;
    expect(l).toMatchObject({
      alias: 'AllFields', password: true, privacy: 2, privacy_password: true, disabled: 1, status: 3,
      space: { id: spaceId, name: 'Campaigns', color: '#ff0000' },
      pixels: [{ id: pixelIds[0], name: 'GA', type: 'google-analytics' }, { id: pixelIds[1], name: 'FB', type: 'facebook' }],
      expiration_url: 'https://example.com/gone', expiration_date: '2099-06-30', expiration_time: '13:45',
      ends_at: '2099-06-30T11:45:00Z', // Europe/Berlin in summer is UTC+2
      expiration_clicks: 100, target_type: 1,
      country: [{ key: 'US', value: 'https://us.example.com' }, { key: 'DE', value: 'https://de.example.com' }],
      platform: [{ key: 'OS X', value: 'https://mac.example.com' }],
      language: [{ key: 'fr', value: 'https://fr.example.com' }],
      rotation: [{ value: 'https://a.example.com' }, { value: 'https://b.example.com' }],
    });
    expect(r.text).not.toContain('s3cret');
    expect(r.text).not.toContain('scrypt');
  });

  it('accepts JSON bodies with the same fields', async () => {
    const r = await s.api('POST', '/links', {
      json: { url: 'https://example.com/json', target_type: 3, language: [{ key: 'en', value: 'https://en.example.com' }], pixel_ids: [pixelIds[0]], expiration_clicks: 5 },
    });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ target_type: 3, language: [{ key: 'en', value: 'https://en.example.com' }], expiration_clicks: 5, pixels: [{ id: pixelIds[0] }] });
  });

  it.each([
    ['target_type=2&platform[0][key]=iOS&platform[0][value]=https%3A%2F%2Fios.example.com', 2],
    ['target_type=4&rotation[0][value]=https%3A%2F%2Fr.example.com', 4],
    ['target_type=0', 0],
  ])('accepts target type %#', async (extra, type) => {
    const r = await create(`url=https%3A%2F%2Fexample.com&${extra}`);
    expect(r.status).toBe(201);
    expect(r.body.data.target_type).toBe(type);
  });

  it('expires at once with a past date, and reports expiration_time 00:00 by default', async () => {
    const r = await create({ url: 'https://example.com', expiration_date: '2001-01-01' });
    expect(r.body.data).toMatchObject({ status: 2, expiration_time: '00:00', ends_at: '2000-12-31T23:00:00Z' });
  });

  const rejected: [string, string, string][] = [
    ['url missing', '', 'url'],
    ['url javascript:', 'url=javascript%3Aalert(1)', 'url'],
    ['url data:', 'url=data%3Atext%2Fhtml%2Chi', 'url'],
    ['url file:', 'url=file%3A%2F%2F%2Fetc%2Fpasswd', 'url'],
    ['url relative', 'url=%2Fpath', 'url'],
    ['url too long', `url=https%3A%2F%2Fexample.com%2F${'a'.repeat(2048)}`, 'url'],
    ['domain_id not owned', 'url=https%3A%2F%2Fx.example&domain_id=999', 'domain_id'],
    ['domain_id not a number', 'url=https%3A%2F%2Fx.example&domain_id=abc', 'domain_id'],
    ['alias with a slash', 'url=https%3A%2F%2Fx.example&alias=a%2Fb', 'alias'],
    ['alias too long', `url=https%3A%2F%2Fx.example&alias=${'a'.repeat(256)}`, 'alias'],
    ['alias reserved', 'url=https%3A%2F%2Fx.example&alias=api', 'alias'],
    ['password too long', `url=https%3A%2F%2Fx.example&password=${'p'.repeat(129)}`, 'password'],
    ['space_id not owned', 'url=https%3A%2F%2Fx.example&space_id=999', 'space_id'],
    ['pixel_ids not owned', 'url=https%3A%2F%2Fx.example&pixel_ids[]=999', 'pixel_ids'],
    ['pixel_ids not numbers', 'url=https%3A%2F%2Fx.example&pixel_ids[]=x', 'pixel_ids.0'],
    ['disabled=2', 'url=https%3A%2F%2Fx.example&disabled=2', 'disabled'],
    ['privacy=3', 'url=https%3A%2F%2Fx.example&privacy=3', 'privacy'],
    ['privacy 2 without password', 'url=https%3A%2F%2Fx.example&privacy=2', 'privacy_password'],
    ['expiration_url ftp', 'url=https%3A%2F%2Fx.example&expiration_url=ftp%3A%2F%2Fx', 'expiration_url'],
    ['expiration_date format', 'url=https%3A%2F%2Fx.example&expiration_date=30-06-2099', 'expiration_date'],
    ['expiration_date impossible', 'url=https%3A%2F%2Fx.example&expiration_date=2099-02-30', 'expiration_date'],
    ['expiration_time format', 'url=https%3A%2F%2Fx.example&expiration_date=2099-01-01&expiration_time=25:00', 'expiration_time'],
    ['expiration_time without date', 'url=https%3A%2F%2Fx.example&expiration_time=10:00', 'expiration_time'],
    ['expiration_clicks negative', 'url=https%3A%2F%2Fx.example&expiration_clicks=-1', 'expiration_clicks'],
    ['expiration_clicks text', 'url=https%3A%2F%2Fx.example&expiration_clicks=ten', 'expiration_clicks'],
    ['target_type 5', 'url=https%3A%2F%2Fx.example&target_type=5', 'target_type'],
    ['country key unknown', 'url=https%3A%2F%2Fx.example&target_type=1&country[0][key]=XX&country[0][value]=https%3A%2F%2Fa.example', 'country.0.key'],
    ['country value not a URL', 'url=https%3A%2F%2Fx.example&target_type=1&country[0][key]=US&country[0][value]=nope', 'country.0.value'],
    ['platform key unknown', 'url=https%3A%2F%2Fx.example&target_type=2&platform[0][key]=BeOS&platform[0][value]=https%3A%2F%2Fa.example', 'platform.0.key'],
    ['language key unknown', 'url=https%3A%2F%2Fx.example&target_type=3&language[0][key]=xx&language[0][value]=https%3A%2F%2Fa.example', 'language.0.key'],
    ['rotation value javascript', 'url=https%3A%2F%2Fx.example&target_type=4&rotation[0][value]=javascript%3Ax', 'rotation.0.value'],
  ];
  it.each(rejected)('rejects %s', async (_name, form, field) => {
    const r = await create(form);
    expect(r.status).toBe(422);
    expect(r.body.status).toBe(422);
    expect(Object.keys(r.body.errors)).toContain(field);
    expect(r.body.message).toEqual(r.body.errors);
  });

  it('keeps aliases unique per domain and case-sensitive', async () => {
    expect((await create({ url: 'https://example.com', alias: 'Dup' })).status).toBe(201);
    const again = await create({ url: 'https://example.com', alias: 'Dup' });
    expect(again.status).toBe(422);
    expect(again.body.errors.alias).toEqual(['The alias has already been taken.']);
    expect((await create({ url: 'https://example.com', alias: 'dup' })).status).toBe(201);
    expect((await create({ url: 'https://example.com', alias: 'Dup', domain_id: String(domainId) })).status).toBe(201);
  });
});

describe('link update', () => {
  it('changes only the fields sent, clears with empty values, and refuses domain_id', async () => {
    const l = (await create({ url: 'https://example.com/a', password: 'pw', expiration_date: '2099-01-01', expiration_time: '10:00' })).body.data;
    const u = await s.api('PUT', `/links/${l.id}`, { form: { url: 'https://example.com/b', password: '', expiration_time: '' } });
    expect(u.status).toBe(200);
    expect(u.body.data).toMatchObject({ url: 'https://example.com/b', password: false, alias: l.alias, expiration_date: '2099-01-01', expiration_time: '00:00' });
    const pixels = await s.api('PUT', `/links/${l.id}`, { form: `pixel_ids[]=${pixelIds[1]}&space_id=${spaceId}&disabled=1` });
    expect(pixels.body.data).toMatchObject({ pixels: [{ id: pixelIds[1] }], space: { id: spaceId }, status: 3 });
    const cleared = await s.api('PUT', `/links/${l.id}`, { form: 'pixel_ids=&space_id=&disabled=0&expiration_date=' });
    expect(cleared.body.data).toMatchObject({ pixels: [], space: null, status: 1, expiration_date: null, ends_at: null });
    const moved = await s.api('PUT', `/links/${l.id}`, { form: { domain_id: String(domainId) } });
    expect(moved.status).toBe(422);
    expect(moved.body.errors).toHaveProperty('domain_id');
    const bad = await s.api('PUT', `/links/${l.id}`, { form: { url: 'mailto:a@b.c' } });
    expect(bad.status).toBe(422);
  });

  it('checks the selected target type against the stored lists', async () => {
    const l = (await create('url=https%3A%2F%2Fexample.com&target_type=4&rotation[0][value]=https%3A%2F%2Fr.example.com')).body.data;
    // A type without entries is no targeting (phpShort takes targets_type without targets).
    const toCountry = await s.api('PUT', `/links/${l.id}`, { form: { target_type: '1' } });
    expect(toCountry.status).toBe(200);
    expect(toCountry.body.data).toMatchObject({ target_type: 1, country: [], rotation: [{ value: 'https://r.example.com' }] });
    const ok = await s.api('PUT', `/links/${l.id}`, { form: 'target_type=1&country[0][key]=GB&country[0][value]=https%3A%2F%2Fuk.example.com' });
    expect(ok.body.data).toMatchObject({ target_type: 1, country: [{ key: 'GB' }], rotation: [{ value: 'https://r.example.com' }] });
  });

  it('deletes a link and then answers 404', async () => {
    const l = (await create({ url: 'https://example.com' })).body.data;
    expect((await s.api('DELETE', `/links/${l.id}`)).body).toEqual({ id: l.id, object: 'link', deleted: true, status: 200 });
    expect((await s.api('GET', `/links/${l.id}`)).status).toBe(404);
    expect((await s.api('PUT', `/links/${l.id}`, { form: { url: 'https://x.example' } })).status).toBe(404);
    expect((await s.api('DELETE', `/links/${l.id}`)).status).toBe(404);
  });
});

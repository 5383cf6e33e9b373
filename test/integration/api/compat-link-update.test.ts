// phpShort's rules for the link fields of PUT/PATCH /api/v1/links/{id}, rule
// by rule (app/Http/Requests/UpdateLinkRequest.php, app/Rules/ValidateAliasRule.php,
// app/Traits/LinkTrait.php). Each case names the line it follows; "(holds)"
// marks behaviour that was already phpShort's. Both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

const u = (p: string) => `https://example.com/${p}`;

let s: TestServer;
let domainId: number;
beforeAll(async () => {
  s = await startServer({ timeZone: 'Europe/Berlin', rateLimit: 0 }, { webhooks: false });
  domainId = (await s.api('POST', '/domains', { form: { name: 'upd.example' } })).body.data.id;
});
afterAll(async () => { await s.close(); });

let n = 0;
/** A fresh link to change. */
const link = async (extra: Record<string, unknown> = {}) => {
  const r = await s.api('POST', '/links', { json: { url: u(`l${++n}`), ...extra } });
  expect(r.status, r.text).toBe(201);
  return r.body.data as { id: number; alias: string } & Record<string, any>;
};
const patch = (id: number, json: Record<string, unknown>, method = 'PATCH') => s.api(method, `/links/${id}`, { json });
/** Status and the fields a 422 names. */
const refused = async (id: number, json: Record<string, unknown>) => {
  const r = await patch(id, json);
  return [r.status, Object.keys(r.body.errors ?? {}).sort()];
};
/** A browser's visit (a bot's is not counted against a click limit). */
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const visit = async (path: string) => {
  const r = await fetch(`${s.url}${path}`, { redirect: 'manual', headers: { 'user-agent': BROWSER } });
  return { status: r.status, location: r.headers.get('location') };
};

describe('alias: sometimes, alpha_dash, max:255, unique on the link\'s domain', () => {
  it('changes to a Unicode alias, which then resolves from its percent-encoded address (UpdateLinkRequest.php:54)', async () => {
    const l = await link();
    const r = await patch(l.id, { alias: 'größe' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.alias).toBe('größe');
    expect(await visit('/gr%C3%B6%C3%9Fe')).toEqual({ status: 302, location: l.url });
    expect(await visit(`/${l.alias}`)).toMatchObject({ status: 404 });
  });

  it('stores an NFD alias in NFC on update (UpdateLinkRequest.php:54)', async () => {
    const l = await link();
    const r = await patch(l.id, { alias: 'Ame\u0301lie' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.alias).toBe('Am\u00e9lie');
  });

  it('refuses another link\'s alias in its other normal form, naming alias (ValidateAliasRule.php:20-41)', async () => {
    await link({ alias: 'ni\u00f1o' });
    const l = await link();
    expect(await refused(l.id, { alias: 'nin\u0303o' })).toEqual([422, ['alias']]);
  });

  it('refuses an empty or null alias, naming alias: a link keeps one (sometimes, alpha_dash, UpdateLinkRequest.php:54)', async () => {
    const l = await link();
    expect(await refused(l.id, { alias: '' })).toEqual([422, ['alias']]);
    expect(await refused(l.id, { alias: null })).toEqual([422, ['alias']]);
    expect((await s.api('GET', `/links/${l.id}`)).body.data.alias).toBe(l.alias);
  });

  it('takes 255 characters and refuses 256 (max:255, UpdateLinkRequest.php:54)', async () => {
    const l = await link();
    expect((await patch(l.id, { alias: 'ö'.repeat(255) })).status).toBe(200);
    expect(await refused(l.id, { alias: 'ö'.repeat(256) })).toEqual([422, ['alias']]);
  });

  it('refuses another link\'s alias on the same domain, keeps its own (ValidateAliasRule.php:22-28) (holds)', async () => {
    const a = await link({ alias: 'taken-upd', domain_id: domainId });
    const b = await link({ domain_id: domainId });
    expect(await refused(b.id, { alias: 'taken-upd' })).toEqual([422, ['alias']]);
    expect((await patch(a.id, { alias: 'taken-upd' })).status).toBe(200);
    expect((await patch((await link()).id, { alias: 'taken-upd' })).status).toBe(200); // another domain
  });
});

describe('url and domain_id', () => {
  it('refuses an empty url and 2049 characters, naming url (sometimes, required, max:2048, UpdateLinkRequest.php:53) (holds)', async () => {
    const l = await link();
    expect(await refused(l.id, { url: '' })).toEqual([422, ['url']]);
    expect(await refused(l.id, { url: `https://example.com/${'a'.repeat(2030)}` })).toEqual([422, ['url']]);
  });

  it('accepts the link\'s own domain_id echoed back (UpdateLinkRequest.php:52-67 has no domain_id; LinkTrait.php:105-109)', async () => {
    const l = await link({ domain_id: domainId });
    for (const method of ['PATCH', 'PUT']) {
      const r = await patch(l.id, { url: u('moved'), domain_id: domainId }, method);
      expect(r.status, r.text).toBe(200);
      expect(r.body.data).toMatchObject({ url: u('moved'), domain: { id: domainId } });
    }
    const form = await s.api('PATCH', `/links/${l.id}`, { form: { domain_id: String(domainId), url: u('form') } });
    expect(form.status, form.text).toBe(200);
  });

  it('accepts domain_id null on a link without a domain, and the seed\'s domain echoed back (LinkTrait.php:105-109)', async () => {
    const l = await link();
    expect((await patch(l.id, { domain_id: null, url: u('n') })).status).toBe(200);
    const d = await link({ domain: domainId });
    expect((await patch(d.id, { domain: domainId })).status).toBe(200);
  });

  it('refuses another domain_id, naming it: a link cannot move (LinkTrait.php:105-109) (holds)', async () => {
    const l = await link({ domain_id: domainId });
    expect(await refused(l.id, { domain_id: domainId + 1000 })).toEqual([422, ['domain_id']]);
    expect(await refused(l.id, { domain_id: null })).toEqual([422, ['domain_id']]);
    expect(await refused((await link()).id, { domain: domainId })).toEqual([422, ['domain']]);
  });
});

describe('clicks_limit: nullable, integer, min:0, digits_between:0,9', () => {
  it('clicks_limit=0 lifts a limit: the link answers again (UpdateLinkRequest.php:63)', async () => {
    const l = await link({ alias: 'limit-lift', clicks_limit: 1 });
    expect((await visit('/limit-lift')).status).toBe(302);
    expect((await visit('/limit-lift')).status).not.toBe(302);
    const r = await patch(l.id, { clicks_limit: 0 });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ clicks_limit: null, status: 1 });
    expect((await visit('/limit-lift')).status).toBe(302);
  });

  it('expiration_clicks=0 lifts a limit too (UpdateLinkRequest.php:63)', async () => {
    const l = await link({ expiration_clicks: 5 });
    const r = await s.api('PATCH', `/links/${l.id}`, { form: { expiration_clicks: '0' } });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.expiration_clicks).toBeNull();
  });

  it('refuses ten digits, naming clicks_limit (digits_between:0,9, UpdateLinkRequest.php:63)', async () => {
    expect(await refused((await link()).id, { clicks_limit: 1_000_000_000 })).toEqual([422, ['clicks_limit']]);
  });

  it('clears with null and refuses -1 (nullable, min:0, UpdateLinkRequest.php:63) (holds)', async () => {
    const l = await link({ clicks_limit: 9 });
    expect((await patch(l.id, { clicks_limit: null })).body.data.clicks_limit).toBeNull();
    expect(await refused(l.id, { clicks_limit: -1 })).toEqual([422, ['clicks_limit']]);
  });
});

describe('active period (Europe/Berlin)', () => {
  it('takes an ISO 8601 instant with Z as the end, shown in Berlin time (date, UpdateLinkRequest.php:62, LinkTrait.php:120)', async () => {
    const l = await link({ active_period_start_at: '2030-01-01 00:00', active_period_end_at: '2030-02-01 00:00' });
    const r = await patch(l.id, { active_period_end_at: '2030-06-30T22:00:00.000Z' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ active_period_end_at: '2030-06-30T22:00:00.000000Z', expiration_date: '2030-07-01', expiration_time: '00:00' });
  });

  it('takes a date alone as its midnight in Berlin (date, UpdateLinkRequest.php:61, LinkTrait.php:116)', async () => {
    const l = await link();
    const r = await patch(l.id, { active_period_start_at: '2030-01-15', active_period_end_at: '2030-01-16' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ active_period_start_at: '2030-01-14T23:00:00.000000Z', active_period_end_at: '2030-01-15T23:00:00.000000Z' });
  });

  it('refuses a time Berlin skips (2030-03-31 02:30) naming the field (LinkTrait.php:116)', async () => {
    const r = await patch((await link()).id, { active_period_start_at: '2030-03-31 02:30', active_period_end_at: '2030-04-30' });
    expect(r.status).toBe(422);
    expect(r.body.errors.active_period_start_at[0]).toMatch(/does not exist in Europe\/Berlin/);
  });

  it('reads a time Berlin passes twice (2030-10-27 02:30) as the first, summer-time one (LinkTrait.php:120)', async () => {
    const r = await patch((await link()).id, { active_period_start_at: '2030-10-01', active_period_end_at: '2030-10-27 02:30' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.ends_at).toBe('2030-10-27T00:30:00Z');
  });

  it('changes the end alone, checked against the stored start, and answers it as Eloquent writes it (sometimes, after:, UpdateLinkRequest.php:62; Link.php:23-29)', async () => {
    const l = await link({ active_period_start_at: '2030-01-10 10:00', active_period_end_at: '2030-02-01 00:00' });
    expect((await patch(l.id, { active_period_end_at: '2030-03-01 00:00' })).body.data.active_period_end_at).toBe('2030-02-28T23:00:00.000000Z');
    expect(await refused(l.id, { active_period_end_at: '2030-01-01 00:00' })).toEqual([422, ['active_period_end_at']]);
  });

  it('refuses a start after its end on both fields (before:/after:, UpdateLinkRequest.php:61-62)', async () => {
    expect(await refused((await link()).id, { active_period_start_at: '2030-05-02 10:00', active_period_end_at: '2030-05-01 10:00' }))
      .toEqual([422, ['active_period_end_at', 'active_period_start_at']]);
  });

  it('clears both with null (sometimes, nullable, UpdateLinkRequest.php:61-62) (holds)', async () => {
    const l = await link({ active_period_start_at: '2030-01-10 10:00', active_period_end_at: '2030-02-01 00:00' });
    const r = await patch(l.id, { active_period_start_at: null, active_period_end_at: null });
    expect(r.body.data).toMatchObject({ active_period_start_at: null, active_period_end_at: null, ends_at: null });
  });
});

describe('targets and the other fields', () => {
  it('takes targets_type without targets: no targeting, the link goes to its url (UpdateLinkRequest.php:65-66)', async () => {
    const l = await link({ alias: 'upd-type-only' });
    const r = await patch(l.id, { targets_type: 'devices' });
    expect(r.status, r.text).toBe(200);
    expect(await visit('/upd-type-only')).toEqual({ status: 302, location: l.url });
  });

  it('drops a blank targets row (UpdateLinkRequest.php:78-84, LinkTrait.php:136)', async () => {
    const l = await link();
    const r = await s.api('PATCH', `/links/${l.id}`, {
      form: 'targets_type=languages&targets[0][key]=&targets[0][value]=&targets[1][key]=de&targets[1][value]=https%3A%2F%2Fde.example.com',
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.targets).toEqual([{ key: 'de', value: 'https://de.example.com' }]);
  });

  it('refuses 101 targets, naming targets (max:100, UpdateLinkRequest.php:66) (holds)', async () => {
    const targets = Array.from({ length: 101 }, (_, i) => ({ value: u(String(i)) }));
    expect(await refused((await link()).id, { targets_type: 'rotations', targets })).toEqual([422, ['targets']]);
  });

  it('sensitive_content takes "0" and "1" and refuses "false" (boolean, UpdateLinkRequest.php:58)', async () => {
    const l = await link();
    expect((await patch(l.id, { sensitive_content: '1' })).body.data.sensitive_content).toBe(1);
    expect((await patch(l.id, { sensitive_content: false })).body.data.sensitive_content).toBe(0);
    expect(await refused(l.id, { sensitive_content: 'false' })).toEqual([422, ['sensitive_content']]);
  });

  it('privacy refuses 3 (between:0,2, UpdateLinkRequest.php:59) (holds)', async () => {
    expect(await refused((await link()).id, { privacy: 3 })).toEqual([422, ['privacy']]);
  });

  it('redirect_password clears with "" and refuses 129 characters (sometimes, nullable, max:128, UpdateLinkRequest.php:55) (holds)', async () => {
    const l = await link({ redirect_password: 'secret' });
    expect(await refused(l.id, { redirect_password: 'r'.repeat(129) })).toEqual([422, ['redirect_password']]);
    expect((await patch(l.id, { redirect_password: '' })).body.data.redirect_password).toBe(false);
  });

  it('space_id, pixel_ids and expiration_url clear with null and empty (nullable, UpdateLinkRequest.php:56-57,64) (holds)', async () => {
    const space = (await s.api('POST', '/spaces', { form: { name: 'S' } })).body.data.id;
    const pixel = (await s.api('POST', '/pixels', { form: { name: 'P', type: 'facebook', pixel_id: '9' } })).body.data.id;
    const l = await link({ space_id: space, pixel_ids: [pixel], expiration_url: u('gone') });
    const r = await patch(l.id, { space_id: null, pixel_ids: [], expiration_url: '' });
    expect(r.body.data).toMatchObject({ space: null, pixels: [], expiration_url: null });
  });

  it('expiration_url refuses a non-URL, naming it (ValidateUrlRule, UpdateLinkRequest.php:64) (holds)', async () => {
    expect(await refused((await link()).id, { expiration_url: 'later' })).toEqual([422, ['expiration_url']]);
  });
});

// Both phpShort generations of the link model (issue 34): a link written in
// one reads back in the other, form-encoded and JSON alike; the new fields;
// keys refused with the allowed ones named; `password` read both ways.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ timeZone: 'Europe/Berlin' });
});
afterAll(async () => { await s.close(); });

const form = (f: string | Record<string, string>) => s.api('POST', '/links', { form: f });
const json = (body: unknown) => s.api('POST', '/links', { json: body });
const u = (p: string) => `https://example.com/${p}`;

describe('seed generation written, current generation read', () => {
  it('target_type=1 with country[] reads as targets_type=countries with the same targets (form-encoded)', async () => {
    const r = await form({
      url: u('home'), target_type: '1',
      'country[0][key]': 'de', 'country[0][value]': u('de'), 'country[1][key]': 'US', 'country[1][value]': u('us'),
      expiration_date: '2099-06-30', expiration_time: '13:45', expiration_clicks: '50',
    });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      target_type: 1, country: [{ key: 'DE', value: u('de') }, { key: 'US', value: u('us') }],
      targets_type: 'countries', targets: [{ key: 'DE', value: u('de') }, { key: 'US', value: u('us') }],
      // Berlin summer time (UTC+2), written as Eloquent writes a datetime (app/Models/Link.php casts).
      active_period_end_at: '2099-06-30T11:45:00.000000Z', active_period_start_at: null, clicks_limit: 50, expiration_clicks: 50,
      sensitive_content: 0, rules: [], redirect_password: false,
    });
  });

  it('target_type 2, 3 and 4 read as operating_systems, languages and rotations (JSON), rotations with weight 1', async () => {
    const os = await json({ url: u('x'), target_type: 2, platform: [{ key: 'iOS', value: u('ios') }] });
    expect(os.body.data).toMatchObject({ targets_type: 'operating_systems', targets: [{ key: 'iOS', value: u('ios') }] });
    const lang = await json({ url: u('x'), target_type: 3, language: [{ key: 'fr', value: u('fr') }] });
    expect(lang.body.data).toMatchObject({ targets_type: 'languages', targets: [{ key: 'fr', value: u('fr') }] });
    const rot = await json({ url: u('x'), target_type: 4, rotation: [{ value: u('a') }, { value: u('b') }] });
    expect(rot.body.data).toMatchObject({ targets_type: 'rotations', targets: [{ key: null, value: u('a'), weight: 1 }, { key: null, value: u('b'), weight: 1 }] });
    const none = await json({ url: u('x') });
    expect(none.body.data).toMatchObject({ target_type: 0, targets_type: null, targets: [] });
  });
});

describe('current generation written, seed generation read', () => {
  it('targets_type=countries with targets[i][key]/[value] reads as target_type=1 with country[] (form-encoded)', async () => {
    const r = await form([
      'url=https%3A%2F%2Fexample.com%2Fhome', 'targets_type=countries',
      'targets[0][key]=GB', 'targets[0][value]=https%3A%2F%2Fexample.com%2Fgb',
      'targets[1][key]=jp', 'targets[1][value]=https%3A%2F%2Fexample.com%2Fjp',
      'active_period_start_at=2098-01-02%2008:30', 'active_period_end_at=2099-06-30%2013:45', 'clicks_limit=7', 'sensitive_content=1',
    ].join('&'));
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      target_type: 1, country: [{ key: 'GB', value: u('gb') }, { key: 'JP', value: u('jp') }],
      targets_type: 'countries', targets: [{ key: 'GB', value: u('gb') }, { key: 'JP', value: u('jp') }],
      expiration_date: '2099-06-30', expiration_time: '13:45', ends_at: '2099-06-30T11:45:00Z', expiration_clicks: 7,
      active_period_start_at: '2098-01-02T07:30:00.000000Z', active_period_end_at: '2099-06-30T11:45:00.000000Z', clicks_limit: 7, sensitive_content: 1,
      status: 2, // not active before its start: answered like an expired link
    });
    const read = await s.api('GET', `/links/${r.body.data.id}`);
    expect(read.body.data.active_period_start_at).toBe('2098-01-02T07:30:00.000000Z');
  });

  it('rotations carry weights (JSON); the seed reads the plain rotation list', async () => {
    const r = await json({
      url: u('x'), targets_type: 'rotations', targets: [{ value: u('a'), weight: 3 }, { value: u('b') }], sensitive_content: true,
    });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      target_type: 4, rotation: [{ value: u('a') }, { value: u('b') }], sensitive_content: 1,
      targets: [{ key: null, value: u('a'), weight: 3 }, { key: null, value: u('b'), weight: 1 }],
    });
  });

  it('types without a seed number (continents, browsers, devices) read as target_type 0 with empty seed lists; operating systems as platform', async () => {
    const cases = [
      ['continents', 'eu', 'EU'], ['browsers', 'firefox', 'Firefox'], ['devices', 'Tablet', 'tablet'],
    ] as const;
    for (const [type, sent, stored] of cases) {
      const r = await json({ url: u('x'), targets_type: type, targets: [{ key: sent, value: u(stored) }] });
      expect(r.status, type).toBe(201);
      expect(r.body.data).toMatchObject({
        targets_type: type, targets: [{ key: stored, value: u(stored) }], target_type: 0, country: [], platform: [], language: [], rotation: [],
      });
    }
    const os = await json({ url: u('x'), targets_type: 'operating_systems', targets: [{ key: 'chrome os', value: u('cros') }] });
    expect(os.body.data).toMatchObject({ target_type: 2, platform: [{ key: 'Chrome OS', value: u('cros') }] });
  });

  it('an update in one generation keeps the other in step, and targets_type "" clears the targeting', async () => {
    const id = (await json({ url: u('x'), target_type: 1, country: [{ key: 'FR', value: u('fr') }] })).body.data.id;
    const up = await s.api('PUT', `/links/${id}`, { json: { targets_type: 'devices', targets: [{ key: 'mobile', value: u('m') }] } });
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ target_type: 0, targets_type: 'devices', targets: [{ key: 'mobile', value: u('m') }], country: [{ key: 'FR', value: u('fr') }] });
    const back = await s.api('PUT', `/links/${id}`, { form: { target_type: '1' } });
    expect(back.body.data).toMatchObject({ target_type: 1, targets_type: 'countries', targets: [{ key: 'FR', value: u('fr') }] });
    const cleared = await s.api('PUT', `/links/${id}`, { form: { targets_type: '' } });
    expect(cleared.body.data).toMatchObject({ target_type: 0, targets_type: null, targets: [] });
  });
});

describe('active period in the instance\'s time zone (Europe/Berlin)', () => {
  /** Berlin's wall clock `minutes` from now, as `YYYY-MM-DD HH:MM`, and that minute's instant as the answer writes it (ISO 8601 UTC). */
  const berlin = (minutes: number) => {
    const at = new Date(Math.floor((Date.now() + minutes * 60_000) / 60_000) * 60_000);
    const wall = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit',
    }).format(at);
    return [wall, at.toISOString().replace('.000Z', '.000000Z')] as const;
  };

  it('reads a start as Berlin time: 30 minutes ahead there is not yet active, 30 minutes ago is (Berlin is UTC+1 or +2)', async () => {
    const [[soon, soonAt], [ago, agoAt]] = [berlin(30), berlin(-30)];
    const ahead = await json({ url: u('x'), active_period_start_at: soon });
    expect(ahead.body.data).toMatchObject({ active_period_start_at: soonAt, status: 2 });
    const past = await json({ url: u('x'), active_period_start_at: ago });
    expect(past.body.data).toMatchObject({ active_period_start_at: agoAt, status: 1 });
  });
});

describe('lists', () => {
  it('list a link before its start among the expired (status 2), with the totals to match', async () => {
    const totals = async () => Promise.all([1, 2].map(async (st) => (await s.api('GET', `/links?status=${st}`)).body.meta.total as number));
    const [active, expired] = await totals();
    const r = await json({ url: u('later'), active_period_start_at: '2099-05-01 10:00' });
    expect(await totals()).toEqual([active, expired! + 1]);
    const page = await s.api('GET', '/links?status=2&sort_by=id&sort=desc');
    expect(page.body.data[0].id).toBe(r.body.data.id);
    await s.api('PUT', `/links/${r.body.data.id}`, { json: { active_period_start_at: null } });
    expect(await totals()).toEqual([active! + 1, expired]);
  });
});

describe('bulk', () => {
  it('POST and PATCH /links/bulk take the current generation\'s fields too', async () => {
    const r = await s.api('POST', '/links/bulk', { json: { links: [
      { url: u('b1'), targets_type: 'devices', targets: [{ key: 'watch', value: u('w') }], clicks_limit: 3, sensitive_content: true },
      { url: u('b2'), targets_type: 'continents', targets: [{ key: 'Mars', value: u('m') }] },
    ] } });
    expect(r.status).toBe(200);
    expect(r.body.data[0]).toMatchObject({ result: 'created', data: { targets_type: 'devices', targets: [{ key: 'watch', value: u('w') }], expiration_clicks: 3, sensitive_content: 1 } });
    expect(r.body.data[1]).toMatchObject({ result: 'rejected', errors: { 'targets.0.key': [expect.stringContaining('AF, AN, AS, EU, NA, OC, SA')] } });
    const id = r.body.data[0].data.id;
    const p = await s.api('PATCH', '/links/bulk', { json: { ids: [id], changes: { active_period_end_at: '2099-12-31 23:59', clicks_limit: null } } });
    expect(p.body.data[0]).toMatchObject({ result: 'updated', data: { active_period_end_at: '2099-12-31T22:59:00.000000Z', expiration_date: '2099-12-31', clicks_limit: null } });
  });
});

describe('refused with 422', () => {
  it('names the allowed keys of each type', async () => {
    const bad = async (type: string, key: string) => {
      const r = await json({ url: u('x'), targets_type: type, targets: [{ key, value: u('x') }] });
      expect(r.status, `${type} ${key}`).toBe(422);
      return r.body.errors['targets.0.key'][0] as string;
    };
    expect(await bad('continents', 'XX')).toContain('AF, AN, AS, EU, NA, OC, SA');
    expect(await bad('devices', 'fridge')).toContain('desktop, mobile, tablet, watch, television');
    expect(await bad('operating_systems', 'BeOS')).toContain('Windows, OS X');
    expect(await bad('browsers', 'Netscape')).toContain('Chrome, Chromium, Firefox, Firefox Mobile, Edge');
    expect(await bad('countries', 'XY')).toContain('ISO 3166-1 alpha-2');
    expect(await bad('languages', 'xx')).toContain('ISO 639-1');
  });

  it('refuses an unknown targets_type, targets without a type, weights off rotations, over 100 targets, and clashing types (a type without targets is no targeting)', async () => {
    const status = async (body: unknown) => {
      const r = await json(body);
      return [r.status, Object.keys(r.body.errors ?? {})];
    };
    expect(await status({ url: u('x'), targets_type: 'planets', targets: [{ key: 'a', value: u('x') }] })).toEqual([422, ['targets_type']]);
    expect(await status({ url: u('x'), targets: [{ key: 'US', value: u('x') }] })).toEqual([422, ['targets_type']]);
    expect(await status({ url: u('x'), targets_type: 'countries' })).toEqual([201, []]);
    expect(await status({ url: u('x'), targets_type: 'countries', targets: [{ key: 'US', value: u('x'), weight: 2 }] })).toEqual([422, ['targets.0.weight']]);
    expect(await status({ url: u('x'), targets_type: 'rotations', targets: [{ value: u('x'), weight: 101 }] })).toEqual([422, ['targets.0.weight']]);
    const many = Array.from({ length: 101 }, (_, i) => ({ value: u(String(i)) }));
    expect(await status({ url: u('x'), targets_type: 'rotations', targets: many })).toEqual([422, ['targets']]);
    expect(await status({ url: u('x'), target_type: 1, targets_type: 'devices', targets: [{ key: 'mobile', value: u('x') }] })).toEqual([422, ['targets_type']]);
  });

  it('refuses a malformed active period and an end before the start', async () => {
    const r1 = await json({ url: u('x'), active_period_start_at: '2099-02-30 10:00' });
    expect(r1.status).toBe(422);
    expect(r1.body.errors.active_period_start_at[0]).toContain('YYYY-MM-DD HH:MM');
    const r2 = await json({ url: u('x'), active_period_start_at: '2099-03-01 10:00', active_period_end_at: '2099-03-01 09:00' });
    expect(r2.status).toBe(422);
    expect(Object.keys(r2.body.errors).sort()).toEqual(['active_period_end_at', 'active_period_start_at']);
  });
});

describe('password, read both ways (README "Link passwords")', () => {
  /** Whether `password` opens the link's redirect form, or its statistics page's (`+`): a right one answers 303 with a cookie. */
  const opens = async (alias: string, stats: boolean, password: string) => {
    const r = await fetch(`${s.url}/${alias}${stats ? '+' : ''}`, {
      method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ password }),
    });
    return r.status === 303 && r.headers.has('set-cookie');
  };
  const check = async (id: number, pw: string | null, stats: string | null) => {
    const link = (await s.api('GET', `/links/${id}`)).body.data;
    expect({ password: link.password, redirect_password: link.redirect_password, privacy_password: link.privacy_password })
      .toEqual({ password: pw !== null, redirect_password: pw !== null, privacy_password: stats !== null });
    if (pw !== null) expect(await opens(link.alias, false, pw), 'redirect password').toBe(true);
    if (stats !== null) {
      expect(await opens(link.alias, true, stats), 'statistics password').toBe(true);
      if (pw !== null) expect(await opens(link.alias, false, stats), 'the statistics password does not open the redirect').toBe(false);
    }
  };

  it('seed reading: password alone is the redirect password', async () => {
    const r = await form({ url: u('x'), password: 'open-sesame' });
    await check(r.body.data.id, 'open-sesame', null);
  });

  it('seed reading: with privacy=2 and privacy_password, password stays the redirect password', async () => {
    const r = await form({ url: u('x'), password: 'link-pw', privacy: '2', privacy_password: 'stats-pw' });
    await check(r.body.data.id, 'link-pw', 'stats-pw');
  });

  it('current reading: with redirect_password, password is the statistics password', async () => {
    const r = await json({ url: u('x'), redirect_password: 'link-pw', password: 'stats-pw', privacy: 2 });
    expect(r.status).toBe(201);
    await check(r.body.data.id, 'link-pw', 'stats-pw');
  });

  it('current reading: privacy=2 with password and no privacy_password makes password the statistics password', async () => {
    const r = await form({ url: u('x'), privacy: '2', password: 'stats-only' });
    expect(r.status).toBe(201);
    await check(r.body.data.id, null, 'stats-only');
  });
});

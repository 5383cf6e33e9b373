// phpShort's rules for the link fields of POST /api/v1/links, rule by rule
// (app/Http/Requests/StoreLinkRequest.php, app/Rules/ValidateAliasRule.php,
// app/Traits/LinkTrait.php, app/Http/Controllers/RedirectController.php).
// Each case names the line it follows; "(holds)" marks behaviour that was
// already phpShort's. Both engines (the postgres project runs this folder).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

const NFC = 'caf\u00e9';
const NFD = 'cafe\u0301';
const u = (p: string) => `https://example.com/${p}`;

let s: TestServer;
let other: string;
beforeAll(async () => {
  s = await startServer({ timeZone: 'America/New_York', rateLimit: 0 }, { webhooks: false });
  other = await s.newUserKey('other');
});
afterAll(async () => { await s.close(); });

const create = (body: Record<string, unknown>, key?: string) => s.api('POST', '/links', { json: body, ...(key ? { key } : {}) });
const form = (body: string) => s.api('POST', '/links', { form: body });
/** Status and the fields a 422 names. */
const refused = async (body: Record<string, unknown>) => {
  const r = await create(body);
  return [r.status, Object.keys(r.body.errors ?? {}).sort()];
};
/** The redirect's answer for a path on the instance's own host. */
const visit = async (path: string) => {
  const r = await fetch(`${s.url}${path}`, { redirect: 'manual' });
  return { status: r.status, location: r.headers.get('location') };
};

describe('alias: alpha_dash, max:255, unique per domain', () => {
  it('takes letters of any script: café, ссылка, 短链接 (alpha_dash, StoreLinkRequest.php:67)', async () => {
    for (const alias of [NFC, 'ссылка', '短链接', 'Ἀθῆναι']) {
      const r = await create({ url: u(alias), alias });
      expect(r.status, `${alias} → ${r.text}`).toBe(201);
      expect(r.body.data.alias).toBe(alias);
    }
  });

  it('takes marks and digits of any script: क्षेत्र, ٣٤٥, a_b-c (alpha_dash \\pM \\pN, StoreLinkRequest.php:67)', async () => {
    for (const alias of ['क्षेत्र', '٣٤٥', 'a_b-c']) {
      const r = await create({ url: u('m'), alias });
      expect(r.status, `${alias} → ${r.text}`).toBe(201);
      expect(r.body.data.alias).toBe(alias);
    }
  });

  it('stores an NFD alias in NFC, so its short_url is the NFC spelling (StoreLinkRequest.php:67)', async () => {
    const r = await create({ url: u('nfd'), alias: 'Zu\u0308rich' });
    expect(r.status, r.text).toBe(201);
    expect(r.body.data.alias).toBe('Z\u00fcrich');
    expect(r.body.data.short_url).toBe(`${s.url}/Z\u00fcrich`);
  });

  it('counts NFC café and NFD café as one alias: the second is taken (ValidateAliasRule.php:20-41)', async () => {
    const first = await create({ url: u('n1'), alias: 'na\u00efve' });
    expect(first.status, first.text).toBe(201);
    const second = await create({ url: u('n2'), alias: 'nai\u0308ve' });
    expect(second.status).toBe(422);
    expect(second.body.errors.alias[0]).toMatch(/already been taken/);
  });

  it('takes 255 characters, counted as characters not bytes or UTF-16 units (max:255, StoreLinkRequest.php:67)', async () => {
    for (const alias of ['x'.repeat(255), 'й'.repeat(255), '𝒜'.repeat(255)]) {
      const r = await create({ url: u('long'), alias });
      expect(r.status, r.text.slice(0, 200)).toBe(201);
      expect(r.body.data.alias).toBe(alias);
    }
  });

  it('refuses 256 characters, naming alias (max:255, StoreLinkRequest.php:67) (holds)', async () => {
    expect(await refused({ url: u('x'), alias: 'y'.repeat(256) })).toEqual([422, ['alias']]);
    expect(await refused({ url: u('x'), alias: 'й'.repeat(256) })).toEqual([422, ['alias']]);
  });

  it('refuses dots, spaces, slashes, plus signs, symbols and emoji, naming alias (alpha_dash, StoreLinkRequest.php:67) (holds)', async () => {
    for (const alias of ['a.b', 'a b', 'a/b', 'a+b', 'a%b', '€uro', '😀', 'a\u200bb']) {
      expect(await refused({ url: u('x'), alias }), alias).toEqual([422, ['alias']]);
    }
  });

  it('takes a number as the alias, as alpha_dash takes numerics (StoreLinkRequest.php:67)', async () => {
    const r = await create({ url: u('num'), alias: 2024 });
    expect(r.status, r.text).toBe(201);
    expect(r.body.data.alias).toBe('2024');
  });

  it('keeps aliases case-sensitive: Case and case are two links (ValidateAliasRule.php:20) (holds)', async () => {
    expect((await create({ url: u('C'), alias: 'CaseKept' })).status).toBe(201);
    expect((await create({ url: u('c'), alias: 'casekept' })).status).toBe(201);
  });

  it('checks uniqueness per domain: taken on the same domain, free on another (ValidateAliasRule.php:30-37) (holds)', async () => {
    const d = (await s.api('POST', '/domains', { form: { name: 'alias-domain.example' } })).body.data.id;
    expect((await create({ url: u('d0'), alias: 'perdomain' })).status).toBe(201);
    expect((await create({ url: u('d1'), alias: 'perdomain', domain_id: d })).status).toBe(201);
    expect(await refused({ url: u('d2'), alias: 'perdomain', domain_id: d })).toEqual([422, ['alias']]);
  });

  it('generates an alias when none or an empty one is sent (LinkTrait.php:82) (holds)', async () => {
    for (const body of [{ url: u('g') }, { url: u('g'), alias: '' }, { url: u('g'), alias: null }]) {
      const r = await create(body);
      expect(r.status).toBe(201);
      expect(r.body.data.alias).toMatch(/^[A-Za-z0-9]+$/);
    }
  });
});

describe('a Unicode alias resolves in the redirect (RedirectController.php:39)', () => {
  it('from its percent-encoded address /caf%C3%A9 (RedirectController.php:39)', async () => {
    expect((await create({ url: u('cafe-target'), alias: 'caf\u00e9-r' })).status).toBe(201);
    expect(await visit('/caf%C3%A9-r')).toEqual({ status: 302, location: u('cafe-target') });
  });

  it('from its NFD spelling /cafe%CC%81 as from its NFC one (RedirectController.php:39)', async () => {
    expect((await create({ url: u('nfd-target'), alias: `${NFD}-d` })).status).toBe(201);
    expect(await visit('/cafe%CC%81-d')).toEqual({ status: 302, location: u('nfd-target') });
    expect(await visit('/caf%C3%A9-d')).toEqual({ status: 302, location: u('nfd-target') });
  });

  it('at 255 Cyrillic characters, whose address is 1,530 characters long (RedirectController.php:39, max:255)', async () => {
    const alias = 'ж'.repeat(255);
    expect((await create({ url: u('zh'), alias })).status).toBe(201);
    expect(await visit(`/${encodeURIComponent(alias)}`)).toEqual({ status: 302, location: u('zh') });
  });

  it('with its statistics page at /<alias>+ (web.php:284, RedirectController.php:39)', async () => {
    expect((await create({ url: u('stats'), alias: 'статистика' })).status).toBe(201);
    const r = await fetch(`${s.url}/${encodeURIComponent('статистика')}+`, { redirect: 'manual' });
    expect(r.status).toBe(200);
    expect(await r.text()).toContain('статистика');
  });

  it('with its consent page, which remembers the choice on the percent-encoded path (RedirectController.php:345)', async () => {
    const pixel = (await s.api('POST', '/pixels', { form: { name: 'GA', type: 'google-analytics', pixel_id: 'G-1' } })).body.data.id;
    expect((await create({ url: u('consent'), alias: 'согласие', pixel_ids: [pixel] })).status).toBe(201);
    const path = `/${encodeURIComponent('согласие')}`;
    const browser = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
    const page = await fetch(`${s.url}${path}`, { redirect: 'manual', headers: { 'user-agent': browser } });
    expect(page.status).toBe(200);
    const token = /name="token" value="([^"]+)"/.exec(await page.text())![1]!;
    const r = await fetch(`${s.url}${path}`, {
      method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': browser },
      body: new URLSearchParams({ consent: 'decline', token: token.replace(/&amp;/g, '&') }),
    });
    expect(r.status).toBe(303);
    expect(r.headers.get('set-cookie')).toContain(`Path=${path};`);
  });
});

describe('url: required, max:2048, ValidateUrlRule', () => {
  it('is required, naming url (StoreLinkRequest.php:66) (holds)', async () => {
    expect(await refused({ alias: 'nourl' })).toEqual([422, ['url']]);
    expect(await refused({ url: '' })).toEqual([422, ['url']]);
  });

  it('takes 2048 characters and refuses 2049 (max:2048, StoreLinkRequest.php:66) (holds)', async () => {
    const base = 'https://example.com/';
    expect((await create({ url: base + 'a'.repeat(2048 - base.length) })).status).toBe(201);
    expect(await refused({ url: base + 'a'.repeat(2049 - base.length) })).toEqual([422, ['url']]);
  });

  it('refuses what is not a URL, naming url (ValidateUrlRule.php:26-46) (holds)', async () => {
    for (const url of ['example.com', 'javascript:alert(1)', 'https://', 'not a url']) {
      expect(await refused({ url }), url).toEqual([422, ['url']]);
    }
  });
});

describe('active period: date, required_with, before/after, read in the instance zone (America/New_York)', () => {
  const period = async (start: string, end: string) => {
    const r = await create({ url: u('p'), active_period_start_at: start, active_period_end_at: end });
    expect(r.status, `${start} .. ${end} → ${r.text}`).toBe(201);
    return r.body.data;
  };

  it('takes Y-m-d H:i and Y-m-d H:i:s as New York wall clock, seconds kept (LinkTrait.php:116/120)', async () => {
    const l = await period('2030-01-10 08:30', '2030-01-20 17:45:30');
    expect(l).toMatchObject({
      active_period_start_at: '2030-01-10T13:30:00.000000Z', active_period_end_at: '2030-01-20T22:45:30.000000Z', ends_at: '2030-01-20T22:45:30Z',
      expiration_date: '2030-01-20', expiration_time: '17:45',
    });
  });

  it('takes Y-m-d alone as that day\'s midnight, as Carbon::parse reads it (date, LinkTrait.php:116/120)', async () => {
    const l = await period('2030-01-10', '2030-01-20');
    expect(l).toMatchObject({ active_period_start_at: '2030-01-10T05:00:00.000000Z', active_period_end_at: '2030-01-20T05:00:00.000000Z', expiration_time: '00:00' });
  });

  it('takes what toISOString writes (T, milliseconds, Z) as that instant, shown in New York time (date, StoreLinkRequest.php:75-76)', async () => {
    const l = await period('2030-01-10T13:30:00.000Z', '2030-07-01T16:00:00.250Z');
    expect(l).toMatchObject({
      active_period_start_at: '2030-01-10T13:30:00.000000Z', active_period_end_at: '2030-07-01T16:00:00.000000Z', ends_at: '2030-07-01T16:00:00Z',
      expiration_date: '2030-07-01', expiration_time: '12:00',
    });
  });

  it('takes an ISO 8601 offset (+05:30, -0800) as that instant (date, LinkTrait.php:116/120)', async () => {
    const l = await period('2030-01-10T19:00+05:30', '2030-01-20T09:00:00-0800');
    expect(l).toMatchObject({
      active_period_start_at: '2030-01-10T13:30:00.000000Z', active_period_end_at: '2030-01-20T17:00:00.000000Z', expiration_date: '2030-01-20', expiration_time: '12:00',
    });
  });

  it('refuses a wall time New York skips (2030-03-10 02:30, spring forward) in words naming the field (LinkTrait.php:116)', async () => {
    const r = await create({ url: u('gap'), active_period_start_at: '2030-03-10 02:30', active_period_end_at: '2030-04-01 00:00' });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors)).toEqual(['active_period_start_at']);
    expect(r.body.errors.active_period_start_at[0]).toMatch(/does not exist in America\/New_York/);
    const end = await create({ url: u('gap'), active_period_start_at: '2030-03-01', active_period_end_at: '2030-03-10T02:30:00' });
    expect(Object.keys(end.body.errors)).toEqual(['active_period_end_at']);
  });

  it('takes the hour before the skip and the hour after it, an hour apart (LinkTrait.php:120) (holds)', async () => {
    const l = await period('2030-03-10 01:30', '2030-03-10 03:30');
    expect(l.ends_at).toBe('2030-03-10T07:30:00Z');
  });

  it('reads a wall time New York passes twice (2030-11-03 01:30) as the first, earlier one (LinkTrait.php:120) (holds)', async () => {
    expect((await period('2030-11-01 00:00', '2030-11-03 01:30')).ends_at).toBe('2030-11-03T05:30:00Z');
  });

  it('refuses an end without its start, naming active_period_start_at (required_with, StoreLinkRequest.php:75)', async () => {
    const r = await create({ url: u('e'), active_period_end_at: '2030-01-20 10:00' });
    expect(r.status).toBe(422);
    expect(r.body.errors).toHaveProperty('active_period_start_at');
  });

  it('refuses a start after or at its end on both fields (before:/after:, StoreLinkRequest.php:75-76)', async () => {
    for (const [start, end] of [['2030-01-20 10:00', '2030-01-10 10:00'], ['2030-01-20 10:00', '2030-01-20T15:00:00Z']]) {
      expect(await refused({ url: u('o'), active_period_start_at: start, active_period_end_at: end }), `${start} ${end}`)
        .toEqual([422, ['active_period_end_at', 'active_period_start_at']]);
    }
  });

  it('refuses impossible dates and words strtotime would guess at, naming the field (date, StoreLinkRequest.php:75) (holds)', async () => {
    for (const bad of ['2030-02-30 10:00', '2030-13-01', '2030-01-01 24:00', 'tomorrow', '10/01/2030', '2030-01-01T10:00+25:00']) {
      expect(await refused({ url: u('b'), active_period_start_at: bad, active_period_end_at: '2031-01-01 00:00' }), bad)
        .toEqual([422, ['active_period_start_at']]);
    }
  });

  it('answers a link inside its period (given as toISOString writes it) as active, and one before it as expired (LinkTrait.php:116/120)', async () => {
    const now = Date.now();
    const inside = await period(new Date(now - 3_600_000).toISOString(), new Date(now + 3_600_000).toISOString());
    expect(inside.status).toBe(1);
    const before = await period(new Date(now + 3_600_000).toISOString(), new Date(now + 7_200_000).toISOString());
    expect(before.status).toBe(2);
  });
});

describe('clicks_limit: integer, min:0, digits_between:0,9', () => {
  it('takes clicks_limit=0 as no limit: the link stays active (StoreLinkRequest.php:77)', async () => {
    const r = await create({ url: u('z'), alias: 'zero-limit', clicks_limit: 0 });
    expect(r.status, r.text).toBe(201);
    expect(r.body.data).toMatchObject({ clicks_limit: null, expiration_clicks: null, status: 1 });
    expect(await visit('/zero-limit')).toEqual({ status: 302, location: u('z') });
  });

  it('takes the seed\'s expiration_clicks=0 as no limit too (StoreLinkRequest.php:77)', async () => {
    const r = await form('url=https%3A%2F%2Fexample.com%2Fz&expiration_clicks=0');
    expect(r.status, r.text).toBe(201);
    expect(r.body.data).toMatchObject({ expiration_clicks: null, status: 1 });
  });

  it('takes 999999999 (nine digits) (digits_between:0,9, StoreLinkRequest.php:77) (holds)', async () => {
    expect((await create({ url: u('n'), clicks_limit: 999_999_999 })).body.data.clicks_limit).toBe(999_999_999);
  });

  it('refuses ten digits, naming clicks_limit (digits_between:0,9, StoreLinkRequest.php:77)', async () => {
    expect(await refused({ url: u('n'), clicks_limit: 1_000_000_000 })).toEqual([422, ['clicks_limit']]);
  });

  it('refuses negative, fractional and non-numeric limits (integer, min:0, StoreLinkRequest.php:77) (holds)', async () => {
    for (const clicks_limit of [-1, 1.5, 'many']) expect(await refused({ url: u('n'), clicks_limit }), String(clicks_limit)).toEqual([422, ['clicks_limit']]);
  });
});

describe('the other fields', () => {
  it('sensitive_content takes true, false, 1, 0, "1" and "0" (boolean, StoreLinkRequest.php:72) (holds)', async () => {
    for (const [v, want] of [[true, 1], [false, 0], [1, 1], [0, 0], ['1', 1], ['0', 0]] as const) {
      const r = await create({ url: u('s'), sensitive_content: v });
      expect(r.status, String(v)).toBe(201);
      expect(r.body.data.sensitive_content).toBe(want);
    }
  });

  it('sensitive_content refuses "true", "false", "yes" and 2, naming the field (boolean, StoreLinkRequest.php:72)', async () => {
    for (const v of ['true', 'false', 'yes', 2]) expect(await refused({ url: u('s'), sensitive_content: v }), String(v)).toEqual([422, ['sensitive_content']]);
  });

  it('privacy takes 0, 1, 2 and refuses 3 and -1 (integer, between:0,2, StoreLinkRequest.php:73) (holds)', async () => {
    for (const privacy of [0, 1]) expect((await create({ url: u('p'), privacy })).status).toBe(201);
    expect((await create({ url: u('p'), privacy: 2, password: 'stats' })).status).toBe(201);
    for (const privacy of [3, -1, 'public']) expect(await refused({ url: u('p'), privacy }), String(privacy)).toEqual([422, ['privacy']]);
  });

  it('password takes 128 characters and refuses 129 (max:128, StoreLinkRequest.php:74) (holds)', async () => {
    expect((await create({ url: u('pw'), privacy: 2, password: 'p'.repeat(128) })).status).toBe(201);
    expect(await refused({ url: u('pw'), privacy: 2, password: 'p'.repeat(129) })).toEqual([422, ['password']]);
  });

  it('redirect_password takes 128 characters and refuses 129 (max:128, StoreLinkRequest.php:68) (holds)', async () => {
    expect((await create({ url: u('rp'), redirect_password: 'r'.repeat(128) })).body.data.redirect_password).toBe(true);
    expect(await refused({ url: u('rp'), redirect_password: 'r'.repeat(129) })).toEqual([422, ['redirect_password']]);
  });

  it('space_id refuses another user\'s space and a non-integer (ValidateSpaceOwnershipRule, StoreLinkRequest.php:69) (holds)', async () => {
    const theirs = (await s.api('POST', '/spaces', { form: { name: 'Theirs' }, key: other })).body.data.id;
    expect(await refused({ url: u('sp'), space_id: theirs })).toEqual([422, ['space_id']]);
    expect(await refused({ url: u('sp'), space_id: 'first' })).toEqual([422, ['space_id']]);
  });

  it('pixel_ids refuses another user\'s pixel (ValidatePixelOwnershipRule, StoreLinkRequest.php:71) (holds)', async () => {
    const theirs = (await s.api('POST', '/pixels', { form: { name: 'X', type: 'facebook', pixel_id: '1' }, key: other })).body.data.id;
    expect(await refused({ url: u('px'), pixel_ids: [theirs] })).toEqual([422, ['pixel_ids']]);
  });

  it('domain_id refuses another user\'s domain and a non-integer (ValidateDomainOwnershipRule, StoreLinkRequest.php:70) (holds)', async () => {
    const theirs = (await s.api('POST', '/domains', { form: { name: 'theirs.example' }, key: other })).body.data.id;
    expect(await refused({ url: u('dm'), domain_id: theirs })).toEqual([422, ['domain_id']]);
    expect(await refused({ url: u('dm'), domain_id: 'mine' })).toEqual([422, ['domain_id']]);
  });

  it('expiration_url refuses a non-URL and 2049 characters, naming the field (ValidateUrlRule, max:2048, StoreLinkRequest.php:78) (holds)', async () => {
    expect(await refused({ url: u('x'), expiration_url: 'gone' })).toEqual([422, ['expiration_url']]);
    expect(await refused({ url: u('x'), expiration_url: `https://example.com/${'g'.repeat(2030)}` })).toEqual([422, ['expiration_url']]);
    expect((await create({ url: u('x'), expiration_url: u('gone') })).body.data.expiration_url).toBe(u('gone'));
  });
});

describe('targets: targets_type in config/targets.php, targets array max:100, rows required_with', () => {
  it('takes targets_type without targets as no targeting: the link goes to its url (StoreLinkRequest.php:79-80)', async () => {
    const r = await create({ url: u('none'), alias: 'type-only', targets_type: 'countries' });
    expect(r.status, r.text).toBe(201);
    expect(r.body.data.targets).toEqual([]);
    expect(await visit('/type-only')).toEqual({ status: 302, location: u('none') });
  });

  it('drops a blank row targets[0][key]=&targets[0][value]= (StoreLinkRequest.php:117-123, LinkTrait.php:136)', async () => {
    const r = await form([
      'url=https%3A%2F%2Fexample.com%2Fb', 'targets_type=countries', 'targets[0][key]=&targets[0][value]=',
      'targets[1][key]=DE', 'targets[1][value]=https%3A%2F%2Fde.example.com',
    ].join('&'));
    expect(r.status, r.text).toBe(201);
    expect(r.body.data.targets).toEqual([{ key: 'DE', value: 'https://de.example.com' }]);
  });

  it('drops the blank rows of the seed\'s country[] and rotation[] (StoreLinkRequest.php:117-127, LinkTrait.php:136)', async () => {
    const c = await form('url=https%3A%2F%2Fexample.com%2Fc&target_type=1&country[0][key]=&country[0][value]=');
    expect(c.status, c.text).toBe(201);
    expect(c.body.data.country).toEqual([]);
    const rot = await form('url=https%3A%2F%2Fexample.com%2Fr&target_type=4&rotation[0][value]=&rotation[1][value]=https%3A%2F%2Fa.example.com');
    expect(rot.status, rot.text).toBe(201);
    expect(rot.body.data.rotation).toEqual([{ value: 'https://a.example.com' }]);
  });

  it('drops a blank rotations row (targets.*.value nullable, StoreLinkRequest.php:125)', async () => {
    const r = await create({ url: u('rot'), targets_type: 'rotations', targets: [{ value: '' }, { value: u('a') }] });
    expect(r.status, r.text).toBe(201);
    expect(r.body.data.targets).toEqual([{ key: null, value: u('a'), weight: 1 }]);
  });

  it('refuses a key without its value, naming targets.0.value (required_with:targets.*.key, StoreLinkRequest.php:121) (holds)', async () => {
    expect(await refused({ url: u('k'), targets_type: 'countries', targets: [{ key: 'US', value: '' }] })).toEqual([422, ['targets.0.value']]);
  });

  it('refuses a value without its key, naming targets.0.key (required_with:targets.*.value, StoreLinkRequest.php:117) (holds)', async () => {
    expect(await refused({ url: u('k'), targets_type: 'countries', targets: [{ key: '', value: u('v') }] })).toEqual([422, ['targets.0.key']]);
  });

  it('refuses a targets_type outside config/targets.php, naming it (in:, StoreLinkRequest.php:79) (holds)', async () => {
    expect(await refused({ url: u('t'), targets_type: 'planets' })).toEqual([422, ['targets_type']]);
  });

  it('refuses 101 targets, naming targets (max:100, StoreLinkRequest.php:80) (holds)', async () => {
    const targets = Array.from({ length: 101 }, (_, i) => ({ value: u(String(i)) }));
    expect(await refused({ url: u('t'), targets_type: 'rotations', targets })).toEqual([422, ['targets']]);
  });

  it('refuses a target value that is not a URL (ValidateUrlRule, StoreLinkRequest.php:121) (holds)', async () => {
    expect(await refused({ url: u('t'), targets_type: 'countries', targets: [{ key: 'US', value: 'us' }] })).toEqual([422, ['targets.0.value']]);
  });

  it('refuses a key outside the type\'s list (ValidateTargetKeyRule.php:33-55, StoreLinkRequest.php:117) (holds)', async () => {
    expect(await refused({ url: u('t'), targets_type: 'devices', targets: [{ key: 'fridge', value: u('f') }] })).toEqual([422, ['targets.0.key']]);
  });
});

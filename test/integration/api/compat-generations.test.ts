// phpShort's two generations of the link API, decided per request. Current
// phpShort (its v46 migration, database/migrations/2025_01_08_045332_v46.php)
// renamed the link's password to redirect_password and privacy_password to
// password, and expiration_clicks to clicks_limit; it replaced target_type and
// its lists with targets_type/targets and the expiry with an active period. A
// request carrying a field only the current generation has reads `password` as
// the statistics password; one carrying a field only the seed has reads it as
// the redirect's; one with neither follows --api-generation (default seed),
// which also decides what `password` says in answers. `redirect_password` and
// `privacy_password` in answers always say the redirect's and the statistics
// page's. Both engines; one case runs `linkdesk serve` itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkdesk, serve, stop } from '../../helpers/cli.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { fetch } from '../../helpers/direct-fetch.ts';

let seed: TestServer;
let current: TestServer;
beforeAll(async () => {
  seed = await startServer({ timeZone: 'Europe/Berlin', rateLimit: 0 }, { webhooks: false });
  current = await startServer({ timeZone: 'Europe/Berlin', rateLimit: 0, apiGeneration: 'current' }, { webhooks: false });
});
afterAll(async () => { await seed?.close(); await current?.close(); });

const u = (p: string) => `https://example.com/${p}`;
/** Which of the link's passwords are set, by the fields that never change meaning. */
const secrets = (data: { redirect_password: boolean; privacy_password: boolean }) => ({ redirect: data.redirect_password, stats: data.privacy_password });
const create = async (s: TestServer, body: Record<string, unknown>) => {
  const r = await s.api('POST', '/links', { json: { url: u('x'), ...body } });
  expect(r.status, r.text).toBe(201);
  return r.body.data;
};

/** Whether `password` opens the link's redirect form, or its statistics page's (`+`): a right one answers 303 with a cookie. */
const opens = async (s: TestServer, alias: string, stats: boolean, password: string) => {
  const r = await fetch(`${s.url}/${alias}${stats ? '+' : ''}`, {
    method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ password }),
  });
  return r.status === 303 && r.headers.has('set-cookie');
};

describe('the same link made by each generation, read through the other (v46 migration:27-41)', () => {
  it('made by the seed\'s fields, read through current phpShort\'s targets, limit and passwords (holds)', async () => {
    const d = await create(seed, {
      target_type: 1, country: [{ key: 'DE', value: u('de') }], expiration_date: '2099-07-01', expiration_time: '14:15', expiration_clicks: 9,
      password: 'door', privacy: 2, privacy_password: 'stats',
    });
    expect(d).toMatchObject({
      targets_type: 'countries', targets: [{ key: 'DE', value: u('de') }], clicks_limit: 9, redirect_password: true, privacy_password: true,
    });
    expect(await opens(seed, d.alias, false, 'door')).toBe(true);
    expect(await opens(seed, d.alias, true, 'stats')).toBe(true);
  });

  it('made by the seed\'s fields: the expiry reads as active_period_end_at, the instant (v46 migration:41, Link.php:25)', async () => {
    const d = await create(seed, { expiration_date: '2099-07-01', expiration_time: '14:15' });
    expect(d.active_period_end_at).toBe('2099-07-01T12:15:00.000000Z');
  });

  it('made by current phpShort\'s fields, read through the seed\'s: password beside redirect_password is the statistics password (v46 migration:36-37) (holds)', async () => {
    const d = await create(seed, {
      targets_type: 'languages', targets: [{ key: 'fr', value: u('fr') }], redirect_password: 'door', password: 'stats', privacy: 2,
      clicks_limit: 4, active_period_start_at: '2020-06-01 09:00', active_period_end_at: '2099-07-01 14:15',
    });
    expect(d).toMatchObject({
      target_type: 3, language: [{ key: 'fr', value: u('fr') }], expiration_clicks: 4, expiration_date: '2099-07-01', expiration_time: '14:15',
      redirect_password: true, privacy_password: true, password: true,
    });
    expect(await opens(seed, d.alias, false, 'door')).toBe(true);
    expect(await opens(seed, d.alias, true, 'stats')).toBe(true);
    expect(await opens(seed, d.alias, false, 'stats')).toBe(false);
  });

  it('made by current phpShort\'s fields without redirect_password: password alone is the statistics password, not the redirect\'s (LinkTrait.php:93-95)', async () => {
    const d = await create(seed, { targets_type: 'devices', targets: [{ key: 'mobile', value: u('m') }], password: 'stats', privacy: 1 });
    expect(secrets(d)).toEqual({ redirect: false, stats: true });
    // Made private with a password: switching to privacy 2 needs no other, and the password opens the statistics page.
    const r = await seed.api('PUT', `/links/${d.id}`, { form: { privacy: '2' } });
    expect(r.status, r.text).toBe(200);
    expect(await opens(seed, d.alias, true, 'stats')).toBe(true);
  });

  it('made by the seed on one instance and read on a current one: answers\' password is then the statistics page\'s (LinkResource.php:29)', async () => {
    const d = await create(current, { target_type: 0, password: 'door' });
    expect(d).toMatchObject({ password: false, redirect_password: true, privacy_password: false });
    const back = (await current.api('GET', `/links/${d.id}`)).body.data;
    expect(back).toMatchObject({ password: false, redirect_password: true });
  });

  it('made by current phpShort on a seed instance: answers\' password is the redirect\'s there (holds)', async () => {
    const d = await create(seed, { sensitive_content: 0, password: 'stats', privacy: 2 });
    expect(d).toMatchObject({ password: false, redirect_password: false, privacy_password: true });
  });
});

describe('a field only current phpShort has makes password the statistics password (StoreLinkRequest.php:68-76)', () => {
  const CURRENT: [string, unknown][] = [
    ['targets_type', ''], ['redirect_password', 'door'], ['clicks_limit', 3], ['active_period_start_at', '2099-01-01 10:00'],
    ['active_period_end_at', '2099-02-01 10:00'], ['sensitive_content', 1],
  ];
  it.each(CURRENT.map(([f, v]) => [f, v, f === 'redirect_password' ? ' (holds)' : '']))('with %s (value %j), on the seed\'s instance%s', async (field, value) => {
    // An end needs its start (required_with, StoreLinkRequest.php:75-76).
    const pair = field === 'active_period_end_at' ? { active_period_start_at: '2099-01-01 10:00' } : {};
    const d = await create(seed, { ...pair, [field as string]: value, password: 'stats' });
    expect(secrets(d).stats).toBe(true);
    expect(secrets(d).redirect).toBe(field === 'redirect_password');
  });

  it('with targets (and targets_type)', async () => {
    const d = await create(seed, { targets: [{ key: 'US', value: u('us') }], targets_type: 'countries', password: 'stats' });
    expect(secrets(d)).toEqual({ redirect: false, stats: true });
  });

  it('with fields of both generations: current wins for password (expiration_date and clicks_limit)', async () => {
    const d = await create(seed, { expiration_date: '2099-01-01', clicks_limit: 5, password: 'stats' });
    expect(secrets(d)).toEqual({ redirect: false, stats: true });
    expect(d).toMatchObject({ expiration_date: '2099-01-01', clicks_limit: 5 });
  });
});

describe('a field only the seed has makes password the redirect\'s, even on a current instance', () => {
  const SEED: [string, unknown][] = [
    ['target_type', 0], ['country', []], ['platform', []], ['language', []], ['rotation', []], ['expiration_clicks', 2],
    ['expiration_date', '2099-01-01'], ['expiration_time', '10:00'], ['privacy_password', 'stats'],
  ];
  it.each(SEED)('with %s (value %j) (holds)', async (field, value) => {
    const body: Record<string, unknown> = { [field]: value, password: 'door' };
    if (field === 'expiration_time') body.expiration_date = '2099-01-01';
    const d = await create(current, body);
    expect(secrets(d)).toEqual({ redirect: true, stats: field === 'privacy_password' });
  });
});

describe('only password: the instance\'s --api-generation decides', () => {
  it('seed (the default): the redirect\'s password (holds)', async () => {
    const d = await create(seed, { password: 'door' });
    expect(secrets(d)).toEqual({ redirect: true, stats: false });
    expect(await opens(seed, d.alias, false, 'door')).toBe(true);
  });

  it('current: the statistics page\'s password', async () => {
    const d = await create(current, { password: 'stats' });
    expect(secrets(d)).toEqual({ redirect: false, stats: true });
    expect(await opens(current, d.alias, false, 'stats')).toBe(false);
  });

  it('current, with privacy 1: still the statistics page\'s', async () => {
    const d = await create(current, { password: 'stats', privacy: 1 });
    expect(secrets(d)).toEqual({ redirect: false, stats: true });
  });

  it('seed, with privacy 2 and no statistics password sent or stored: the one reading that is not a 422, the statistics page\'s (holds)', async () => {
    const d = await create(seed, { password: 'stats', privacy: 2 });
    expect(secrets(d)).toEqual({ redirect: false, stats: true });
  });

  it('an update with only password changes the statistics password on a current instance', async () => {
    const d = await create(current, { redirect_password: 'door' });
    const r = await current.api('PUT', `/links/${d.id}`, { form: { password: 'stats' } });
    expect(r.status, r.text).toBe(200);
    expect(secrets(r.body.data)).toEqual({ redirect: true, stats: true });
    expect(await opens(current, d.alias, false, 'door')).toBe(true);
  });

  it('an update with only password changes the redirect\'s on a seed instance (holds)', async () => {
    const d = await create(seed, {});
    const r = await seed.api('PUT', `/links/${d.id}`, { form: { password: 'door' } });
    expect(secrets(r.body.data)).toEqual({ redirect: true, stats: false });
  });

  it('password "" clears the statistics password on a current instance', async () => {
    const d = await create(current, { password: 'stats' });
    expect(secrets(d)).toEqual({ redirect: false, stats: true });
    const r = await current.api('PUT', `/links/${d.id}`, { form: { password: '' } });
    expect(secrets(r.body.data)).toEqual({ redirect: false, stats: false });
  });
});

describe('bulk routes read each body the same way', () => {
  it('POST /links/bulk on a current instance: an item with only password sets the statistics password', async () => {
    const r = await current.api('POST', '/links/bulk', { json: { links: [{ url: u('b1'), password: 'stats' }, { url: u('b2'), target_type: 0, password: 'door' }] } });
    expect(r.status, r.text).toBe(200);
    expect(secrets(r.body.data[0].data)).toEqual({ redirect: false, stats: true });
    expect(secrets(r.body.data[1].data)).toEqual({ redirect: true, stats: false });
  });

  it('PATCH /links/bulk on a current instance: changes with only password set the statistics password', async () => {
    const d = await create(current, {});
    const r = await current.api('PATCH', '/links/bulk', { json: { ids: [d.id], changes: { password: 'stats' } } });
    expect(r.status, r.text).toBe(200);
    expect(secrets(r.body.data[0].data)).toEqual({ redirect: false, stats: true });
  });

  it('POST /links/bulk on a seed instance: the redirect\'s (holds)', async () => {
    const r = await seed.api('POST', '/links/bulk', { json: { links: [{ url: u('b3'), password: 'door' }] } });
    expect(secrets(r.body.data[0].data)).toEqual({ redirect: true, stats: false });
  });
});

describe('linkdesk serve --api-generation', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'linkdesk-generation-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  let n = 0;
  /** A fresh data folder's SQLite file, whichever engine the run is on: this is about the option. */
  const envWith = (vars: Record<string, string> = {}): NodeJS.ProcessEnv => {
    const { LINKDESK_DATABASE_URL: _url, LINKDESK_API_GENERATION: _g, ...env } = process.env;
    return { ...env, LINKDESK_DATA_DIR: path.join(work, `d${++n}`), ...vars };
  };

  it('is in the help with its variable', () => {
    const help = linkdesk(['serve', '--help']).stdout;
    expect(help).toContain('--api-generation seed|current');
    expect(help).toContain('env: LINKDESK_API_GENERATION');
  });

  it('refuses a value that is neither, naming the flag or the variable', () => {
    const flag = linkdesk(['serve', '--api-generation', 'newest'], { env: envWith() });
    expect(flag.status).toBe(2);
    expect(flag.stderr).toContain('--api-generation: must be seed or current, not "newest"');
    const variable = linkdesk(['serve'], { env: envWith({ LINKDESK_API_GENERATION: 'newest' }) });
    expect(variable.status).toBe(2);
    expect(variable.stderr).toContain('LINKDESK_API_GENERATION: must be seed or current, not "newest"');
  });

  it('LINKDESK_API_GENERATION=current reads only-password requests as current phpShort', async () => {
    const env = envWith({ LINKDESK_API_GENERATION: 'current' });
    const key = linkdesk(['keys', 'create', '--name', 'op'], { env });
    expect(key.status, key.stderr).toBe(0);
    const s = await serve(['--no-titles', '--no-health-checks'], { env });
    try {
      const r = await fetch(`${s.url}/api/v1/links`, {
        method: 'POST', headers: { authorization: `Bearer ${key.lastLine}`, accept: 'application/json' },
        body: new URLSearchParams({ url: u('cli'), password: 'stats' }),
      });
      const data = (await r.json() as { data: { password: boolean; redirect_password: boolean; privacy_password: boolean } }).data;
      expect(data).toMatchObject({ password: true, redirect_password: false, privacy_password: true });
    } finally {
      await stop(s);
    }
  });
});

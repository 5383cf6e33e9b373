// A data folder written by the schema-4 release (test/fixtures/upgrade-v4,
// made by that release's own API and redirects) opens in this one with every
// record, key, password and click count intact, and its raw clicks folded
// into the rollups that statistics now read.
import { cpSync, mkdtempSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openStore } from '../../../electron/server/db/database.ts';
import { migrations } from '../../../electron/server/db/migration-list.ts';
import { migrate } from '../../../electron/server/db/migrations.ts';
import { createClickStore } from '../../../electron/server/db/repositories/click-store.ts';
import { sqliteOf } from '../../helpers/server.ts';
import { startRedirectServer, within, type RedirectServer } from '../redirect/helpers.ts';

const FIXTURE = path.join(import.meta.dirname, '../../fixtures/upgrade-v4');
const expected = JSON.parse(readFileSync(path.join(FIXTURE, 'expected.json'), 'utf8'));
let s: RedirectServer;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'linkdesk-upgrade-'));
  cpSync(path.join(FIXTURE, 'linkdesk.sqlite'), path.join(dir, 'linkdesk.sqlite'));
  s = await startRedirectServer({}, { clickWriter: 'inline' }, dir, expected.key);
  // The fold runs in the background after start-up; it is small here.
  await within(10_000, async () => expect(createClickStore(sqliteOf(s.store), 'UTC').status().foldPending).toBe(0));
});
afterAll(() => s.close());

it('keeps every link field and click count of the older release', async () => {
  const r = await s.api('GET', '/links?per_page=100');
  expect(r.status).toBe(200);
  // Fields added since that release (migration 7) read as their defaults; the rest is as it was.
  const ADDED = { preview_title: null, preview_description: null, preview_image: null, health: 'unknown', health_detail: null, health_checked_at: null, banned: null };
  for (const l of r.body.data) expect(l).toMatchObject(ADDED);
  // phpShort's current generation (migration 15) reads what the older fields say.
  const CURRENT = ['targets_type', 'targets', 'redirect_password', 'active_period_start_at', 'active_period_end_at', 'expires_at', 'last_rotation',
    'clicks_limit', 'sensitive_content', 'rules'];
  const TYPES: Record<number, string | null> = { 0: null, 1: 'countries', 2: 'operating_systems', 3: 'languages', 4: 'rotations' };
  for (const l of r.body.data) {
    expect(l).toMatchObject({
      redirect_password: l.password, clicks_limit: l.expiration_clicks, active_period_start_at: null, sensitive_content: 0, rules: [],
      // The expiry's instant, as Eloquent writes a datetime (LinkResource.php:32, :39).
      active_period_end_at: l.ends_at === null ? null : l.ends_at.replace(/Z$/, '.000000Z'), expires_at: l.active_period_end_at,
      targets_type: TYPES[l.target_type],
    });
    const old = [l.country, l.platform, l.language, l.rotation][l.target_type - 1] ?? [];
    expect(l.targets.map((t: { value: string }) => t.value)).toEqual(old.map((t: { value: string }) => t.value));
  }
  const strip = (l: Record<string, unknown>) => {
    const { short_url: _s, ...rest } = l;
    for (const k of [...Object.keys(ADDED), ...CURRENT]) delete rest[k];
    // The related records as the older release answered them (phpShort's LinkResource gives their whole models now).
    const pick = <T extends Record<string, unknown>>(o: T | null, keys: string[]) => (o === null ? null : Object.fromEntries(keys.map((k) => [k, o[k]])));
    rest.domain = pick(rest.domain as Record<string, unknown> | null, ['id', 'name']);
    rest.space = pick(rest.space as Record<string, unknown> | null, ['id', 'name', 'color']);
    rest.pixels = (rest.pixels as Record<string, unknown>[]).map((p) => pick(p, ['id', 'name', 'type']));
    return { ...rest, short_url: undefined };
  };
  expect(r.body.data.map(strip)).toEqual(expected.links);
  expect(r.body.data.find((l: { alias: string }) => l.alias === 'capped')).toMatchObject({ clicks: 5, status: 2 });
});

it('keeps both users\' keys, and each still sees only its own records', async () => {
  const as = (p: string) => fetch(`${s.url}/api/v1${p}`, { headers: { authorization: `Bearer ${expected.otherKey}` } }).then((r) => r.json()) as Promise<any>;
  expect((await as('/account')).data.name).toBe('bob');
  expect((await as('/links')).meta.total).toBe(0);
  expect((await s.api('GET', '/account')).body.data.name).toBe('owner');
});

it('keeps link passwords: the old password still opens the link', async () => {
  expect((await s.hit('/secret')).text).toMatch(/password/i);
  const wrong = await s.hit('/secret', { form: { password: 'nope' } });
  expect(wrong.status).not.toBe(303);
  const right = await s.hit('/secret', { form: { password: expected.passwords.secret } });
  expect(right.status).toBe(303);
});

it('folds the old raw clicks into the statistics, with the same numbers as before', async () => {
  const plain = expected.links.find((l: { alias: string }) => l.alias === 'plain');
  const r = await s.api('GET', `/stats/${plain.id}`);
  expect(r.status).toBe(200);
  const was = expected.plainStats;
  expect(r.body.data).toMatchObject({
    clicks: was.clicks, total: was.clicks, days: was.days,
    countries: was.countries, platforms: was.platforms, browsers: was.browsers, languages: was.languages, referrers: was.referrers,
  });
  const total = sqliteOf(s.store).prepare('SELECT sum(clicks) AS n FROM account_days').get() as { n: number };
  expect(total.n).toBe(58);
});

it('counts new clicks on top of the old ones', async () => {
  await s.hit('/plain');
  await within(3000, async () => expect((await s.api('GET', '/links?search=plain&search_by=alias')).body.data[0].clicks).toBe(41));
});

it('moves the dimensions of a schema-5 database into their link-day rows', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'linkdesk-upgrade-5-'));
  const file = path.join(dir, 'linkdesk.sqlite');
  const old = new Database(file);
  migrate(old, migrations.filter((m) => m.version <= 5));
  const at = new Date().toISOString();
  const user = Number(old.prepare('INSERT INTO users (name, created_at) VALUES (?, ?)').run('u', at).lastInsertRowid);
  const link = Number(old.prepare('INSERT INTO links (user_id, alias, url, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
    .run(user, 'five', 'https://example.com', at, at).lastInsertRowid);
  old.prepare('INSERT INTO click_days (link_id, day, user_id, clicks) VALUES (?, ?, ?, ?), (?, ?, ?, ?)').run(link, 20000, user, 5, link, 20001, user, 1);
  const dim = old.prepare('INSERT INTO click_dims (link_id, dim, day, value, clicks) VALUES (?, ?, ?, ?, ?)');
  dim.run(link, 1, 20000, 'DE', 3);
  dim.run(link, 5, 20000, 'news.example:8080', 2);
  old.close();

  const store = openStore(dir);
  try {
    const rows = store.sqlite.prepare('SELECT day, clicks, dims FROM click_days WHERE link_id = ? ORDER BY day').all(link) as { day: number; clicks: number; dims: string }[];
    expect(rows.map((r) => ({ ...r, dims: JSON.parse(r.dims) }))).toEqual([
      // Migration 6 made them an object, migration 13 an array of [dimension, value, clicks].
      { day: 20000, clicks: 5, dims: [[1, 'DE', 3], [5, 'news.example:8080', 2]] },
      { day: 20001, clicks: 1, dims: [] },
    ]);
    expect(store.sqlite.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE name = 'click_dims'").get()).toEqual({ n: 0 });
  } finally {
    store.sqlite.close();
  }
});

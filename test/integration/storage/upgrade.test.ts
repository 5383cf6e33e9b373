// A data folder written by the schema-4 release (test/fixtures/upgrade-v4,
// made by that release's own API and redirects) opens in this one with every
// record, key, password and click count intact, and its raw clicks folded
// into the rollups that statistics now read.
import { cpSync, mkdtempSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClickStore } from '../../../electron/server/db/repositories/click-store.ts';
import { startRedirectServer, within, type RedirectServer } from '../redirect/helpers.ts';

const FIXTURE = path.join(import.meta.dirname, '../../fixtures/upgrade-v4');
const expected = JSON.parse(readFileSync(path.join(FIXTURE, 'expected.json'), 'utf8'));
let s: RedirectServer;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'linkdesk-upgrade-'));
  cpSync(path.join(FIXTURE, 'linkdesk.sqlite'), path.join(dir, 'linkdesk.sqlite'));
  s = await startRedirectServer({}, { clickWriter: 'inline' }, dir, expected.key);
  // The fold runs in the background after start-up; it is small here.
  await within(10_000, async () => expect(createClickStore(s.store.sqlite, 'UTC').status().foldPending).toBe(0));
});
afterAll(() => s.close());

it('keeps every link field and click count of the older release', async () => {
  const r = await s.api('GET', '/links?per_page=100');
  expect(r.status).toBe(200);
  const strip = (l: Record<string, unknown>) => ({ ...l, short_url: undefined });
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
  const total = s.store.sqlite.prepare('SELECT sum(clicks) AS n FROM account_days').get() as { n: number };
  expect(total.n).toBe(58);
});

it('counts new clicks on top of the old ones', async () => {
  await s.hit('/plain');
  await within(3000, async () => expect((await s.api('GET', '/links?search=plain&search_by=alias')).body.data[0].clicks).toBe(41));
});

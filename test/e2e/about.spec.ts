// About this app, on the instances screen: where the local server's log is,
// and a button that asks the system to show its folder.
import path from 'node:path';
import { expect, test } from './fixtures.ts';

test('the About card shows where the server log is, and its button opens the logs folder', async ({ page, world }) => {
  const { dataDir } = world.desktop;
  await world.open('#/instances');
  const about = page.getByTestId('about');
  await expect(about.getByTestId('log-file')).toHaveText(path.join(dataDir, 'logs', 'server.log'));
  await expect(about.getByTestId('data-dir')).toHaveText(dataDir);
  // DB-IP's licence (CC BY 4.0) asks for its credit where its data shows: the statistics' countries and cities.
  await expect(about.getByTestId('geo-attribution')).toHaveText('IP geolocation by DB-IP, CC BY 4.0');
  await expect(about.getByRole('link', { name: 'IP geolocation by DB-IP' })).toHaveAttribute('href', 'https://db-ip.com');

  await about.getByRole('button', { name: 'Open logs folder' }).click();
  await expect.poll(() => world.openedFolders).toEqual([path.join(dataDir, 'logs')]);
  await world.axe('instances screen with the About card');
});

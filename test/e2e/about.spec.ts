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

  await about.getByRole('button', { name: 'Open logs folder' }).click();
  await expect.poll(() => world.openedFolders).toEqual([path.join(dataDir, 'logs')]);
  await world.axe('instances screen with the About card');
});

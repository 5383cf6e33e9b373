// Settings → Updates and the banner, on the real handler table. The screens'
// harness is not an installed app (no updater), so checking is not offered
// there; the ready banner comes from the update-status push main sends once a
// download is verified (electron/services/updater.ts, tested against a real feed).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.ts';

test('the update feed is set in Settings, a bad address is refused on its field, and no check runs outside the installed app', async ({ page, world }) => {
  await world.open('#/settings');
  const card = page.getByRole('region', { name: 'Updates' });
  await expect(card.getByTestId('update-status')).toHaveText('Updates work only in the installed app, not in one started from the project folder.');
  await expect(card.getByRole('button', { name: 'Check for updates' })).toBeDisabled();
  await expect(card.getByRole('switch', { name: /Check when Linkdesk starts/ })).toBeDisabled();

  const feed = card.getByLabel('Update feed');
  await feed.fill('ftp://updates.example.com/linkdesk/');
  await feed.press('Enter');
  await expect(card.getByText('The update feed must be an https:// address.')).toBeVisible();
  await feed.fill('http://updates.example.com/linkdesk/');
  await feed.press('Enter');
  await expect(card.getByText(/^The update feed must be an https:\/\/ address: over plain http:\/\/ anyone on the network/)).toBeVisible();
  await world.shot('refused');

  await feed.fill('https://updates.example.com/linkdesk/');
  await feed.press('Enter');
  await expect(page.getByTestId('notice').filter({ hasText: 'Update feed saved.' })).toBeVisible();
  // Controlled by what main saved: it turns on once updates.configure answers.
  await card.getByRole('switch', { name: /Check when Linkdesk starts/ }).click({ force: true });
  await expect(page.getByTestId('notice').filter({ hasText: 'Linkdesk checks for updates at start.' })).toBeVisible();
  await expect(card.getByRole('switch', { name: /Check when Linkdesk starts/ })).toBeChecked();
  // Main asked before the new feed was stored.
  expect(world.consents.asked.map((a) => [a.kind, a.details.address])).toEqual([['update-feed', 'updates.example.com']]);
  const saved = JSON.parse(readFileSync(path.join(world.desktop.dataDir, 'updates.json'), 'utf8'));
  expect(saved).toMatchObject({ feedUrl: 'https://updates.example.com/linkdesk/', checkAtStart: true });
  await world.shot('saved');
  await world.axe('updates card');
});

test('a verified update shows a banner; nothing installs until Restart to update is pressed', async ({ page, world }) => {
  await world.open('#/links');
  await expect(page.getByTestId('update-banner')).toHaveCount(0);
  await world.command({ type: 'update-status', status: { state: 'ready', version: '0.2.0', message: 'Linkdesk 0.2.0 is downloaded and verified. Restart to install it.' } });
  const banner = page.getByTestId('update-banner');
  await expect(banner).toContainText('Linkdesk 0.2.0 is ready');
  await expect(banner).toContainText('Restart to install it.');
  expect(world.calls).not.toContain('updates.install');
  await world.shot('banner');
  await world.axe('update banner');

  await banner.getByRole('button', { name: 'Restart to update' }).click();
  expect(world.calls).toContain('updates.install');
  // This harness has nothing downloaded, so main answers that nothing is ready; the banner says so.
  await expect(banner.getByRole('alert')).toHaveText('The update is no longer ready to install; check for updates again.');
  await banner.getByRole('button', { name: 'Later' }).click();
  await expect(page.getByTestId('update-banner')).toHaveCount(0);
});

// Backups of the local instance from the settings screen: back up, lose a
// link, restore the backup (asked first, by keyboard), and the link is back.
import { readdirSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { rowAction } from './ui.ts';

test('backs up the local instance, then a restore brings a deleted link back', async ({ page, world }) => {
  await world.open('#/links');
  const drawer = page.getByRole('dialog', { name: 'New link' });
  await page.getByRole('button', { name: 'New link' }).click();
  await drawer.getByLabel('Destination URL').fill('https://example.com/come-back');
  await drawer.getByLabel('Alias').fill('come-back');
  await drawer.getByRole('button', { name: 'Create link' }).click();
  await expect(page.locator('tr[data-alias="come-back"]')).toBeVisible();
  await world.shot('link-created');

  await world.open('#/settings');
  const card = page.getByRole('region', { name: 'Backups' });
  await expect(card).toContainText('keeps the last 7 automatic ones');
  await expect(card).toContainText('kept until you delete them');
  // The app's start took the daily backup.
  await expect(card.locator('tr[data-backup]')).toHaveCount(1);
  await expect(card.locator('tr[data-backup]')).toContainText('Automatic');

  await card.getByRole('button', { name: 'Back up now' }).click();
  await expect(page.getByTestId('notice').filter({ hasText: 'Backup made' })).toBeVisible();
  const fresh = card.locator('tr[data-backup]').filter({ hasText: 'New' });
  await expect(fresh).toContainText('Manual');
  await expect(card.locator('tr[data-backup]')).toHaveCount(2);
  const name = await fresh.getAttribute('data-backup');
  expect(name).toMatch(/^linkdesk-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.sqlite$/);
  await world.shot('backed-up');
  await world.axe('backups card');

  await world.open('#/links');
  await rowAction(page, 'come-back', 'Delete…');
  await page.getByRole('dialog', { name: 'Delete link' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator('tr[data-alias="come-back"]')).toHaveCount(0);
  await world.shot('link-deleted');

  await world.open('#/settings');
  const row = card.locator(`tr[data-backup="${name}"]`);
  await row.getByRole('button', { name: /^Restore the backup of / }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Restore this backup?' });
  await expect(confirm).toContainText('The local server stops and starts again');
  await expect(confirm).toContainText('linkdesk.sqlite.before-restore-<time>');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await world.shot('confirm');
  await world.axe('restore confirmation');

  const portBefore = world.desktop.serverStatus().port;
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Restore and restart' })).toBeFocused();
  await page.keyboard.press('Enter');
  await world.shot('restoring');
  await expect(page.getByTestId('notice').filter({ hasText: 'Backup restored' })).toBeVisible();
  await expect(confirm).toBeHidden();
  expect(world.desktop.serverStatus()).toMatchObject({ state: 'running' });
  expect(portBefore).not.toBeNull();
  expect(readdirSync(world.desktop.dataDir).filter((n) => n.startsWith('linkdesk.sqlite.before-restore-'))).toHaveLength(1);
  await world.shot('restored');

  await world.open('#/links');
  await expect(page.locator('tr[data-alias="come-back"]')).toBeVisible();
  await expect(page.locator('tr[data-alias="come-back"]')).toContainText('example.com/come-back');
  await world.shot('link-back');
});

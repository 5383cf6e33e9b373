// Spaces and pixels: create, a 422 on its field, edit, delete, and the link
// count that opens the links screen filtered to that space or pixel.
import { expect, test } from './fixtures.ts';
import { combo, pick } from './ui.ts';

test('manages spaces, and a space\'s link count opens its links', async ({ page, world }) => {
  await world.open('#/spaces');
  await expect(page.getByText('No spaces yet')).toBeVisible();

  await page.getByRole('button', { name: 'New space' }).click();
  let dialog = page.getByRole('dialog', { name: 'New space' });
  // Nothing to send yet: Create waits for a name; a name cleared again is asked for in the form's words.
  await expect(dialog.getByRole('button', { name: 'Create space' })).toBeDisabled();
  await dialog.getByLabel(/^Name/).fill('x');
  await dialog.getByLabel(/^Name/).fill('');
  await dialog.getByLabel(/^Name/).press('Tab');
  await expect(dialog.getByLabel(/^Name/)).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Enter the name.')).toBeVisible();
  await dialog.getByLabel(/^Name/).fill('Launch');
  await dialog.getByLabel('Color').fill('#0ca678');
  await dialog.getByRole('button', { name: 'Create space' }).click();
  await expect(dialog).toBeHidden();
  const row = page.locator('tr[data-row-name="Launch"]');
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Edit Launch' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Launch' });
  await dialog.getByLabel(/^Name/).fill('Launch 2026');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('tr[data-row-name="Launch 2026"]')).toBeVisible();
  const space = (await world.invoke('spaces.list', { query: {} })).data[0];
  expect(space).toMatchObject({ name: 'Launch 2026', color: '#0ca678' });

  await world.invoke('links.create', { data: { url: 'https://example.com/in', alias: 'in-space', space_id: space.id } });
  await world.invoke('links.create', { data: { url: 'https://example.com/out', alias: 'no-space' } });
  await page.reload();
  await page.getByRole('button', { name: '1 link in Launch 2026: show them' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Links' })).toBeVisible();
  await expect(combo(page, 'Space')).toHaveValue('Launch 2026');
  await expect(page.getByTestId('links-table').locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tr[data-alias="in-space"]')).toBeVisible();

  await page.getByRole('link', { name: 'Spaces' }).click();
  await page.getByRole('button', { name: 'Delete Launch 2026' }).click();
  await page.getByRole('dialog', { name: 'Delete space' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No spaces yet')).toBeVisible();
  expect((await world.invoke('links.list', { query: {} })).data.find((l: { alias: string }) => l.alias === 'in-space').space).toBeNull();
});

test('manages pixels; a bad pixel id is refused on its field before it is sent', async ({ page, world }) => {
  await world.open('#/pixels');
  await page.getByRole('button', { name: 'New pixel' }).click();
  const dialog = page.getByRole('dialog', { name: 'New pixel' });
  await dialog.getByLabel(/^Name/).fill('Ads');
  await pick(page, dialog, /^Type/, 'TikTok');
  await dialog.getByLabel(/^Pixel ID/).fill('has spaces!');
  await dialog.getByLabel(/^Pixel ID/).press('Tab');
  await expect(dialog.getByLabel(/^Pixel ID/)).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('The pixel ID may only contain letters, digits, dots, dashes and underscores.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create pixel' })).toBeDisabled();
  await world.shot('422');
  await dialog.getByLabel(/^Pixel ID/).fill('C9ABCDEF12');
  await dialog.getByRole('button', { name: 'Create pixel' }).click();
  await expect(dialog).toBeHidden();
  const row = page.locator('tr[data-row-name="Ads"]');
  await expect(row).toContainText('TikTok');
  await expect(row).toContainText('C9ABCDEF12');

  await row.getByRole('button', { name: 'Edit Ads' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Ads' });
  await pick(page, edit, /^Type/, 'LinkedIn');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('LinkedIn');
  expect((await world.invoke('pixels.list', { query: {} })).data[0]).toMatchObject({ name: 'Ads', type: 'linkedin', pixel_id: 'C9ABCDEF12' });

  await row.getByRole('button', { name: 'Delete Ads' }).click();
  await page.getByRole('dialog', { name: 'Delete pixel' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No pixels yet')).toBeVisible();
});

// Bulk selection in the links table: ticking rows (mouse, the header box,
// Space on a focused row), "Select all M matching" across pages, and each
// bulk action, which asks first, shows its progress, refreshes the table,
// clears the selection and says what it did.
import type { Page } from '@playwright/test';
import { expect, test, type World } from './fixtures.ts';
import { pick } from './ui.ts';
import { seedCatalog } from './seed.ts';

const rows = (page: Page) => page.getByTestId('links-table').locator('tbody tr');
const bar = (page: Page) => page.getByTestId('bulk-bar');
const dialog = (page: Page) => page.getByRole('dialog');

/**
 * Runs a bulk action from the bar: the question, then the progress to its end and the notice saying what it did;
 * screenshots of each. The notice is looked for as the job ends: it closes by itself after 4 s, and beside a second
 * suite the screenshot and the dialog's closing could take longer than that.
 */
async function act(page: Page, world: World, button: string, confirm: string, question: RegExp, notice: string, fill?: () => Promise<void>) {
  await bar(page).getByRole('button', { name: button, exact: true }).click();
  await expect(dialog(page).getByTestId('bulk-confirm-text')).toHaveText(question);
  await fill?.();
  await world.shot(`${confirm}-confirm`);
  await dialog(page).getByRole('button', { name: confirm, exact: true }).click();
  await expect(dialog(page).getByTestId('job-progress')).toBeVisible();
  await world.shot(`${confirm}-progress`);
  await expect(dialog(page).getByTestId('job-progress')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('notice').filter({ hasText: notice })).toBeVisible();
  await world.shot(`${confirm}-done`);
  await page.getByTestId('bulk-modal').getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(bar(page)).toHaveCount(0); // the selection is cleared
}

const total = async (world: World, query: Record<string, unknown>) => (await world.invoke('links.list', { query })).meta.total as number;

test('disables and enables every link a filter matches, across pages', async ({ page, world }) => {
  const c = await seedCatalog(world);
  await world.open('#/links');
  await pick(page, page, 'Space', 'Red'); // 33 links, 4 pages
  await expect(page.getByTestId('list-range')).toHaveText('1–10 of 33 links');

  await page.getByRole('checkbox', { name: 'Select every link on this page' }).check();
  await expect(bar(page).getByTestId('bulk-count')).toHaveText('10 selected');
  await world.shot('page-selected');
  await bar(page).getByRole('button', { name: 'Select all 33 matching' }).click();
  await expect(bar(page).getByTestId('bulk-count')).toHaveText('33 selected');
  // Every row of another page shows ticked too.
  await page.getByRole('button', { name: 'Page 4' }).click();
  await expect(rows(page)).toHaveCount(3);
  for (const box of await rows(page).getByTestId('select-row').locator('input').all()) await expect(box).toBeChecked();
  await world.shot('all-matching');

  const redDisabled = async () => (await world.invoke('links.list', { query: { space_id: c.spaces.red, per_page: 100 } })).data
    .filter((l: { disabled: number }) => l.disabled === 1).length;
  expect(await redDisabled()).toBe(0);
  await act(page, world, 'Disable', 'Disable', /^Disable 33 links\?/, '33 links disabled.');
  expect(await redDisabled()).toBe(33);
  expect(await total(world, { space_id: c.spaces.blue, status: 3 })).toBe(6); // Blue's own disabled links (i%10=9), untouched
  for (const s of await rows(page).locator('[data-status]').allTextContents()) expect(s).toBe('Disabled');

  await page.getByRole('checkbox', { name: 'Select every link on this page' }).check();
  await bar(page).getByRole('button', { name: 'Select all 33 matching' }).click();
  await act(page, world, 'Enable', 'Enable', /^Enable 33 links\?/, '33 links enabled.');
  expect(await redDisabled()).toBe(0);
});

test('moves ticked links to a space, sets and clears their expiry, and deletes them', async ({ page, world }) => {
  const c = await seedCatalog(world, 24);
  await world.open('#/links');
  await expect(page.getByTestId('list-range')).toHaveText('1–10 of 24 links');
  const chosen = ['link-23', 'link-22', 'link-21'];
  await page.getByRole('checkbox', { name: 'Select link-23' }).check();
  await page.getByRole('checkbox', { name: 'Select link-22' }).check();
  // Keyboard: a focused row's Space ticks its box.
  await page.locator('tr[data-alias="link-21"]').getByTestId('clicks').click();
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'Select link-21' })).toBeChecked();
  await expect(bar(page).getByTestId('bulk-count')).toHaveText('3 selected');
  await world.shot('three-ticked');

  const linksOf = async () => (await world.invoke('links.list', { query: { per_page: 100 } })).data.filter((l: { alias: string }) => chosen.includes(l.alias));

  await act(page, world, 'Move to space…', 'Move', /^Move 3 links to the space chosen below\./, '3 links moved.', () => pick(page, dialog(page), 'Space', 'Blue'));
  for (const l of await linksOf()) expect(l.space?.id, l.alias).toBe(c.spaces.blue);
  await expect(page.locator('tr[data-alias="link-22"]')).toContainText('Blue');

  const tickAll = async () => { for (const a of chosen) await page.getByRole('checkbox', { name: `Select ${a}` }).check(); };
  await tickAll();
  await bar(page).getByRole('button', { name: 'Expiry' }).click();
  await page.getByRole('menuitem', { name: 'Set expiry…' }).click();
  await expect(dialog(page).getByTestId('bulk-confirm-text')).toHaveText(/^Set the expiry of 3 links/);
  await dialog(page).getByLabel('Date').fill('2031-01-02');
  await dialog(page).getByLabel('Time').fill('09:15');
  await world.shot('Set expiry-confirm');
  await dialog(page).getByRole('button', { name: 'Set expiry', exact: true }).click();
  await expect(dialog(page).getByTestId('job-progress')).toHaveAttribute('data-status', 'done');
  await world.shot('Set expiry-done');
  await page.getByTestId('bulk-modal').getByRole('button', { name: 'Close', exact: true }).click();
  for (const l of await linksOf()) expect([l.expiration_date, l.expiration_time], l.alias).toEqual(['2031-01-02', '09:15']);

  await tickAll();
  await bar(page).getByRole('button', { name: 'Expiry' }).click();
  await page.getByRole('menuitem', { name: 'Clear expiry' }).click();
  await expect(dialog(page).getByTestId('bulk-confirm-text')).toHaveText(/^Clear the expiry date and time of 3 links\?/);
  await world.shot('Clear expiry-confirm');
  await dialog(page).getByRole('button', { name: 'Clear expiry', exact: true }).click();
  await expect(dialog(page).getByTestId('job-progress')).toHaveAttribute('data-status', 'done');
  await world.shot('Clear expiry-done');
  await page.getByTestId('bulk-modal').getByRole('button', { name: 'Close', exact: true }).click();
  for (const l of await linksOf()) expect([l.expiration_date, l.expiration_time], l.alias).toEqual([null, null]);

  await tickAll();
  await act(page, world, 'Delete', 'Delete', /^Delete 3 links\?/, '3 links deleted.');
  await expect(page.getByTestId('list-range')).toHaveText('1–10 of 21 links');
  await expect(page.locator('tr[data-alias="link-23"]')).toHaveCount(0);
  expect(await linksOf()).toEqual([]);
  await world.axe('links with a selection');
});

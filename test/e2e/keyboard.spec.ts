// Everything without a mouse: skip link, navigation, creating and editing a
// link, sorting, switching instance; focus lands somewhere sensible each time.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** Presses Tab until the element matching `name` (a button or link) has focus. */
async function tabTo(page: Page, role: 'button' | 'link', name: string | RegExp, max = 60) {
  const target = page.getByRole(role, { name }).first();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab never reached ${role} ${String(name)}`);
}

test('a link can be created, edited and sorted, and the instance switched, with the keyboard alone', async ({ page, world }) => {
  await world.invoke('links.create', { data: { url: 'https://example.com/first', alias: 'first' } });
  await world.addInstance('Team server', world.remote.url, world.remote.key);
  await world.open('#/links');
  await expect(page.getByRole('heading', { level: 1, name: 'Links' })).toBeFocused();

  // The skip link is the first stop, before the header, and takes focus into the screen.
  await page.getByRole('button', { name: 'Command palette: find links, screens and actions' }).focus();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();

  // Create.
  await tabTo(page, 'button', 'New link');
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'New link' });
  await expect(drawer.getByLabel('Destination URL')).toBeFocused();
  await page.keyboard.type('https://example.com/typed');
  await page.keyboard.press('Tab'); // domain
  await page.keyboard.press('Tab'); // alias
  await page.keyboard.type('typed');
  await page.keyboard.press('Enter');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: 'New link' })).toBeFocused(); // focus returns to where it was
  await expect(page.locator('tr[data-alias="typed"]')).toBeVisible();

  // Edit, then leave with Escape.
  await tabTo(page, 'button', 'Edit typed');
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: 'Edit typed' });
  await expect(edit.getByLabel('Destination URL')).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('https://example.com/retyped');
  await page.keyboard.press('Enter');
  await expect(edit).toBeHidden();
  await expect(page.locator('tr[data-alias="typed"]').getByRole('link', { name: 'example.com/retyped' })).toHaveAttribute('href', 'https://example.com/retyped');

  // Sort by a header.
  await page.getByRole('heading', { level: 1 }).focus();
  await tabTo(page, 'button', /^Short URL/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('columnheader', { name: /^Short URL/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByTestId('links-table').locator('tbody tr').first()).toHaveAttribute('data-alias', 'first');

  // Switch instance from the header menu with arrows and Enter.
  await page.getByTestId('instance-switcher').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  const item = page.getByRole('menuitem', { name: /^Team server/ });
  for (let i = 0; i < 6 && !(await item.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
  await expect(item).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('instance-switcher')).toContainText('Team server');
  await expect(page.getByText('No links yet')).toBeVisible();

  // The navigation is a list of links in tab order.
  await page.getByTestId('instance-switcher').focus();
  await tabTo(page, 'link', 'Domains');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Domains' })).toBeFocused();
  await world.shot();
});

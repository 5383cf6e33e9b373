// The links table as people live in it: 10,000 links in a 1280×800 window
// (headers whole, the destination readable, the column chooser, a row's menu
// worked by keyboard), search over alias, URL and title at once, a view and
// filters remembered per instance, and an empty instance that offers a start
// instead of filters over nothing.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { combo, pick } from './ui.ts';
import { seedMany } from './seed.ts';

const table = (page: Page) => page.getByTestId('links-table');
const row = (page: Page, alias: string) => table(page).locator(`tr[data-alias="${alias}"]`);

test('10,000 links at 1280×800: whole headers, a readable destination, the column chooser and a row menu by keyboard', async ({ page, world }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await seedMany(world, 10_000);
  await world.open('#/links');
  await expect(page.getByTestId('list-range')).toHaveText('1–10 of 10,000 links');
  await expect(row(page, 'bulk-09999')).toBeVisible();

  // No header is cut: each fits its cell, and the table fits the window without scrolling sideways.
  const headers = await table(page).locator('thead th').evaluateAll((ths) => ths.map((th) => ({
    text: th.textContent?.trim() ?? '', overflow: th.scrollWidth - th.clientWidth,
  })));
  expect(headers.map((h) => h.text)).toEqual(['', 'Short URL', 'Destination', 'Clicks', 'Status', 'Space', 'Created', 'Actions']);
  for (const h of headers) expect(h.overflow, `header "${h.text}" is cut`).toBeLessThanOrEqual(0);
  const fits = await table(page).evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth);
  expect(fits, 'the table scrolls sideways at 1280 px').toBe(true);

  // The destination is the widest column, and shows the address from its start.
  const dest = row(page, 'bulk-09999').getByTestId('destination');
  const width = await dest.evaluate((td) => td.getBoundingClientRect().width);
  expect(width).toBeGreaterThan(300);
  await expect(dest).toContainText('shop.example.com/collections/summer-2023/products/item-9999');
  await world.shot('table');

  // Hovering shows the whole URL; the row's detail shows it too.
  await dest.getByRole('link').hover();
  const whole = 'https://shop.example.com/collections/summer-2023/products/item-9999?utm_source=newsletter&utm_medium=email&utm_campaign=launch-2';
  await expect(page.getByRole('tooltip')).toHaveText(whole);
  await row(page, 'bulk-09999').getByRole('button', { name: 'Details of bulk-09999' }).click();
  await expect(table(page).getByTestId('detail-url')).toHaveText(whole);
  await world.shot('row-detail');
  await row(page, 'bulk-09999').getByRole('button', { name: 'Details of bulk-09999' }).click();
  await expect(table(page).getByTestId('row-detail')).toHaveCount(0);

  // The column chooser: Title on, Status off; no column repeats another (no Domain column beside the short URL's host).
  await page.getByTestId('column-chooser').click();
  const chooser = page.getByRole('group', { name: 'Columns to show' });
  await expect(chooser.locator('label')).toHaveText(['Title', 'Clicks', 'Status', 'Health', 'Space', 'Created']);
  await chooser.getByRole('checkbox', { name: 'Title' }).check();
  await chooser.getByRole('checkbox', { name: 'Status' }).uncheck();
  // The table follows at once, the chooser still open over it; Escape then closes the chooser.
  await expect(table(page).locator('thead th')).toHaveText(['', 'Short URL', 'Destination', 'Title', 'Clicks', 'Space', 'Created', 'Actions']);
  await world.shot('column-chooser');
  // Escape from inside the chooser, where a keyboard user is (the table's re-render under load could take focus away).
  await chooser.getByRole('checkbox', { name: 'Status' }).focus();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Columns' })).toHaveCount(0);

  // A row's menu by keyboard alone: Tab from Edit to "More actions", Enter opens it on its first item, arrows move, Enter acts.
  const edit = row(page, 'bulk-09998').getByRole('button', { name: 'Edit bulk-09998' });
  await edit.focus();
  await page.keyboard.press('Tab');
  await expect(row(page, 'bulk-09998').getByRole('button', { name: 'More actions for bulk-09998' })).toBeFocused();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Actions for bulk-09998' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveText(['Statistics', 'QR code', 'Open destination', 'Check destination now', 'Delete…']);
  await expect(menu.getByRole('menuitem', { name: 'Statistics' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'QR code' })).toBeFocused();
  await world.shot('row-menu-by-keyboard');
  // A slow machine (the CPU at a sixth): the dialog opens before its code is drawn, and still takes the focus.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.keyboard.press('Enter');
  const qr = page.getByRole('dialog', { name: 'QR code for bulk-09998' });
  await expect(qr).toBeVisible();
  // The dialog has the focus (the menu's closing must not pull it back to the row's button).
  await expect(qr.locator(':focus')).toHaveCount(1);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Closed, it gives the focus back to the row's menu button.
  await expect(row(page, 'bulk-09998').getByRole('button', { name: 'More actions for bulk-09998' })).toBeFocused();
});

test('search finds an alias, a piece of a destination or a title by default; the seed\'s "search in" still narrows it', async ({ page, world }) => {
  await world.invoke('links.create', { data: { url: 'https://docs.example.org/guide/install', alias: 'setup' } });
  await world.invoke('links.create', { data: { url: 'https://blog.example.org/spring-sale', alias: 'promo' } });
  await world.open('#/links');
  const rows = table(page).locator('tbody tr');
  await expect(combo(page, 'Search in')).toHaveValue('All fields');

  const search = page.getByLabel('Search links');
  await search.fill('setup');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-alias', 'setup');
  await search.fill('spring-sale');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-alias', 'promo');
  await world.shot('by-url');
  // Narrowed to aliases, a piece of a URL finds nothing.
  await pick(page, page, 'Search in', 'Alias');
  await expect(page.getByText('No link matches these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(rows).toHaveCount(2);
});

test('the view, the sort and the filters are remembered per instance', async ({ page, world }) => {
  await world.invoke('links.create', { data: { url: 'https://example.com/a', alias: 'alpha' } });
  await world.invoke('links.create', { data: { url: 'https://example.com/b', alias: 'beta', disabled: 1 } });
  await world.addInstance('Remote', world.remote.url, world.remote.key);
  await world.remote.api('POST', '/links', { json: { url: 'https://example.net/r', alias: 'remote-one' } });
  await world.open('#/links');

  await page.getByText('Compact', { exact: true }).click();
  await pick(page, page, 'Status', 'Disabled');
  await page.getByRole('button', { name: /^Short URL/ }).click();
  await expect(table(page).locator('tbody tr')).toHaveCount(1);
  await expect(table(page)).toHaveAttribute('data-density', 'compact');

  // Elsewhere and back through the sidebar (an address without filters): the same view.
  await page.getByRole('link', { name: 'Domains' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Domains' })).toBeVisible();
  await page.getByRole('link', { name: 'Links' }).click();
  await expect(combo(page, 'Status')).toHaveValue('Disabled');
  await expect(table(page).locator('tbody tr')).toHaveCount(1);
  await expect(table(page)).toHaveAttribute('data-density', 'compact');
  expect(new URL(page.url()).hash).toMatch(/status=3/);

  // Another instance has its own (the defaults), and coming back restores this one's.
  await page.getByTestId('instance-switcher').click();
  await page.getByRole('menuitem', { name: /^Remote/ }).click();
  await expect(table(page).locator('tr[data-alias="remote-one"]')).toBeVisible();
  await expect(combo(page, 'Status')).toHaveValue('All');
  await expect(table(page)).toHaveAttribute('data-density', 'comfortable');
  await page.getByTestId('instance-switcher').click();
  await page.getByRole('menuitem', { name: /^This computer/ }).click();
  await expect(combo(page, 'Status')).toHaveValue('Disabled');
  await expect(table(page)).toHaveAttribute('data-density', 'compact');
  await expect(table(page).locator('tbody tr')).toHaveCount(1);
  await world.shot('restored');

  // And after the window is opened again.
  const base = page.url().replace(/#.*$/, '');
  await page.goto('about:blank');
  await page.goto(`${base}#/links`);
  await expect(combo(page, 'Status')).toHaveValue('Disabled');
  await expect(table(page)).toHaveAttribute('data-density', 'compact');
});

test('an instance without links offers a start, not filters over nothing', async ({ page, world }) => {
  await world.open('#/links');
  const empty = page.getByTestId('empty-state');
  await expect(empty).toContainText('No links yet');
  await expect(page.getByRole('search', { name: 'Filter links' })).toHaveCount(0);
  await expect(page.getByTestId('list-range')).toHaveCount(0);
  await expect(empty.getByRole('button', { name: 'Import links' })).toBeVisible();
  await world.shot('empty');
  await empty.getByRole('button', { name: 'Create a link' }).click();
  await page.getByLabel('Destination URL').fill('https://example.com/first');
  await page.getByRole('button', { name: 'Create link' }).click();
  // The new link appears (the list was invalidated), and with it the filters.
  await expect(table(page).locator('tbody tr')).toHaveCount(1);
  await expect(page.getByRole('search', { name: 'Filter links' })).toBeVisible();
});

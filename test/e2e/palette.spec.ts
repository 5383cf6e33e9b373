// The command palette (Ctrl/Cmd+K): opens from anywhere, inputs included;
// finds links on the server as you type, only ever showing the latest
// answer; acts on a found link; jumps to screens, opens the new-link drawer
// and switches instance.
import type { Page } from '@playwright/test';
import { closedPort, expect, test, type World } from './fixtures.ts';

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const searchField = (page: Page) => palette(page).getByRole('textbox', { name: 'Search links, screens and actions' });
const linkGroup = (page: Page, alias: string) => palette(page).getByRole('group', { name: `Link ${alias}`, exact: true });

async function openPalette(page: Page, text?: string) {
  await page.keyboard.press('Control+K');
  await expect(searchField(page)).toBeFocused();
  if (text !== undefined) await page.keyboard.type(text);
}

async function seed(world: World) {
  const made: Record<string, { id: number; short_url: string }> = {};
  for (const [alias, url] of [
    ['summer-sale', 'https://shop.example/summer'],
    ['summer-2024', 'https://shop.example/summer/2024'],
    ['winter-sale', 'https://shop.example/winter'],
    ['docs', 'https://docs.example/start'],
  ] as const) made[alias] = await world.invoke('links.create', { data: { url, alias } });
  return made;
}

test('opens with Ctrl+K from the table and from a text field, finds the server\'s links, and gives focus back', async ({ page, world }) => {
  await seed(world);
  await world.open('#/links');

  // From the links table.
  const edit = page.getByRole('button', { name: 'Edit docs' });
  await edit.focus();
  await openPalette(page);
  await expect(palette(page).getByRole('button', { name: 'Domains' })).toBeVisible();
  await expect(palette(page).getByRole('button', { name: 'New link' })).toBeVisible();
  await world.shot('open');
  await world.axe('command palette');

  // Matches come from the server (by alias or destination), the others do not show.
  await page.keyboard.type('summ');
  await expect(linkGroup(page, 'summer-sale')).toBeVisible();
  await expect(linkGroup(page, 'summer-2024')).toBeVisible();
  await expect(linkGroup(page, 'winter-sale')).toHaveCount(0);
  await expect(linkGroup(page, 'docs')).toHaveCount(0);
  await expect(linkGroup(page, 'summer-sale').getByRole('button', { name: 'Edit link summer-sale' })).toContainText('https://shop.example/summer');
  await expect(palette(page).getByRole('status')).toContainText('2 links found');
  await world.shot('links-found');
  await world.axe('command palette with links');

  await page.keyboard.type('-x');
  await expect(palette(page).getByText('No links match “summ-x”')).toBeVisible();
  await world.shot('no-match');

  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
  await expect(edit).toBeFocused();

  // From inside a text field: the shortcut is not typed into it.
  const search = page.getByRole('textbox', { name: 'Search links' });
  await search.click();
  await page.keyboard.type('win');
  await openPalette(page);
  await world.shot('open-from-input');
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('win');

  // And from the header, for the mouse.
  await page.getByRole('button', { name: 'Command palette: find links, screens and actions' }).click();
  await expect(searchField(page)).toBeFocused();
  await world.shot('open-from-header');

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.keyboard.type('summer');
  await expect(linkGroup(page, 'summer-sale')).toBeVisible();
  await world.shot('dark');
  await world.axe('command palette, dark');
});

test('acts on a found link: statistics, copy, edit', async ({ page, world, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const links = await seed(world);
  await world.open('#/dashboard');

  await openPalette(page, 'winter');
  await linkGroup(page, 'winter-sale').getByRole('button', { name: 'Open statistics of winter-sale' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics: winter-sale' })).toBeVisible();
  await world.shot('stats');

  // Arrows and Enter: the first link's edit is highlighted, the next is its copy.
  await openPalette(page, 'summer-2');
  await expect(linkGroup(page, 'summer-2024')).toBeVisible();
  await expect(palette(page).getByRole('button', { name: 'Edit link summer-2024' })).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('ArrowDown');
  const copy = palette(page).getByRole('button', { name: `Copy short URL ${links['summer-2024']!.short_url}` });
  await expect(copy).toHaveAttribute('data-selected', 'true');
  await world.shot('copy-highlighted');
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
  await expect(page.getByText(`Copied ${links['summer-2024']!.short_url}`)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(links['summer-2024']!.short_url);
  await world.shot('copied');

  // Edit from another screen: the Links screen opens with the link's drawer.
  await openPalette(page, 'docs');
  await expect(linkGroup(page, 'docs')).toBeVisible();
  await expect(palette(page).getByRole('button', { name: 'Edit link docs' })).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Edit docs' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByLabel('Destination URL')).toHaveValue('https://docs.example/start');
  await expect(page.getByRole('heading', { level: 1, name: 'Links' })).toBeVisible();
  await world.shot('edit-drawer');
});

test('jumps to screens, opens the new-link drawer and switches instance', async ({ page, world }) => {
  await seed(world);
  await world.addInstance('Remote', world.remote.url, world.remote.key);
  await world.open('#/domains');

  await openPalette(page, 'new link');
  await world.shot('new-link-typed');
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'New link' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByLabel('Destination URL')).toBeFocused();
  await world.shot('new-link-drawer');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await openPalette(page, 'doma');
  await expect(palette(page).getByRole('button', { name: 'Domains' })).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Domains' })).toBeVisible();
  await world.shot('domains');

  await openPalette(page, 'remote');
  const switchTo = palette(page).getByRole('button', { name: /^Switch to instance Remote/ });
  await expect(switchTo).toBeVisible();
  // Only other instances are offered.
  await expect(palette(page).getByRole('button', { name: /^Switch to instance This computer/ })).toHaveCount(0);
  await world.shot('switch-offered');
  await switchTo.click();
  await expect(page.getByTestId('instance-switcher')).toContainText('Remote');
  await expect(page.getByRole('heading', { level: 1, name: 'Domains' })).toBeVisible();

  // Links are now searched on the remote instance, which has none of the local ones.
  await openPalette(page, 'summer');
  await expect(palette(page).getByText('No links match “summer”')).toBeVisible();
  await expect(palette(page).getByRole('button', { name: /^Switch to instance This computer/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
  await openPalette(page, 'this computer');
  await expect(palette(page).getByRole('button', { name: /^Switch to instance This computer/ })).toBeVisible();
  await world.shot('switched');
});

test('a slow answer for older text never replaces the latest; errors are shown in the palette', async ({ page, world }) => {
  for (const alias of ['link-00', 'link-01', 'link-02', 'link-03']) {
    await world.invoke('links.create', { data: { url: `https://example.com/${alias}`, alias } });
  }
  // The answers for "link-0" come back late, after those for "link-01".
  await page.addInitScript(() => {
    const w = window as unknown as { linkdesk: { invoke(n: string, a: any): Promise<unknown> }; slowSent: number; slowDone: number };
    const real = w.linkdesk;
    w.slowSent = 0;
    w.slowDone = 0;
    w.linkdesk = Object.freeze({
      async invoke(name: string, args: any) {
        const slow = name === 'links.list' && args?.query?.search === 'link-0';
        if (slow) w.slowSent++;
        const result = await real.invoke(name, args);
        if (slow) {
          await new Promise((r) => setTimeout(r, 1500));
          w.slowDone++;
        }
        return result;
      },
    });
  });
  await world.open('#/links');

  await openPalette(page, 'link-0');
  // A Linkdesk server searches alias, URL and title in one request.
  await page.waitForFunction(() => (window as unknown as { slowSent: number }).slowSent === 1);
  await expect(palette(page).getByText('Searching links…')).toBeVisible();
  await page.keyboard.type('1');
  await expect(linkGroup(page, 'link-01')).toBeVisible();
  await page.waitForFunction(() => (window as unknown as { slowDone: number }).slowDone === 1);
  // Two frames: whatever the late answer would render has rendered.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await expect(palette(page).getByRole('status')).toContainText('1 link found');
  await expect(linkGroup(page, 'link-00')).toHaveCount(0);
  await expect(linkGroup(page, 'link-02')).toHaveCount(0);
  await world.shot('latest-answer-kept');
  await page.keyboard.press('Escape');
  // Opened again at once, while it is still closing (or on a busy machine, before its closing has ended): it starts empty.
  await page.keyboard.press('Control+K');
  await expect(searchField(page)).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();

  // An instance that cannot be reached: the palette says so, and stays usable.
  const gone = await world.addInstance('Gone', `http://127.0.0.1:${await closedPort()}`, 'any-key');
  await world.invoke('instances.select', { id: gone.id });
  await world.open('#/domains');
  await openPalette(page, 'link');
  await expect(palette(page).getByRole('alert')).toContainText('Links could not be searched');
  await expect(palette(page).getByRole('button', { name: 'Links' })).toBeVisible();
  await world.shot('search-error');
  await world.axe('command palette with an error');
});

// axe-core on every screen, dialog and state, in the light and the dark
// scheme (the app follows the OS): no serious or critical violations.
import { closedPort, expect, test, type World } from './fixtures.ts';
import { seedCatalog, visit } from './seed.ts';
import { combo, rowAction } from './ui.ts';
import type { Page } from '@playwright/test';

// Each test has a world of its own, so the workers share them (the file's eight tests take about four minutes alone).
test.describe.configure({ mode: 'parallel' });
// Without motion, as the system setting asks (the theme respects it): axe reads a dialog's colours at rest, not part-way
// through its fade-in. Mantine starts that transition a frame or two after the dialog is in the page, so the check for
// running animations could pass before it, and axe then ran during it (white on red at 4.19:1, beside a second suite).
test.use({ reducedMotion: 'reduce' });

type Check = (label: string) => Promise<void>;
const openLinks = async (page: Page, world: World) => {
  await world.open('#/links');
  await expect(page.getByTestId('links-table').locator('tbody tr')).toHaveCount(10);
};

/** The links screen, the table's own parts, and the link drawers and dialogs. */
async function linksScreen(page: Page, world: World, check: Check, _scheme: string) {
  await openLinks(page, world);
  await check('links');

  // The table's own parts: the column chooser, a row's detail, a row's menu.
  await page.getByTestId('column-chooser').click();
  await expect(page.getByRole('group', { name: 'Columns to show' })).toBeVisible();
  await check('column chooser');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Details of link-64' }).click();
  await expect(page.getByTestId('row-detail')).toBeVisible();
  await check('row detail');
  await page.getByRole('button', { name: 'Details of link-64' }).click();
  await page.getByRole('button', { name: 'More actions for link-64' }).click();
  await expect(page.getByRole('menu', { name: 'Actions for link-64' })).toHaveCSS('opacity', '1');
  await check('row menu');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu', { name: 'Actions for link-64' })).toBeHidden();

  await page.getByTestId('instance-switcher').click();
  await expect(page.getByRole('menu')).toHaveCSS('opacity', '1'); // after its opening transition
  await check('instance switcher');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'New link' }).click();
  const drawer = page.getByRole('dialog', { name: 'New link' });
  await combo(drawer, 'Target by').click();
  await page.getByRole('option', { name: 'Country' }).click();
  await drawer.getByRole('button', { name: 'Add country' }).click();
  await drawer.getByRole('radio', { name: 'Password' }).check();
  await drawer.getByLabel('Destination URL').fill('javascript:void 0');
  await drawer.getByLabel('Destination URL').press('Tab'); // checked on leaving the field; Create stays disabled
  await expect(drawer.getByLabel('Destination URL')).toHaveAttribute('aria-invalid', 'true');
  await check('new link drawer with errors');
  await drawer.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(drawer).toBeHidden();

  await page.getByRole('button', { name: 'Edit link-64' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit link-64' })).toBeVisible();
  await check('edit link drawer');
  await page.keyboard.press('Escape');

  await rowAction(page, 'link-64', 'QR code');
  await expect(page.getByTestId('qr-image')).toBeVisible();
  await check('QR code');
  await page.keyboard.press('Escape');

  await rowAction(page, 'link-64', 'Delete…');
  await expect(page.getByRole('dialog', { name: 'Delete link' })).toBeVisible();
  await check('delete confirmation');
  await page.keyboard.press('Escape');

}

/** A link's statistics (charts) and the dashboard. */
async function statistics(page: Page, world: World, check: Check, _scheme: string) {
  await openLinks(page, world);
  await page.getByRole('button', { name: /^Clicks/ }).click(); // the visited link first
  await rowAction(page, 'link-02', 'Statistics');
  await expect(page.getByTestId('chart-days').locator('svg.recharts-surface')).toBeVisible();
  await expect(page.getByTestId('chart-platforms').locator('[data-kind="ranked-list"]')).toBeVisible();
  await check('statistics');
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('top-links').getByRole('link', { name: 'link-02' })).toBeVisible();
  await check('dashboard');

}

/** Every other screen and its dialog, then an unreachable and an empty instance. */
async function otherScreens(page: Page, world: World, check: Check, scheme: string) {
  await openLinks(page, world);
  for (const [screen, button, dialog] of [
    ['Domains', 'New domain', 'New domain'], ['Spaces', 'New space', 'New space'],
    ['Pixels', 'New pixel', 'New pixel'], ['Instances', 'Add instance', 'Add an instance'],
  ] as const) {
    await page.getByRole('link', { name: screen }).click();
    await expect(page.getByRole('heading', { level: 1, name: screen })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await check(screen);
    await page.getByRole('button', { name: button }).click();
    await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
    await check(`${screen} dialog`);
    await page.keyboard.press('Escape');
  }

  // The screens without a table of their own.
  for (const [screen, ready] of [['Settings', 'Theme'], ['Import', null], ['Webhooks', null]] as const) {
    await page.getByRole('link', { name: screen }).click();
    await expect(page.getByRole('heading', { level: 1, name: screen })).toBeVisible();
    if (ready) await expect(page.getByText(ready, { exact: true }).first()).toBeVisible();
    await check(screen);
  }

  await page.getByTestId('instance-switcher').click();
  await page.getByRole('menuitem', { name: /^Gone/ }).click();
  await page.getByRole('link', { name: 'Links' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'cannot be reached' })).toBeVisible();
  await check('unreachable instance');
  await page.getByRole('link', { name: 'Domains' }).click();
  await page.getByTestId('instance-switcher').click();
  await page.getByRole('menuitem', { name: /^Empty/ }).click();
  await expect(page.getByText('No domains yet')).toBeVisible();
  await check('empty domains');
  await page.getByRole('link', { name: 'Links' }).click();
  await expect(page.getByTestId('empty-state')).toContainText('No links yet');
  await check('empty links');
  await world.shot(`${scheme}-empty`);
}

async function prepare(world: World) {
  await seedCatalog(world, 65);
  await visit(world, 'link-02', 2);
  await world.addInstance('Gone', `http://127.0.0.1:${await closedPort()}`, 'key');
  await world.addInstance('Empty', world.remote.url, world.remote.key);
}

// In three parts a scheme, each on a fresh world: each stays well inside its timeout on a loaded machine, and
// two workers share them.
const PARTS = [
  ['the links screen, its table and its dialogs', linksScreen],
  ['statistics and the dashboard', statistics],
  ['the other screens, an unreachable and an empty instance', otherScreens],
] as const;
for (const scheme of ['light', 'dark'] as const) {
  for (const [name, part] of PARTS) {
    test(`${name} pass axe in the ${scheme} scheme`, async ({ page, world }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await prepare(world);
      await part(page, world, (label) => world.axe(`${scheme}: ${label}`), scheme);
      if (scheme === 'dark' && part === linksScreen) {
        await openLinks(page, world);
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
        await world.shot('dark-links');
      }
    });
  }
}

/** Users & keys, My keys, Activity, Rotate key: every screen and dialog of issue 25, as an admin and as a member. */
async function administration(page: Page, world: World, scheme: string) {
  const check = (label: string) => world.axe(`${scheme}: ${label}`);
  const ana = await world.invoke('users.create', { data: { name: 'Ana' } });
  const anaKey = await world.invoke('keys.create', { data: { name: 'Ana laptop', scopes: ['links:read', 'stats:read'], user_id: ana.id } });
  await world.invoke('links.create', { data: { url: 'https://example.com/a', alias: 'a' } });
  // A remote key expiring in 5 days (the warning, Rotate key), and Ana's own instance (the member's screens).
  const soon = new Date(Date.now() + 5 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const team = (await world.remote.api('POST', '/keys', { json: { name: 'team', expires_at: soon } })).body.data;
  await world.addInstance('Team', world.remote.url, team.key);
  const anaDesk = await world.invoke('keys.create', { data: { name: 'Ana desk', scopes: ['links:read'], user_id: ana.id } });
  await world.addInstance('Ana here', world.desktop.serverStatus().url!, anaDesk.key);

  await world.open('#/users');
  await expect(page.getByTestId('users-table').locator('tr[data-user="Ana"]')).toBeVisible();
  await check('users');
  await page.getByRole('button', { name: 'Edit Ana' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Ana' })).toBeVisible();
  await check('edit user');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Delete Desktop' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete Desktop' })).toContainText('owns 1 link');
  await check('delete user with links');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Suspend Ana' }).click();
  await expect(page.getByRole('dialog', { name: 'Suspend user' })).toBeVisible();
  await check('suspend user');
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'Keys' }).click();
  await expect(page.getByTestId('keys-table')).toContainText('Ana laptop');
  await check('keys');
  await world.shot(`${scheme}-keys`);
  await page.getByRole('button', { name: 'New key' }).click();
  const form = page.getByRole('dialog', { name: 'New API key' });
  await form.getByRole('checkbox', { name: 'Change links' }).check();
  await form.getByRole('checkbox', { name: 'Read links' }).focus();
  await check('new key form');
  await form.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByTestId('new-key')).toBeVisible();
  await check('new key shown once');
  await world.shot(`${scheme}-key-shown-once`);
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await page.getByRole('button', { name: `Revoke key ${anaKey.prefix}` }).click();
  await expect(page.getByRole('dialog', { name: 'Revoke key' })).toBeVisible();
  await check('revoke key');
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByTestId('audit-table')).toBeVisible();
  await check('activity');

  await page.getByRole('link', { name: 'Instances' }).click();
  const row = page.locator('tr[data-instance="Team"]');
  await expect(row.getByTestId('key-expiry')).toBeVisible();
  await check('instances with an expiring key');
  await row.getByRole('button', { name: 'Rotate the key of Team' }).click();
  const rotate = page.getByRole('dialog', { name: 'Rotate the key of Team' });
  // Open before axe looks, or it checks the page without the dialog.
  await expect(rotate.getByRole('button', { name: 'Rotate key' })).toBeVisible();
  await check('rotate key');
  await rotate.getByRole('button', { name: 'Rotate key' }).click();
  await expect(rotate.getByTestId('rotation-outcome')).toHaveAttribute('data-outcome', 'rotated');
  await check('key rotated');
  await rotate.getByRole('button', { name: 'Done' }).click();

  // The member: My keys, Activity disabled, a screen the key may not read.
  await page.getByTestId('instance-switcher').click();
  await page.getByRole('menuitem', { name: /^Ana here/ }).click();
  await expect(page.getByTestId('instance-switcher')).toContainText('Ana here');
  await page.getByRole('link', { name: 'My keys' }).click();
  await expect(page.getByTestId('current-key')).toContainText('Signed in as Ana');
  await expect(page.getByTestId('nav-unavailable-activity')).toBeVisible();
  await check('my keys, member sidebar');
  await page.getByRole('button', { name: 'New key' }).click();
  await expect(page.getByRole('dialog', { name: 'New API key' })).toBeVisible();
  await check("member's new key form");
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Domains' }).click();
  await expect(page.locator('[data-error-kind="forbidden"]')).toBeVisible();
  await check('not allowed with this key');
  await world.shot(`${scheme}-member-forbidden`);
}

test('users, keys, activity and rotation pass axe in the light scheme', async ({ page, world }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await administration(page, world, 'light');
});

test('users, keys, activity and rotation pass axe in the dark scheme', async ({ page, world }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await administration(page, world, 'dark');
});

test('asked for less motion, a menu opens at rest: no fade', async ({ page, world }) => {
  await world.open('#/links');
  await expect(page.getByTestId('instance-switcher')).toBeVisible();
  // Opened and read in the page, on the first frame the menu is there: with motion it starts at opacity 0 and fades in.
  const first = await page.evaluate(() => new Promise<{ opacity: string; moving: number }>((resolve) => {
    (document.querySelector('[data-testid="instance-switcher"]') as HTMLElement).click();
    const look = () => {
      const menu = document.querySelector('[role="menu"]');
      if (!menu) return void requestAnimationFrame(look);
      resolve({ opacity: getComputedStyle(menu).opacity, moving: menu.getAnimations({ subtree: true }).filter((a) => a.playState === 'running').length });
    };
    look();
  }));
  expect(first).toEqual({ opacity: '1', moving: 0 });
  await expect(page.getByRole('menu')).toBeVisible();
});

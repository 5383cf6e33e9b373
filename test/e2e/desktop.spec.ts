// What makes the app a desktop app, in the screens: the settings screen (theme,
// global shortcut with its conflicts, quick-shorten instance, tray), the
// notification limit, the quick-shorten window, and main's commands
// (linkdesk:// addresses, the menu's palette) reaching a window. Electron's
// clipboard, notifications and global shortcuts are recorded stand-ins here
// (world.native); test/electron drives the real ones where the binary exists.
import { expect, test } from './fixtures.ts';

test('settings: theme, a global shortcut refused when taken or clashing, then changed and removed; all kept after a reload', async ({ page, world }) => {
  await world.open('#/settings');
  await expect(page.getByTestId('shortcut-current')).toHaveText('Ctrl+Shift+L');
  await expect(page.getByRole('region', { name: 'Shorten from anywhere' })).toContainText('Active');
  await world.shot('settings');

  await page.getByRole('region', { name: 'Appearance' }).getByText('Dark', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect.poll(() => world.native.themes.at(-1)).toBe('dark');

  const input = page.getByTestId('shortcut-input');
  const use = page.getByRole('button', { name: 'Use shortcut' });
  await input.focus();
  await page.keyboard.press('Control+Alt+T');
  await expect(input).toHaveValue('Ctrl+Alt+T');
  await use.click();
  await expect(page.getByText('Ctrl+Alt+T is taken by another application; Ctrl+Shift+L still works.')).toBeVisible();
  await world.shot('shortcut-taken');
  await input.focus();
  await page.keyboard.press('Control+K');
  await use.click();
  await expect(page.getByText(/Ctrl\+K is not free: Ctrl\+K opens the command palette in Linkdesk/)).toBeVisible();
  await expect(page.getByTestId('shortcut-current')).toHaveText('Ctrl+Shift+L');

  await input.focus();
  await page.keyboard.press('Alt+Shift+S');
  await use.click();
  await expect(page.getByTestId('shortcut-current')).toHaveText('Alt+Shift+S');
  expect([...world.native.keys.keys()]).toEqual(['Alt+Shift+S']);
  // Pressing it anywhere shortens what is on the clipboard.
  world.native.clip = 'https://example.com/pressed';
  world.native.keys.get('Alt+Shift+S')!();
  await expect.poll(() => world.native.notices.at(-1)?.title).toBe('Short link copied');
  expect(world.native.clip).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[A-Za-z0-9]{6}$/);

  await page.getByRole('switch', { name: /Keep serving redirects/ }).click({ force: true });
  await expect(page.getByRole('switch', { name: /Keep serving redirects/ })).not.toBeChecked();
  await world.shot('changed');

  await page.reload();
  await expect(page.getByTestId('shortcut-current')).toHaveText('Alt+Shift+S');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('switch', { name: /Keep serving redirects/ })).not.toBeChecked();
  expect(world.desktop.settings()).toMatchObject({ theme: 'dark', globalShortcut: 'Alt+Shift+S', keepServingInTray: false });

  await page.getByRole('region', { name: 'Shorten from anywhere' }).getByRole('button', { name: 'Remove' }).click(); // the City database card has its own
  await expect(page.getByTestId('shortcut-current')).toHaveText('None');
  expect(world.native.keys.size).toBe(0);
  await world.axe('settings');
});

test('quick shorten goes to the instance chosen in the settings', async ({ page, world }) => {
  const remote = await world.addInstance('Team server', world.remote.url, world.remote.key);
  await world.open('#/settings');
  await page.getByRole('combobox', { name: 'Quick shorten uses' }).click();
  await page.getByRole('option', { name: 'Team server' }).click();
  await expect(page.getByRole('combobox', { name: 'Quick shorten uses' })).toHaveValue('Team server');
  expect(world.desktop.settings().quickShortenInstanceId).toBe(remote.id);

  world.native.clip = 'https://example.com/to-the-team';
  await world.desktop.quick.fromClipboard();
  expect(world.native.notices.at(-1)!.title).toBe('Short link copied on Team server');
  expect(world.native.clip.startsWith(world.remote.url)).toBe(true);
});

test('notifications: at most three, the newest on top, and repeats folded', async ({ page, world }) => {
  await world.open('#/links');
  for (let i = 1; i <= 5; i++) await world.command({ type: 'notice', title: `Notice ${i}`, message: `Message ${i}`, tone: 'info' });
  const notices = page.getByTestId('notice');
  await expect(notices).toHaveCount(3);
  await expect(notices.nth(0)).toContainText('Notice 5');
  await expect(notices.nth(2)).toContainText('Notice 3');
  for (let i = 0; i < 3; i++) await world.command({ type: 'notice', title: 'Saved', message: 'Same thing', tone: 'info' });
  await expect(notices).toHaveCount(3);
  await expect(notices.nth(0)).toContainText('Saved (×3)');
  await expect(page.getByText('Same thing')).toHaveCount(1);
  await world.shot('folded');

  // Saving links one after another through the form: never more than three, the newest on top. (Each notice
  // leaves after four seconds, so on a slow machine fewer than three may still be up: at most three, not exactly.)
  for (let i = 0; i < 5; i++) {
    await page.getByRole('button', { name: 'New link' }).click();
    await page.getByLabel('Destination URL').fill(`https://example.com/n${i}`);
    await page.getByRole('button', { name: 'Create link' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(notices.nth(0)).toContainText('Link created');
    // (The one pushed out fades for a moment before it goes.)
    await expect.poll(() => notices.count()).toBeLessThanOrEqual(3);
  }
  await world.shot('after-five-saves');
});

test('the quick-shorten window: the clipboard address filled in, the short link made, copied and shown', async ({ page, world }) => {
  await world.invoke('domains.create', { data: { name: 'go.example.com' } });
  world.native.clip = '  https://example.com/a/long/path?utm_source=x  ';
  await world.open('#/quick');
  await expect(page.getByRole('heading', { name: 'Quick shorten' })).toBeVisible();
  await expect(page.getByLabel('Destination URL')).toHaveValue('https://example.com/a/long/path?utm_source=x');
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await page.getByLabel('Alias').fill('quick-1');
  await page.getByRole('combobox', { name: 'Domain' }).click();
  await page.getByRole('option', { name: 'go.example.com' }).click();
  await world.shot('filled');
  await page.getByRole('button', { name: 'Shorten and copy' }).click();
  await expect(page.getByTestId('quick-result')).toContainText('http://go.example.com/quick-1');
  expect(world.native.clip).toBe('http://go.example.com/quick-1');
  expect(world.native.notices.at(-1)).toEqual({ title: 'Short link copied', body: 'http://go.example.com/quick-1\n→ https://example.com/a/long/path?utm_source=x' });
  await world.shot('made');

  // The same alias again: the API's error on its field.
  await page.getByLabel('Destination URL').fill('https://example.com/other');
  await page.getByLabel('Alias').fill('quick-1');
  await page.getByRole('combobox', { name: 'Domain' }).click();
  await page.getByRole('option', { name: 'go.example.com' }).click();
  await page.getByRole('button', { name: 'Shorten and copy' }).click();
  await expect(page.getByText(/alias has already been taken|already/i).first()).toBeVisible();
  await world.shot('refused');
  await world.axe('quick shorten');
});

test('linkdesk:// addresses open a link, its statistics or an instance; a bad one is only reported', async ({ page, world }) => {
  const link = await world.invoke('links.create', { data: { url: 'https://example.com/deep', alias: 'deep-one' } });
  await world.open('#/dashboard');

  await world.command(world.desktop.deepLink(`linkdesk://links/${link.id}/stats`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('deep-one');
  await world.shot('stats');

  await world.command(world.desktop.deepLink(`linkdesk://links/${link.id}`));
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByLabel('Destination URL')).toHaveValue('https://example.com/deep');
  await world.shot('link');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await world.command(world.desktop.deepLink('linkdesk://links/99999'));
  await expect(page.getByText('There is no link 99999 on this instance.')).toBeVisible();
  await world.command(world.desktop.deepLink('linkdesk://links/1;rm -rf ~'));
  await expect(page.getByText(/Linkdesk ignored a linkdesk:\/\/ address/)).toBeVisible();
  await world.shot('refused');

  const remote = await world.addInstance('Team server', world.remote.url, world.remote.key);
  await world.command(world.desktop.deepLink(`linkdesk://instances/${remote.id}`));
  await expect(page.getByRole('button', { name: /Team server/ }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Links');
  await world.shot('instance');

  // The menu's "Command Palette…" reaches the window too.
  await world.command({ type: 'palette' });
  await expect(page.getByRole('dialog').getByRole('textbox').first()).toBeFocused();
});

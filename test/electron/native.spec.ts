// The desktop's own features in a real Electron: the global shortcut
// registered with the system and moved from the settings, the menu's (and
// tray's) quick-shorten window filled from the real clipboard, linkdesk://
// addresses from a second start reaching the window, and the tray setting that
// decides whether closing the last window quits. Skipped, with the reason,
// where Electron's binary is missing.
import { expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { invokeIn, launch, launchable, type Launched } from './launch.ts';

const binary = launchable();
test.skip('reason' in binary, 'reason' in binary ? binary.reason : '');

let launched: Launched;
let app: ElectronApplication;
let page: Page;

test.beforeAll(async () => {
  if (!('path' in binary)) return;
  launched = await launch(binary.path);
  ({ app, page } = launched);
});
test.afterAll(async () => {
  await launched?.close();
});

const registered = (accelerator: string) => app.evaluate(({ globalShortcut }, a) => globalShortcut.isRegistered(a), accelerator);

test('the default global shortcut is registered, and a change in the settings moves it', async () => {
  expect(await registered('CommandOrControl+Shift+L')).toBe(true);
  const changed = await invokeIn<{ shortcut: { state: string } }>(page, 'settings.update', { globalShortcut: 'Alt+Shift+F9' });
  expect(changed).toMatchObject({ ok: true, data: { shortcut: { state: 'registered' } } });
  expect(await registered('Alt+Shift+F9')).toBe(true);
  expect(await registered('CommandOrControl+Shift+L')).toBe(false);
  await invokeIn(page, 'settings.update', { globalShortcut: 'CommandOrControl+Shift+L' });
});

test('"Quick Shorten…" in the menu opens the small window with the address on the clipboard', async () => {
  await app.evaluate(async ({ clipboard }) => clipboard.writeText('https://example.com/from-electron'));
  const opened = app.waitForEvent('window');
  await app.evaluate(({ Menu }) => {
    const item = Menu.getApplicationMenu()?.items.flatMap((i) => i.submenu?.items ?? []).find((i) => i.label === 'Quick Shorten…');
    item?.click();
  });
  const quick = await opened;
  await expect(quick.getByRole('heading', { name: 'Quick shorten' })).toBeVisible();
  await expect(quick.getByLabel('Destination URL')).toHaveValue('https://example.com/from-electron');
  await quick.getByRole('button', { name: 'Shorten and copy' }).click();
  await expect(quick.getByTestId('quick-result')).toBeVisible();
  const copied = await app.evaluate(async ({ clipboard }) => clipboard.readText());
  expect(copied).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[A-Za-z0-9]{6}$/);
  await quick.close();
});

test('a linkdesk:// address from a second start opens its screen; a hostile one is only reported', async () => {
  await app.evaluate(({ app: a }) => { a.emit('second-instance', {}, ['linkdesk', '--no-sandbox', 'linkdesk://settings'], '/'); });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await app.evaluate(({ app: a }) => { a.emit('second-instance', {}, ['linkdesk', 'linkdesk://links/1/../../x'], '/'); });
  await expect(page.getByText(/Linkdesk ignored a linkdesk:\/\/ address/)).toBeVisible();
});

test('with "keep serving in the tray" off, closing the last window quits the app and its server', async () => {
  const status = await invokeIn<{ url: string }>(page, 'server.status');
  const url = status.ok ? status.data.url : '';
  await invokeIn(page, 'settings.update', { keepServingInTray: false });
  const exited = new Promise<void>((resolve) => app.process().once('exit', () => resolve()));
  for (const w of app.windows()) await w.close();
  await exited;
  await expect(fetch(`${url}/api/v1/account`)).rejects.toThrow();
});

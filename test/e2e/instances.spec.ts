// Instances: adding one through the screen with its key going to the real
// keychain and never coming back, reachability shown as it is (connected,
// invalid key, unreachable, no key), switching and seeing each server's data.
import type { InstanceView } from '../../shared/contract.ts';
import { closedPort, expect, freePort, test } from './fixtures.ts';

test('adds a remote instance through the screen; the key goes to the keychain and is never shown', async ({ page, world }) => {
  const { remote, desktop } = world;
  await world.open('#/instances');

  // The local server's status and address.
  const status = page.getByTestId('server-status');
  await expect(status).toContainText('Running');
  await expect(status.getByTestId('server-url')).toHaveText(desktop.serverStatus().url!);

  await page.getByRole('button', { name: 'Add instance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an instance' });
  await dialog.getByLabel('Name').fill('Team server');
  await dialog.getByLabel('Base URL').fill(remote.url);
  await dialog.getByLabel('API key').fill(remote.key);
  await dialog.getByRole('button', { name: 'Add instance' }).click();
  await expect(dialog).toBeHidden();

  const row = page.locator('tr[data-instance="Team server"]');
  await expect(row.locator('[data-reach]')).toHaveAttribute('data-reach', 'connected');
  // The key badge agrees with the connection: accepted once the server took it.
  await expect(row.locator('[data-key-state]')).toHaveText('Key accepted');
  await expect(row).toContainText('Signed in as owner');

  // Stored in the OS keychain under the instance's id, and nowhere in the page.
  const { instances } = await world.invoke('instances.list');
  const added = instances.find((i: InstanceView) => i.name === 'Team server');
  expect(added).toMatchObject({ kind: 'remote', baseUrl: remote.url, hasApiKey: true });
  expect(added).not.toHaveProperty('apiKey');
  expect(await desktop.secrets.get(added.id)).toBe(remote.key);
  expect(await page.content()).not.toContain(remote.key);

  // Editing shows that a key is stored, not the key.
  await row.getByRole('button', { name: 'Edit Team server' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Team server' });
  await expect(edit.getByLabel('API key')).toHaveValue('');
  await expect(edit).toContainText('A key is stored in the key store');
  await expect(edit.getByText('Key stored')).toBeVisible();
  await world.shot('edit-instance');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // Test connection.
  await row.getByRole('button', { name: 'Test connection to Team server' }).click();
  await expect(page.getByText('Team server: Connected')).toBeVisible();
  await world.shot();
});

test('moves the local server to another port from the instances screen', async ({ page, world }) => {
  await world.open('#/instances');
  const port = await freePort();
  const status = page.getByTestId('server-status');
  await status.getByLabel('Port').fill(String(port));
  await status.getByRole('button', { name: 'Use this port' }).click();
  await expect(status.getByTestId('server-url')).toHaveText(`http://127.0.0.1:${port}`);
  await expect(status).toContainText('Running');
  // The local instance follows, and still answers.
  await expect(page.locator('tr[data-instance="This computer"]')).toContainText(`http://127.0.0.1:${port}`);
  await page.getByRole('button', { name: 'Test connection to This computer' }).click();
  await expect(page.locator('tr[data-instance="This computer"] [data-reach]')).toHaveAttribute('data-reach', 'connected');
  expect(world.desktop.serverStatus().port).toBe(port);
});

test('switches the local server to the current phpShort API generation by keyboard; the server reads password as the statistics password', async ({ page, world }) => {
  await world.open('#/instances');
  const status = page.getByTestId('server-status');
  const generation = status.getByRole('radiogroup', { name: 'phpShort API generation for ambiguous requests' });
  await expect(generation).toHaveAccessibleDescription(/only password field is password/);
  const seed = generation.getByRole('radio', { name: 'Seed (password = link password)' });
  const current = generation.getByRole('radio', { name: 'Current (password = statistics password)' });
  await expect(seed).toBeChecked();
  await seed.focus();
  await page.keyboard.press('ArrowRight');
  await expect(current).toBeChecked();
  await expect(page.getByText(/The local server listens on/)).toBeVisible();
  await expect(status).toContainText('Running');
  expect(await world.invoke('server.settings')).toMatchObject({ apiGeneration: 'current' });
  // The restarted server reads a link given only password as phpShort's current generation does.
  const link = await world.invoke('links.create', { data: { url: 'https://example.com/e2e', password: 'pw1' } });
  expect(link).toMatchObject({ privacy_password: true, redirect_password: false });
  // Test connection says so.
  await page.getByRole('button', { name: 'Test connection to This computer' }).click();
  await expect(page.locator('tr[data-instance="This computer"]')).toContainText('phpShort API: current (password = statistics password)');
  await world.shot();
});

test('shows an unreachable instance, an invalid key and a missing key as such, in the header and on the screens', async ({ page, world }) => {
  const { remote } = world;
  await world.addInstance('Wrong key', remote.url, 'ldk_this-key-does-not-exist');
  await world.addInstance('Gone', `http://127.0.0.1:${await closedPort()}`, 'any-key');
  await world.addInstance('Keyless', remote.url);

  await world.open('#/instances');
  const reach = (name: string) => page.locator(`tr[data-instance="${name}"] [data-reach]`);
  await expect(reach('This computer')).toHaveAttribute('data-reach', 'connected');
  await expect(reach('Wrong key')).toHaveAttribute('data-reach', 'invalid-key');
  await expect(reach('Wrong key')).toHaveText('Invalid key');
  // Never a green "stored" beside a red "invalid": the key badge says the same as the connection.
  const keyOf = (name: string) => page.locator(`tr[data-instance="${name}"] [data-key-state]`);
  await expect(keyOf('Wrong key')).toHaveText('Key refused');
  await expect(keyOf('Keyless')).toHaveText('No key');
  await expect(reach('Gone')).toHaveAttribute('data-reach', 'unreachable');
  await expect(reach('Gone')).toHaveText('Unreachable');
  await expect(page.locator('tr[data-instance="Gone"]')).toContainText('connection refused');
  await expect(keyOf('Gone')).toHaveText('Key stored');
  await expect(reach('Keyless')).toHaveText('No key');
  await world.shot('instances');

  // The switcher says the same for each instance.
  await page.getByTestId('instance-switcher').click();
  await expect(page.getByRole('menuitem', { name: 'Wrong key (remote), Invalid key' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Gone (remote), Unreachable' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Keyless (remote), No key' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'This computer (local), Connected' })).toBeVisible();
  await world.shot('switcher');

  // Working on the unreachable one: the screen says so and offers the settings.
  await page.getByRole('menuitem', { name: /^Gone/ }).click();
  await page.getByRole('link', { name: 'Links' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'The instance cannot be reached' });
  await expect(alert).toBeVisible();
  await expect(alert).toHaveAttribute('data-error-kind', 'unreachable');
  await expect(alert.getByRole('button', { name: 'Open instance settings' })).toBeVisible();
  await expect(page.getByTestId('instance-switcher')).toContainText('Gone');
  await expect(page.getByTestId('instance-switcher')).toContainText('Unreachable');
  await world.shot('unreachable');

  // And on the one whose key is refused.
  await page.getByTestId('instance-switcher').click();
  await page.getByRole('menuitem', { name: /^Wrong key/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The API key was refused' })).toBeVisible();
  await expect(page.getByTestId('instance-switcher')).toContainText('Invalid key');
  await world.shot('invalid-key');

  // Entering the right key fixes it.
  await page.getByRole('button', { name: 'Open instance settings' }).click();
  await page.getByRole('button', { name: 'Edit Wrong key' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Wrong key' });
  await edit.getByLabel('API key').fill(remote.key);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(reach('Wrong key')).toHaveAttribute('data-reach', 'connected');

  // Removing an instance asks first and deletes its key from the keychain.
  const gone = (await world.invoke('instances.list')).instances.find((i: InstanceView) => i.name === 'Gone');
  await page.getByRole('button', { name: 'Remove Gone' }).click();
  await page.getByRole('dialog', { name: 'Remove instance' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.locator('tr[data-instance="Gone"]')).toHaveCount(0);
  expect(await world.desktop.secrets.get(gone.id)).toBeNull();
});

test('switching instances shows the other server\'s data, and the choice survives a reload', async ({ page, world }) => {
  const { remote } = world;
  await world.invoke('links.create', { data: { url: 'https://local.example/page', alias: 'local-only' } });
  expect((await remote.api('POST', '/links', { json: { url: 'https://remote.example/page', alias: 'remote-only' } })).status).toBe(201);
  expect((await remote.api('POST', '/domains', { json: { name: 'remote.example' } })).status).toBe(201);
  await world.addInstance('Team server', remote.url, remote.key);

  await world.open('#/links');
  const table = page.getByTestId('links-table');
  await expect(table.locator('tr[data-alias="local-only"]')).toBeVisible();
  await expect(table.locator('tr[data-alias="remote-only"]')).toHaveCount(0);

  await page.getByTestId('instance-switcher').click();
  await page.getByRole('menuitem', { name: /^Team server/ }).click();
  await expect(page.getByTestId('instance-switcher')).toContainText('Team server');
  await expect(table.locator('tr[data-alias="remote-only"]')).toBeVisible();
  await expect(table.locator('tr[data-alias="local-only"]')).toHaveCount(0);
  await expect(table.locator('tr[data-alias="remote-only"] [data-testid="short-url"]')).toHaveAttribute('title', `${remote.url}/remote-only`);
  await world.shot('remote-links');

  await page.getByRole('link', { name: 'Domains' }).click();
  await expect(page.getByTestId('domains-table')).toContainText('remote.example');

  await page.reload();
  await expect(page.getByTestId('instance-switcher')).toContainText('Team server');
  await expect(page.getByTestId('domains-table')).toContainText('remote.example');

  await page.getByTestId('instance-switcher').click();
  await page.getByRole('menuitem', { name: /^This computer/ }).click();
  await expect(page.getByRole('heading', { name: 'Domains', level: 1 })).toBeVisible();
  await expect(page.getByText('No domains yet')).toBeVisible();
  await page.getByRole('link', { name: 'Links' }).click();
  await expect(table.locator('tr[data-alias="local-only"]')).toBeVisible();
});

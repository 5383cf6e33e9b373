// Users & keys on the local instance, whose key is the desktop's admin key:
// a user created through the screen, a scoped key made for them and shown
// once, the key working on the server with exactly those scopes, then revoked;
// suspending, restoring and deleting a user who owns links. Each effect is
// checked on the server itself, over HTTP with the keys involved.
import type { Page } from '@playwright/test';
import { expect, test, type World } from './fixtures.ts';
import { pick } from './ui.ts';

/** A request to the local server with `key`, as any client would make it. */
async function asKey(world: World, key: string, method: string, path: string, body?: unknown) {
  const url = world.desktop.serverStatus().url!;
  const res = await fetch(`${url}/api/v1${path}`, {
    method, headers: { authorization: `Bearer ${key}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() as any };
}

const inDays = (n: number) => {
  const d = new Date(Date.now() + n * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

async function openKeysTab(page: Page) {
  await page.getByRole('tab', { name: 'Keys' }).click();
  await expect(page.getByTestId('keys-table')).toBeVisible();
}

test('an admin creates a user and a scoped key for them, sees the key once, and revokes it', async ({ page, world, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await world.open('#/links');
  // The desktop's own key is an admin key: the sidebar offers both screens.
  const nav = page.getByRole('navigation', { name: 'Screens' });
  await expect(nav.getByRole('link', { name: 'Users & keys' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Activity' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'My keys' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Users & keys' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users & keys' })).toBeVisible();

  // The user.
  const users = page.getByTestId('users-table');
  await expect(users.locator('tr[data-user="Desktop"]')).toContainText('Admin');
  await page.getByRole('button', { name: 'New user' }).click();
  const newUser = page.getByRole('dialog', { name: 'New user' });
  await newUser.getByLabel('Name').fill('Ana');
  await newUser.getByRole('button', { name: 'Create user' }).click();
  await expect(newUser).toBeHidden();
  const ana = users.locator('tr[data-user="Ana"]');
  await expect(ana).toContainText('Member');
  await expect(ana.getByTestId('user-links')).toHaveText('0');
  await expect(ana).toContainText('Never');
  await world.shot('user-created');

  // A key for her: change links, read statistics, for 30 days.
  await openKeysTab(page);
  await page.getByRole('button', { name: 'New key' }).click();
  const form = page.getByRole('dialog', { name: 'New API key' });
  await form.getByLabel('Name').fill('Reports for Ana');
  await pick(page, form, 'For user', 'Ana (member)');
  await form.getByRole('checkbox', { name: 'Change links' }).check();
  // Changing includes reading: ticked and held.
  await expect(form.getByRole('checkbox', { name: 'Read links' })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Read links' })).toBeDisabled();
  await form.getByRole('checkbox', { name: 'Read statistics' }).check();
  // A member's key cannot be an admin key: the box is not offered.
  await expect(form.getByText('Administration: manage users')).toHaveCount(0);
  await expect(form.getByTestId('scopes-in-words')).toHaveText('This key may read and change links; read statistics.');
  await form.getByLabel('Expires').fill(inDays(30));
  await world.shot('new-key-form');
  await form.getByRole('button', { name: 'Create key' }).click();

  // Shown once, with copy and the scopes in words.
  const shown = page.getByRole('dialog', { name: 'New API key' });
  await expect(shown.getByText('Copy it now: you will not see it again')).toBeVisible();
  const key = (await shown.getByTestId('new-key').textContent())!;
  expect(key).toMatch(/^ldk_/);
  await expect(shown.getByTestId('new-key-scopes')).toHaveText('read and change links; read statistics');
  await expect(shown.getByTestId('new-key-details')).toContainText('Ana');
  await shown.getByRole('button', { name: 'Copy key' }).click();
  await expect(shown.getByRole('button', { name: 'Key copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await world.shot('key-shown-once');
  await world.axe('new key shown once');

  // The server agrees: Ana's key, those scopes, that expiry; nothing more.
  const current = await asKey(world, key, 'GET', '/keys/current');
  expect(current.status).toBe(200);
  expect(current.body.data).toMatchObject({ name: 'Reports for Ana', user: { name: 'Ana' }, scopes: ['links:write', 'stats:read'] });
  expect(new Date(current.body.data.expires_at).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  expect(await asKey(world, key, 'GET', '/domains')).toMatchObject({ status: 403, body: { message: 'This key lacks the domains:read scope.' } });

  // Once closed, it is gone from the window.
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toBeHidden();
  expect(await page.content()).not.toContain(key);
  const prefix = current.body.data.prefix as string;
  const row = page.getByTestId('keys-table').locator(`tr[data-key="${prefix}"]`);
  await expect(row).toContainText('Reports for Ana');
  await expect(row).toContainText('Ana');
  await expect(row.getByTestId('key-scopes')).toHaveText('read and change links; read statistics');
  await expect(row.locator('[data-key-status]')).toHaveText('Active');
  // The app's own key is marked and cannot be revoked from here.
  const own = page.getByTestId('keys-table').locator('tr', { hasText: "This app's key" });
  await expect(own).toHaveCount(1);
  await expect(own.getByRole('button', { name: /^Revoke/ })).toHaveCount(0);

  // Filter by user.
  await pick(page, page, 'User', 'Ana');
  await expect(page.getByTestId('keys-table').locator('tbody tr')).toHaveCount(1);
  await world.shot('keys-of-ana');

  // Rename.
  await row.getByRole('button', { name: `Rename key ${prefix}` }).click();
  const rename = page.getByRole('dialog', { name: `Rename key ${prefix}` });
  await rename.getByLabel('Name').fill('Ana reports');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(rename).toBeHidden();
  await expect(row).toContainText('Ana reports');
  expect((await asKey(world, key, 'GET', '/keys/current')).body.data.name).toBe('Ana reports');

  // Revoke, with confirmation.
  await row.getByRole('button', { name: `Revoke key ${prefix}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke key' });
  await expect(confirm).toContainText('Ana reports');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(confirm).toBeHidden();
  await expect(row.locator('[data-key-status]')).toHaveText('Revoked');
  await expect(row.getByRole('button', { name: `Revoke key ${prefix}` })).toHaveCount(0);
  expect(await asKey(world, key, 'GET', '/links')).toMatchObject({ status: 401, body: { message: 'This API key has been revoked.' } });
  await world.shot('key-revoked');
});

test('users: rename and role, suspend and restore, delete one who owns links by moving them', async ({ page, world }) => {
  const bob = await world.invoke('users.create', { data: { name: 'Bob' } });
  const made = await world.invoke('keys.create', { data: { name: 'bob', scopes: ['links:write'], user_id: bob.id } });
  for (const alias of ['bob-1', 'bob-2']) {
    expect((await asKey(world, made.key, 'POST', '/links', { url: `https://example.com/${alias}`, alias })).status).toBe(201);
  }
  await world.open('#/users');
  const users = page.getByTestId('users-table');
  const row = users.locator('tr[data-user="Bob"]');
  await expect(row.getByTestId('user-links')).toHaveText('2');
  // Bob's key was used just now.
  await expect(row).not.toContainText('Never');

  // The last admin cannot be demoted: the form says why and keeps what was typed.
  await users.locator('tr[data-user="Desktop"]').getByRole('button', { name: 'Edit Desktop' }).click();
  const self = page.getByRole('dialog', { name: 'Edit Desktop' });
  await self.getByText('Member', { exact: true }).click();
  await self.getByRole('button', { name: 'Save' }).click();
  await expect(self.getByRole('alert')).toContainText('is the last active admin; make another user admin first.');
  await world.shot('last-admin');
  await self.getByRole('button', { name: 'Cancel' }).click();
  await expect(users.locator('tr[data-user="Desktop"]')).toContainText('Admin');

  // Rename and make admin.
  await row.getByRole('button', { name: 'Edit Bob' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Bob' });
  await edit.getByLabel('Name').fill('Robert');
  await edit.getByText('Admin', { exact: true }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  const robert = users.locator('tr[data-user="Robert"]');
  await expect(robert).toContainText('Admin');
  expect((await world.invoke('users.list', { query: {} })).data.find((u: { id: number }) => u.id === bob.id)).toMatchObject({ name: 'Robert', role: 'admin' });

  // Suspend: his key is refused at once; restore: it works again.
  await robert.getByRole('button', { name: 'Suspend Robert' }).click();
  const suspend = page.getByRole('dialog', { name: 'Suspend user' });
  await expect(suspend).toContainText('their links keep redirecting');
  await suspend.getByRole('button', { name: 'Suspend' }).click();
  await expect(suspend).toBeHidden();
  await expect(robert.locator('[data-user-status]')).toHaveText('Suspended');
  expect(await asKey(world, made.key, 'GET', '/links')).toMatchObject({ status: 401, body: { message: "This API key's user is suspended." } });
  await world.shot('suspended');
  await robert.getByRole('button', { name: 'Restore Robert' }).click();
  await expect(robert.locator('[data-user-status]')).toHaveText('Active');
  expect((await asKey(world, made.key, 'GET', '/links')).status).toBe(200);

  // Delete: the dialog says how many links, and asks whether to delete or move them.
  await robert.getByRole('button', { name: 'Delete Robert' }).click();
  const del = page.getByRole('dialog', { name: 'Delete Robert' });
  await expect(del).toContainText('Robert owns 2 links. What becomes of them?');
  await expect(del.getByRole('button', { name: 'Move 2 links and delete' })).toBeDisabled();
  await del.getByRole('radio', { name: /^Delete the 2 links/ }).check();
  await expect(del.getByRole('button', { name: 'Delete user and 2 links' })).toBeEnabled();
  await del.getByRole('radio', { name: /^Move the 2 links/ }).check();
  await pick(page, del, 'Move to', 'Desktop');
  await world.shot('delete-user-move-links');
  await world.axe('delete user dialog');
  await del.getByRole('button', { name: 'Move 2 links and delete' }).click();
  await expect(del).toBeHidden();
  await expect(robert).toHaveCount(0);
  await expect(users.locator('tr[data-user="Desktop"]').getByTestId('user-links')).toHaveText('2');
  const links = await world.invoke('links.list', { query: { per_page: 10 } });
  expect(links.data.map((l: { alias: string }) => l.alias).sort()).toEqual(['bob-1', 'bob-2']);
  expect((await asKey(world, made.key, 'GET', '/links')).status).toBe(401);
});

// A member's key (links and statistics, read only) on the local server: the
// app offers My keys instead of Users & keys, Activity disabled with the
// reason, keys made only within the key's own scopes, and screens whose scope
// the key lacks say "Not allowed with this key" once, without retrying.
import { expect, test } from './fixtures.ts';

test("a member's reduced screens: My keys within the key's scopes, no users or activity, not-allowed screens said once", async ({ page, world }) => {
  const ana = await world.invoke('users.create', { data: { name: 'Ana' } });
  const made = await world.invoke('keys.create', { data: { name: 'Ana laptop', scopes: ['links:read', 'spaces:read', 'stats:read'], user_id: ana.id } });
  await world.invoke('keys.create', { data: { name: 'Someone else', scopes: ['links:read'] } });
  const url = world.desktop.serverStatus().url!;
  const inst = await world.addInstance('Ana here', url, made.key);
  await world.invoke('instances.select', { id: inst.id });

  await world.open('#/links');
  const nav = page.getByRole('navigation', { name: 'Screens' });
  await expect(nav.getByRole('link', { name: 'My keys' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Users & keys' })).toHaveCount(0);
  const activity = page.getByTestId('nav-unavailable-activity');
  await expect(activity).toHaveAttribute('aria-disabled', 'true');
  await expect(activity).toContainText('Only for admin keys');
  await expect(nav.getByRole('link', { name: 'Activity' })).toHaveCount(0);
  await world.shot('member-sidebar');

  // My keys: the key in use in words, and only Ana's keys.
  await nav.getByRole('link', { name: 'My keys' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My keys' })).toBeVisible();
  await expect(page.getByTestId('current-key')).toContainText('Signed in as Ana');
  await expect(page.getByTestId('current-key')).toContainText('it may read links, spaces, statistics');
  const table = page.getByTestId('keys-table');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table).toContainText('Ana laptop');
  await expect(table).not.toContainText('Someone else');
  await expect(table.getByRole('columnheader', { name: 'User' })).toHaveCount(0);
  await world.shot('my-keys');
  await world.axe('my keys');

  // A new key can have only what this key has.
  await page.getByRole('button', { name: 'New key' }).click();
  const form = page.getByRole('dialog', { name: 'New API key' });
  await expect(form.getByRole('combobox', { name: 'For user' })).toHaveCount(0);
  await expect(form.getByRole('checkbox', { name: 'Change links' })).toBeDisabled();
  await expect(form.getByRole('checkbox', { name: 'Read domains' })).toBeDisabled();
  await expect(form.getByRole('checkbox', { name: 'Read statistics' })).toBeEnabled();
  await expect(form).toContainText('a key never gives more than the key that makes it');
  await form.getByLabel('Name').fill('Ana script');
  // Nothing ticked is not sent: no scopes would mean "all of this key's".
  await form.getByRole('checkbox', { name: 'Read links' }).check();
  await form.getByRole('checkbox', { name: 'Read links' }).uncheck();
  await expect(form.getByText('Tick at least one thing the key may do.')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Create key' })).toBeDisabled();
  await form.getByRole('checkbox', { name: 'Read links' }).check();
  await world.shot('member-new-key');
  await world.axe('member new key form');
  await form.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('dialog', { name: 'New API key' });
  const key = (await shown.getByTestId('new-key').textContent())!;
  await expect(shown.getByTestId('new-key-scopes')).toHaveText('read links');
  const current = await fetch(`${url}/api/v1/keys/current`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.json());
  expect(current.data).toMatchObject({ name: 'Ana script', scopes: ['links:read'], user: { name: 'Ana' } });
  await shown.getByRole('button', { name: 'I have copied it' }).click();

  // Revoked by its owner.
  const row = table.locator(`tr[data-key="${current.data.prefix}"]`);
  await row.getByRole('button', { name: `Revoke key ${current.data.prefix}` }).click();
  await page.getByRole('dialog', { name: 'Revoke key' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(row.locator('[data-key-status]')).toHaveText('Revoked');
  expect((await fetch(`${url}/api/v1/links`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(401);
  await world.shot('member-key-revoked');

  // Reached by address: the admin screens say why not.
  const forbidden = page.locator('[role="alert"][data-error-kind="forbidden"]');
  await world.open('#/users');
  await expect(forbidden).toContainText('Not allowed with this key');
  await expect(forbidden).toContainText('it can manage only its own keys, under My keys');
  await expect(page.getByTestId('users-table')).toHaveCount(0);
  await world.open('#/activity');
  await expect(forbidden).toContainText('Not allowed with this key');
  await expect(page.getByTestId('audit-table')).toHaveCount(0);
  await world.shot('member-activity');

  // A screen whose scope the key lacks: said plainly, once, with nothing to retry.
  const before = world.calls.filter((c) => c === 'domains.list').length;
  await world.open('#/domains');
  const alert = forbidden;
  await expect(alert).toContainText('Not allowed with this key');
  await expect(alert).toContainText('This key lacks the domains:read scope.');
  await expect(alert.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New domain' })).toHaveCount(0);
  await expect(page.getByLabel('Search domains')).toHaveCount(0);
  expect(world.calls.filter((c) => c === 'domains.list').length - before).toBe(1);
  await world.shot('member-domains-forbidden');
  await world.axe('forbidden screen');

  // Spaces it may read, not change: listed, with no button that would be refused.
  await nav.getByRole('link', { name: 'Spaces' }).click();
  await expect(page.getByTestId('empty-state')).toContainText('No spaces yet');
  await expect(page.getByTestId('read-only')).toHaveText('This key may read spaces but not change them.');
  await expect(page.getByRole('button', { name: 'New space' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add a space' })).toHaveCount(0);
  await world.shot('member-spaces-read-only');

  // What the key allows works as usual, without offering what it does not.
  await nav.getByRole('link', { name: 'Links' }).click();
  await expect(page.getByTestId('empty-state')).toContainText('No links yet');
  await expect(page.getByTestId('read-only')).toHaveText('This key may read links but not change them.');
  await expect(page.getByRole('button', { name: 'New link' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create a link' })).toHaveCount(0);
});

// Domains: create through the modal, a 422 on the name field, edit with the
// name read-only, search, sort, rows per page and pages, delete, and the 409
// of a domain that still has links.
import { expect, test } from './fixtures.ts';

test('creates and edits domains; the name is create-only and its 422 lands on the name field', async ({ page, world }) => {
  await world.open('#/domains');
  await expect(page.getByText('No domains yet')).toBeVisible();

  await page.getByRole('button', { name: 'New domain' }).click();
  let dialog = page.getByRole('dialog', { name: 'New domain' });
  await expect(dialog.getByLabel('Domain name')).toBeFocused();
  await dialog.getByLabel('Domain name').fill('not a domain!');
  await dialog.getByRole('button', { name: 'Create domain' }).click();
  await expect(dialog.getByLabel('Domain name')).toHaveAttribute('aria-invalid', 'true');
  // The server's check, in the form's words.
  await expect(dialog.getByText('The domain must be a domain name such as links.example.com')).toBeVisible();
  await world.shot('name-422');

  await dialog.getByLabel('Domain name').fill('go.example.com');
  await dialog.getByLabel('Index page').fill('https://example.com/');
  await dialog.getByLabel('Not-found page').fill('https://example.com/404');
  await dialog.getByRole('button', { name: 'Create domain' }).click();
  await expect(dialog).toBeHidden();
  const row = page.locator('tr[data-row-name="go.example.com"]');
  await expect(row).toContainText('https://example.com/404');

  // A second domain by the same name is refused on the same field.
  await page.getByRole('button', { name: 'New domain' }).click();
  dialog = page.getByRole('dialog', { name: 'New domain' });
  await dialog.getByLabel('Domain name').fill('go.example.com');
  await dialog.getByRole('button', { name: 'Create domain' }).click();
  await expect(dialog.getByText('The domain has already been taken.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await row.getByRole('button', { name: 'Edit go.example.com' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit go.example.com' });
  await expect(edit.getByLabel('Domain name')).toHaveValue('go.example.com');
  await expect(edit.getByLabel('Domain name')).toHaveAttribute('readonly', '');
  await edit.getByLabel('Index page').fill('https://example.org/home');
  await edit.getByLabel('Not-found page').fill('');
  await world.shot('edit');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('https://example.org/home');

  const stored = (await world.invoke('domains.list', { query: {} })).data[0];
  expect(stored).toMatchObject({ name: 'go.example.com', index_page: 'https://example.org/home', not_found_page: null });
});

test('searches, sorts and pages domains', async ({ page, world }) => {
  const names = ['kilo', 'alpha', 'juliet', 'bravo', 'india', 'charlie', 'hotel', 'delta', 'golf', 'echo', 'foxtrot', 'lima'];
  for (const n of names) await world.invoke('domains.create', { data: { name: `${n}.example.net` } });
  await world.open('#/domains');
  const rows = page.getByTestId('domains-table').locator('tbody tr');
  const firstName = () => rows.first().getAttribute('data-row-name');

  // Newest first by default, ten to a page.
  await expect(rows).toHaveCount(10);
  await expect(page.getByTestId('list-range')).toHaveText('1–10 of 12 domains');
  expect(await firstName()).toBe('lima.example.net');

  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByTestId('list-range')).toHaveText('11–12 of 12 domains');
  await expect(rows).toHaveCount(2);
  expect(page.url()).toContain('page=2');

  await page.getByRole('button', { name: /^Name/ }).click();
  await expect(page.getByTestId('list-range')).toHaveText('1–10 of 12 domains');
  await expect(rows.first()).toHaveAttribute('data-row-name', 'alpha.example.net');
  await expect(page.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'ascending');
  await page.getByRole('button', { name: /^Name/ }).click();
  await expect(rows.first()).toHaveAttribute('data-row-name', 'lima.example.net');
  await expect(page.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'descending');

  await page.getByTestId('per-page').click();
  await page.getByRole('option', { name: '25' }).click();
  await expect(rows).toHaveCount(12);
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveCount(0);

  await page.getByLabel('Search domains').fill('hotel');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-row-name', 'hotel.example.net');
  await world.shot('search');

  // The search, sort and page size are in the URL and survive a reload.
  await page.reload();
  await expect(page.getByLabel('Search domains')).toHaveValue('hotel');
  await expect(rows).toHaveCount(1);

  await page.getByLabel('Search domains').fill('zulu');
  await expect(page.getByText('No domain matches this search')).toBeVisible();
});

test('deleting a domain asks first, and a domain with links is refused with the server\'s reason', async ({ page, world }) => {
  const used = await world.invoke('domains.create', { data: { name: 'used.example.com' } });
  await world.invoke('domains.create', { data: { name: 'spare.example.com' } });
  await world.invoke('links.create', { data: { url: 'https://example.com/', domain_id: used.id } });
  await world.open('#/domains');

  await page.getByRole('button', { name: 'Delete used.example.com' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete domain' });
  await expect(confirm).toContainText('used.example.com');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByTestId('delete-error')).toHaveText(/The domain still has links; delete them first\./);
  await world.shot('409');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('tr[data-row-name="used.example.com"]')).toBeVisible();

  await page.getByRole('button', { name: 'Delete spare.example.com' }).click();
  await page.getByRole('dialog', { name: 'Delete domain' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator('tr[data-row-name="spare.example.com"]')).toHaveCount(0);
  expect((await world.invoke('domains.list', { query: {} })).meta.total).toBe(1);
});

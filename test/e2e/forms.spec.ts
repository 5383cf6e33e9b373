// Forms check themselves with the shared schemas: bad input is refused on its
// field, in the form's words, before any request leaves (the handler table
// records none); what only the server can know (an alias already taken)
// comes back as a 422 on the same field in the same words; nothing typed is
// lost when a save fails.
import { expect, test } from './fixtures.ts';
import { expectFieldError, textField } from './ui.ts';

test('the link form refuses bad input before anything is sent, and shows a server 422 on its field', async ({ page, world }) => {
  await world.invoke('links.create', { data: { url: 'https://example.com/taken', alias: 'taken' } });
  await world.open('#/links');
  await page.getByRole('button', { name: 'New link' }).click();
  const drawer = page.getByRole('dialog', { name: 'New link' });
  const save = drawer.getByRole('button', { name: 'Create link' });
  const url = textField(drawer, 'Destination URL');
  const preview = textField(drawer, 'Preview image URL');
  const sent = () => world.calls.filter((c) => c === 'links.create' || c === 'links.update').length;

  // Nothing typed yet: nothing to send.
  await expect(save).toBeDisabled();
  await url.fill('ftp://example.com/file');
  await url.blur();
  await expectFieldError(url, 'The destination URL must be a web address starting with http:// or https://.');
  await preview.fill('card.png');
  await preview.blur();
  await expectFieldError(preview, 'The preview image URL must be a web address starting with http:// or https://.');
  await expect(drawer.getByText(/preview_image|The url /)).toHaveCount(0);
  await expect(save).toBeDisabled();
  await world.shot('refused-before-sending');
  expect(sent(), 'no request left the window').toBe(0);

  // Typing the right thing takes each error away as it becomes right.
  await url.fill('https://example.com/new');
  await expect(url).not.toHaveAttribute('aria-invalid', 'true');
  await preview.fill('https://example.com/card.png');
  await expect(preview).not.toHaveAttribute('aria-invalid', 'true');
  await expect(save).toBeEnabled();

  // What only the server knows: the alias is taken. Its 422 sits on Alias, the rest stays as typed.
  const alias = textField(drawer, 'Alias');
  await alias.fill('taken');
  await save.click();
  await expectFieldError(alias, 'The alias has already been taken.');
  await expect(alias).toBeFocused();
  await expect(url).toHaveValue('https://example.com/new');
  await expect(preview).toHaveValue('https://example.com/card.png');
  expect(sent()).toBe(1);
  await world.shot('server-422-on-alias');

  // Changing the refused field lets it be sent again.
  await alias.fill('taken-2');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(drawer).toBeHidden();
  await expect(page.locator('tr[data-alias="taken-2"]')).toBeVisible();
});

test('the domain, space and pixel forms check themselves in their own words', async ({ page, world }) => {
  await world.open('#/domains');
  await page.getByRole('button', { name: 'New domain' }).click();
  const domain = page.getByRole('dialog', { name: 'New domain' });
  const index = textField(domain, 'Index page');
  await index.fill('example.com');
  await index.blur();
  await expectFieldError(index, 'The index page must be a web address starting with http:// or https://.');
  await expect(domain.getByRole('button', { name: 'Create domain' })).toBeDisabled();
  await world.shot('domain');
  await domain.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('link', { name: 'Spaces' }).click();
  await page.getByRole('button', { name: 'New space' }).click();
  const space = page.getByRole('dialog', { name: 'New space' });
  const name = textField(space, 'Name');
  await name.fill('   ');
  await name.blur();
  await expectFieldError(name, 'Enter the name.');
  await expect(space.getByRole('button', { name: 'Create space' })).toBeDisabled();
  await space.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('link', { name: 'Pixels' }).click();
  await page.getByRole('button', { name: 'New pixel' }).click();
  const pixel = page.getByRole('dialog', { name: 'New pixel' });
  const id = textField(pixel, 'Pixel ID');
  await id.fill('G ABC 123');
  await id.blur();
  await expectFieldError(id, 'The pixel ID may only contain letters, digits, dots, dashes and underscores.');
  await world.shot('pixel');
  expect(world.calls.filter((c) => /^(domains|spaces|pixels)\.(create|update)$/.test(c))).toEqual([]);
});

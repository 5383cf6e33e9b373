// The link form's social preview: the three fields, a card that follows the
// typing, the server's refusal on the right input, and a round trip through
// save and reopen.
import type { Link } from '../../shared/api-types.ts';
import type { Locator } from '@playwright/test';
import { expect, test, type World } from './fixtures.ts';
import { expectFieldError, pick, textField } from './ui.ts';

/** Brings the whole card above the drawer's sticky footer for the screenshot. */
const showCard = (card: Locator) => card.evaluate((el) => el.scrollIntoView({ block: 'center' }));

const byAlias = async (world: World, alias: string): Promise<Link> => {
  const page = await world.invoke('links.list', { query: { search: alias, search_by: 'alias', per_page: 100 } });
  const link = page.data.find((l: Link) => l.alias === alias);
  if (!link) throw new Error(`no link ${alias}`);
  return link;
};

test('fills the social preview with a live card, saves it, and reopens it', async ({ page, world }) => {
  await world.invoke('domains.create', { data: { name: 'go.example.com' } });
  await world.open('#/links');
  await page.getByRole('button', { name: 'New link' }).click();
  const drawer = page.getByRole('dialog', { name: 'New link' });
  await drawer.getByLabel('Destination URL').fill('https://example.com/spring');
  await drawer.getByLabel('Alias').fill('spring-card');
  const card = drawer.getByRole('figure', { name: 'Preview card' });
  const host = card.getByTestId('preview-card-host');
  const title = card.getByTestId('preview-card-title');

  // Empty: the card has only the short URL's host, and the form says what crawlers get instead.
  await expect(host).toHaveText(/^127\.0\.0\.1:\d+$/);
  await expect(drawer.getByText('Without these fields, services that preview the link follow it')).toBeVisible();
  await pick(page, drawer, 'Domain', 'go.example.com');
  await expect(host).toHaveText('go.example.com');
  await showCard(card);
  await world.shot('empty-card');

  // The card follows each keystroke.
  await textField(drawer, 'Preview title').pressSequentially('Spring sale');
  await expect(title).toHaveText('Spring sale');
  await textField(drawer, 'Preview description').fill('Everything half price until Sunday.');
  await expect(card.getByTestId('preview-card-description')).toHaveText('Everything half price until Sunday.');
  await textField(drawer, 'Preview image URL').fill('javascript:alert(1)');
  await expect(card.getByText('Image from an invalid address')).toBeVisible();
  await expect(drawer.getByText('Without these fields, services that preview the link follow it')).toBeHidden();
  await showCard(card);
  await world.shot('typed-card');

  // The image address is refused on its input, in the form's words, before anything is sent.
  await textField(drawer, 'Preview image URL').press('Tab');
  await expectFieldError(textField(drawer, 'Preview image URL'), 'The preview image URL must be a web address starting with http:// or https://.');
  await expect(drawer.getByRole('button', { name: 'Create link' })).toBeDisabled();
  await world.shot('image-refused');
  await textField(drawer, 'Preview image URL').fill('https://cdn.example.net/spring.png');
  // The window's CSP loads images from the app only: the card names the image's host.
  await expect(card.getByText('Image from cdn.example.net')).toBeVisible();
  await expect(card.locator('img')).toHaveCount(0);
  await world.axe('link form with a preview card');
  await showCard(card);
  await world.shot('filled-card');
  await drawer.getByRole('button', { name: 'Create link' }).click();
  await expect(drawer).toBeHidden();

  expect(await byAlias(world, 'spring-card')).toMatchObject({
    short_url: 'http://go.example.com/spring-card', preview_title: 'Spring sale',
    preview_description: 'Everything half price until Sunday.', preview_image: 'https://cdn.example.net/spring.png',
  });

  // Reopened, the fields and the card show what was saved; clearing the title clears it on the server.
  await page.getByRole('button', { name: 'Edit spring-card' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit spring-card' });
  const editCard = edit.getByRole('figure', { name: 'Preview card' });
  await expect(textField(edit, 'Preview title')).toHaveValue('Spring sale');
  await expect(textField(edit, 'Preview description')).toHaveValue('Everything half price until Sunday.');
  await expect(textField(edit, 'Preview image URL')).toHaveValue('https://cdn.example.net/spring.png');
  await expect(editCard.getByTestId('preview-card-title')).toHaveText('Spring sale');
  await expect(editCard.getByTestId('preview-card-host')).toHaveText('go.example.com');
  await showCard(editCard);
  await world.shot('reopened');
  await textField(edit, 'Preview title').fill('');
  await expect(editCard.getByTestId('preview-card-title')).toHaveText('go.example.com');
  await edit.getByRole('button', { name: 'Save link' }).click();
  await expect(edit).toBeHidden();
  expect(await byAlias(world, 'spring-card')).toMatchObject({ preview_title: null, preview_image: 'https://cdn.example.net/spring.png' });
});

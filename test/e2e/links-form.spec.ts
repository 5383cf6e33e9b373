// The link drawer: every writable field group, each target type, server 422s
// on the right inputs, editing with write-only secrets, deleting, QR codes.
import type { Link } from '../../shared/api-types.ts';
import { expect, test, type World } from './fixtures.ts';
import { combo, expectFieldError, pick, pickMany, textField, rowAction } from './ui.ts';

async function seedOptions(world: World) {
  const domain = await world.invoke('domains.create', { data: { name: 'go.example.com' } });
  const space = await world.invoke('spaces.create', { data: { name: 'Campaigns', color: '#e8590c' } });
  const ga = await world.invoke('pixels.create', { data: { name: 'GA', type: 'google-analytics', pixel_id: 'G-ABC123' } });
  const meta = await world.invoke('pixels.create', { data: { name: 'Meta', type: 'facebook', pixel_id: '1234567890' } });
  return { domain, space, ga, meta };
}

const byAlias = async (world: World, alias: string): Promise<Link> => {
  const page = await world.invoke('links.list', { query: { search: alias, search_by: 'alias', per_page: 100 } });
  const link = page.data.find((l: Link) => l.alias === alias);
  if (!link) throw new Error(`no link ${alias}`);
  return link;
};

test('creates links with every field group, one for each target type', async ({ page, world }) => {
  const { domain, space, ga, meta } = await seedOptions(world);
  await world.open('#/links');
  const drawer = page.getByRole('dialog', { name: 'New link' });
  const open = async () => {
    await page.getByRole('button', { name: 'New link' }).click();
    await expect(drawer.getByLabel('Destination URL')).toBeFocused();
  };
  const create = async () => {
    await drawer.getByRole('button', { name: 'Create link' }).click();
    await expect(drawer).toBeHidden();
  };

  // 1. Country targeting, with destination, access, expiration and organize groups all filled in.
  await open();
  await drawer.getByLabel('Destination URL').fill('https://example.com/landing');
  await pick(page, drawer, 'Domain', 'go.example.com');
  await drawer.getByLabel('Alias').fill('spring-sale');
  await textField(drawer, 'Password').fill('hunter22');
  await drawer.getByRole('radio', { name: 'Password' }).check();
  await textField(drawer, 'Statistics password').fill('stats-pass');
  await drawer.getByLabel('Date').fill('2031-12-31');
  await drawer.getByLabel('Time').fill('18:30');
  await drawer.getByLabel('After clicks').fill('500');
  await drawer.getByLabel('Expiration URL').fill('https://example.com/expired');
  await pick(page, drawer, 'Target by', 'Country');
  await drawer.getByRole('button', { name: 'Add country' }).click();
  await pick(page, drawer, 'Country 1', 'Germany (DE)', 'Germ');
  await drawer.getByLabel('URL for country 1').fill('https://example.de/');
  await drawer.getByRole('button', { name: 'Add country' }).click();
  await pick(page, drawer, 'Country 2', 'France (FR)', 'Fran');
  await drawer.getByLabel('URL for country 2').fill('https://example.fr/');
  await pick(page, drawer, 'Space', 'Campaigns');
  await pickMany(page, drawer, 'Pixels', ['GA', 'Meta']);
  await world.shot('country-form');
  await create();

  const l1 = await byAlias(world, 'spring-sale');
  expect(l1).toMatchObject({
    url: 'https://example.com/landing', short_url: 'http://go.example.com/spring-sale',
    domain: { id: domain.id, name: 'go.example.com' }, password: true, privacy: 2, privacy_password: true, disabled: 0, status: 1,
    expiration_date: '2031-12-31', expiration_time: '18:30', expiration_clicks: 500, expiration_url: 'https://example.com/expired',
    target_type: 1, country: [{ key: 'DE', value: 'https://example.de/' }, { key: 'FR', value: 'https://example.fr/' }],
    space: { id: space.id, name: 'Campaigns' },
  });
  expect(l1.pixels.map((p) => p.id).sort()).toEqual([ga.id, meta.id].sort());

  // 2. Operating-system targeting (the seed's platform); private statistics; disabled.
  await open();
  await drawer.getByLabel('Destination URL').fill('https://example.com/app');
  await drawer.getByLabel('Alias').fill('get-app');
  await drawer.getByRole('radio', { name: 'Private' }).check();
  await drawer.getByRole('switch', { name: 'Disabled' }).check();
  await pick(page, drawer, 'Target by', 'Operating system');
  await drawer.getByRole('button', { name: 'Add operating system' }).click();
  await pick(page, drawer, 'Operating system 1', 'iOS');
  await drawer.getByLabel('URL for operating system 1').fill('https://apps.apple.com/app/x');
  await drawer.getByRole('button', { name: 'Add operating system' }).click();
  await pick(page, drawer, 'Operating system 2', 'Chrome OS');
  await drawer.getByLabel('URL for operating system 2').fill('https://example.com/chromebook');
  await create();
  expect(await byAlias(world, 'get-app')).toMatchObject({
    privacy: 1, disabled: 1, status: 3, target_type: 2, targets_type: 'operating_systems', domain: null,
    platform: [{ key: 'iOS', value: 'https://apps.apple.com/app/x' }, { key: 'Chrome OS', value: 'https://example.com/chromebook' }],
  });

  // 3. Language targeting.
  await open();
  await drawer.getByLabel('Destination URL').fill('https://example.com/docs');
  await drawer.getByLabel('Alias').fill('docs');
  await pick(page, drawer, 'Target by', 'Language');
  await drawer.getByRole('button', { name: 'Add language' }).click();
  await pick(page, drawer, 'Language 1', 'German (de)', 'Germ');
  await drawer.getByLabel('URL for language 1').fill('https://example.com/de/docs');
  await drawer.getByRole('button', { name: 'Add language' }).click();
  await pick(page, drawer, 'Language 2', 'Japanese (ja)', 'Japa');
  await drawer.getByLabel('URL for language 2').fill('https://example.com/ja/docs');
  await world.shot('language-form');
  await create();
  expect(await byAlias(world, 'docs')).toMatchObject({
    target_type: 3, language: [{ key: 'de', value: 'https://example.com/de/docs' }, { key: 'ja', value: 'https://example.com/ja/docs' }],
  });

  // 4. Rotation.
  await open();
  await drawer.getByLabel('Destination URL').fill('https://example.com/ab');
  await drawer.getByLabel('Alias').fill('ab-test');
  await pick(page, drawer, 'Target by', 'Rotation');
  for (const [i, v] of ['https://example.com/a', 'https://example.com/b', 'https://example.com/c'].entries()) {
    await drawer.getByRole('button', { name: 'Add rotation URL' }).click();
    await drawer.getByLabel(`Rotation URL ${i + 1}`, { exact: true }).fill(v);
  }
  await drawer.getByRole('button', { name: 'Remove rotation URL 2' }).click();
  await create();
  expect(await byAlias(world, 'ab-test')).toMatchObject({
    target_type: 4, rotation: [{ value: 'https://example.com/a' }, { value: 'https://example.com/c' }],
  });

  // 5. Nothing but a URL: the alias is generated on the default domain.
  await open();
  await drawer.getByLabel('Destination URL').fill('https://example.com/plain');
  await create();

  const table = page.getByTestId('links-table');
  await expect(table.locator('tbody tr')).toHaveCount(5);
  await expect(table.locator('tr[data-alias="get-app"] [data-status]')).toHaveText('Disabled');
  await expect(table.locator('tr[data-alias="spring-sale"]')).toContainText('Campaigns');
  await expect(table.locator('tr[data-alias="spring-sale"]')).toContainText('go.example.com');
  await expect(table.locator('tbody tr').first().getByTestId('short-url')).toHaveText(/\/[A-Za-z0-9]{6}$/);
  await world.shot('table');
});

test('bad input is refused on its field before anything is sent; the server\'s 422s land on the fields they name, focus on the first', async ({ page, world }) => {
  await world.invoke('links.create', { data: { url: 'https://example.com/', alias: 'taken' } });
  await world.open('#/links');
  await page.getByRole('button', { name: 'New link' }).click();
  const drawer = page.getByRole('dialog', { name: 'New link' });
  const create = drawer.getByRole('button', { name: 'Create link' });

  const url = drawer.getByLabel('Destination URL');
  await url.fill('javascript:alert(1)');
  await url.press('Tab');
  await pick(page, drawer, 'Target by', 'Country');
  await drawer.getByRole('button', { name: 'Add country' }).click();
  await pick(page, drawer, 'Country 1', 'Germany (DE)', 'Germ');
  await drawer.getByLabel('URL for country 1').fill('https://example.de/');
  await drawer.getByRole('button', { name: 'Add country' }).click();
  await pick(page, drawer, 'Country 2', 'Austria (AT)', 'Austr');
  await drawer.getByLabel('URL for country 2').fill('not a url');
  await drawer.getByLabel('URL for country 2').press('Tab');

  // `url` and `country.1.value` in the form's words, nothing on the row that is fine, and nothing sent.
  await expectFieldError(url, 'The destination URL must be a web address starting with http:// or https://.');
  await expectFieldError(drawer.getByLabel('URL for country 2'), 'The URL for country 2 must be a web address starting with http:// or https://.');
  await expect(drawer.getByLabel('URL for country 1')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(create).toBeDisabled();
  expect(world.calls).not.toContain('links.create');
  await world.shot('refused-url-and-country');

  // What only the server knows: the alias is taken.
  await url.fill('https://example.com/ok');
  await drawer.getByLabel('URL for country 2').fill('https://example.at/');
  await drawer.getByLabel('Alias').fill('taken');
  await create.click();
  await expectFieldError(drawer.getByLabel('Alias'), 'The alias has already been taken.');
  await expect(url).not.toHaveAttribute('aria-invalid', 'true');
  await expect(drawer.getByLabel('Alias')).toBeFocused();

  // Password statistics without a password: the server names privacy_password; the form says it its way.
  await drawer.getByLabel('Alias').fill('fresh');
  await drawer.getByRole('radio', { name: 'Password' }).check();
  await create.click();
  await expectFieldError(textField(drawer, 'Statistics password'), 'Enter the statistics password.');
  await world.shot('422-privacy');

  await textField(drawer, 'Statistics password').fill('s3cret');
  await create.click();
  await expect(drawer).toBeHidden();
  expect(await byAlias(world, 'fresh')).toMatchObject({ target_type: 1, privacy: 2, privacy_password: true });
});

test('edits a link: fields change, the domain stays, stored secrets are never shown', async ({ page, world }) => {
  const { space, ga } = await seedOptions(world);
  const link: Link = await world.invoke('links.create', { data: {
    url: 'https://example.com/old', alias: 'promo', password: 'hunter22', space_id: space.id, pixel_ids: [ga.id],
    target_type: 1, country: [{ key: 'US', value: 'https://example.com/us' }],
  } });
  await world.open('#/links');
  await page.getByRole('button', { name: 'Edit promo' }).click();
  const drawer = page.getByRole('dialog', { name: 'Edit promo' });

  await expect(drawer.getByLabel('Destination URL')).toHaveValue('https://example.com/old');
  await expect(combo(drawer, 'Domain')).toBeDisabled();
  await expect(textField(drawer, 'Password')).toHaveValue('');
  await expect(drawer).toContainText('A password is set. Type a new one to replace it.');
  await expect(combo(drawer, 'Country 1')).toHaveValue('United States (US)');

  await drawer.getByLabel('Destination URL').fill('https://example.com/new');
  await drawer.getByLabel('Alias').fill('promo-2');
  await drawer.getByRole('checkbox', { name: 'Remove the password' }).check();
  await pick(page, drawer, 'Target by', 'Rotation');
  await drawer.getByRole('button', { name: 'Add rotation URL' }).click();
  await drawer.getByLabel('Rotation URL 1', { exact: true }).fill('https://example.com/r1');
  await drawer.getByLabel('Date').fill('2020-01-01');
  await drawer.getByRole('button', { name: 'Clear the space' }).click();
  await drawer.getByRole('button', { name: 'Remove all pixels' }).click();
  await world.shot('edit-form');
  await drawer.getByRole('button', { name: 'Save link' }).click();
  await expect(drawer).toBeHidden();

  const after: Link = await world.invoke('links.get', { id: link.id });
  expect(after).toMatchObject({
    url: 'https://example.com/new', alias: 'promo-2', password: false, target_type: 4, rotation: [{ value: 'https://example.com/r1' }],
    targets_type: 'rotations', expiration_date: '2020-01-01', expiration_time: '00:00', status: 2,
    space: null, pixels: [], domain: null,
  });
  await expect(page.locator('tr[data-alias="promo-2"] [data-status]')).toHaveText('Expired');
});

test('deletes a link after confirmation', async ({ page, world }) => {
  await world.invoke('links.create', { data: { url: 'https://example.com/1', alias: 'keep-me' } });
  await world.invoke('links.create', { data: { url: 'https://example.com/2', alias: 'drop-me' } });
  await world.open('#/links');
  await rowAction(page, 'drop-me', 'Delete…');
  const confirm = page.getByRole('dialog', { name: 'Delete link' });
  await expect(confirm).toContainText('/drop-me');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await world.shot('confirm');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator('tr[data-alias="drop-me"]')).toHaveCount(0);
  await expect(page.locator('tr[data-alias="keep-me"]')).toBeVisible();
  expect((await world.invoke('links.list', { query: {} })).meta.total).toBe(1);
});

test('shows a QR code for a short link and downloads it as PNG and SVG, loading the encoder only then', async ({ page, world }) => {
  const link: Link = await world.invoke('links.create', { data: { url: 'https://example.com/qr', alias: 'qr-me' } });
  const chunks: string[] = [];
  page.on('request', (r) => chunks.push(new URL(r.url()).pathname));
  await world.open('#/links');
  expect(chunks.some((c) => c.includes('QrCodeModal'))).toBe(false);

  await rowAction(page, 'qr-me', 'QR code');
  const dialog = page.getByRole('dialog', { name: 'QR code for qr-me' });
  await expect(dialog.getByRole('img', { name: `QR code that opens ${link.short_url}` })).toBeVisible();
  expect(chunks.some((c) => c.includes('QrCodeModal'))).toBe(true);
  await world.shot('qr');

  const [png] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download PNG' }).click()]);
  expect(png.suggestedFilename()).toBe('qr-qr-me.png');
  const pngBytes = await streamBytes(await png.createReadStream());
  expect(pngBytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

  const [svg] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download SVG' }).click()]);
  expect(svg.suggestedFilename()).toBe('qr-qr-me.svg');
  expect((await streamBytes(await svg.createReadStream())).toString('utf8')).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
});

async function streamBytes(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts);
}

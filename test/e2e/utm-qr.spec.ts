// Campaign tags built in the link form (both directions, saved with the link,
// templates per instance) and a styled QR code (colours with a contrast
// warning, a logo, size, PNG and SVG files, the style remembered).
// The styled code is not decoded here: no QR decoder is installed.
import { crc32, deflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import { qrTarget } from '../../shared/qr-target.ts';
import type { Link } from '../../shared/api-types.ts';
import { expect, test } from './fixtures.ts';
import { pick, rowAction } from './ui.ts';

test('builds campaign tags into the destination URL and back, saves them, and keeps templates per instance', async ({ page, world }) => {
  await world.open('#/links');
  await page.getByRole('button', { name: 'New link' }).click();
  const drawer = page.getByRole('dialog', { name: 'New link' });
  const url = drawer.getByLabel('Destination URL');
  await url.fill('https://example.com/landing?ref=home&flag#pricing');

  const toggle = drawer.getByRole('button', { name: 'Campaign tags (UTM)' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const source = drawer.getByLabel('Campaign source');
  const medium = drawer.getByLabel('Campaign medium');
  const campaign = drawer.getByLabel('Campaign name');
  const content = drawer.getByLabel('Campaign content');

  // 1. The fields write into the URL: other parameters, their order and the fragment kept; values encoded.
  await source.fill('newsletter');
  await medium.fill('email');
  await campaign.fill('spring sale & more');
  await expect(url).toHaveValue('https://example.com/landing?ref=home&flag&utm_source=newsletter&utm_medium=email&utm_campaign=spring%20sale%20%26%20more#pricing');
  await world.shot('fields-written-into-url');

  // 2. The URL writes into the fields; an emptied field removes its tag.
  await url.fill('https://example.com/landing?utm_source=partner&ref=home&utm_campaign=spring%20sale&utm_content=banner+top#pricing');
  await expect(source).toHaveValue('partner');
  await expect(medium).toHaveValue('');
  await expect(content).toHaveValue('banner top');
  await medium.fill('cpc');
  await content.fill('');
  await expect(url).toHaveValue('https://example.com/landing?utm_source=partner&ref=home&utm_campaign=spring%20sale&utm_medium=cpc#pricing');
  await world.shot('url-read-into-fields');

  // 3. A template: saved by name with Enter, without submitting the link.
  await drawer.getByLabel('Template name').fill('Partner CPC');
  await drawer.getByLabel('Template name').press('Enter');
  await expect(page.getByText('Template “Partner CPC” saved')).toBeVisible();
  await expect(drawer).toBeVisible();

  await drawer.getByLabel('Alias').fill('spring');
  await drawer.getByRole('button', { name: 'Create link' }).click();
  await expect(drawer).toBeHidden();
  const saved: Link = (await world.invoke('links.list', { query: { search: 'spring', search_by: 'alias' } })).data[0];
  expect(saved.url).toBe('https://example.com/landing?utm_source=partner&ref=home&utm_campaign=spring%20sale&utm_medium=cpc#pricing');

  // 4. Reopened, the section is open and shows the saved tags.
  await page.getByRole('button', { name: 'Edit spring' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit spring' });
  await expect(edit.getByRole('button', { name: 'Campaign tags (UTM)' })).toHaveAttribute('aria-expanded', 'true');
  await expect(edit.getByLabel('Campaign source')).toHaveValue('partner');
  await expect(edit.getByLabel('Campaign medium')).toHaveValue('cpc');
  await expect(edit.getByLabel('Campaign name')).toHaveValue('spring sale');
  await world.shot('reopened');
  await world.axe('link form with campaign tags');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // 5. After a reload the template is still there and fills all five fields of another link.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New link' }).click();
  await drawer.getByLabel('Destination URL').fill('https://example.com/other?utm_term=old#x');
  await drawer.getByRole('button', { name: 'Campaign tags (UTM)' }).click();
  await pick(page, drawer, 'Template', 'Partner CPC');
  await drawer.getByRole('button', { name: 'Apply template' }).click();
  await expect(drawer.getByLabel('Destination URL')).toHaveValue('https://example.com/other?utm_source=partner&utm_medium=cpc&utm_campaign=spring%20sale#x');
  await expect(drawer.getByLabel('Campaign term')).toHaveValue('');
  await world.shot('template-applied');

  // The templates belong to this instance (kept under its id): another instance has none.
  const localId = await world.localId();
  const storeKey = `linkdesk.utm-templates.${localId}`;
  expect(await page.evaluate(() => Object.keys(localStorage))).toContain(storeKey);
  const templateSelect = drawer.getByRole('combobox', { name: 'Template' });
  const newLinkOn = async (id: string) => {
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await world.invoke('instances.select', { id });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'New link' }).click();
    await drawer.getByRole('button', { name: 'Campaign tags (UTM)' }).click();
  };
  const remote = await world.addInstance('Team server', world.remote.url, world.remote.key);
  await newLinkOn(remote.id);
  await expect(templateSelect).toBeDisabled();
  await expect(templateSelect).toHaveAttribute('placeholder', 'No templates yet');
  await world.shot('other-instance-no-templates');

  // Back on this instance: the template can be deleted.
  await newLinkOn(localId);
  // This instance's templates are read once the page has its instance: the picker opens on them only then.
  await expect(templateSelect).toBeEnabled();
  await pick(page, drawer, 'Template', 'Partner CPC');
  await drawer.getByRole('button', { name: 'Delete template' }).click();
  await expect(templateSelect).toBeDisabled();
  await expect(templateSelect).toHaveAttribute('placeholder', 'No templates yet');
  expect(await page.evaluate((k) => localStorage.getItem(k), storeKey)).toBe('[]');
  await world.shot('template-deleted');

  // An invalid URL is left alone: the fields say why they cannot be used.
  await drawer.getByLabel('Destination URL').fill('example.com/no-scheme');
  await expect(drawer.getByLabel('Campaign source')).toBeDisabled();
  await expect(drawer.getByText('Enter a complete http(s) destination URL first')).toBeVisible();
  await expect(drawer.getByLabel('Destination URL')).toHaveValue('example.com/no-scheme');
});

/** A small solid-colour PNG, written here so the test needs no image file. */
function solidPng(side: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.from([0, ...Array.from({ length: side }, () => rgb).flat()]);
  const pixels = Buffer.concat(Array.from({ length: side }, () => row));
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function streamBytes(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts);
}

test('styles a QR code with colours, a contrast warning, a logo and a size, downloads PNG and SVG, and remembers the style', async ({ page, world }) => {
  const link: Link = await world.invoke('links.create', { data: { url: 'https://example.com/qr', alias: 'promo' } });
  await world.open('#/links');
  await rowAction(page, 'promo', 'QR code');
  const dialog = page.getByRole('dialog', { name: 'QR code for promo' });
  const image = dialog.getByRole('img', { name: `QR code that opens ${link.short_url}` });
  await expect(image).toBeVisible();
  await expect(dialog.getByText('Error correction M')).toBeVisible();
  const warning = dialog.getByTestId('qr-contrast-warning');
  await expect(warning).toBeHidden();

  const foreground = dialog.getByRole('textbox', { name: 'Foreground' });
  const background = dialog.getByRole('textbox', { name: 'Background' });
  const setColour = async (input: typeof foreground, value: string) => {
    await input.fill(value);
    await input.press('Tab');
  };

  // 1. A light foreground: low contrast, and lighter than the background.
  await setColour(foreground, '#d0d0d0');
  await expect(warning).toContainText(/The contrast is 1\.5:1; below 4:1/);
  await expect(warning).not.toContainText('lighter than the background');
  await world.shot('low-contrast-warning');
  await setColour(background, '#1c3d5a');
  await expect(warning).toContainText('The foreground is lighter than the background');
  await world.shot('inverted-warning');
  // With a colour picker open, the warning is still in view, nothing drawn over it.
  await foreground.click();
  await expect(page.locator('.mantine-ColorInput-dropdown')).toBeVisible();
  const box = (await warning.boundingBox())!;
  const uncovered = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-testid="qr-contrast-warning"]') != null,
    { x: box.x + box.width / 2, y: box.y + box.height / 2 });
  expect(uncovered, 'the warning is not under the colour picker').toBe(true);
  await world.shot('warning-beside-open-picker');
  await foreground.press('Tab');

  // 2. Dark on light again: no warning. Then a logo and a size.
  await setColour(foreground, '#1c3d5a');
  await setColour(background, '#fff8e7');
  await expect(warning).toBeHidden();
  const before = await image.getAttribute('src');
  await dialog.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(24, [232, 89, 12]) });
  await expect(dialog.getByText('Error correction H (raised for the logo)')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Remove logo' })).toBeVisible();
  await expect.poll(() => image.getAttribute('src')).not.toBe(before);
  const size = dialog.getByLabel('Size (pixels)');
  await size.fill('640');
  await size.press('Tab');
  await world.shot('styled-with-logo');
  await world.axe('styled QR code');

  // 3. The PNG: the chosen size, the background in the quiet zone, the foreground in a finder pattern, the logo in the middle.
  const [png] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download PNG' }).click()]);
  expect(png.suggestedFilename()).toBe('qr-promo.png');
  const pngBytes = await streamBytes(await png.createReadStream());
  expect(pngBytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  expect([pngBytes.readUInt32BE(16), pngBytes.readUInt32BE(20)]).toEqual([640, 640]);
  // The top-left finder pattern's dark ring starts after the four-module quiet zone.
  const units = QRCode.create(qrTarget(link.short_url), { errorCorrectionLevel: 'H' }).modules.size + 8;
  const finder = Math.floor((4.5 * 640) / units);
  const pixels = await page.evaluate(async ({ src, finder }) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const at = (x: number, y: number) => [...ctx.getImageData(x, y, 1, 1).data.slice(0, 3)];
    return { corner: at(2, 2), centre: at(320, 320), finder: at(finder, finder) };
  }, { src: `data:image/png;base64,${pngBytes.toString('base64')}`, finder });
  expect(pixels.corner).toEqual([255, 248, 231]);
  expect(pixels.centre).toEqual([232, 89, 12]);
  expect(pixels.finder).toEqual([28, 61, 90]);

  // 4. The SVG: the same colours and size, the logo embedded as a data URL image.
  const [svg] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download SVG' }).click()]);
  expect(svg.suggestedFilename()).toBe('qr-promo.svg');
  const svgText = (await streamBytes(await svg.createReadStream())).toString('utf8');
  expect(svgText).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="640" height="640"/);
  expect(svgText).toContain('<path fill="#1c3d5a"');
  expect(svgText).toContain('fill="#fff8e7"');
  expect(svgText).toMatch(/<image href="data:image\/png;base64,[A-Za-z0-9+/=]+"/);

  // 5. Closed and opened again: the same style, logo included (it is small).
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await rowAction(page, 'promo', 'QR code');
  await expect(foreground).toHaveValue('#1c3d5a');
  await expect(background).toHaveValue('#fff8e7');
  await expect(size).toHaveValue('640');
  await expect(dialog.getByText('Error correction H (raised for the logo)')).toBeVisible();
  await world.shot('style-remembered');
  await dialog.getByRole('button', { name: 'Remove logo' }).click();
  await expect(dialog.getByText('Error correction M')).toBeVisible();
});

// The link drawer's targeting in phpShort's current generation: every
// targets_type made through the form with searchable key lists, what the real
// server stored read back through the API, rotation weights with their shares,
// the sensitive-content and active-from fields, and the old generation's
// links shown in the new form.
import type { Locator, Page } from '@playwright/test';
import type { Link } from '../../shared/api-types.ts';
import { expect, test, type World } from './fixtures.ts';
import { combo, pick, textField } from './ui.ts';

type Saved = Link & { targets_type: string | null; targets: { key: string | null; value: string; weight?: number }[] };

const byAlias = async (world: World, alias: string): Promise<Saved> => {
  const page = await world.invoke('links.list', { query: { search: alias, search_by: 'alias', per_page: 100 } });
  const link = page.data.find((l: Link) => l.alias === alias);
  if (!link) throw new Error(`no link ${alias}`);
  return world.invoke('links.get', { id: link.id });
};

async function newLink(page: Page, url: string, alias: string): Promise<Locator> {
  await page.getByRole('button', { name: 'New link' }).click();
  const drawer = page.getByRole('dialog', { name: 'New link' });
  await expect(drawer.getByLabel('Destination URL')).toBeFocused();
  await drawer.getByLabel('Destination URL').fill(url);
  await drawer.getByLabel('Alias').fill(alias);
  return drawer;
}

async function create(drawer: Locator) {
  await drawer.getByRole('button', { name: 'Create link' }).click();
  await expect(drawer).toBeHidden();
}

/** Adds a keyed row: picks its key by typing part of its name, then its URL. */
async function addRow(page: Page, drawer: Locator, o: { noun: string; label: string; n: number; option: string; search?: string; url: string }) {
  await drawer.getByRole('button', { name: `Add ${o.noun}` }).click();
  await pick(page, drawer, `${o.label} ${o.n}`, o.option, o.search);
  await drawer.getByLabel(`URL for ${o.noun} ${o.n}`).fill(o.url);
}

const KEYED = [
  { type: 'Continent', noun: 'continent', alias: 'by-continent', targets_type: 'continents',
    rows: [{ option: 'Europe (EU)', search: 'Euro', key: 'EU' }, { option: 'South America (SA)', search: 'south', key: 'SA' }] },
  { type: 'Country', noun: 'country', alias: 'by-country', targets_type: 'countries',
    rows: [{ option: 'Germany (DE)', search: 'germ', key: 'DE' }, { option: 'Japan (JP)', search: 'Japan', key: 'JP' }] },
  { type: 'Operating system', noun: 'operating system', alias: 'by-os', targets_type: 'operating_systems',
    rows: [{ option: 'Android', search: 'andr', key: 'Android' }, { option: 'OS X', search: 'os x', key: 'OS X' }] },
  { type: 'Browser', noun: 'browser', alias: 'by-browser', targets_type: 'browsers',
    rows: [{ option: 'Firefox', search: 'fire', key: 'Firefox' }, { option: 'Samsung Internet', search: 'sams', key: 'Samsung Internet' }] },
  { type: 'Language', noun: 'language', alias: 'by-language', targets_type: 'languages',
    rows: [{ option: 'French (fr)', search: 'fren', key: 'fr' }, { option: 'Portuguese (pt)', search: 'portu', key: 'pt' }] },
  { type: 'Device', noun: 'device', alias: 'by-device', targets_type: 'devices',
    rows: [{ option: 'Tablet', search: 'tab', key: 'tablet' }, { option: 'Television', search: 'tele', key: 'television' }] },
] as const;

test('creates a link of each targeting type through the form; the server stores each as targets_type with its targets', async ({ page, world }) => {
  await world.open('#/links');
  for (const t of KEYED) {
    const drawer = await newLink(page, `https://example.com/${t.alias}`, t.alias);
    await pick(page, drawer, 'Target by', t.type);
    await expect(drawer.getByText(`No ${t.noun} entries yet.`)).toBeVisible();
    for (const [i, r] of t.rows.entries()) {
      await addRow(page, drawer, { noun: t.noun, label: t.type, n: i + 1, option: r.option, search: r.search, url: `https://example.com/${t.alias}/${r.key}` });
    }
    if (t.targets_type === 'continents') await world.shot('continents-form');
    if (t.targets_type === 'devices') await world.shot('devices-form');
    await create(drawer);
    const saved = await byAlias(world, t.alias);
    expect(saved.targets_type, t.type).toBe(t.targets_type);
    expect(saved.targets.map(({ key, value }) => ({ key, value })), t.type)
      .toEqual(t.rows.map((r) => ({ key: r.key, value: `https://example.com/${t.alias}/${r.key}` })));
  }
  // The old generation reads the same links where it has a number for the type.
  expect(await byAlias(world, 'by-country')).toMatchObject({ target_type: 1, country: [{ key: 'DE' }, { key: 'JP' }] });
  expect(await byAlias(world, 'by-os')).toMatchObject({ target_type: 2, platform: [{ key: 'Android' }, { key: 'OS X' }] });

  // A key list searches by name, and says when nothing matches.
  const drawer = await newLink(page, 'https://example.com/none', 'none');
  await pick(page, drawer, 'Target by', 'Country');
  await drawer.getByRole('button', { name: 'Add country' }).click();
  await combo(drawer, 'Country 1').fill('zzzz');
  await expect(page.getByText('No match')).toBeVisible();
  await combo(drawer, 'Country 1').fill('united king');
  await expect(page.getByRole('option')).toHaveText(['United Kingdom (GB)']);
  await world.shot('country-search');
});

test('rotation weights show each URL\'s share, are saved as weights, and come back when the link is edited', async ({ page, world }) => {
  await world.open('#/links');
  const drawer = await newLink(page, 'https://example.com/split', 'split');
  await pick(page, drawer, 'Target by', 'Rotation');
  for (const [i, url] of ['https://example.com/a', 'https://example.com/b', 'https://example.com/c'].entries()) {
    await drawer.getByRole('button', { name: 'Add rotation URL' }).click();
    await drawer.getByLabel(`Rotation URL ${i + 1}`, { exact: true }).fill(url);
  }
  const weight = (n: number) => drawer.getByRole('textbox', { name: `Weight ${n}`, exact: true });
  // Equal weights to begin with; the share is the input's description, read with it.
  await expect(weight(1)).toHaveValue('1');
  await expect(weight(1)).toHaveAccessibleDescription('33.3% of visits');
  await weight(2).fill('2');
  await expect(weight(1)).toHaveAccessibleDescription('25% of visits');
  await expect(weight(2)).toHaveAccessibleDescription('50% of visits');
  await expect(weight(3)).toHaveAccessibleDescription('25% of visits');
  // Keyboard: arrow up raises a weight by one.
  await weight(3).press('ArrowUp');
  await expect(weight(3)).toHaveValue('2');
  await expect(weight(1)).toHaveAccessibleDescription('20% of visits');
  await world.shot('weights');
  await create(drawer);

  const saved = await byAlias(world, 'split');
  expect(saved.targets_type).toBe('rotations');
  expect(saved.targets.map(({ value, weight: w }) => ({ value, weight: w }))).toEqual([
    { value: 'https://example.com/a', weight: 1 }, { value: 'https://example.com/b', weight: 2 }, { value: 'https://example.com/c', weight: 2 },
  ]);

  await page.getByRole('button', { name: 'Edit split' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit split' });
  await expect(combo(edit, 'Target by')).toHaveValue('Rotation');
  await expect(edit.getByRole('textbox', { name: 'Weight 2', exact: true })).toHaveValue('2');
  await expect(edit.getByRole('textbox', { name: 'Weight 3', exact: true })).toHaveAccessibleDescription('40% of visits');
});

test('sensitive content and active-from are saved; a link made in the old generation opens in the new form', async ({ page, world }) => {
  const old: Link = await world.invoke('links.create', { data: {
    url: 'https://example.com/old', alias: 'old-gen', target_type: 3,
    language: [{ key: 'de', value: 'https://example.com/de' }, { key: 'ja', value: 'https://example.com/ja' }],
  } });
  await world.open('#/links');
  const drawer = await newLink(page, 'https://example.com/launch', 'launch');
  await drawer.getByRole('switch', { name: 'Sensitive content' }).check();
  await drawer.getByLabel('Active from').fill('2031-03-01T09:30');
  await create(drawer);
  // Typed on this computer's clock, answered as that instant (ISO 8601 UTC, as phpShort's Eloquent writes it).
  expect(await byAlias(world, 'launch')).toMatchObject({ sensitive_content: 1, active_period_start_at: new Date('2031-03-01T09:30').toISOString().replace('.000Z', '.000000Z') });

  await page.getByRole('button', { name: 'Edit launch' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit launch' });
  await expect(edit.getByRole('switch', { name: 'Sensitive content' })).toBeChecked();
  await expect(edit.getByLabel('Active from')).toHaveValue('2031-03-01T09:30');
  // Clearing both is saved as clearing them.
  await edit.getByRole('switch', { name: 'Sensitive content' }).uncheck();
  await edit.getByLabel('Active from').fill('');
  await edit.getByRole('button', { name: 'Save link' }).click();
  await expect(edit).toBeHidden();
  expect(await byAlias(world, 'launch')).toMatchObject({ sensitive_content: 0, active_period_start_at: null });

  await page.getByRole('button', { name: 'Edit old-gen' }).click();
  const oldEdit = page.getByRole('dialog', { name: 'Edit old-gen' });
  await expect(combo(oldEdit, 'Target by')).toHaveValue('Language');
  await expect(combo(oldEdit, 'Language 1')).toHaveValue('German (de)');
  await expect(combo(oldEdit, 'Language 2')).toHaveValue('Japanese (ja)');
  await combo(oldEdit, 'Language 2').scrollIntoViewIfNeeded();
  await world.shot('old-generation-in-new-form');
  // Saving it writes the new generation; the old one still reads the same.
  await oldEdit.getByLabel('URL for language 2').fill('https://example.com/ja-jp');
  await oldEdit.getByRole('button', { name: 'Save link' }).click();
  await expect(oldEdit).toBeHidden();
  expect(await world.invoke('links.get', { id: old.id })).toMatchObject({
    targets_type: 'languages', target_type: 3,
    targets: [{ key: 'de', value: 'https://example.com/de' }, { key: 'ja', value: 'https://example.com/ja-jp' }],
    language: [{ key: 'de', value: 'https://example.com/de' }, { key: 'ja', value: 'https://example.com/ja-jp' }],
  });
});

test('a link password typed on a link with a password statistics page is saved as the link\'s, not as the statistics password', async ({ page, world }) => {
  const link: Link = await world.invoke('links.create', { data: { url: 'https://example.com/p', alias: 'both-pw', privacy: 2, privacy_password: 'stats-1' } });
  expect(link).toMatchObject({ password: false, privacy_password: true });
  await world.open('#/links');
  await page.getByRole('button', { name: 'Edit both-pw' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit both-pw' });
  await textField(edit, 'Password').fill('link-pw-1');
  await edit.getByRole('button', { name: 'Save link' }).click();
  await expect(edit).toBeHidden();
  // Current phpShort reads `password` beside privacy=2 as the statistics password; the form says redirect_password.
  expect(await world.invoke('links.get', { id: link.id })).toMatchObject({ password: true, redirect_password: true, privacy: 2, privacy_password: true });
  const res = await fetch(`${world.desktop.serverStatus().url}/both-pw`, { redirect: 'manual' });
  expect(res.status, 'the short URL asks for the password').toBe(200);
  expect(await res.text()).toMatch(/password/i);
});

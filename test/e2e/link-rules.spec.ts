// The rules editor: rules as cards with their conditions as chips, added
// from a menu, reordered by drag and by keyboard, saved in order; the test box
// asking the real server's evaluate; axe on all of it in both schemes; the
// statistics' destinations after real redirects.
import type { Locator, Page } from '@playwright/test';
import type { Link } from '../../shared/api-types.ts';
import { expect, test, type World } from './fixtures.ts';
import { UA, visit } from './seed.ts';
import { combo, pick, rowAction } from './ui.ts';

type Rule = { if: Record<string, unknown>; url: string };
const rulesOf = async (world: World, id: number): Promise<Rule[]> => (await world.invoke('links.get', { id })).rules;

const card = (drawer: Locator, n: number) => drawer.getByRole('group', { name: `Rule ${n}`, exact: true });

async function addCondition(page: Page, drawer: Locator, n: number, kind: string) {
  await drawer.getByRole('button', { name: `Add condition to rule ${n}` }).click();
  await page.getByRole('menuitem', { name: kind, exact: true }).click();
}

/** Picks values of a condition's searchable list, typing part of each name; Tab closes the list. */
async function choose(page: Page, drawer: Locator, label: string, picks: [search: string, option: string][]) {
  const input = drawer.getByRole('textbox', { name: label, exact: true }).or(drawer.getByRole('combobox', { name: label, exact: true }));
  for (const [search, option] of picks) {
    await input.fill(search);
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  await input.press('Tab');
}

test('builds rules from chips, reorders them by drag and by keyboard, and saves them in order', async ({ page, world }) => {
  await world.open('#/links');
  await page.getByRole('button', { name: 'New link' }).click();
  const drawer = page.getByRole('dialog', { name: 'New link' });
  await drawer.getByLabel('Destination URL').fill('https://example.com/home');
  await drawer.getByLabel('Alias').fill('ruled');
  // Nothing to test before the link exists.
  await expect(drawer.getByRole('region', { name: 'Test a visitor' })).toContainText('Create the link first');

  // Rule 1: German-speaking countries on a phone, from the newsletter. The new condition takes the keyboard.
  await drawer.getByRole('button', { name: 'Add rule' }).click();
  await addCondition(page, drawer, 1, 'Countries');
  await expect(drawer.getByRole('textbox', { name: 'Countries (rule 1)' }).or(drawer.getByRole('combobox', { name: 'Countries (rule 1)' }))).toBeFocused();
  await choose(page, drawer, 'Countries (rule 1)', [['germ', 'Germany (DE)'], ['austr', 'Austria (AT)']]);
  await addCondition(page, drawer, 1, 'Devices');
  await choose(page, drawer, 'Devices (rule 1)', [['mob', 'Mobile']]);
  await addCondition(page, drawer, 1, 'Query parameter');
  await card(drawer, 1).getByRole('textbox', { name: 'Parameter 1 (rule 1)' }).fill('ref');
  await card(drawer, 1).getByRole('textbox', { name: 'Value 1 (rule 1)' }).fill('mail');
  await drawer.getByLabel('URL for rule 1').fill('https://example.com/de-mail');
  // The menu offers only the kinds the rule does not have yet.
  await drawer.getByRole('button', { name: 'Add condition to rule 1' }).click();
  await expect(page.getByRole('menuitem', { name: 'Countries', exact: true })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Continents', exact: true })).toBeVisible();
  await drawer.getByRole('button', { name: 'Add condition to rule 1' }).click();
  await expect(page.getByRole('menuitem')).toHaveCount(0);

  // Rule 2: Europe. Rule 3: a date range, and a chip that is added and removed again.
  await drawer.getByRole('button', { name: 'Add rule' }).click();
  // Keyboard only: Enter opens the menu on its first kind, an arrow moves on, Enter adds it and its input takes the keyboard.
  await drawer.getByRole('button', { name: 'Add condition to rule 2' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Countries', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(drawer.getByRole('combobox', { name: 'Continents (rule 2)' })).toBeFocused();
  await choose(page, drawer, 'Continents (rule 2)', [['euro', 'Europe (EU)']]);
  await drawer.getByLabel('URL for rule 2').fill('https://example.com/eu');
  await drawer.getByRole('button', { name: 'Add rule' }).click();
  await addCondition(page, drawer, 3, 'Browsers');
  await drawer.getByRole('button', { name: 'Remove browsers condition of rule 3' }).click();
  await expect(card(drawer, 3).locator('[data-condition]')).toHaveCount(0);
  await addCondition(page, drawer, 3, 'Date and time between');
  await card(drawer, 3).getByRole('textbox', { name: 'From (rule 3)' }).fill('2030-12-24T18:00');
  await card(drawer, 3).getByRole('textbox', { name: 'To (rule 3)' }).fill('2030-12-26T00:00');
  await drawer.getByLabel('URL for rule 3').fill('https://example.com/xmas');
  await world.shot('three-rules');

  // Keyboard: rule 3 up twice; the keyboard stays on the card that moved, now first.
  await drawer.getByRole('button', { name: 'Move rule 3 up' }).click();
  await expect(drawer.getByRole('button', { name: 'Move rule 2 up' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(drawer.getByLabel('URL for rule 1')).toHaveValue('https://example.com/xmas');
  // At the top, "up" is disabled: the keyboard is on "down" of the same card.
  await expect(drawer.getByRole('button', { name: 'Move rule 1 up' })).toBeDisabled();
  await expect(drawer.getByRole('button', { name: 'Move rule 1 down' })).toBeFocused();
  // Mouse: the (now) third rule, Europe, dragged onto the second.
  await expect(drawer.getByLabel('URL for rule 3')).toHaveValue('https://example.com/eu');
  // A window tall enough for both cards: nothing scrolls under the mouse while it drags.
  await page.setViewportSize({ width: 1280, height: 1600 });
  await drawer.getByTestId('drag-rule-3').dragTo(card(drawer, 2));
  await expect(drawer.getByLabel('URL for rule 2')).toHaveValue('https://example.com/eu');
  await expect(drawer.getByLabel('URL for rule 3')).toHaveValue('https://example.com/de-mail');
  await world.shot('reordered');

  await drawer.getByRole('button', { name: 'Create link' }).click();
  await expect(drawer).toBeHidden();
  const page1 = await world.invoke('links.list', { query: { search: 'ruled', search_by: 'alias' } });
  const link: Link = page1.data[0];
  expect(await rulesOf(world, link.id)).toEqual([
    { if: { between: { from: '2030-12-24 18:00', to: '2030-12-26 00:00' } }, url: 'https://example.com/xmas' },
    { if: { continents: ['EU'] }, url: 'https://example.com/eu' },
    { if: { countries: ['DE', 'AT'], devices: ['mobile'], query: { ref: 'mail' } }, url: 'https://example.com/de-mail' },
  ]);

  // The edit drawer shows them back as chips, in order; removing one is saved.
  await page.getByRole('button', { name: 'Edit ruled' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit ruled' });
  await expect(card(edit, 3).locator('[data-condition]')).toHaveCount(3);
  await expect(card(edit, 3).getByText('Germany (DE)')).toBeVisible();
  await edit.getByRole('button', { name: 'Remove rule 1' }).click();
  await edit.getByRole('button', { name: 'Save link' }).click();
  await expect(edit).toBeHidden();
  expect((await rulesOf(world, link.id)).map((r) => r.url)).toEqual(['https://example.com/eu', 'https://example.com/de-mail']);
});

test('the test box answers from the server: the URL and the rule or target that matched', async ({ page, world }) => {
  const link: Link = await world.invoke('links.create', { data: {
    url: 'https://example.com/home', alias: 'tested',
    rules: [
      { if: { countries: ['DE'], devices: ['mobile'], query: { ref: 'mail' } }, url: 'https://example.com/de-mobile-mail' },
      { if: { continents: ['EU'] }, url: 'https://example.com/eu' },
    ],
    targets_type: 'languages', targets: [{ key: 'ja', value: 'https://example.com/ja' }],
  } });
  await world.open('#/links');
  await page.getByRole('button', { name: 'Edit tested' }).click();
  const drawer = page.getByRole('dialog', { name: 'Edit tested' });
  const box = drawer.getByRole('region', { name: 'Test a visitor' });
  const answer = box.getByTestId('rule-test-answer');

  // "A visitor from Germany on an iPhone with ?ref=mail goes to …"
  await pick(page, box, "Visitor's country", 'Germany (DE)', 'germ');
  await pick(page, box, "Visitor's device", 'Mobile');
  await pick(page, box, "Visitor's operating system", 'iOS');
  await pick(page, box, "Visitor's browser", 'Safari');
  await box.getByLabel("Visitor's query string").fill('?ref=mail');
  await box.getByRole('button', { name: 'Test visitor' }).click();
  await expect(answer).toHaveText('Goes to https://example.com/de-mobile-mail. Rule 1 matched.');
  await world.shot('test-rule-1');

  // Without the newsletter parameter, Enter in the box asks again (and does not save the link).
  await box.getByLabel("Visitor's query string").fill('');
  await box.getByLabel("Visitor's query string").press('Enter');
  await expect(answer).toHaveText('Goes to https://example.com/eu. Rule 2 matched.');
  await expect(drawer).toBeVisible();

  await combo(box, "Visitor's country").fill('Japan');
  await page.getByRole('option', { name: 'Japan (JP)', exact: true }).click();
  await pick(page, box, "Visitor's language", 'Japanese (ja)', 'japa');
  await box.getByRole('button', { name: 'Test visitor' }).click();
  await expect(answer).toHaveText('Goes to https://example.com/ja. Target Japanese (ja) matched.');

  await pick(page, box, "Visitor's language", 'English (en)', 'engl');
  await box.getByRole('button', { name: 'Test visitor' }).click();
  await expect(answer).toHaveText('Goes to https://example.com/home. No rule or target matched: the destination URL.');

  // The box tests the saved link and says so once the form has changed.
  await drawer.getByLabel('URL for rule 2').fill('https://example.com/europe');
  await expect(box).toContainText('Unsaved changes are not included');
  expect(world.calls.filter((c) => c === 'links.evaluate')).toHaveLength(4);
  expect(world.calls).not.toContain('links.update');
  void link;
});

test('statistics show where the clicks went', async ({ page, world }) => {
  await world.invoke('links.create', { data: {
    url: 'https://example.com/desktop', alias: 'where',
    rules: [{ if: { devices: ['mobile'] }, url: 'https://example.com/phone' }],
  } });
  await visit(world, 'where', 2, { 'user-agent': UA.safariIphone });
  await visit(world, 'where', 3, { 'user-agent': UA.chromeWindows });
  await world.open('#/links');
  await rowAction(page, 'where', 'Statistics');
  const cardEl = page.getByTestId('card-destinations');
  await expect(cardEl.locator('tbody tr')).toHaveCount(2);
  const rows = await cardEl.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent).join(':')));
  expect(rows).toEqual(['https://example.com/desktop:3', 'https://example.com/phone:2']);
  await cardEl.scrollIntoViewIfNeeded();
  await world.shot('destinations');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the rules editor, its test box and rotation weights pass axe (${scheme})`, async ({ page, world }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await world.invoke('links.create', { data: {
      url: 'https://example.com/home', alias: 'axe-me',
      rules: [{ if: { countries: ['DE'], query: { ref: 'mail' }, between: { from: '2030-01-01 00:00', to: '2030-02-01 00:00' } }, url: 'https://example.com/de' }],
      targets_type: 'rotations', targets: [{ value: 'https://example.com/a', weight: 1 }, { value: 'https://example.com/b', weight: 3 }],
    } });
    await world.open('#/links');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await page.getByRole('button', { name: 'Edit axe-me' }).click();
    const drawer = page.getByRole('dialog', { name: 'Edit axe-me' });
    const box = drawer.getByRole('region', { name: 'Test a visitor' });
    await pick(page, box, "Visitor's country", 'Germany (DE)', 'germ');
    await box.getByRole('button', { name: 'Test visitor' }).click();
    // Rule 1 needs ?ref=mail and a date in 2030: the rotation decides, and the box shows its split.
    await expect(box.getByTestId('rule-test-answer'))
      .toHaveText('Goes to one of the rotation URLs by weight. Rotation: https://example.com/a 25%, https://example.com/b 75%.');
    await drawer.getByRole('button', { name: 'Add condition to rule 1' }).click();
    await expect(page.getByRole('menu')).toHaveCSS('opacity', '1');
    await world.axe(`${scheme}: rules editor with its menu open`);
    await drawer.getByRole('button', { name: 'Add condition to rule 1' }).click();
    await expect(page.getByRole('menu')).toHaveCount(0);
    await drawer.getByLabel('URL for rule 1').fill('not a url');
    await drawer.getByLabel('URL for rule 1').press('Tab');
    await expect(drawer.getByLabel('URL for rule 1')).toHaveAttribute('aria-invalid', 'true');
    // A condition's own problem shows in its chip.
    await drawer.getByRole('textbox', { name: 'Parameter 1 (rule 1)' }).fill('');
    await drawer.getByRole('textbox', { name: 'Parameter 1 (rule 1)' }).press('Tab');
    await expect(drawer.locator('[data-condition="query"]').getByRole('alert')).toHaveText('The rule 1 query condition needs 1 to 100 parameters.');
    await world.axe(`${scheme}: rules editor with an error, test answer, weights`);
    await box.scrollIntoViewIfNeeded();
    await world.shot(`${scheme}-rules-and-test`);
  });
}

// A remote instance that offers only the seed's domains and links (a
// phpShort-style server): the screens for what it lacks say so calmly instead
// of failing, the link form and filters leave out the space and pixel pickers,
// and domains, links and "Test connection" work as they do anywhere.
import type { Link } from '../../shared/api-types.ts';
import { faultyProxy } from '../helpers/fault-proxy.ts';
import { startSeedOnlyServer, type SeedOnlyServer } from '../helpers/seed-only-server.ts';
import { expect, test } from './fixtures.ts';
import { combo, pick, rowAction } from './ui.ts';
import type { Page } from '@playwright/test';

/** The "not offered" state with its sentence, and nothing that looks like a failure or offers a retry that cannot help. */
async function expectNotOffered(page: Page, sentence: string) {
  const state = page.getByTestId('not-offered');
  await expect(state).toBeVisible();
  await expect(state.getByRole('heading', { level: 2, name: 'Not offered by this server' })).toBeVisible();
  await expect(state).toContainText(sentence);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
}

async function switchTo(page: Page, name: string) {
  await page.getByTestId('instance-switcher').click();
  await page.getByRole('menuitem', { name: new RegExp(`^${name}`) }).click();
  await expect(page.getByTestId('instance-switcher')).toContainText(name);
}

let seed: SeedOnlyServer | null = null;
test.afterEach(async () => {
  await seed?.close();
  seed = null;
});

test('a seed-only server: the missing screens say so, links and domains work, and it is connected', async ({ page, world }) => {
  seed = await startSeedOnlyServer({ notFound: 'json' });
  const shop = (await seed.upstream.api('POST', '/domains', { json: { name: 'shop.example' } })).body.data;
  expect((await seed.upstream.api('POST', '/links', { json: { url: 'https://example.com/first', alias: 'first', domain_id: shop.id } })).status).toBe(201);
  await world.addInstance('Seed only', seed.url, seed.key);

  // Connected, without an account name; the header says the same.
  await world.open('#/instances');
  await switchTo(page, 'Seed only');
  const row = page.locator('tr[data-instance="Seed only"]');
  await expect(row.locator('[data-reach]')).toHaveAttribute('data-reach', 'connected');
  await expect(row.getByTestId('reach-detail')).toHaveText('The key works; this server does not offer account details');
  await row.getByRole('button', { name: 'Test connection to Seed only' }).click();
  await expect(page.getByText('Seed only: Connected')).toBeVisible();
  await expect(page.getByText('The key works; this server does not offer account details.')).toBeVisible();
  await expect(page.getByTestId('instance-switcher')).toContainText('Connected');
  await world.shot('test-connection');

  // The sidebar shows what this server lacks, disabled, with the reason; not as links to empty screens.
  for (const [screen, what] of [
    ['dashboard', 'account statistics'], ['spaces', 'spaces'], ['pixels', 'pixels'], ['webhooks', 'webhooks'],
    ['users', 'key management'], ['activity', 'an audit log'],
  ]) {
    const item = page.getByTestId(`nav-unavailable-${screen}`);
    await expect(item).toHaveAttribute('aria-disabled', 'true');
    await expect(item).toContainText(`Seed only does not offer ${what}`);
  }
  await expect(page.getByRole('link', { name: 'Spaces' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'My keys' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Activity' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Links' })).toBeVisible();
  await world.shot('sidebar');
  await world.axe('sidebar with screens not offered');

  // Reached anyway (an old address): no list, nothing to create or search.
  await page.evaluate(() => { window.location.hash = '#/spaces'; });
  await expect(page.getByRole('heading', { level: 1, name: 'Spaces' })).toBeVisible();
  await expectNotOffered(page, 'This server does not offer spaces.');
  await expect(page.getByRole('button', { name: 'New space' })).toHaveCount(0);
  await expect(page.getByLabel('Search spaces')).toHaveCount(0);
  await world.shot('spaces');
  await world.axe('spaces not offered');

  await page.evaluate(() => { window.location.hash = '#/users'; });
  await expect(page.getByRole('heading', { level: 1, name: 'Users & keys' })).toBeVisible();
  await expectNotOffered(page, 'This server does not offer key management.');
  await page.evaluate(() => { window.location.hash = '#/activity'; });
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await expectNotOffered(page, 'This server does not offer an audit log.');
  await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  await world.shot('activity');

  await page.evaluate(() => { window.location.hash = '#/pixels'; });
  await expect(page.getByRole('heading', { level: 1, name: 'Pixels' })).toBeVisible();
  await expectNotOffered(page, 'This server does not offer pixels.');
  await expect(page.getByRole('button', { name: 'New pixel' })).toHaveCount(0);
  await world.shot('pixels');

  await page.evaluate(() => { window.location.hash = '#/dashboard'; });
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expectNotOffered(page, 'This server does not offer account statistics.');
  await expect(page.getByTestId('range-clicks')).toHaveCount(0);
  await world.shot('dashboard');

  // Links: the list, filters without space and pixel, and the form without their pickers.
  await page.getByRole('link', { name: 'Links' }).click();
  const table = page.getByTestId('links-table');
  await expect(table.locator('tr[data-alias="first"]')).toBeVisible();
  await expect(combo(page, 'Domain')).toBeEnabled();
  await expect(page.getByTestId('filter-space_id')).toHaveCount(0);
  await expect(page.getByTestId('filter-pixel_id')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await world.shot('links');

  await page.getByRole('button', { name: 'New link' }).click();
  const drawer = page.getByRole('dialog', { name: 'New link' });
  await expect(drawer.getByLabel('Destination URL')).toBeFocused();
  await drawer.getByLabel('Destination URL').fill('https://example.com/spring');
  await pick(page, drawer, 'Domain', 'shop.example');
  await drawer.getByLabel('Alias').fill('spring');
  await expect(drawer.getByText('Organize')).toHaveCount(0);
  await expect(combo(drawer, 'Space')).toHaveCount(0);
  await expect(drawer.getByLabel('Pixels', { exact: true })).toHaveCount(0);
  await world.shot('new-link-form');
  await drawer.getByRole('button', { name: 'Create link' }).click();
  await expect(drawer).toBeHidden();
  await expect(table.locator('tr[data-alias="spring"]')).toBeVisible();
  const created = (await seed.upstream.api('GET', '/links?search=spring&search_by=alias')).body.data as Link[];
  expect(created).toMatchObject([{ alias: 'spring', url: 'https://example.com/spring', domain: { name: 'shop.example' }, space: null, pixels: [] }]);
  await world.shot('link-created');

  // Editing it saves too.
  await table.locator('tr[data-alias="spring"]').getByRole('button', { name: 'Edit spring' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit spring' });
  await edit.getByLabel('Destination URL').fill('https://example.com/summer');
  await edit.getByRole('button', { name: 'Save link' }).click();
  await expect(edit).toBeHidden();
  expect((await seed.upstream.api('GET', `/links/${created[0]!.id}`)).body.data).toMatchObject({ url: 'https://example.com/summer' });

  // A link's statistics: the link's own record, and no charts.
  await rowAction(page, 'spring', 'Statistics');
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics: spring' })).toBeVisible();
  await expectNotOffered(page, 'This server does not offer link statistics.');
  await expect(page.getByTestId('total-clicks')).toHaveText('0');
  await expect(page.getByText('https://example.com/summer')).toBeVisible();
  await world.shot('link-statistics');

  // Domains: listed, and a new one created through the form.
  await page.getByRole('link', { name: 'Domains' }).click();
  await expect(page.getByTestId('domains-table')).toContainText('shop.example');
  await page.getByRole('button', { name: 'New domain' }).click();
  const dialog = page.getByRole('dialog', { name: 'New domain' });
  await dialog.getByLabel(/^Domain name/).fill('go.example');
  await dialog.getByRole('button', { name: 'Create domain' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('domains-table')).toContainText('go.example');
  expect((await seed.upstream.api('GET', '/domains')).body.meta.total).toBe(2);
  await world.shot('domains');

  // After all that, the header still says connected.
  await expect(page.getByTestId('instance-switcher')).toContainText('Connected');
  expect(seed.refused).toEqual(expect.arrayContaining(['GET /api/v1/account', 'GET /api/v1/spaces', 'GET /api/v1/pixels', 'GET /api/v1/stats']));
});

test('a seed-only server whose 404 is an HTML page reads the same, and the instance stays connected', async ({ page, world }) => {
  seed = await startSeedOnlyServer({ notFound: 'html' });
  const link = (await seed.upstream.api('POST', '/links', { json: { url: 'https://example.com/page', alias: 'page' } })).body.data as Link;
  const inst = await world.addInstance('Plain server', seed.url, seed.key);
  await world.invoke('instances.select', { id: inst.id });

  await world.open('#/spaces');
  await expectNotOffered(page, 'This server does not offer spaces.');
  await world.shot('spaces');

  await world.open(`#/links/${link.id}/stats`);
  await expectNotOffered(page, 'This server does not offer link statistics.');
  await world.shot('link-statistics');

  // A link that does not exist is still an honest not-found.
  await world.open(`#/links/${link.id + 1000}/stats`);
  await expect(page.getByRole('alert')).toHaveAttribute('data-error-kind', 'not-found');
  await expect(page.getByTestId('not-offered')).toHaveCount(0);
  await world.shot('missing-link');

  await page.getByRole('link', { name: 'Links' }).click();
  await expect(page.getByTestId('links-table').locator('tr[data-alias="page"]')).toBeVisible();
  await expect(page.getByTestId('filter-space_id')).toHaveCount(0);
  await expect(page.getByTestId('instance-switcher')).toContainText('Connected');
  await world.shot('links');
});

test('a Linkdesk server older than users and keys: Users & keys and Activity disabled with the reason, the rest as usual', async ({ page, world }) => {
  // The remote server behind a proxy that answers the newer routes as an older release does: not found.
  const older = await faultyProxy(world.remote.url);
  older.inject((req) => (/^\/api\/v1\/(keys|users|audit)(\/|\?|$)/.test(req.url ?? '') ? 404 : null));
  try {
    const inst = await world.addInstance('Older', older.url, world.remote.key);
    await world.invoke('instances.select', { id: inst.id });
    await world.open('#/links');
    await expect(page.getByTestId('instance-switcher')).toContainText('Connected');
    await expect(page.getByTestId('nav-unavailable-users')).toContainText('Older does not offer key management');
    await expect(page.getByTestId('nav-unavailable-activity')).toContainText('Older does not offer an audit log');
    // Spaces and the rest are there: it is a Linkdesk server.
    await expect(page.getByRole('link', { name: 'Spaces' })).toBeVisible();
    await expect(page.getByTestId('nav-unavailable-spaces')).toHaveCount(0);
    await world.shot('sidebar');
    await world.axe('sidebar of an older server');
    await world.open('#/instances');
    const row = page.locator('tr[data-instance="Older"]');
    await expect(row.locator('[data-reach]')).toHaveAttribute('data-reach', 'connected');
    await expect(row.getByTestId('key-expiry')).toHaveCount(0);
  } finally {
    await older.close();
  }
});

// Activity: the local instance's audit log as its admin sees it. Two users
// change things with their own keys over HTTP; the screen filters by user,
// action, target and days, pages, and exports exactly what the filters show.
import { readFileSync } from 'node:fs';
import { expect, test, type World } from './fixtures.ts';
import { pick } from './ui.ts';

async function asKey(world: World, key: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${world.desktop.serverStatus().url}/api/v1${path}`, {
    method, headers: { authorization: `Bearer ${key}`, accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return (await res.json() as { data: any }).data;
}

const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

test('the activity log filtered by user, action, target and day, paged, and exported as CSV', async ({ page, world }) => {
  const ana = await world.invoke('users.create', { data: { name: 'Ana' } });
  const bob = await world.invoke('users.create', { data: { name: 'Bob' } });
  const anaKey = await world.invoke('keys.create', { data: { name: 'ana', scopes: ['links:write'], user_id: ana.id } });
  const bobKey = await world.invoke('keys.create', { data: { name: 'bob', scopes: ['links:write', 'domains:write'], user_id: bob.id } });
  // Ana: 12 links (more than a page), one changed; Bob: a domain and a link.
  for (let i = 1; i <= 12; i++) await asKey(world, anaKey.key, 'POST', '/links', { url: `https://example.com/a${i}`, alias: `ana-${i}` });
  const first = await asKey(world, anaKey.key, 'GET', '/links?search=ana-1&search_by=alias');
  await asKey(world, anaKey.key, 'PATCH', `/links/${first[0].id}`, { url: 'https://example.com/changed' });
  await asKey(world, bobKey.key, 'POST', '/domains', { name: 'bob.example' });
  await asKey(world, bobKey.key, 'POST', '/links', { url: 'https://example.com/b', alias: 'bob-1' });

  await world.open('#/activity');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  const table = page.getByTestId('audit-table');
  // Everything, newest first: Bob's link on top; 2 users + 2 keys by the desktop, 13 by Ana, 2 by Bob.
  await expect(table.locator('tbody tr').first()).toHaveAttribute('data-audit', 'link.create');
  await expect(table.locator('tbody tr').first()).toHaveAttribute('data-audit-user', 'Bob');
  await expect(page.getByTestId('list-range')).toHaveText('1–10 of 19 entries');
  await world.shot('everything');

  // Ana's: only hers, with her key's prefix, over two pages.
  await pick(page, page, 'User', 'Ana');
  await expect(page.getByTestId('list-range')).toHaveText('1–10 of 13 entries');
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(10);
  for (const r of await rows.all()) {
    await expect(r).toHaveAttribute('data-audit-user', 'Ana');
    await expect(r).toContainText(anaKey.prefix);
  }
  await expect(rows.first()).toHaveAttribute('data-audit', 'link.update');
  await expect(rows.first()).toContainText('url');
  await world.shot('filtered-by-ana');
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByTestId('list-range')).toHaveText('11–13 of 13 entries');
  expect(page.url()).toContain(`user_id=${ana.id}`);

  // And one action of hers.
  await pick(page, page, 'Action', 'link.update');
  await expect(page.getByTestId('list-range')).toHaveText('1–1 of 1 entry');
  await expect(rows.first()).toContainText(`Link ${first[0].id}`);

  // Bob, domains only.
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await pick(page, page, 'User', 'Bob');
  await pick(page, page, 'Target', 'Domain');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-audit', 'domain.create');
  await expect(rows.first()).toContainText('name');

  // Days: today has them all; from tomorrow on, nothing.
  await page.getByLabel('From').fill(day(0));
  await expect(rows).toHaveCount(1);
  await page.getByLabel('From').fill(day(1));
  await expect(page.getByTestId('empty-state')).toContainText('Nothing matches these filters');
  await world.shot('nothing-from-tomorrow');
  await world.axe('activity with no match');

  // Export: the filters shown, as CSV, with a row per entry and never a key.
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await pick(page, page, 'User', 'Ana');
  await expect(page.getByTestId('list-range')).toHaveText('1–10 of 13 entries');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^linkdesk-audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  const lines = csv.trim().split('\n');
  expect(lines).toHaveLength(1 + 13);
  expect(lines.slice(1).every((l) => l.includes('Ana') && l.includes(anaKey.prefix))).toBe(true);
  expect(csv).not.toContain('Bob');
  expect(csv).not.toContain(anaKey.key);
  await expect(page.getByText('Saved 13 entries as')).toBeVisible();
  await world.shot('exported');
  await world.axe('activity filtered');
});

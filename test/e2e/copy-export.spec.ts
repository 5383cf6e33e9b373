// Copy to another instance (the local one to world.remote, with a domain
// mapped to a differently named one there) and export of the current filter,
// checked where it lands: the remote server's links, the downloaded file.
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { pick } from './ui.ts';
import { pad, seedCatalog } from './seed.ts';

test('copies 100 links to the remote instance with their domain mapped', async ({ page, world }) => {
  await world.addInstance('Remote', world.remote.url, world.remote.key);
  const here = (await world.invoke('domains.create', { data: { name: 'go.local.example' } })).id;
  const there = (await world.remote.api('POST', '/domains', { json: { name: 'go.remote.example' } })).body.data;
  for (let i = 0; i < 100; i++) {
    await world.invoke('links.create', { data: { url: `https://example.com/${i}`, alias: `copy-${pad(i)}`, domain_id: here } });
  }
  await world.open('#/links');
  await page.getByRole('checkbox', { name: 'Select every link on this page' }).check();
  await page.getByTestId('bulk-bar').getByRole('button', { name: 'Select all 100 matching' }).click();
  await expect(page.getByTestId('bulk-count')).toHaveText('100 selected');
  await page.getByTestId('bulk-bar').getByRole('button', { name: 'Copy to another instance…' }).click();

  const modal = page.getByTestId('copy-modal');
  await expect(modal).toContainText('Copy 100 links to another instance.');
  await expect(modal.getByRole('combobox', { name: 'Target instance' })).toHaveValue('Remote'); // the only other one
  await world.shot('copy-target');
  await modal.getByRole('button', { name: 'Next' }).click();
  const row = modal.getByTestId('copy-domains').locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('go.local.example');
  await expect(row).toContainText('100');
  const target = modal.getByRole('combobox', { name: 'Target domain for go.local.example' });
  await expect(target).toHaveValue('Create on target'); // no domain of that name there
  await pick(page, modal, 'Target domain for go.local.example', 'go.remote.example');
  await world.shot('copy-plan');
  await modal.getByRole('button', { name: 'Start copy' }).click();

  const progress = modal.getByTestId('job-progress');
  await expect(progress).toBeVisible();
  await world.shot('copy-progress');
  await expect(progress).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(modal.getByTestId('job-counts')).toHaveText('100 created, 0 skipped, 0 rejected');
  await expect(page.getByTestId('notice').filter({ hasText: '100 created' })).toBeVisible();
  await world.shot('copy-done');

  const copied = (await world.remote.api('GET', '/links?per_page=100')).body;
  expect(copied.meta.total).toBe(100);
  expect(new Set(copied.data.map((l: { domain: { id: number } | null }) => l.domain?.id))).toEqual(new Set([there.id]));
  expect(copied.data.map((l: { alias: string }) => l.alias).sort()).toEqual(Array.from({ length: 100 }, (_, i) => `copy-${pad(i)}`));
  // The mapping sent them to the existing domain: nothing was created there.
  expect((await world.remote.api('GET', '/domains')).body.meta.total).toBe(1);
});

test('exports the current filter as CSV and the download holds exactly those links', async ({ page, world }) => {
  await seedCatalog(world);
  await world.open('#/links');
  await pick(page, page, 'Search in', 'Destination URL');
  await page.getByLabel('Search links').fill('site3.example');
  await expect(page.getByTestId('list-range')).toHaveText('1–10 of 13 links');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Current filter as CSV' }).click();
  const progress = page.getByRole('dialog').getByTestId('job-progress');
  await expect(progress).toHaveAttribute('data-status', 'done');
  await world.shot('export-done');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save export (13 rows)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^linkdesk-links-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync((await download.path())!, 'utf8').trim().split(/\r?\n/);
  expect(lines).toHaveLength(14); // the header and 13 links
  const aliases = lines.slice(1).map((l) => /link-\d\d/.exec(l)?.[0]).sort();
  expect(aliases).toEqual(Array.from({ length: 13 }, (_, k) => `link-${pad(3 + 5 * k)}`));
  expect(lines.slice(1).every((l) => l.includes('https://site3.example/'))).toBe(true);
});

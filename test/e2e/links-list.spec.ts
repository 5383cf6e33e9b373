// The links table over 65 links: pages and page sizes, every list filter of
// the seed alone and combined, sorting by each sortable column, the filters
// kept in the URL across a reload, and the copy button.
import { expect, test } from './fixtures.ts';
import { combo, pick } from './ui.ts';
import { pad, seedCatalog, visit } from './seed.ts';

test('pages through 65 links with every page size', async ({ page, world }) => {
  await seedCatalog(world);
  await world.open('#/links');
  const rows = page.getByTestId('links-table').locator('tbody tr');
  const range = page.getByTestId('list-range');

  await expect(range).toHaveText('1–10 of 65 links');
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toHaveAttribute('data-alias', 'link-64'); // newest first
  await page.getByRole('button', { name: 'Page 7' }).click();
  await expect(range).toHaveText('61–65 of 65 links');
  await expect(rows).toHaveCount(5);
  await expect(rows.last()).toHaveAttribute('data-alias', 'link-00');
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(range).toHaveText('51–60 of 65 links');
  await page.getByRole('button', { name: 'First page' }).click();
  await expect(range).toHaveText('1–10 of 65 links');

  for (const [size, pages, last] of [[25, 3, '51–65 of 65 links'], [50, 2, '51–65 of 65 links']] as const) {
    await pick(page, page, 'Rows per page', String(size));
    await expect(range).toHaveText(`1–${size} of 65 links`);
    await expect(rows).toHaveCount(size);
    await expect(page.getByRole('button', { name: `Page ${pages}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Page ${pages + 1}` })).toHaveCount(0);
    await page.getByRole('button', { name: 'Last page' }).click();
    await expect(range).toHaveText(last);
  }
  await pick(page, page, 'Rows per page', '100');
  // 65 rows at once take Chromium about a second here alone; beside a second suite the page was still painting
  // them 15 s later (Playwright looked twice in that time), and showed all 65 just after.
  await expect(rows).toHaveCount(65, { timeout: 60_000 });
  await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
  await world.shot('100-rows');
});

test('filters by every seed filter, alone and combined, and the filters survive a reload', async ({ page, world }) => {
  await seedCatalog(world);
  await world.open('#/links');
  const rows = page.getByTestId('links-table').locator('tbody tr');
  const range = page.getByTestId('list-range');
  const total = (n: number) => expect(range).toHaveText(n ? `1–${Math.min(n, 10)} of ${n} link${n === 1 ? '' : 's'}` : '0 links');

  // status: 6 disabled (i%10=9), 5 expired (i%13=12), the other 54 active.
  await pick(page, page, 'Status', 'Disabled');
  await total(6);
  for (const status of await rows.locator('[data-status]').allTextContents()) expect(status).toBe('Disabled');
  await pick(page, page, 'Status', 'Expired');
  await total(5);
  await pick(page, page, 'Status', 'Active');
  await total(54);
  await pick(page, page, 'Status', 'All');
  await total(65);

  // space_id, domain_id, pixel_id, alone and together.
  await pick(page, page, 'Space', 'Red');
  await total(33);
  await pick(page, page, 'Domain', 'a.example.com');
  await total(11); // i%6=0
  await pick(page, page, 'Pixel', 'GA');
  await total(6); // i%12=0
  await expect(rows.first()).toHaveAttribute('data-alias', 'link-60');
  for (const alias of await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-alias')))) {
    expect(Number(alias!.slice(5)) % 12).toBe(0);
  }
  await world.shot('space-domain-pixel');

  // All of it is in the URL: a reload shows the same filters and rows.
  expect(new URL(page.url()).hash).toMatch(/space_id=\d+.*domain_id=\d+.*pixel_id=\d+/);
  await page.reload();
  await expect(combo(page, 'Space')).toHaveValue('Red');
  await expect(combo(page, 'Domain')).toHaveValue('a.example.com');
  await expect(combo(page, 'Pixel')).toHaveValue('GA');
  await total(6);

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await total(65);
  await page.getByRole('button', { name: 'Clear the domain filter' }).waitFor({ state: 'detached' });

  // search with search_by.
  await pick(page, page, 'Search in', 'Alias');
  await page.getByLabel('Search links').fill('link-06');
  await total(1);
  await expect(rows.first()).toHaveAttribute('data-alias', 'link-06');
  await pick(page, page, 'Search in', 'Destination URL');
  await page.getByLabel('Search links').fill('site4.example');
  await total(13); // i%5=4
  await pick(page, page, 'Status', 'Disabled');
  await total(6); // 9, 19 … 59
  await world.shot('search-and-status');
  await page.reload();
  await expect(page.getByLabel('Search links')).toHaveValue('site4.example');
  await expect(combo(page, 'Search in')).toHaveValue('Destination URL');
  await expect(combo(page, 'Status')).toHaveValue('Disabled');
  await total(6);

  await page.getByLabel('Search links').fill('nothing-like-this');
  await expect(page.getByText('No link matches these filters')).toBeVisible();
});

test('sorts by date, clicks, alias and destination, both ways', async ({ page, world }) => {
  await seedCatalog(world, 60);
  // Clicks through the real redirect server: link-02 (no domain) three times, link-05 once.
  await visit(world, 'link-02', 3);
  await visit(world, 'link-05', 1);
  await world.open('#/links');
  const rows = page.getByTestId('links-table').locator('tbody tr');
  const first = rows.first();
  const header = (name: string) => page.getByRole('button', { name: new RegExp(`^${name}`) });

  await expect(first).toHaveAttribute('data-alias', 'link-59');
  await header('Created').click(); // newest first already; pressing flips it
  await expect(first).toHaveAttribute('data-alias', 'link-00');

  await header('Clicks').click();
  await expect(first).toHaveAttribute('data-alias', 'link-02');
  await expect(first.getByTestId('clicks')).toHaveText('3');
  await expect(rows.nth(1)).toHaveAttribute('data-alias', 'link-05');
  await expect(page.getByRole('columnheader', { name: /^Clicks/ })).toHaveAttribute('aria-sort', 'descending');
  await world.shot('by-clicks');

  await header('Short URL').click();
  await expect(first).toHaveAttribute('data-alias', 'link-00');
  await header('Short URL').click();
  await expect(first).toHaveAttribute('data-alias', 'link-59');

  // Destination order is the server's byte order of the URLs.
  const byUrl = Array.from({ length: 60 }, (_, i) => ({ alias: `link-${pad(i)}`, url: `https://site${i % 5}.example/${i}` }))
    .sort((x, y) => (x.url < y.url ? -1 : 1));
  await header('Destination').click();
  await expect(first).toHaveAttribute('data-alias', byUrl[0]!.alias);
  await header('Destination').click();
  await expect(first).toHaveAttribute('data-alias', byUrl[59]!.alias);
  expect(new URL(page.url()).hash).toContain('sort_by=url');
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(first).toHaveAttribute('data-alias', byUrl[59 - 10]!.alias);

  // Title is not shown by default: the column chooser adds it, and sorting by it works.
  await expect(header('Title')).toHaveCount(0);
  await page.getByTestId('column-chooser').click();
  await page.getByRole('group', { name: 'Columns to show' }).getByRole('checkbox', { name: 'Title' }).check();
  await page.keyboard.press('Escape');
  await header('Title').click();
  await expect(page.getByTestId('list-range')).toHaveText('1–10 of 60 links');
  expect(new URL(page.url()).hash).toContain('sort_by=title');
});

test('the copy button puts the short URL on the clipboard', async ({ page, world, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const link = await world.invoke('links.create', { data: { url: 'https://example.com/', alias: 'copy-me' } });
  await world.open('#/links');
  await page.getByRole('button', { name: `Copy ${link.short_url}` }).click();
  await expect(page.getByRole('button', { name: `Copied ${link.short_url}` })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link.short_url);
});

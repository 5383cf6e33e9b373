// The account dashboard: every link's clicks for a range, seeded through real
// redirects on an instance whose clock each visit sets (see dated.ts).
import type { Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bucketCount } from '../../shared/schemas/stats.ts';
import { datedTest, daysAgo } from './dated.ts';
import { expect, test } from './fixtures.ts';
import { expectRange, pick, rowsOf } from './stats-ui.ts';

/** The top links table as `alias:clicks`, in order. */
const topRows = (page: Page) => page.getByTestId('top-links').locator('tbody tr')
  .evaluateAll((trs) => trs.map((tr) => `${tr.children[1]!.textContent}:${tr.children[3]!.textContent}`));

datedTest.describe('account dashboard', () => {
  datedTest.use({ timezoneId: 'UTC' });

  datedTest('shows totals, the series and top links in order for the range; a top link opens its statistics', async ({ page, world, dated }) => {
    const ids: Record<string, number> = {};
    for (const alias of ['top-a', 'top-b', 'top-c', 'old-d', 'never']) ids[alias] = await dated.link(alias);
    await dated.clickOn('top-a', daysAgo(1), 5);
    await dated.clickOn('top-b', daysAgo(3), 3);
    await dated.clickOn('top-c', daysAgo(10), 1);
    await dated.clickOn('old-d', daysAgo(100), 7);

    await world.open('#/links');
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    const today = daysAgo(0);
    await expectRange(page, daysAgo(29), today, 9);
    await expect.poll(() => topRows(page)).toEqual(['top-a:5', 'top-b:3', 'top-c:1']);
    await expect(page.getByTestId('chart-days').locator('tbody tr')).toHaveCount(30);
    await expect(page.getByTestId('busiest')).toHaveText('5');
    await expect.poll(() => rowsOf(page, 'platforms')).toEqual(['Windows:9']);

    await pick(page, 'Range', 'All time');
    await expectRange(page, daysAgo(100), daysAgo(1), 16);
    await expect.poll(() => topRows(page)).toEqual(['old-d:7', 'top-a:5', 'top-b:3', 'top-c:1']);
    await pick(page, 'Interval', 'Month');
    await expect(page.getByTestId('chart-days').locator('tbody tr')).toHaveCount(bucketCount(daysAgo(100), daysAgo(1), 'month'));
    await expect(page.getByTestId('busiest')).toHaveText(/^\d+$/);

    await pick(page, 'Range', '7 days');
    await pick(page, 'Interval', 'Day');
    await expectRange(page, daysAgo(6), today, 8);
    await expect.poll(() => topRows(page)).toEqual(['top-a:5', 'top-b:3']);
    await expect(page.getByTestId('chart-days').locator('tbody tr')).toHaveCount(7);
    await world.shot('dashboard');

    // A top link opens its own statistics, for the same range.
    await page.getByTestId('top-links').getByRole('link', { name: 'top-b' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Statistics: top-b' })).toBeVisible();
    expect(page.url()).toContain(`#/links/${ids['top-b']}/stats`);
    await expect(page.getByRole('radio', { name: '7 days' })).toBeChecked();
    await expectRange(page, daysAgo(6), today, 3);
  });

  datedTest('a range the API would refuse is refused before it leaves the app', async ({ world }) => {
    const bad = await world.invokeRaw('stats.account', { from: '2026-02-01', to: '2026-01-01' });
    expect(bad).toMatchObject({ ok: false, error: { kind: 'contract', fields: { from: ['The from date must not be after the to date.'] } } });
    const wrong = await world.invokeRaw('stats.get', { id: 1, from: '2026-02-30' });
    expect(wrong).toMatchObject({ ok: false, error: { kind: 'contract', fields: { from: ['The from is not a valid date.'] } } });
    const month = await world.invoke('stats.account', { from: daysAgo(40), interval: 'month' });
    expect(month).toMatchObject({ from: daysAgo(40), to: daysAgo(0), interval: 'month', total: 0, top_links: [] });
  });
});

test('a server without account statistics says so instead of failing', async ({ page, world }) => {
  // An older server: the same API (this test only reads), but /stats, the account's, answers 404 as unknown routes do.
  const proxy: Server = createServer(async (req, res) => {
    if (new URL(req.url!, 'http://x').pathname === '/api/v1/stats') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Resource not found.', status: 404 }));
      return;
    }
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k, v]) => typeof v === 'string' && k !== 'host')) as Record<string, string>;
    const answer = await fetch(`${world.remote.url}${req.url}`, { method: req.method, headers, redirect: 'manual' });
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  try {
    const older = await world.addInstance('Older', `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, world.remote.key);
    await world.invoke('instances.select', { id: older.id });
    await world.open('#/dashboard');
    await expect(page.getByText('This server does not offer account statistics')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    await world.shot('no account statistics');
    // Its links and their own statistics still work.
    await page.getByRole('link', { name: 'Links' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Links' })).toBeVisible();
  } finally {
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
  }
});

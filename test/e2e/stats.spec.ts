// Link statistics: real clicks through the local redirect server, then the
// charts (loaded only when the screen opens) and their numbers.
import { expect, test } from './fixtures.ts';
import { rowAction } from './ui.ts';
import { bucketCount } from '../../shared/schemas/stats.ts';
import { datedTest, daysAgo } from './dated.ts';
import { UA, visit } from './seed.ts';
import { expectRange, pick, recordCalls, rowsOf, shown } from './stats-ui.ts';

test('shows clicks over time and by country, platform, browser, language and referrer; charts load lazily', async ({ page, world }) => {
  await world.invoke('links.create', { data: { url: 'https://example.com/stats', alias: 'stats-me' } });
  await world.invoke('links.create', { data: { url: 'https://example.com/quiet', alias: 'quiet' } });
  await visit(world, 'stats-me', 3, { 'user-agent': UA.chromeWindows, 'accept-language': 'de-DE,de;q=0.9', referer: 'https://news.example/story?id=1' });
  await visit(world, 'stats-me', 2, { 'user-agent': UA.safariIphone, 'accept-language': 'ja' });
  await visit(world, 'stats-me', 1, { 'user-agent': UA.firefoxLinux, 'accept-language': 'en-US,en;q=0.5', referer: 'https://blog.example/post' });

  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await world.open('#/links');
  await expect(page.locator('tr[data-alias="stats-me"] [data-testid="clicks"]')).toHaveText('6');
  expect(requested.filter((p) => p.includes('StatsScreen'))).toEqual([]);

  await rowAction(page, 'stats-me', 'Statistics');
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics: stats-me' })).toBeVisible();
  expect(requested.some((p) => p.includes('StatsScreen'))).toBe(true);
  await expect(page.getByTestId('total-clicks')).toHaveText('6');

  const chart = (key: string) => page.getByTestId(`chart-${key}`);
  await expect(chart('days').locator('svg.recharts-surface')).toBeVisible();
  await expect(chart('days').locator('caption')).toHaveText('Clicks per day');
  // Three values or fewer: a ranked list, not a chart of a bar or two.
  for (const key of ['countries', 'platforms', 'browsers', 'languages', 'referrers']) {
    await expect(chart(key).locator('[data-kind="ranked-list"]')).toBeVisible();
    await expect(chart(key).locator('svg.recharts-surface')).toHaveCount(0);
  }
  const numbers = (key: string) => chart(key).locator('tbody tr');
  const rowsOf = async (key: string) => (await numbers(key).evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent).join(':'))));
  await expect.poll(() => rowsOf('platforms')).toEqual(['Windows:3', 'iOS:2', 'Linux:1']);
  await expect.poll(() => rowsOf('languages')).toEqual(['German:3', 'Japanese:2', 'English:1']);
  await expect.poll(() => rowsOf('referrers')).toEqual(['news.example:3', 'Direct or unknown:2', 'blog.example:1']);
  await expect.poll(() => rowsOf('countries')).toEqual(['Unknown:6']); // 127.0.0.1 has no country
  const browsers = await rowsOf('browsers');
  expect(browsers).toHaveLength(3);
  expect(browsers[0]).toMatch(/^Chrome:3$/);
  const today = new Date().toISOString().slice(0, 10);
  await expect.poll(() => rowsOf('days')).toContain(`${shown.day(today)}:6`);
  // Whole clicks on the axis: no tick reads 0.5 or 1.5.
  const tickTexts = chart('days').locator('.recharts-cartesian-axis-tick-value');
  await expect(tickTexts.first()).toBeVisible();
  const ticks = await tickTexts.allTextContents();
  // The count axis has whole numbers (0 … 6); the date axis has days; nothing reads 1.5.
  expect(ticks.filter((t) => /^\d+$/.test(t)).length).toBeGreaterThan(1);
  expect(ticks.filter((t) => /^\d+[.,]\d+$/.test(t))).toEqual([]);
  await world.shot('charts');

  await page.getByRole('button', { name: 'Back to links' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Links' })).toBeVisible();

  // A link nobody visited says so instead of drawing empty charts.
  await rowAction(page, 'quiet', 'Statistics');
  await expect(page.getByText('No clicks yet')).toBeVisible();
  await expect(page.getByTestId('total-clicks')).toHaveText('0');

  // A link that does not exist (an old hash) is an honest not-found.
  await world.open('#/links/9999/stats');
  await expect(page.getByRole('alert')).toHaveAttribute('data-error-kind', 'not-found');
});

datedTest.describe('date range and interval', () => {
  datedTest.use({ timezoneId: 'UTC' });

  // [days ago, clicks] on one link, seeded through real redirects on a server whose clock is set per visit.
  const CLICKS: [number, number][] = [[2, 2], [20, 3], [60, 4], [200, 5], [800, 6]];
  const since = (from: string) => CLICKS.filter(([ago]) => daysAgo(ago) >= from).reduce((n, [, c]) => n + c, 0);

  datedTest('presets, a custom range and the interval choose the days and totals shown, and stay while moving between links', async ({ page, world, dated }) => {
    const id = await dated.link('ranged');
    await dated.link('other');
    for (const [ago, times] of CLICKS) await dated.clickOn('ranged', daysAgo(ago), times);
    await dated.clickOn('other', daysAgo(1), 1);
    const calls = await recordCalls(page);

    await world.open(`#/links/${id}/stats`);
    await expect(page.getByRole('heading', { level: 1, name: 'Statistics: ranged' })).toBeVisible();
    await expect(page.getByTestId('total-clicks')).toHaveText('20');
    // 30 days is where a session starts.
    await expect(page.getByRole('radio', { name: '30 days' })).toBeChecked();
    await expectRange(page, daysAgo(29), daysAgo(0), 5);
    await expect(page.getByTestId('chart-days').locator('tbody tr')).toHaveCount(30);

    const today = daysAgo(0);
    const yearStart = `${today.slice(0, 4)}-01-01`;
    for (const [preset, from, buckets] of [
      ['7 days', daysAgo(6), 7], ['90 days', daysAgo(89), 90], ['This year', yearStart, bucketCount(yearStart, today, 'day')],
    ] as const) {
      await pick(page, 'Range', preset);
      await expectRange(page, from, today, since(from));
      await expect(page.getByTestId('chart-days').locator('tbody tr')).toHaveCount(buckets);
    }
    // All time runs from the first day with clicks to the last.
    await pick(page, 'Range', 'All time');
    await expectRange(page, daysAgo(800), daysAgo(2), 20);
    await expect(page.getByTestId('chart-days').locator('tbody tr')).toHaveCount(799);
    await expect.poll(() => rowsOf(page, 'days')).toContain(`${shown.day(daysAgo(60))}:4`);

    // A custom range starts as the range on screen, then takes typed days.
    await pick(page, 'Range', 'Custom');
    await expect(page.getByLabel('From', { exact: true })).toHaveValue(daysAgo(800));
    await expect(page.getByLabel('To', { exact: true })).toHaveValue(daysAgo(2));
    await page.getByLabel('From', { exact: true }).fill(daysAgo(65));
    await page.getByLabel('To', { exact: true }).fill(daysAgo(55));
    await expectRange(page, daysAgo(65), daysAgo(55), 4);
    await expect.poll(() => rowsOf(page, 'platforms')).toEqual(['Windows:4']);

    // From after To: said at the field, and nothing is asked of the server.
    const before = (await calls()).length;
    await page.getByLabel('From', { exact: true }).fill(daysAgo(50));
    await expect(page.getByText('The from date must not be after the to date.')).toBeVisible();
    await expect(page.getByLabel('From', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Back to links' }).focus(); // leaves the field, as a user would
    expect((await calls()).length).toBe(before);
    await expect(page.getByTestId('range-clicks')).toHaveText('4');
    await world.shot('custom range error');

    // The interval sets the buckets: weeks from Monday, months. Tab reaches each group, arrows move within it.
    await pick(page, 'Range', '90 days');
    await pick(page, 'Interval', 'Week');
    const weeks = bucketCount(daysAgo(89), today, 'week');
    await expect(page.getByTestId('chart-days').locator('tbody tr')).toHaveCount(weeks);
    await expect(page.getByTestId('chart-days').locator('caption')).toHaveText('Clicks per week (weeks start on Monday)');
    await page.getByRole('button', { name: 'Refresh' }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('radio', { name: '90 days' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('radio', { name: 'Week' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Month' })).toBeChecked();
    await expect(page.getByTestId('chart-days').locator('tbody tr')).toHaveCount(bucketCount(daysAgo(89), today, 'month'));
    expect((await rowsOf(page, 'days')).reduce((n, r) => n + Number(r.split(':')[1]), 0)).toBe(since(daysAgo(89)));
    await world.shot('link statistics by month');

    // Another link opens with the same choices.
    await page.getByRole('link', { name: 'Links' }).click();
    await rowAction(page, 'other', 'Statistics');
    await expect(page.getByRole('heading', { level: 1, name: 'Statistics: other' })).toBeVisible();
    await expect(page.getByRole('radio', { name: '90 days' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Month' })).toBeChecked();
    await expectRange(page, daysAgo(89), today, 1);
  });
});

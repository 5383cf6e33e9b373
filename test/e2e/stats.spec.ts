// Link statistics: real clicks through the local redirect server, then the
// charts (loaded only when the screen opens) and their numbers.
import { expect, test } from './fixtures.ts';
import { UA, visit } from './seed.ts';

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

  await page.getByRole('button', { name: 'Statistics for stats-me' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics: stats-me' })).toBeVisible();
  expect(requested.some((p) => p.includes('StatsScreen'))).toBe(true);
  await expect(page.getByTestId('total-clicks')).toHaveText('6');

  const chart = (key: string) => page.getByTestId(`chart-${key}`);
  await expect(chart('days').locator('svg.recharts-surface')).toBeVisible();
  await expect(chart('days').locator('caption')).toHaveText('Clicks per day');
  for (const key of ['countries', 'platforms', 'browsers', 'languages', 'referrers']) {
    await expect(chart(key).locator('svg.recharts-surface')).toBeVisible();
  }
  const numbers = (key: string) => chart(key).locator('tbody tr');
  const rowsOf = async (key: string) => (await numbers(key).evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent).join(':'))));
  expect(await rowsOf('platforms')).toEqual(['Windows:3', 'iOS:2', 'Linux:1']);
  expect(await rowsOf('languages')).toEqual(['German:3', 'Japanese:2', 'English:1']);
  expect(await rowsOf('referrers')).toEqual(['news.example:3', 'Direct or unknown:2', 'blog.example:1']);
  expect(await rowsOf('countries')).toEqual(['Unknown:6']); // 127.0.0.1 has no country
  const browsers = await rowsOf('browsers');
  expect(browsers).toHaveLength(3);
  expect(browsers[0]).toMatch(/^Chrome:3$/);
  const today = new Date().toISOString().slice(0, 10);
  expect(await rowsOf('days')).toContain(`${today}:6`);
  await world.shot('charts');

  await page.getByRole('button', { name: 'Back to links' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Links' })).toBeVisible();

  // A link nobody visited says so instead of drawing empty charts.
  await page.getByRole('button', { name: 'Statistics for quiet' }).click();
  await expect(page.getByText('No clicks yet')).toBeVisible();
  await expect(page.getByTestId('total-clicks')).toHaveText('0');

  // A link that does not exist (an old hash) is an honest not-found.
  await world.open('#/links/9999/stats');
  await expect(page.getByRole('alert')).toHaveAttribute('data-error-kind', 'not-found');
});

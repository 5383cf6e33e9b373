// The statistics screen filled from real clicks on a real server behind a
// trusted proxy: the map, cities, continents, devices, link or QR, UTM, the
// hour-by-weekday heatmap, the previous period and its change, CSV and PNG
// exports, and axe in the light and the dark scheme. Screenshots go to
// test-results/screens for a person to look at.
import { readFileSync } from 'node:fs';
import { expect, SCREENS_DIR, test } from './fixtures.ts';
import { daysAgo } from './dated.ts';
import { UA } from './seed.ts';
import { placedInstance, rowsOf } from './stats-ui.ts';

// Beside the other screens' shots (test-results/screens), for a person to look at.
const SHOTS = SCREENS_DIR;
const GB = '81.2.69.160', JP = '133.242.0.1';
/** 1 = Monday, as the API counts. */
const weekdayOf = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

test.use({ timezoneId: 'UTC' });

test('map, places, devices, sources, UTM, heatmap and the previous period, from real clicks; CSV and PNG export; axe light and dark', async ({ page, world }) => {
  const placed = await placedInstance(world);
  try {
    const link = await world.invoke('links.create', {
      data: { url: 'https://example.com/launch?utm_source=newsletter&utm_medium=email&utm_campaign=spring-sale', alias: 'world' },
    });
    await placed.visit('world', 4, GB, UA.safariIphone, `${daysAgo(2)}T09:15:00Z`);
    await placed.visit('world?qr=1', 2, JP, UA.chromeWindows, `${daysAgo(3)}T18:30:00Z`);
    await placed.visit('world', 3, GB, UA.firefoxLinux, `${daysAgo(40)}T12:00:00Z`); // the previous 30 days
    // Clicks are written in batches off the request path.
    await expect.poll(async () => (await world.invoke('links.get', { id: link.id })).clicks).toBe(9);

    await page.emulateMedia({ colorScheme: 'light' });
    await world.open(`#/links/${link.id}/stats`);
    await expect(page.getByRole('heading', { level: 1, name: 'Statistics: world' })).toBeVisible();
    await expect(page.getByTestId('range-clicks')).toHaveText('6');
    await expect(page.getByTestId('range-change')).toHaveText('+100% on the previous 30 days');

    // Export: the server's CSV of the range, saved where the user chooses.
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toMatch(new RegExp(`^linkdesk-stats-link-${link.id}-${daysAgo(29)}\\.csv$`));
    const text = readFileSync((await csv.path())!, 'utf8');
    expect(text.split('\n')[0]).toBe('dimension,value,clicks');
    for (const row of ['total,,6', 'country,GB,4', 'country,JP,2', 'device,mobile,4', 'source,qr,2', 'utm_campaign,spring-sale,6', 'city,"London, England, GB",4']) {
      expect(text.split('\n')).toContain(row);
    }

    // The previous period is drawn dashed under the current one, and its numbers are in a table too.
    const days = page.getByTestId('card-days');
    await expect(days.locator('.recharts-area-curve')).toHaveCount(2);
    await expect(days.locator('.recharts-area-curve[stroke-dasharray="6 4"]')).toHaveCount(1);
    await expect(days.locator('caption', { hasText: 'Clicks per day, previous period' })).toHaveCount(1);

    // The map: the busiest country darkest, shades by square-root steps, the rest unshaded; shaded countries take focus and say their numbers.
    const map = page.getByTestId('world-map');
    await expect(map.locator('path[data-country="GB"]')).toHaveAttribute('data-shade', '5');
    await expect(map.locator('path[data-country="JP"]')).toHaveAttribute('data-shade', '4');
    await expect(map.locator('path[data-country="FR"]')).toHaveAttribute('data-shade', '0');
    // One tab stop, the busiest country; arrow keys move between the countries with clicks.
    await expect(map.locator('path[tabindex="0"]')).toHaveCount(1);
    await expect(map.locator('path[tabindex="-1"]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Save Clicks by country as PNG' }).focus();
    await page.keyboard.press('Tab');
    await expect(map.locator('path[data-country="GB"]')).toBeFocused();
    await expect(page.getByTestId('map-active')).toHaveText('United Kingdom: 4 clicks (67%)');
    await page.keyboard.press('ArrowRight');
    await expect(map.locator('path[data-country="JP"]')).toBeFocused();
    await expect(page.getByTestId('map-active')).toHaveText('Japan: 2 clicks (33%)');
    await page.keyboard.press('ArrowRight'); // round to the first again
    await expect(page.getByTestId('map-active')).toHaveText('United Kingdom: 4 clicks (67%)');
    // The next Tab leaves the map for the country list beside it.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('region', { name: 'Clicks by country' })).toBeFocused();
    await expect(map.locator('path[data-country="GB"] title')).toHaveText('United Kingdom: 4 clicks (67%)');
    await expect.poll(() => rowsOf(page, 'countries')).toEqual(['United Kingdom:4', 'Japan:2']);

    await expect.poll(() => rowsOf(page, 'continents')).toEqual(['Europe:4', 'Asia:2']);
    await expect.poll(() => rowsOf(page, 'devices')).toEqual(['Mobile:4', 'Desktop:2']);
    await expect.poll(() => rowsOf(page, 'sources')).toEqual(['Link:4', 'QR code:2']);
    await expect.poll(() => rowsOf(page, 'utm_sources')).toEqual(['newsletter:6']);
    await expect.poll(() => rowsOf(page, 'utm_mediums')).toEqual(['email:6']);
    await expect.poll(() => rowsOf(page, 'utm_campaigns')).toEqual(['spring-sale:6']);
    await expect.poll(() => rowsOf(page, 'cities')).toEqual(['London, England, United Kingdom:4', 'Chiyoda City, Tokyo, Japan:2']);

    // When: 168 cells, Monday first; each names its weekday, hour and clicks.
    const cells = page.getByTestId('heatmap').locator('rect');
    await expect(cells).toHaveCount(168);
    const cell = (date: string, hour: number) => cells.nth((weekdayOf(date) - 1) * 24 + hour);
    await expect(cell(daysAgo(2), 9)).toHaveAttribute('data-count', '4');
    await expect(cell(daysAgo(3), 18)).toHaveAttribute('data-count', '2');
    await expect(cell(daysAgo(3), 18).locator('title')).toContainText(': 2 clicks');
    await expect(page.locator('[data-count]:not([data-count="0"])')).toHaveCount(2);

    // Tall enough for the whole screen in one picture (a full-page shot repeats the sticky header mid-page).
    await page.setViewportSize({ width: 1280, height: 2500 });
    await page.screenshot({ path: `${SHOTS}/stats-light.png` });
    await world.axe('light: statistics with map and heatmap');

    // Each chart as a PNG: a real image, twice the drawn size.
    const pngDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Save Clicks by country as PNG' }).click();
    const png = await pngDownload;
    expect(png.suggestedFilename()).toBe('linkdesk-world-map.png');
    const bytes = readFileSync((await png.path())!);
    expect([...bytes.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    const box = (await map.boundingBox())!;
    expect(bytes.readUInt32BE(16)).toBe(Math.ceil(box.width * 2));
    await png.saveAs(`${SHOTS}/export-map.png`);
    const heatmapPng = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Save When people click as PNG' }).click();
    await (await heatmapPng).saveAs(`${SHOTS}/export-heatmap.png`);

    // The account's statistics (the dashboard) draw the same parts from the same clicks.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('range-change')).toHaveText('+100% on the previous 30 days');
    await expect(page.getByTestId('average')).toHaveText('0.2'); // 6 clicks in 30 days
    await expect(page.getByTestId('world-map').locator('path[data-country="GB"]')).toHaveAttribute('data-shade', '5');
    await expect(page.getByTestId('heatmap').locator('rect[data-count="4"]')).toHaveCount(1);
    await expect.poll(() => rowsOf(page, 'cities')).toEqual(['London, England, United Kingdom:4', 'Chiyoda City, Tokyo, Japan:2']);
    await page.screenshot({ path: `${SHOTS}/dashboard-light.png` });

    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.screenshot({ path: `${SHOTS}/stats-dark.png` });
    await world.axe('dark: statistics with map and heatmap');
    // The public statistics page (`<short url>+`): the map drawn on the server, cities and devices, under its own strict CSP.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${placed.server.url}/world+`);
    await expect(page.getByRole('img', { name: 'World map: countries shaded by clicks, darker for more' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Cities' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/public-page.png`, fullPage: true });
  } finally {
    await placed.close();
  }
});

// The Live view: clicks pushed by a real server through the desktop's live
// stream, newest first, with the clicks-per-second line, a pause, the
// stream's state through a restart of the local instance, and a remote
// instance. Screenshots go to test-results/screens for a person to look at.
import { expect, SCREENS_DIR, test } from './fixtures.ts';
import { UA } from './seed.ts';
import { placedInstance } from './stats-ui.ts';
import { rowAction } from './ui.ts';

/** Real visits of a short link; the Live view showing them is what the test waits for. */
async function hit(base: string, path: string, times: number, ua: string) {
  for (let i = 0; i < times; i++) {
    const res = await fetch(`${base}/${path}`, { redirect: 'manual', headers: { 'user-agent': ua } });
    expect(res.status, `GET /${path}`).toBe(302);
  }
}

// Beside the other screens' shots (test-results/screens), for a person to look at.
const SHOTS = SCREENS_DIR;

test('clicks arrive newest first with place, device and source; pause holds them; the stream comes back after the local instance restarts', async ({ page, world }) => {
  const local = () => world.desktop.serverStatus().url!;
  await world.invoke('links.create', { data: { url: 'https://example.com/one', alias: 'live-one' } });
  await world.invoke('links.create', { data: { url: 'https://example.com/two', alias: 'live-two' } });
  await world.open('#/live');
  await expect(page.getByRole('heading', { level: 1, name: 'Live' })).toBeVisible();
  await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'open');
  await expect(page.getByTestId('live-empty')).toBeVisible();

  const rows = page.getByTestId('live-clicks').locator('tbody tr');
  const cells = (i: number) => rows.nth(i).locator('td').allTextContents();
  await hit(local(), 'live-one', 2, UA.safariIphone);
  await expect(rows).toHaveCount(2);
  await hit(local(), 'live-two?qr=1', 1, UA.chromeWindows);
  await expect(rows).toHaveCount(3);
  // Newest first: the QR scan of live-two, then live-one's two clicks. 127.0.0.1 has no place.
  expect((await cells(0)).slice(1)).toEqual(['live-two', 'Unknown', 'Desktop', 'QR code']);
  expect((await cells(1)).slice(1)).toEqual(['live-one', 'Unknown', 'Mobile', 'Link']);
  await expect(rows.first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await expect(page.getByTestId('sparkline-words')).toHaveText(/^3 clicks in the last five minutes, at most [1-3] in one second\.$/);

  // Paused: new clicks are kept, not shown, and counted on the button; resuming shows them on top.
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByTestId('pause')).toHaveAttribute('aria-pressed', 'true');
  await hit(local(), 'live-one', 1, UA.firefoxLinux);
  await expect(page.getByRole('button', { name: 'Resume (1 new)' })).toBeVisible();
  await expect(rows).toHaveCount(3);
  await page.getByRole('button', { name: 'Resume (1 new)' }).click();
  await expect(rows).toHaveCount(4);
  expect((await cells(0)).slice(1, 2)).toEqual(['live-one']);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/live-light.png` });
  await world.axe('light: live view');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await world.axe('dark: live view');
  await page.screenshot({ path: `${SHOTS}/live-dark.png` });

  // The local instance restarts (a new port would change its address; the same port is kept): the stream says so, then comes back by itself.
  const before = world.pushes.length;
  await world.invoke('server.restart', {});
  const states = () => world.pushes.slice(before).flatMap((c) => (c.type === 'live-state' ? [c.state] : []));
  // Said as it happens: the stream dropped, then (after as many tries as the restart takes) open again.
  await expect.poll(() => states().at(-1), { timeout: 30_000 }).toBe('open');
  expect(states()[0]).toBe('reconnecting');
  await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'open');
  await hit(local(), 'live-two', 1, UA.safariIphone);
  await expect(rows).toHaveCount(5);
  expect((await cells(0)).slice(1)).toEqual(['live-two', 'Unknown', 'Mobile', 'Link']);

  // From a link's statistics, Watch live follows that link alone: live-two's click (made first) never shows, live-one's does.
  await page.getByRole('link', { name: 'Links' }).click();
  await rowAction(page, 'live-one', 'Statistics');
  await page.getByRole('button', { name: 'Watch live' }).click();
  await expect(page.getByText('Clicks on one link as they happen')).toBeVisible();
  await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'open');
  await hit(local(), 'live-two', 1, UA.safariIphone);
  await hit(local(), 'live-one', 1, UA.safariIphone);
  await expect(rows).toHaveCount(1);
  expect((await cells(0)).slice(1, 2)).toEqual(['live-one']);
  await page.getByRole('button', { name: 'All links' }).click();
  await expect(page.getByText('Clicks on this instance’s links as they happen')).toBeVisible();
});

test('follows a remote instance, with the place its clicks came from', async ({ page, world }) => {
  // A remote server behind a trusted proxy: X-Forwarded-For names the visitor, the city database places it.
  const placed = await placedInstance(world);
  try {
    await world.invoke('links.create', { data: { url: 'https://example.com/far', alias: 'far' } });
    await world.open('#/live');
    await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'open');
    await placed.visit('far', 2, '81.2.69.160', UA.safariIphone);
    const rows = page.getByTestId('live-clicks').locator('tbody tr');
    await expect(rows).toHaveCount(2);
    expect((await rows.first().locator('td').allTextContents()).slice(1)).toEqual(['far', 'London, United Kingdom', 'Mobile', 'Link']);
    await page.screenshot({ path: `${SHOTS}/live-remote.png` });
  } finally {
    await placed.close();
  }
});

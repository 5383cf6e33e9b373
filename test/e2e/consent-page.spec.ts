// The consent and sensitive-content pages of a short link in a real browser:
// answered with the keyboard alone, no request to a tracker's host before
// Accept, the pixel's loader fetched after it, and the visitor forwarded.
// The destination is the server's own landing page, so the browser can get there offline.
import type { Page } from '@playwright/test';
import { expect, test, type World } from './fixtures.ts';

// Headless Chromium names itself HeadlessChrome, which the redirect server takes for a bot (sent on, never asked).
test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36' });

/** Answers the Facebook pixel's loader with an empty script and records that it was asked for. */
async function fakeTracker(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route('https://connect.facebook.net/**', (route) => {
    asked.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
  });
  await page.route('https://www.facebook.com/**', (route) => route.fulfill({ status: 204 }));
  return asked;
}

async function pixelLink(world: World, alias: string, more: Record<string, string> = {}) {
  const px = (await world.remote.api('POST', '/pixels', { form: { name: 'fb', type: 'facebook', pixel_id: '1234567890' } })).body.data.id;
  const r = await world.remote.api('POST', '/links', { form: { url: `${world.remote.url}/?from=${alias}`, alias, 'pixel_ids[]': String(px), ...more } });
  expect(r.status).toBe(201);
  return r.body.data;
}

test('asks before the pixels with the keyboard alone: Accept loads them and forwards, and is remembered', async ({ page, world }) => {
  const asked = await fakeTracker(page);
  await pixelLink(world, 'spring');
  await page.goto(`${world.remote.url}/spring`);
  await expect(page.getByRole('heading', { level: 1, name: 'Allow tracking for this link?' })).toBeVisible();
  await expect(page.getByText('This link leads to 127.0.0.1')).toBeVisible();
  await world.axe('consent page');
  await world.shot('consent page');
  expect(asked).toEqual([]);

  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Accept tracking and continue' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL(`${world.remote.url}/?from=spring`);
  expect(asked).toEqual(['https://connect.facebook.net/en_US/fbevents.js']);

  // Back again: no question, the pixels and the destination.
  await page.goto(`${world.remote.url}/spring`);
  await page.waitForURL(`${world.remote.url}/?from=spring`);
  expect(asked).toHaveLength(2);
});

test('Decline forwards without a request to the tracker, and the next visit too', async ({ page, world }) => {
  const asked = await fakeTracker(page);
  await pixelLink(world, 'nope');
  await page.goto(`${world.remote.url}/nope`);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Decline and continue' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL(`${world.remote.url}/?from=nope`);
  await page.goto(`${world.remote.url}/nope`);
  await page.waitForURL(`${world.remote.url}/?from=nope`);
  expect(asked).toEqual([]);
});

test('warns before a sensitive link; Continue goes on to the consent page, Go back leaves', async ({ page, world }) => {
  await pixelLink(world, 'late', { sensitive_content: '1' });
  await page.goto(`${world.remote.url}/`);
  await page.goto(`${world.remote.url}/late`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sensitive content ahead' })).toBeVisible();
  await world.axe('sensitive-content warning');
  await world.shot('sensitive warning');
  await page.getByRole('link', { name: 'Go back' }).click();
  await page.waitForURL(`${world.remote.url}/`);
  await page.goto(`${world.remote.url}/late`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Allow tracking for this link?' })).toBeVisible();
});

// Issue 42: the server refuses form answers whose Origin is another site or "null"; these pages send
// Referrer-Policy same-origin, so the browser's own POST names the page's origin (with no-referrer Chromium sends "null").
test('the password form answered in the browser passes the same-site check, and a form on another site is refused (holds)', async ({ page, world }) => {
  const r = await world.remote.api('POST', '/links', { form: { url: `${world.remote.url}/?from=locked`, alias: 'locked', password: 'sesame' } });
  expect(r.status).toBe(201);
  await page.goto(`${world.remote.url}/locked`);
  await page.getByLabel('Password').fill('sesame');
  await page.keyboard.press('Enter');
  await page.waitForURL(`${world.remote.url}/?from=locked`);

  // Another site's page posting the consent answer in the visitor's name (in a second tab: its 403 is expected, not a page error).
  await pixelLink(world, 'forged');
  const evil = await page.context().newPage();
  await evil.route('https://evil.example/', (route) => route.fulfill({
    status: 200, contentType: 'text/html',
    body: `<form method="post" action="${world.remote.url}/forged"><input name="consent" value="accept"><button>Go</button></form>`,
  }));
  await evil.goto('https://evil.example/');
  await evil.getByRole('button', { name: 'Go' }).click();
  await expect(evil.getByRole('heading', { level: 1, name: 'This form was sent from another site' })).toBeVisible();
  await evil.close();
  await page.goto(`${world.remote.url}/forged`);
  await expect(page.getByRole('heading', { level: 1, name: 'Allow tracking for this link?' })).toBeVisible();
});

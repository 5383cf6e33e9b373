// The main screens in German, Japanese, Arabic and the pseudo-locale, in the
// light and the dark scheme: axe on each, a screenshot of each for a person to
// look at (test-results/screens), and no text that escaped translation:
// every line the page shows is compared with the English catalog's messages
// that the language's catalog translates differently.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { pseudoMessages } from '../../shared/i18n/pseudo.ts';
import { expect, test, type World } from './fixtures.ts';
import { UA } from './seed.ts';
import { placedInstance } from './stats-ui.ts';

test.use({ timezoneId: 'UTC' });

const CATALOGS = path.resolve(import.meta.dirname, '../../renderer/src/i18n/messages');
const catalog = (locale: string): Record<string, string> => JSON.parse(readFileSync(path.join(CATALOGS, `${locale}.json`), 'utf8'));

/**
 * English texts a screen in `locale` must not show: whole messages without
 * arguments whose translation differs (a word the same in both languages,
 * "Links" in German, can be shown). Short words ("OK") are left out.
 */
function englishOnly(locale: string): Set<string> {
  const en = catalog('en');
  const other = locale === 'en-XA' ? pseudoMessages(en) : catalog(locale);
  const out = new Set<string>();
  for (const [id, text] of Object.entries(en)) {
    if (/[{}<]/.test(text) || text.trim().length < 4 || !/[a-z]{3}/i.test(text)) continue;
    if (other[id] !== undefined && other[id] !== text) out.add(text.trim());
  }
  return out;
}

/** The page's visible lines (what a reader sees), each whole. */
const linesOf = (page: Page) => page.evaluate(() =>
  document.body.innerText.split('\n').map((l) => l.trim()).filter(Boolean));

async function noEnglish(page: Page, english: Set<string>, where: string) {
  const leaked = (await linesOf(page)).filter((l) => english.has(l));
  expect(leaked, `English left on ${where}`).toEqual([]);
}

async function seed(world: World) {
  const placed = await placedInstance(world);
  const link = await world.invoke('links.create', { data: {
    url: 'https://example.com/launch?utm_source=newsletter&utm_medium=email', alias: 'welt',
    rules: [{ if: { countries: ['DE'], devices: ['mobile'] }, url: 'https://example.com/de-mobile' }],
    targets_type: 'countries', targets: [{ key: 'JP', value: 'https://example.com/jp' }, { key: 'SA', value: 'https://example.com/sa' }],
  } });
  await placed.visit('welt', 3, '81.2.69.160', UA.safariIphone);
  await placed.visit('welt?qr=1', 2, '133.242.0.1', UA.chromeWindows);
  await expect.poll(async () => (await world.invoke('links.get', { id: link.id })).clicks).toBe(5);
  await world.invoke('users.create', { data: { name: 'Ana' } }).catch(() => undefined);
  return { placed, link };
}

for (const locale of ['de', 'ja', 'ar', 'en-XA'] as const) {
  test(`the main screens in ${locale}, light and dark, pass axe with nothing left in English`, async ({ page, world }) => {
    const { placed, link } = await seed(world);
    try {
      await world.invoke('settings.update', { language: locale });
      const english = englishOnly(locale);
      // Each screen is opened once and checked in both schemes there: the scheme changes the colours, not the
      // text, so the English check runs once per screen and axe and the screenshot run in each scheme.
      const screen = async (name: string, ready: () => Promise<void>) => {
        await page.emulateMedia({ colorScheme: 'light' });
        await ready();
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
        await noEnglish(page, english, name);
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
          await world.axe(`${locale} ${scheme}: ${name}`);
          await world.shot(`${locale}-${scheme}-${name}`);
        }
      };

      await screen('links', async () => {
        await world.open('#/links');
        await expect(page.getByTestId('links-table').locator('tbody tr')).toHaveCount(1);
      });
      if (locale === 'ar') {
        // Right to left: the navigation sits at the right, and the link's URL still reads left to right.
        const nav = await page.getByRole('navigation').first().boundingBox();
        expect(nav!.x, 'navigation on the right').toBeGreaterThan(640);
      }
      await screen('link-drawer', async () => {
        await world.command(world.desktop.deepLink(`linkdesk://links/${link.id}`));
        await expect(page.getByRole('dialog')).toBeVisible();
        await expect(page.getByRole('dialog')).toHaveCSS('opacity', '1');
      });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await screen('statistics', async () => {
        await world.open(`#/links/${link.id}/stats`);
        await expect(page.getByTestId('world-map').locator('path[data-country="GB"]')).toHaveAttribute('data-shade', /[1-5]/);
        await expect(page.getByTestId('range-clicks')).toHaveText(/5|٥/);
      });
      await screen('live', async () => {
        await world.open('#/live');
        await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'open');
      });
      await screen('domains', async () => {
        await world.open('#/domains');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      });
      await screen('users', async () => {
        await world.open('#/users');
        await expect(page.getByRole('tab').first()).toBeVisible();
      });
      await screen('settings', async () => {
        await world.open('#/settings');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      });
    } finally {
      await placed.server.close();
    }
  });
}

// The app's language: a choice in Settings applies at once (no reload), in
// the words on screen and in <html lang dir>; Arabic turns the layout right to
// left with the navigation on the right; a `locale` push from main (a change
// in another window, or the system's) switches this window too.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { pseudoMessage } from '../../shared/i18n/pseudo.ts';
import { expect, test } from './fixtures.ts';

/** A message as the app's catalog for `locale` says it (English from en.json). */
const say = (locale: string, id: string, values: Record<string, string> = {}) => {
  const catalog = JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../renderer/src/i18n/messages/${locale}.json`), 'utf8')) as Record<string, string>;
  return catalog[id]!.replace(/\{(\w+)\}/g, (_, k: string) => values[k]!);
};

const html = (page: Page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

/** Marks the window: a reload would lose the mark. */
async function mark(page: Page) {
  await page.evaluate(() => { (window as unknown as { __sameWindow: boolean }).__sameWindow = true; });
}
const sameWindow = (page: Page) => page.evaluate(() => (window as unknown as { __sameWindow?: boolean }).__sameWindow === true);

/** Picks a language in Settings, whose picker is labelled in the language shown now (`from`). */
async function choose(page: Page, language: string, from: string) {
  await page.getByRole('combobox', { name: say(from, 'app.settings.language.label'), exact: true }).click();
  await page.getByRole('option', { name: language, exact: true }).click();
}

test('a language chosen in Settings applies at once: <html lang dir>, the layout right to left for Arabic, no reload', async ({ page, world }) => {
  await world.open('#/settings');
  await mark(page);
  expect(await html(page)).toEqual({ lang: 'en', dir: 'ltr' });
  // The twelve, each by its own name, after "System (…)".
  await page.getByRole('combobox', { name: 'Language', exact: true }).click();
  await expect(page.getByRole('option')).toHaveText([
    /^System \(.+\)$/, 'English', 'Deutsch', 'Français', 'Español', 'Português (Brasil)', 'Italiano', 'Nederlands', 'Polski', 'Türkçe', '日本語', '简体中文', 'العربية',
  ]);
  await page.keyboard.press('Escape');

  await choose(page, 'العربية', 'en');
  await expect.poll(() => html(page)).toEqual({ lang: 'ar', dir: 'rtl' });
  expect((await world.invoke('settings.get')).settings.language).toBe('ar');
  // Mirrored: the navigation sits at the right of the content.
  const nav = (await page.getByRole('navigation', { name: say('ar', 'app.layout.screens') }).boundingBox())!;
  const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
  expect(nav.x).toBeGreaterThan(640);
  expect(heading.x + heading.width).toBeLessThanOrEqual(nav.x);
  // The notice says so in the new language's own name, at the mirrored corner: clear of the drawers' buttons, now at the left.
  const notice = page.getByTestId('notice').filter({ hasText: say('ar', 'app.settings.language.saved', { language: 'العربية' }) });
  await expect(notice).toBeVisible();
  expect((await notice.boundingBox())!.x).toBeGreaterThan(640);
  // The keyboard shortcut still reads left to right.
  await expect(page.getByTestId('shortcut-current')).toHaveAttribute('dir', 'ltr');
  await world.shot('arabic-settings');

  await choose(page, 'Deutsch', 'ar');
  await expect.poll(() => html(page)).toEqual({ lang: 'de', dir: 'ltr' });
  const navLtr = (await page.getByRole('navigation', { name: say('de', 'app.layout.screens') }).boundingBox())!;
  const headingLtr = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
  expect(navLtr.x).toBe(0);
  expect(headingLtr.x).toBeGreaterThanOrEqual(navLtr.x + navLtr.width);
  const noticeLtr = page.getByTestId('notice').filter({ hasText: say('de', 'app.settings.language.saved', { language: 'Deutsch' }) });
  await expect(noticeLtr).toBeVisible();
  expect((await noticeLtr.boundingBox())!.x).toBeLessThan(640);
  expect(await sameWindow(page)).toBe(true);
});

test('main\'s locale push switches the words on screen at once; the pseudo-locale shows every message accented and longer', async ({ page, world }) => {
  await world.open('#/settings');
  await mark(page);
  // The navigation's own name is a message too: found by its element, not by its name.
  const links = page.locator('nav').getByRole('link').nth(2);
  await expect(links).toHaveText('Links');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');

  // As main pushes it when the language changes elsewhere (another window, the tray, the system).
  await world.invoke('settings.update', { language: 'en-XA' });
  await world.command({ type: 'locale', locale: 'en-XA' });
  await expect.poll(() => html(page)).toEqual({ lang: 'en-XA', dir: 'ltr' });
  await expect(links).toHaveText(pseudoMessage('Links'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pseudoMessage('Settings'));
  // The settings on screen caught up: the picker offers and shows the pseudo-locale now chosen.
  await expect(page.getByRole('combobox', { name: pseudoMessage('Language'), exact: true })).toHaveValue(pseudoMessage('Pseudo-locale (en-XA, for testing)'));
  await world.shot('pseudo-settings');
  await world.axe('settings in the pseudo-locale');

  await world.invoke('settings.update', { language: 'en' });
  await world.command({ type: 'locale', locale: 'en' });
  await expect(links).toHaveText('Links');
  expect(await html(page)).toEqual({ lang: 'en', dir: 'ltr' });
  expect(await sameWindow(page)).toBe(true);
});

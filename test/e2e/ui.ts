// Small drivers for Mantine inputs, as a user works them.
import { expect, type Locator, type Page } from '@playwright/test';

/** Opens a Select by its label (typing `search` first when given) and picks an option. */
export async function pick(page: Page, scope: Locator | Page, label: string | RegExp, option: string, search?: string) {
  const input = combo(scope, label);
  await input.click();
  if (search !== undefined) await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('option', { name: option, exact: true })).toBeHidden();
}

/** A Select's input by its label (its listbox carries the same label). */
export const combo = (scope: Locator | Page, label: string | RegExp) =>
  scope.getByRole('combobox', { name: label, exact: typeof label === 'string' });

/** Picks several options of a MultiSelect, then closes its dropdown. */
export async function pickMany(page: Page, scope: Locator, label: string, options: string[]) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  for (const o of options) await page.getByRole('option', { name: o, exact: true }).click();
  await input.press('Tab');
}

const exactLabel = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);

/** The text input with this label (a required field's asterisk aside), not a radio or checkbox of the same name. */
export const textField = (scope: Locator, label: string) =>
  scope.getByLabel(exactLabel(label)).and(scope.locator('input:not([type=radio]):not([type=checkbox]), textarea'));

/** Asserts the server's message sits on that input. */
export async function expectFieldError(field: Locator, message: string | RegExp) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const id = await field.getAttribute('aria-describedby');
  expect(id, 'the input names its error').toBeTruthy();
  const described = field.page().locator(id!.split(/\s+/).map((i) => `[id="${i}"]`).join(', '));
  await expect(described.filter({ hasText: message })).toHaveCount(1);
}

/** A links-table row's action from its "More actions" menu (Statistics, QR code, Check destination now, Delete…). */
export async function rowAction(page: Page, alias: string, item: string) {
  await page.getByRole('button', { name: `More actions for ${alias}`, exact: true }).click();
  await page.getByRole('menu', { name: `Actions for ${alias}` }).getByRole('menuitem', { name: item, exact: true }).click();
}

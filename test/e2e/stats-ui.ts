// Driving the statistics screens' range controls and reading their numbers,
// for the link statistics and dashboard specs.
import type { Page } from '@playwright/test';
import { makeFormat } from '../../renderer/src/format.ts';
import { expect } from './fixtures.ts';

/** The screens' formats as the test browser (en-US) shows them. */
export const shown = makeFormat({ locale: 'en-US' });

/** Chooses an option of a labelled segmented control (Range or Interval) and waits until it is the checked one. */
export async function pick(page: Page, group: 'Range' | 'Interval', option: string) {
  const radios = page.getByRole('radiogroup', { name: group });
  await radios.getByText(option, { exact: true }).click();
  await expect(radios.getByRole('radio', { name: option, exact: true })).toBeChecked();
}

/** A chart's numbers, as its screen-reader table has them: `name:count` per row. */
export const rowsOf = (page: Page, chart: string) =>
  page.getByTestId(`chart-${chart}`).locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent).join(':')));

/** Waits until the screen shows the range `from`–`to` with `total` clicks in it. */
export async function expectRange(page: Page, from: string, to: string, total: number) {
  await expect(page.getByTestId('range-shown')).toContainText(`Showing ${shown.day(from)} to ${shown.day(to)}`);
  await expect(page.getByTestId('range-clicks')).toHaveText(String(total));
}

/** Records the names of the calls the page makes (run before the page opens). */
export async function recordCalls(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { linkdesk: { invoke(n: string, a: unknown): Promise<unknown> }; __calls: string[] };
    const inner = w.linkdesk;
    w.__calls = [];
    w.linkdesk = Object.freeze({ invoke: (n: string, a: unknown) => (w.__calls.push(n), inner.invoke(n, a)) });
  });
  return () => page.evaluate(() => (window as unknown as { __calls: string[] }).__calls.slice());
}

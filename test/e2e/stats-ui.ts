// Driving the statistics screens' range controls and reading their numbers,
// for the link statistics and dashboard specs.
import type { Page } from '@playwright/test';
import { makeFormat } from '../../renderer/src/format.ts';
import { startServer } from '../helpers/server.ts';
import { expect, type World } from './fixtures.ts';

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

/**
 * A second real server behind one trusted proxy (so X-Forwarded-For names the
 * visitor's address and the country and city databases place it), selected as
 * the window's instance, in UTC, whose clock a test sets per visit.
 */
export async function placedInstance(world: World) {
  let fixed: number | null = null;
  const server = await startServer({ timeZone: 'UTC', trustProxy: 1 }, { now: () => fixed ?? Date.now() });
  const view = await world.addInstance('Placed', server.url, server.key);
  await world.invoke('instances.select', { id: view.id });
  return {
    server,
    /** `times` real visits of `path` (an alias, maybe with a query) from `ip` with `ua`, at `at` (ISO, UTC) or now. */
    async visit(path: string, times: number, ip: string, ua: string, at?: string) {
      fixed = at ? Date.parse(at) : null;
      try {
        for (let i = 0; i < times; i++) {
          const res = await fetch(`${server.url}/${path}`, { redirect: 'manual', headers: { 'user-agent': ua, 'x-forwarded-for': ip } });
          expect(res.status, `GET /${path}`).toBe(302);
        }
      } finally {
        fixed = null;
      }
    },
    close: () => server.close(),
  };
}

// Destination health on the links screen: a broken link wears a red badge
// with its reason, the Health filter narrows the list to broken ones, and
// Check now on a link whose destination was fixed turns it OK. The instance is
// a real server whose checker may reach a loopback "site"; the test sweeps it
// once instead of waiting for its schedule.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startServer } from '../helpers/server.ts';
import { expect, test } from './fixtures.ts';
import { pick, rowAction } from './ui.ts';

test('shows broken links, filters them, and Check now turns a fixed one OK', async ({ page, world }) => {
  let shopFixed = false;
  const site = http.createServer((req, res) => {
    if (req.url === '/shop') {
      // Fixed, it answers slowly enough for the check's progress to be seen.
      if (shopFixed) return void setTimeout(() => res.writeHead(200).end(), 700);
      return void res.writeHead(404).end();
    }
    res.writeHead(req.url === '/docs' ? 500 : 200).end();
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const server = await startServer({ healthChecks: true, allowPrivateTitles: true }, { health: { hostGapMs: 0, startDelayMs: 3_600_000 } });
  try {
    for (const [alias, path] of [['shop', '/shop'], ['home', '/'], ['docs', '/docs']] as const) {
      expect((await server.api('POST', '/links', { form: { alias, url: `${siteUrl}${path}` } })).status).toBe(201);
    }
    await server.app.linkdesk.health!.sweep();
    await server.api('POST', '/links', { form: { alias: 'fresh', url: `${siteUrl}/fresh` } }); // not checked yet

    const instance = await world.addInstance('Checked server', server.url, server.key);
    await world.invoke('instances.select', { id: instance.id });
    await world.open('#/links');
    const rows = page.getByTestId('links-table').locator('tbody tr');
    const health = (alias: string) => page.locator(`tr[data-alias="${alias}"]`).getByTestId('health');
    await expect(rows).toHaveCount(4);
    // Health is not among the default columns: the chooser adds it.
    await page.getByTestId('column-chooser').click();
    await page.getByRole('group', { name: 'Columns to show' }).getByRole('checkbox', { name: 'Health' }).check();
    await page.keyboard.press('Escape');
    await expect(health('shop')).toContainText('Broken');
    await expect(health('shop').getByTestId('health-detail')).toHaveText('404');
    await expect(health('docs').getByTestId('health-detail')).toHaveText('500');
    await expect(health('home')).toHaveText('OK');
    await expect(health('fresh')).toHaveText('—');
    await world.shot('health badges');
    await world.axe('links with health badges');

    await pick(page, page, 'Health', 'Broken');
    await expect(page.getByTestId('list-range')).toHaveText('1–2 of 2 links');
    await expect(rows).toHaveCount(2);
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-alias')).sort())).toEqual(['docs', 'shop']);
    await world.shot('only broken links');

    shopFixed = true;
    await rowAction(page, 'shop', 'Check destination now');
    await expect(page.getByTestId('notice').filter({ hasText: 'shop: destination OK' })).toBeVisible();
    // Still filtered to broken links: the fixed one leaves the list.
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-alias', 'docs');
    await world.shot('shop checked and gone from the broken list');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(rows).toHaveCount(4);
    await expect(health('shop')).toHaveText('OK');
    await world.shot('shop OK');
  } finally {
    await server.close();
    site.closeAllConnections();
    await new Promise((r) => site.close(r));
  }
});

// A load that fails keeps what was on screen: the rows stay, the error sits
// above them saying they may be out of date, and "Try again" loads once the
// server answers again. The instance is a real server behind a switch that
// makes it answer 500.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures.ts';

test('rows stay on screen while a load fails, with the error above them', async ({ page, world }) => {
  let down = false;
  const target = new URL(world.remote.url);
  const proxy = http.createServer((req, res) => {
    if (down) return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"Server error.","status":500}');
    const out = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      (answer) => { res.writeHead(answer.statusCode ?? 502, answer.headers); answer.pipe(res); });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  try {
    for (let i = 0; i < 15; i++) {
      expect((await world.remote.api('POST', '/links', { json: { url: `https://example.com/${i}`, alias: `k-${String(i).padStart(2, '0')}` } })).status).toBe(201);
    }
    const flaky = await world.addInstance('Flaky', `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, world.remote.key);
    await world.invoke('instances.select', { id: flaky.id });
    await world.open('#/links');
    const rows = page.getByTestId('links-table').locator('tbody tr');
    await expect(rows).toHaveCount(10);
    await expect(rows.first()).toHaveAttribute('data-alias', 'k-14');

    // The server fails; the next page cannot load (after the retries with backoff).
    down = true;
    await page.getByRole('button', { name: 'Page 2' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The server had a problem' });
    await expect(alert).toBeVisible();
    await expect(alert.getByTestId('kept-notice')).toHaveText('Below is what was loaded last; it may be out of date.');
    await expect(rows).toHaveCount(10);
    await expect(rows.first()).toHaveAttribute('data-alias', 'k-14');
    await world.shot('kept-while-failing');

    // Back up: Try again loads the page asked for, and the error goes.
    down = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(rows).toHaveCount(5);
    await expect(rows.first()).toHaveAttribute('data-alias', 'k-04');
    await expect(alert).toHaveCount(0);
  } finally {
    await new Promise<void>((r) => { proxy.closeAllConnections(); proxy.close(() => r()); });
  }
});

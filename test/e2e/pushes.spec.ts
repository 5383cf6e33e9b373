// State that changes in main reaches the window because main pushes it, not
// because the window asks again: the local server's status after a restart
// made elsewhere, and a bulk job's progress batch by batch. Each test counts
// the calls the page makes (`server.status`, `jobs.get`) and the timers it
// sets, and holds the job's requests at a gate so every step is seen.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, freePort, test } from './fixtures.ts';

/** Records every setInterval the page sets, with its delay (before the app's code runs). */
async function recordIntervals(page: Page): Promise<() => Promise<number[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __intervals: number[] };
    w.__intervals = [];
    const inner = window.setInterval.bind(window);
    window.setInterval = ((fn: TimerHandler, ms?: number, ...rest: unknown[]) => {
      w.__intervals.push(ms ?? 0);
      return inner(fn, ms, ...rest);
    }) as typeof window.setInterval;
  });
  return () => page.evaluate(() => (window as unknown as { __intervals: number[] }).__intervals.slice());
}

test('the local server\'s status changes on screen when main says so, with no polling', async ({ page, world }) => {
  const intervals = await recordIntervals(page);
  await world.open('#/instances');
  const url = page.getByTestId('server-url');
  await expect(url).toHaveText(world.desktop.serverStatus().url!);
  await expect(page.getByTestId('server-state')).toHaveText('Running');
  const asked = () => world.calls.filter((c) => c === 'server.status').length;
  expect(asked()).toBe(1);

  // Restarted on another port from elsewhere (the tray, another window): this window did nothing.
  const port = await freePort();
  const pushesBefore = world.pushes.length;
  await world.invoke('server.restart', { port });
  await expect(url).toHaveText(`http://127.0.0.1:${port}`);
  await world.shot('after-restart');
  expect(world.pushes.slice(pushesBefore).some((c) => c.type === 'server-status'), 'main pushed the new status').toBe(true);
  expect(asked(), 'the window never asked again').toBe(1);
  expect(await intervals(), 'no interval timer polls').toEqual([]);
});

/** A remote instance behind a gate that holds each bulk write until the test lets it through. */
async function gatedRemote(upstream: string) {
  const held: (() => void)[] = [];
  let waiters: (() => void)[] = [];
  const target = new URL(upstream);
  const server = http.createServer((req, res) => {
    const forward = () => {
      const out = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
        (answer) => { res.writeHead(answer.statusCode ?? 502, answer.headers); answer.pipe(res); });
      out.on('error', () => res.destroy());
      req.pipe(out);
    };
    if (req.method === 'PATCH' && req.url?.startsWith('/api/v1/links/bulk')) {
      req.pause();
      held.push(forward);
      for (const w of waiters.splice(0)) w();
    } else forward();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Waits until a bulk write is held, then lets it through. */
    async releaseOne() {
      while (!held.length) await new Promise<void>((r) => waiters.push(r));
      held.shift()!();
    },
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); waiters = []; }),
  };
}

test('a bulk job\'s progress is pushed batch by batch: the window never asks for it again', async ({ page, world }) => {
  const intervals = await recordIntervals(page);
  const gate = await gatedRemote(world.remote.url);
  try {
    const links = Array.from({ length: 2500 }, (_, i) => ({ url: `https://example.com/p/${i}`, alias: `job-${i}` }));
    for (let i = 0; i < links.length; i += 1000) {
      expect((await world.remote.api('POST', '/links/bulk', { json: { links: links.slice(i, i + 1000) } })).status).toBe(200);
    }
    const gated = await world.addInstance('Gated', gate.url, world.remote.key);
    await world.invoke('instances.select', { id: gated.id });
    await world.open('#/links');
    await expect(page.getByTestId('list-range')).toHaveText('1–10 of 2,500 links');

    await page.getByTestId('select-page').check();
    await page.getByRole('button', { name: 'Select all 2,500 matching' }).click();
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Disable', exact: true }).click();
    await page.getByTestId('bulk-modal').getByRole('button', { name: 'Disable', exact: true }).click();
    const progress = page.getByTestId('job-progress');
    // Held at the gate: the job has begun and says so.
    await expect(progress).toHaveAttribute('data-status', 'running');
    await expect(progress).toContainText('0 of 2,500');

    // Each next batch is held as soon as it leaves, and the app gives a request 15 s: the test lets it through at once.
    // (A screenshot in between, beside a second suite, once took longer than the 5 s the test worlds then allowed.)
    await gate.releaseOne();
    await expect(progress).toContainText('1,000 of 2,500');
    await gate.releaseOne();
    await expect(progress).toContainText('2,000 of 2,500');
    await gate.releaseOne();
    await expect(progress).toHaveAttribute('data-status', 'done');
    await expect(progress).toContainText('2,500 of 2,500');
    await world.shot('done');

    const jobPushes = world.pushes.filter((c) => c.type === 'job');
    expect(jobPushes.length, 'main pushed each step').toBeGreaterThanOrEqual(4);
    expect(world.calls.filter((c) => c === 'jobs.get').length, 'asked once at most, when the progress first showed').toBeLessThanOrEqual(1);
    expect(await intervals(), 'no interval timer polls').toEqual([]);
  } finally {
    await gate.close();
  }
});

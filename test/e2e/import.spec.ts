// The import wizard: a 1,000-row Linkdesk CSV (some rows invalid) into a real
// server, with progress, Pause, Cancel, an app restart in the middle and Resume
// from the screen, then the report saved and read back; and a Bitly export
// showing its detected format and column mapping. The target sits behind a
// small proxy that holds each bulk request for a moment, so a batch is still in
// flight when the test pauses, cancels or restarts.
import { readFileSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, type World } from './fixtures.ts';
import { combo, pick } from './ui.ts';

const HOLD_MS = 4000;

/** `world.remote` behind a proxy that holds every POST /links/bulk for HOLD_MS. */
async function slowRemote(world: World) {
  const target = new URL(world.remote.url);
  let bulks = 0;
  const waiting: (() => void)[] = [];
  const agent = new Agent({ keepAlive: false });
  const server = createServer((req, res) => {
    const forward = () => {
      const out = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host }, agent }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      out.on('error', () => { if (!res.headersSent) res.writeHead(502).end(); else res.destroy(); });
      req.pipe(out);
    };
    if (req.method === 'POST' && req.url?.startsWith('/api/v1/links/bulk')) {
      bulks += 1;
      for (const check of waiting.splice(0)) check();
      setTimeout(forward, HOLD_MS);
    } else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await world.addInstance('Slow server', url, world.remote.key);
  return {
    /** Bulk requests that have reached the proxy so far. */
    bulks: () => bulks,
    /**
     * Once `n` bulk requests in all have reached the proxy: the n-th is in flight for HOLD_MS from then. A job's
     * first batch leaves some time after the screen says Running (beside a second suite, later than a click).
     */
    arrived: (n: number) => new Promise<void>((resolve) => {
      const check = () => (bulks >= n ? resolve() : void waiting.push(check));
      check();
    }),
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** 1,000 rows; every 50th has no URL and every 125th a javascript: URL, which are rejected. */
function linkdeskCsv(prefix: string) {
  const lines = ['url,alias,notes'];
  const invalidRows: number[] = [];
  for (let i = 1; i <= 1000; i++) {
    const bad = i % 50 === 0 ? '' : i % 125 === 0 ? 'javascript:alert(1)' : null;
    if (bad !== null) invalidRows.push(i);
    lines.push(`${bad ?? `https://example.com/${prefix}/${i}`},${i % 10 === 0 ? '' : `${prefix}-${i}`},row ${i}`);
  }
  return { buffer: Buffer.from(`${lines.join('\n')}\n`), invalidRows };
}

async function chooseFile(page: Page, name: string, buffer: Buffer) {
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose file…' }).click();
  await (await choosing).setFiles({ name, mimeType: 'text/csv', buffer });
}

/** The remote's links whose URL holds `/${prefix}/`: how many, and how many distinct. */
async function remoteLinks(world: World, prefix: string) {
  const rows = await world.remote.sql('SELECT url FROM links WHERE url LIKE $1', [`%/${prefix}/%`]);
  return { count: rows.length, distinct: new Set(rows.map((r: { url: string }) => r.url)).size };
}

test('imports a 1,000-row file: preview, progress, pause, cancel; then a run cut by a restart resumes to every link once', async ({ page, world }) => {
  const slow = await slowRemote(world);
  try {
    await world.open('#/import');
    await expect(page.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible();
    await world.shot('choose-file');
    await world.axe('import: choose a file');

    // Step 2: what was read from the file.
    const a = linkdeskCsv('a');
    await chooseFile(page, 'links-a.csv', a.buffer);
    const preview = page.getByRole('region', { name: /2\. Check the file/ });
    await expect(page.getByRole('heading', { name: '2. Check the file: links-a.csv' })).toBeFocused();
    await expect(combo(preview, 'Format')).toHaveValue('Linkdesk (CSV or JSON)');
    await expect(page.getByTestId('import-rows')).toHaveText('1,000');
    await expect(page.getByTestId('import-encoding')).toHaveText(/utf-?8/i);
    await expect(combo(preview, 'Field for column url')).toHaveValue('Destination URL');
    await expect(combo(preview, 'Field for column notes')).toHaveValue('Not imported');
    await expect(page.getByTestId('import-sample').getByRole('row')).toHaveCount(6);
    await expect(page.getByTestId('import-sample')).toContainText('https://example.com/a/1');
    await world.shot('preview');
    await world.axe('import: preview');

    // Step 3: into the slow server; paused while its first batch is in flight, so it stops after that batch.
    await pick(page, preview, 'Import into', 'Slow server');
    await page.getByRole('button', { name: 'Import 1,000 rows' }).click();
    const progress = page.getByTestId('job-progress');
    await expect(page.getByRole('heading', { name: '3. Importing' })).toBeFocused();
    await expect(progress).toHaveAttribute('data-status', 'running');
    await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-label', /^Import links-a\.csv into Slow server: \d+%$/);
    await expect(progress).toContainText(/Running · [\d,]+ of 1,000/);
    await world.shot('running');
    await slow.arrived(1);
    await progress.getByRole('button', { name: 'Pause' }).click();
    await expect(progress).toHaveAttribute('data-status', 'paused');
    // The batch in flight is finished and counted: held HOLD_MS at the proxy, then written by the server. Beside a second
    // suite that took more than the 6 s this once allowed (both runs of a loaded round at 35b79dc showed 0 of 1,000).
    await expect(progress).toContainText(/Paused · [1-9][\d,]* of 1,000/, { timeout: 60_000 });
    const pausedAt = await progress.textContent();
    await page.waitForTimeout(HOLD_MS + 500);
    await expect(progress).toHaveText(pausedAt!); // nothing moves while paused
    await world.shot('paused');

    await progress.getByRole('button', { name: 'Cancel' }).click();
    const result = page.getByTestId('import-result');
    await expect(result).toHaveAttribute('data-status', 'cancelled');
    await expect(page.getByRole('heading', { name: '4. Import cancelled' })).toBeFocused();
    await expect(result).toContainText('links written until then are kept');
    // The rows refused so far, with their reasons, right here (the report stays).
    await expect(page.getByTestId('import-rejections').locator('tr[data-row]').first()).toContainText('url');
    const kept = Number((await page.getByTestId('import-created').textContent())!.replace(/,/g, ''));
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(1000);
    expect(await remoteLinks(world, 'a')).toEqual({ count: kept, distinct: kept });
    await world.shot('cancelled');

    // Another run, cut by quitting the app with a batch in flight.
    await page.getByRole('button', { name: 'Import another file' }).click();
    const b = linkdeskCsv('b');
    await chooseFile(page, 'links-b.csv', b.buffer);
    await pick(page, page, 'Import into', 'Slow server');
    const sentBefore = slow.bulks();
    await page.getByRole('button', { name: 'Import 1,000 rows' }).click();
    await expect(progress).toHaveAttribute('data-status', 'running');
    await slow.arrived(sentBefore + 1);
    await world.restartDesktop(); // waits for the batch in flight, as quitting does

    // The reopened window lists it; Resume carries on from the row it had reached.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible();
    const open = page.getByTestId('open-import');
    await expect(open).toContainText('Import links-b.csv into Slow server');
    await expect(open).toContainText(/Paused at row \d/);
    await world.shot('resumable-after-restart');
    await world.axe('import: unfinished imports');
    await open.getByRole('button', { name: 'Resume Import links-b.csv into Slow server' }).click();
    await expect(result).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    await expect(page.getByTestId('import-created')).toHaveText((1000 - b.invalidRows.length).toLocaleString('en'));
    await expect(page.getByTestId('import-rejected')).toHaveText(String(b.invalidRows.length));
    expect(await remoteLinks(world, 'b')).toEqual({ count: 1000 - b.invalidRows.length, distinct: 1000 - b.invalidRows.length });
    await expect(open).toHaveCount(0);
    await world.shot('done');
    await world.axe('import: result');

    // The report: one line per rejected row.
    const downloading = page.waitForEvent('download');
    await result.getByRole('button', { name: `Save report (${b.invalidRows.length} rows)` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('links-b-report.csv');
    const lines = readFileSync((await download.path())!, 'utf8').trim().split(/\r?\n/);
    expect(lines[0]).toBe('row,field,reason');
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(b.invalidRows);
    expect(lines.slice(1).every((l) => /^\d+,url,/.test(l))).toBe(true);
  } finally {
    await slow.close();
  }
});

test('a Bitly export shows its detected format and how its columns map', async ({ page, world }) => {
  // Reached from the sidebar's entry and from the palette's "Go to".
  await world.open('#/links');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Import' })).toBeVisible();
  await page.keyboard.press('Control+K');
  await page.keyboard.type('Import');
  await page.getByRole('dialog', { name: 'Command palette' }).getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/#\/import$/);
  const file = path.resolve(import.meta.dirname, '../fixtures/import/bitly.csv');
  await chooseFile(page, 'bitly.csv', readFileSync(file));
  const preview = page.getByRole('region', { name: /2\. Check the file/ });
  await expect(combo(preview, 'Format')).toHaveValue('Bitly');
  await expect(preview).toContainText('Detected from the file');
  await expect(combo(preview, 'Field for column Long URL')).toHaveValue('Destination URL');
  await expect(combo(preview, 'Field for column Custom back-half')).toHaveValue('Alias');
  await expect(combo(preview, 'Field for column Tags')).toHaveValue('Not imported');
  await expect(page.getByTestId('import-rows')).toHaveText('2');
  await expect(page.getByTestId('import-sample')).toContainText('spring-sale');
  await world.shot('bitly-preview');

  // Read as another format, the file says what it lacks.
  await pick(page, preview, 'Format', 'Kutt');
  await expect(preview.getByRole('alert')).toContainText('column');
  await world.shot('bitly-as-kutt');
});

test('any CSV: the person maps its columns, the import honours them, and the result lists rejected rows and the links written', async ({ page, world }) => {
  await world.open('#/import');
  const file = path.resolve(import.meta.dirname, '../fixtures/import/any-columns.csv');
  await chooseFile(page, 'people-pages.csv', readFileSync(file));
  const preview = page.getByRole('region', { name: /2\. Check the file/ });
  await expect(combo(preview, 'Format')).toHaveValue('Any other CSV');
  // No column is known to hold URLs: the screen says so and nothing can start.
  await expect(preview.getByRole('alert')).toContainText('destination URLs');
  const start = page.getByRole('button', { name: 'Import 3 rows' });
  await expect(start).toBeDisabled();
  await expect(combo(preview, 'Field for column Label')).toHaveValue('Title'); // guessed from its name
  await world.shot('any-csv-unmapped');

  // The person's choice: Page holds the URL, Short name the alias; Label is moved off Title onto the preview title.
  await pick(page, preview, 'Field for column Page', 'Destination URL');
  await pick(page, preview, 'Field for column Short name', 'Alias');
  await pick(page, preview, 'Field for column Label', 'Preview title');
  await pick(page, preview, 'Field for column Owner', 'Title');
  await expect(preview.getByRole('alert')).toHaveCount(0);
  const sample = page.getByTestId('import-sample');
  await expect(sample.getByRole('row').nth(1)).toContainText('https://example.com/pricing');
  await expect(sample.getByRole('row').nth(1)).toContainText('pricing');
  await expect(sample.getByRole('row').nth(1)).toContainText('ana');
  await expect(page.locator('[data-column="Page"]')).toContainText('your choice');
  await expect(preview).toContainText('Detected from the file');
  await world.shot('any-csv-mapped');
  await world.axe('import: column mapping');

  await expect(start).toBeEnabled();
  await start.click();
  const result = page.getByTestId('import-result');
  await expect(result).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(page.getByTestId('import-created')).toHaveText('2');
  await expect(page.getByTestId('import-rejected')).toHaveText('1');
  // Rejected rows inline, each with its reason.
  const rejected = page.getByTestId('import-rejections').locator('tr[data-row]');
  await expect(rejected).toHaveCount(1);
  await expect(rejected.first()).toContainText('3');
  await expect(rejected.first()).toContainText('url');
  await expect(rejected.first()).toContainText(/url/i);
  // The links written, carrying the mapped columns.
  const written = page.getByTestId('import-links').locator('tr[data-link]');
  await expect(written).toHaveCount(2);
  await expect(written.first()).toContainText('/pricing');
  await expect(written.first()).toContainText('https://example.com/pricing');
  await expect(written.first()).toContainText('ana');
  await world.shot('any-csv-result');
  await world.axe('import: result with rejected rows and links');

  const links = await world.invoke('links.list', { query: { per_page: 10, sort_by: 'id', sort: 'asc' } }) as { data: { alias: string; url: string; title: string | null; preview_title: string | null }[] };
  expect(links.data.map((l) => [l.alias, l.url, l.title, l.preview_title])).toEqual([
    ['pricing', 'https://example.com/pricing', 'ana', 'Pricing page'],
    ['team', 'https://example.com/team', 'bo', 'Our team'],
  ]);

  await result.getByRole('button', { name: 'Open the Links screen' }).click();
  await expect(page).toHaveURL(/#\/links/);
});

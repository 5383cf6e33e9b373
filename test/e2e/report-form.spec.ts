// "Report this link" (issue 44, part C) in a real browser: opened from a
// link's preview card, filled and sent without script, thanked; the report in
// the admins' queue and no click counted. A hostile text stays text on every
// page it comes back on: no dialog, no element made of it.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { axeCheck, expect, SCREENS_DIR, test } from './fixtures.ts';

// A link-preview crawler gets the card (preview-page.ts), which carries the form.
test.use({ userAgent: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' });

const XSS = '<script>alert(1)</script>"><img src=x onerror=alert(2)>';

test('reports a link from its preview card: the form opens, sends, thanks, and the report is in the queue with no click counted', async ({ page, world }) => {
  const r = await world.remote.api('POST', '/links', {
    json: { url: 'https://login.bank-example.com/verify', alias: 'spring-card', preview_title: 'Spring sale', preview_description: 'Everything half price until Sunday.' },
  });
  expect(r.status).toBe(201);
  await page.goto(`${world.remote.url}/spring-card`);
  await expect(page.getByRole('heading', { level: 1, name: 'Spring sale' })).toBeVisible();
  // Closed until asked for: the card stays a card.
  await expect(page.getByLabel('What is wrong with this link?')).toBeHidden();
  await page.getByText('Report this link').click();
  await expect(page.getByLabel('What is wrong with this link?')).toBeVisible();
  await world.axe('preview card with the report form open');
  await page.getByLabel('What is wrong with this link?').selectOption('phishing');
  await page.getByLabel(/^Details/).fill('It asks for my online banking password.');
  await world.shot('report form filled');

  await page.getByRole('button', { name: 'Send report' }).click();
  await page.waitForURL(`${world.remote.url}/spring-card/report?thanks`);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();
  await world.axe('report thank-you page');
  await world.shot('report thanks');

  const queue = (await world.remote.api('GET', '/reports')).body;
  expect(queue.data).toHaveLength(1);
  expect(queue.data[0].link).toMatchObject({ id: r.body.data.id, alias: 'spring-card', url: 'https://login.bank-example.com/verify', clicks: 0 });
  expect(queue.data[0].reports[0]).toMatchObject({ reason: 'phishing', details: 'It asks for my online banking password.', status: 'open' });
  expect((await world.remote.api('GET', `/links/${r.body.data.id}`)).body.data.clicks).toBe(0);
});

test('a hostile text comes back as text: the refused form keeps it in the box, and nothing of it runs', async ({ page: card, world }, testInfo) => {
  // A page of its own: Chromium logs the 422 answer itself as a console error, which the fixture's page counts as a
  // problem. This page's console is watched here instead, every other error (a CSP violation, an exception) still failing.
  const page = await card.context().newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().includes('status of 422')) problems.push(`console: ${m.text()}`);
  });
  const dialogs: string[] = [];
  page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
  expect((await world.remote.api('POST', '/links', { json: { url: 'https://example.com/x', alias: 'xss-card', preview_title: 'Card' } })).status).toBe(201);
  await page.goto(`${world.remote.url}/xss-card/report`);
  await expect(page.getByRole('heading', { level: 1, name: 'Report this link' })).toBeVisible();
  await expect(page.getByText(`Short link: ${world.remote.url}/xss-card`)).toBeVisible();
  await axeCheck(page, 'report form page', testInfo);
  await page.getByLabel(/^Details/).fill(XSS);
  // No reason chosen: the browser would ask first (required); the server must answer too.
  await page.getByLabel('What is wrong with this link?').evaluate((el) => el.removeAttribute('required'));
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByRole('alert')).toHaveText('The report was not sent: please correct what is marked below.');
  await expect(page.getByText('Choose a reason: phishing, malware, spam or something else.')).toBeVisible();
  await expect(page.getByLabel(/^Details/)).toHaveValue(XSS);
  await expect(page.getByLabel('What is wrong with this link?')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('img')).toHaveCount(0);
  await expect(page.locator('main script')).toHaveCount(0);
  await axeCheck(page, 'report form refused', testInfo);
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS_DIR, 'report-form--refused-text-kept.png'), fullPage: true });

  // Sent for real, the same text: thanked, stored as written, and the pages stay clean.
  await page.getByLabel('What is wrong with this link?').selectOption('other');
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();
  expect((await world.remote.api('GET', '/reports')).body.data[0].reports[0].details).toBe(XSS);
  await page.goto(`${world.remote.url}/xss-card`);
  await expect(page.locator('img')).toHaveCount(0);
  expect(dialogs).toEqual([]);
  expect(problems).toEqual([]);
  await page.close();
});

test('a form on another site is refused and stores nothing; past 5 reports in 10 minutes the browser is told how long to wait', async ({ page: card, world }, testInfo) => {
  const l = (await world.remote.api('POST', '/links', { json: { url: 'https://example.com/y', alias: 'busy-card', preview_title: 'Busy' } })).body.data;
  // Its own pages: the 403 and 429 answers are expected here, and Chromium logs each as a console error.
  const page = await card.context().newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of (403|429)/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  await page.route('https://evil.example/', (route) => route.fulfill({
    status: 200, contentType: 'text/html',
    body: `<form method="post" action="${world.remote.url}/busy-card/report"><input name="reason" value="phishing"><button>Go</button></form>`,
  }));
  await page.goto('https://evil.example/');
  await page.getByRole('button', { name: 'Go' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'This form was sent from another site' })).toBeVisible();
  expect((await world.remote.api('GET', '/reports')).body.data).toEqual([]);

  // The page's own form, five times: each thanked.
  for (let i = 0; i < 5; i++) {
    await page.goto(`${world.remote.url}/busy-card/report`);
    await page.getByLabel('What is wrong with this link?').selectOption('spam');
    await page.getByLabel(/^Details/).fill(`report ${i + 1}`);
    await page.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();
  }
  await page.goto(`${world.remote.url}/busy-card/report`);
  await page.getByLabel('What is wrong with this link?').selectOption('spam');
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Too many reports' })).toBeVisible();
  await expect(page.getByText(/Nothing was stored\. Try again in (9|10) minutes\./)).toBeVisible();
  await axeCheck(page, 'too many reports', testInfo);
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS_DIR, 'report-form--too-many-reports.png'), fullPage: true });
  const queue = (await world.remote.api('GET', '/reports')).body.data;
  expect(queue.map((g: { link: { id: number }; report_count: number }) => [g.link.id, g.report_count])).toEqual([[l.id, 5]]);
  expect(problems).toEqual([]);
  await page.close();
});

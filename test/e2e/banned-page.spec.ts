// A banned link in a real browser (issue 44): the visitor stays on the short
// link's own page (403, or 451 for a legal block), learns in general words why,
// never sees the destination, can still report it, and counts no click. A host
// ban reaches every user's links to that host at once.
import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { axeCheck, expect, SCREENS_DIR, test } from './fixtures.ts';

/**
 * A page of its own: Chromium logs a page answered 403 or 451 as a console error, which the fixture's page counts as a
 * problem. This page's console is watched here instead, every other error (a CSP violation, an exception) still failing.
 */
async function visitorPage(first: Page): Promise<{ page: Page; problems: string[] }> {
  const page = await first.context().newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of (403|451)/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  return { page, problems };
}

test('a banned link answers its page, not its destination, and still takes a report', async ({ page: first, world }, testInfo) => {
  const { page, problems } = await visitorPage(first);
  const made = await world.remote.api('POST', '/links', { json: { url: 'https://login.bank-example.com/verify', alias: 'gone-phish', title: 'Bank login' } });
  expect(made.status).toBe(201);
  const id = made.body.data.id as number;
  expect((await world.remote.api('POST', `/links/${id}/ban`, { json: { reason: 'phishing kit at login.bank-example.com' } })).status).toBe(200);

  const res = await page.goto(`${world.remote.url}/gone-phish`);
  expect(res!.status()).toBe(403);
  expect(page.url()).toBe(`${world.remote.url}/gone-phish`);
  await expect(page.getByRole('heading', { level: 1, name: 'This link has been disabled' })).toBeVisible();
  // Neither the destination, nor the title, nor the admin's reason (it may quote the destination) reaches the visitor.
  const text = await page.locator('body').innerText();
  for (const secret of ['bank-example', 'Bank login', 'phishing kit']) expect(text).not.toContain(secret);
  mkdirSync(SCREENS_DIR, { recursive: true });
  await axeCheck(page, 'banned link page', testInfo);
  await page.screenshot({ path: path.join(SCREENS_DIR, 'banned-page--light.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: path.join(SCREENS_DIR, 'banned-page--dark.png'), fullPage: true });
  await axeCheck(page, 'banned link page, dark', testInfo);
  await page.emulateMedia({ colorScheme: 'light' });

  await page.getByText('Report this link').click();
  await page.getByLabel('What is wrong with this link?').selectOption('phishing');
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();
  // The ban answered the link's earlier reports; this one is new and open.
  const queue = (await world.remote.api('GET', '/reports')).body.data;
  expect(queue[0].link.id).toBe(id);
  expect(queue[0].reports[0]).toMatchObject({ reason: 'phishing', status: 'open' });
  expect((await world.remote.api('GET', `/links/${id}`)).body.data.clicks).toBe(0);
  expect(problems).toEqual([]);
});

test('a legal block answers 451; a host ban stops every user\'s links to the host and refuses new ones', async ({ page: first, world }) => {
  const { page, problems } = await visitorPage(first);
  const a = await world.remote.api('POST', '/links', { json: { url: 'https://files.example.org/leak.zip', alias: 'court-order' } });
  expect((await world.remote.api('POST', `/links/${a.body.data.id}/ban`, { json: { reason: 'court order 12/2026', legal: 1 } })).status).toBe(200);
  const legal = await page.goto(`${world.remote.url}/court-order`);
  expect(legal!.status()).toBe(451);
  await expect(page.getByText('It has been blocked for legal reasons.')).toBeVisible();

  const member = await world.remote.newUserKey('host-ban-member');
  const mine = await world.remote.api('POST', '/links', { json: { url: 'https://cdn.bad-host.example/a', alias: 'hb-admin' } });
  const theirs = await world.remote.api('POST', '/links', { json: { url: 'https://BAD-HOST.example./b', alias: 'hb-member' }, key: member });
  expect([mine.status, theirs.status]).toEqual([201, 201]);
  const ban = await world.remote.api('POST', '/bans/hosts', { json: { host: 'bad-host.example', reason: 'malware host' } });
  expect(ban.status).toBe(201);
  expect(ban.body.data.links_banned).toBe(2);
  for (const alias of ['hb-admin', 'hb-member']) {
    const r = await page.goto(`${world.remote.url}/${alias}`);
    expect(r!.status(), alias).toBe(403);
    await expect(page.getByRole('heading', { level: 1, name: 'This link has been disabled' })).toBeVisible();
  }
  const again = await world.remote.api('POST', '/links', { json: { url: 'https://www.bad-host.example/c' }, key: member });
  expect(again.status).toBe(422);
  expect(again.body.errors.url[0]).toContain('bad-host.example');
  expect(problems).toEqual([]);
});

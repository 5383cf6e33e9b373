// Safety (issue 44), on a remote instance as its admin: visitors' reports of
// two users' links in the queue (grouped, newest first, their text as text),
// dismissed, a link banned and a host banned from the queue, reaching every
// user's links; the owner sees the ban and its reason on the row and in the
// drawer; a ban lifted with a reason. Then the blocklist (add, refuse, search,
// test a URL, remove with a confirmation, a new link refused) and the threat
// lists' status. axe and screenshots in the light and the dark scheme.
import type { Page } from '@playwright/test';
import { expect, test, type World } from './fixtures.ts';
import { expectFieldError, pick, textField } from './ui.ts';

/** A member of the remote server with a key for links (no admin scope). */
async function member(world: World, name: string): Promise<{ id: number; key: string }> {
  const user = await world.remote.api('POST', '/users', { json: { name } });
  expect(user.status, JSON.stringify(user.body)).toBeLessThan(300);
  const key = await world.remote.api('POST', '/keys', { json: { name: `${name}'s key`, scopes: ['links:write', 'stats:read'], user_id: user.body.data.id } });
  expect(key.status, JSON.stringify(key.body)).toBeLessThan(300);
  return { id: user.body.data.id, key: key.body.data.key };
}

async function makeLink(world: World, key: string, alias: string, url: string) {
  const r = await world.remote.api('POST', '/links', { json: { url, alias }, key });
  expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
}

/** A visitor's report, as the form on the link's pages sends it (at most 5 in 10 minutes from one address). */
async function report(world: World, alias: string, reason: string, details: string) {
  const res = await fetch(`${world.remote.url}/${alias}/report`, {
    method: 'POST', redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ reason, details }).toString(),
  });
  expect(res.status, `report of ${alias}`).toBe(303);
}

const statusOf = async (world: World, alias: string) => (await fetch(`${world.remote.url}/${alias}`, { redirect: 'manual' })).status;
/** The link redirects (any 3xx). */
async function expectRedirect(world: World, alias: string) {
  const status = await statusOf(world, alias);
  expect(status, `GET /${alias}`).toBeGreaterThanOrEqual(300);
  expect(status, `GET /${alias}`).toBeLessThan(400);
}

async function useRemote(world: World, name = 'Remote', key = world.remote.key) {
  const inst = await world.addInstance(name, world.remote.url, key);
  await world.invoke('instances.select', { id: inst.id });
}

/** Opens a screen afresh (a reload: a window learns of an instance selected elsewhere when it loads). */
async function reopen(page: Page, world: World, hash: string) {
  await world.open(hash);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

async function dark(page: Page, world: World, hash: string, label: string) {
  await page.emulateMedia({ colorScheme: 'dark' });
  await world.open(hash);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.waitForLoadState('networkidle');
  await world.shot(`${label} dark`);
  await world.axe(`${label} (dark)`);
  await page.emulateMedia({ colorScheme: 'light' });
}

const XSS = '<img src=x onerror="window.__xss=1"> & "quotes"';

test("the reports queue: dismiss, ban a link, ban a host across users; the owner sees why; a ban lifted with a reason", async ({ page, world }) => {
  const ana = await member(world, 'Ana');
  const bob = await member(world, 'Bob');
  await makeLink(world, ana.key, 'phish-login', 'https://phish.example/login');
  await makeLink(world, bob.key, 'bob-sub', 'https://login.phish.example/account');
  await makeLink(world, bob.key, 'bob-shop', 'https://shop.example/sale');
  await makeLink(world, ana.key, 'ana-prize', 'https://prize.example/win');
  await report(world, 'phish-login', 'phishing', 'It asks for my bank password.');
  await report(world, 'phish-login', 'other', XSS);
  await report(world, 'bob-shop', 'spam', 'Sent to me ten times a day.');
  await report(world, 'ana-prize', 'spam', 'A prize nobody wins.');
  await useRemote(world);

  await world.open('#/safety');
  await expect(page.getByRole('heading', { level: 1, name: 'Safety' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
  const groups = page.getByTestId('report-group');
  // Grouped by link, the most recently reported first.
  await expect(groups).toHaveCount(3);
  await expect(groups.nth(0)).toHaveAttribute('data-alias', 'ana-prize');
  await expect(groups.nth(1)).toHaveAttribute('data-alias', 'bob-shop');
  await expect(groups.nth(2)).toHaveAttribute('data-alias', 'phish-login');
  const phish = page.getByRole('article', { name: /phish-login/ });
  await expect(phish).toContainText('Owner Ana');
  await expect(phish.getByTestId('report-destination')).toContainText('https://phish.example/login');
  await expect(phish).toContainText('0 clicks');
  await expect(phish).toContainText('2 reports');
  await expect(phish.getByTestId('report')).toHaveCount(2);
  await expect(phish.getByTestId('report').first()).toContainText('Other');
  await expect(phish.getByTestId('report').nth(1)).toContainText('Phishing');
  // A visitor's text is text: shown as typed, never run.
  await expect(phish.getByTestId('report-details').first()).toHaveText(XSS);
  await expect(phish.locator('img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  // The destination is text, not a link to click.
  await expect(phish.getByRole('link')).toHaveCount(0);
  await world.shot('reports light');
  await world.axe('safety: reports queue');

  // Dismiss: the group leaves the open queue.
  await page.getByRole('button', { name: 'Dismiss the reports of bob-shop' }).click();
  await expect(page.getByText('Dismissed 1 report of bob-shop.')).toBeVisible();
  await expect(groups).toHaveCount(2);
  await pick(page, page, 'Status', 'Dismissed');
  await expect(groups).toHaveCount(1);
  await expect(groups.first()).toHaveAttribute('data-alias', 'bob-shop');
  await pick(page, page, 'Status', 'Open');
  await expect(groups).toHaveCount(2);

  // Ban one link, a legal block: a reason is needed first.
  await page.getByRole('button', { name: 'Ban the link ana-prize' }).click();
  const banDialog = page.getByRole('dialog', { name: 'Ban ana-prize' });
  await expect(banDialog.getByLabel(/^Reason/)).toBeFocused();
  await expect(banDialog.getByRole('button', { name: 'Ban link' })).toBeDisabled();
  await banDialog.getByLabel(/^Reason/).fill('A prize scam collecting card numbers');
  await banDialog.getByRole('checkbox', { name: /legal block/ }).check();
  await world.axe('safety: ban a link dialog');
  await world.shot('ban link dialog');
  await banDialog.getByRole('button', { name: 'Ban link' }).click();
  await expect(banDialog).toBeHidden();
  await expect(page.getByText('ana-prize no longer redirects.')).toBeVisible();
  expect(await statusOf(world, 'ana-prize')).toBe(451);

  // Ban the host of the phishing link: every user's links to it or a subdomain.
  await expectRedirect(world, 'bob-sub');
  await page.getByRole('button', { name: 'Ban the host of phish-login' }).click();
  const hostDialog = page.getByRole('dialog', { name: 'Ban a host' });
  await expect(textField(hostDialog, 'Host')).toHaveValue('phish.example');
  await hostDialog.getByLabel(/^Reason/).fill('A phishing kit on the whole domain');
  await hostDialog.getByRole('button', { name: 'Ban host' }).click();
  await expect(hostDialog).toBeHidden();
  await expect(page.getByText('2 links banned.')).toBeVisible();
  expect(await statusOf(world, 'phish-login')).toBe(403);
  expect(await statusOf(world, 'bob-sub')).toBe(403);
  await expectRedirect(world, 'bob-shop');
  // Acted on: nothing left open; the banned links' reports are listed as acted on.
  await expect(groups).toHaveCount(0);
  await expect(page.getByTestId('empty-state')).toContainText('No open reports');
  await pick(page, page, 'Status', 'Acted on (banned)');
  await expect(groups).toHaveCount(2);
  await expect(groups.first()).toHaveAttribute('data-alias', 'ana-prize');
  await expect(groups.first().getByTestId('report').first()).toContainText('Acted on');
  await expect(page.getByRole('button', { name: /^Ban the link/ })).toHaveCount(0);

  // A banned host joins the blocklist: no new link may point there.
  await page.getByRole('tab', { name: 'Blocklist' }).click();
  await expect(page.locator('tr[data-entry="*.phish.example"]')).toBeVisible();

  // Banned links: every user's, with reason, what banned them and when.
  await page.getByRole('tab', { name: 'Banned links' }).click();
  const bans = page.getByTestId('bans-table').locator('tbody tr');
  await expect(bans).toHaveCount(3);
  const bobSub = page.locator('tr[data-alias="bob-sub"]');
  await expect(bobSub).toContainText('A phishing kit on the whole domain');
  await expect(bobSub).toContainText('Host ban');
  await expect(bobSub).toContainText('Bob');
  await expect(page.locator('tr[data-alias="ana-prize"]')).toContainText('Legal · 451');
  await expect(page.locator('tr[data-alias="ana-prize"]')).toContainText('An admin');
  // The notices of the bans fade out first: axe reads colors as they are mid-fade.
  await expect(page.getByTestId('notice')).toHaveCount(0);
  await world.shot('banned links light');
  await world.axe('safety: banned links');
  await dark(page, world, '#/safety?tab=bans', 'banned links');

  // The owner (a member's key): no Safety screen, and the ban with its reason on the row and in the drawer.
  await useRemote(world, 'Bob here', bob.key);
  await reopen(page, world, '#/links');
  await expect(page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Safety' })).toHaveCount(0);
  const row = page.locator('tr[data-alias="bob-sub"]');
  await expect(row.getByTestId('ban-badge')).toContainText('Banned');
  await expect(row.getByTestId('ban-reason')).toHaveText('A phishing kit on the whole domain');
  await expect(page.locator('tr[data-alias="bob-shop"]').getByTestId('ban-badge')).toHaveCount(0);
  await world.shot('owner links with a banned link');
  await world.axe('owner: links with a banned link');
  await page.getByRole('button', { name: 'Details of bob-sub' }).click();
  await expect(page.getByTestId('row-detail').getByTestId('ban-notice')).toContainText('Reason: A phishing kit on the whole domain');
  await page.getByRole('button', { name: 'Edit bob-sub' }).click();
  const drawer = page.getByRole('dialog', { name: 'Edit bob-sub' });
  await expect(drawer.getByTestId('ban-notice')).toContainText('This link is banned');
  await expect(drawer.getByTestId('ban-notice')).toContainText('Host ban');
  await expect(drawer.getByTestId('ban-notice')).toContainText('Only an admin can lift the ban');
  await world.shot('owner drawer of a banned link');
  await world.axe('owner: drawer of a banned link');
  await page.keyboard.press('Escape');
  await world.open('#/safety');
  await expect(page.getByRole('alert')).toContainText('Safety is for admin keys');

  // Back as the admin: lift Bob's ban, with a reason.
  const remote = (await world.invoke('instances.list')).instances.find((i: { name: string }) => i.name === 'Remote');
  await world.invoke('instances.select', { id: remote.id });
  await reopen(page, world, '#/safety?tab=bans');
  await page.getByRole('button', { name: 'Lift the ban on bob-sub' }).click();
  const lift = page.getByRole('dialog', { name: 'Lift the ban on bob-sub' });
  await expect(lift.getByRole('button', { name: 'Lift ban' })).toBeDisabled();
  await lift.getByLabel(/^Reason/).fill('The subdomain belongs to someone else');
  await lift.getByRole('button', { name: 'Lift ban' }).click();
  await expect(lift).toBeHidden();
  await expect(bans).toHaveCount(2);
  await expect(page.locator('tr[data-alias="bob-sub"]')).toHaveCount(0);
  await expectRedirect(world, 'bob-sub');
});

test('the blocklist: add, refuse in words, search, test a URL, remove with a confirmation; the threat lists status', async ({ page, world }) => {
  await world.remote.app.linkdesk.repos.blocklist.replaceSource('urlhaus', ['malware.example', 'dropper.example'], 'urlhaus.csv', Date.now());
  await useRemote(world);
  await world.open('#/safety?tab=blocklist');
  await expect(page.getByRole('tab', { name: 'Blocklist' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('empty-state')).toContainText('The blocklist is empty');

  const entry = page.getByLabel(/^Host to block/);
  await entry.fill('*.evil.example');
  await entry.press('Enter');
  await expect(page.locator('tr[data-entry="*.evil.example"]')).toBeVisible();
  await pick(page, page, 'Kind', 'Keyword');
  await page.getByLabel(/^Keyword to block/).fill('casino');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.locator('tr[data-entry="casino"]')).toBeVisible();
  // Refused in words, on the field.
  await pick(page, page, 'Kind', 'Host');
  await entry.fill('not a host!');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expectFieldError(entry, /is not a host name/);
  await world.shot('blocklist refused host');
  await entry.fill('');

  // Search.
  const search = page.getByRole('textbox', { name: 'Search the blocklist' });
  await search.fill('casi');
  await search.press('Enter');
  await expect(page.getByTestId('blocklist-table').locator('tbody tr')).toHaveCount(1);
  await expect(page.getByTestId('blocklist-range')).toHaveText('1 entry of 2.');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByTestId('blocklist-table').locator('tbody tr')).toHaveCount(2);

  // Test a URL.
  await page.getByLabel(/^URL/).fill('https://login.evil.example/x');
  await page.getByRole('button', { name: 'Test' }).click();
  await expect(page.getByTestId('test-result')).toContainText('Blocked');
  await expect(page.getByTestId('test-result')).toContainText('*.evil.example');
  await page.getByLabel(/^URL/).fill('https://fine.example/');
  await page.getByRole('button', { name: 'Test' }).click();
  await expect(page.getByTestId('test-result')).toContainText('Not blocked');

  // The imported list, counted.
  await expect(page.locator('[data-source="urlhaus"]').getByTestId('imported-entries')).toHaveText('2');
  await expect(page.locator('[data-source="urlhaus"]')).toContainText('urlhaus.csv');
  await expect(page.getByText('linkdesk blocklist import FILE')).toBeVisible();
  await world.shot('blocklist light');
  await world.axe('safety: blocklist');
  await dark(page, world, '#/safety?tab=blocklist', 'blocklist');

  // A new link to a blocked host is refused, naming the entry.
  await world.open('#/links');
  await page.getByRole('button', { name: 'New link' }).click();
  const drawer = page.getByRole('dialog', { name: 'New link' });
  await drawer.getByLabel('Destination URL').fill('https://shop.evil.example/');
  await drawer.getByRole('button', { name: 'Create link' }).click();
  await expectFieldError(drawer.getByLabel('Destination URL'), /blocklist.*evil\.example/);
  await page.keyboard.press('Escape');

  // Remove, after a confirmation.
  await world.open('#/safety?tab=blocklist');
  await page.getByRole('button', { name: 'Remove *.evil.example from the blocklist' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove from the blocklist' });
  await expect(confirm).toContainText('*.evil.example');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.locator('tr[data-entry="*.evil.example"]')).toHaveCount(0);
  await expect(page.locator('tr[data-entry="casino"]')).toBeVisible();

  // Threat lists: Safe Browsing's key, the offline lists, the shorteners followed.
  await page.getByRole('tab', { name: 'Threat lists' }).click();
  await expect(page.getByTestId('safe-browsing')).toHaveText('No key');
  await expect(page.getByTestId('imported-total')).toHaveText('2');
  await expect(page.getByTestId('last-import')).not.toHaveText('Never');
  await expect(page.getByTestId('manual-total')).toHaveText('1');
  await expect(page.getByRole('region', { name: 'Shorteners followed' })).toContainText('bit.ly');
  await world.shot('threat lists light');
  await world.axe('safety: threat lists');
  await dark(page, world, '#/safety?tab=threats', 'threat lists');
  await dark(page, world, '#/safety', 'reports empty');
});

test('Safety is found from the command palette by what it holds', async ({ page, world }) => {
  await world.open('#/links');
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('textbox', { name: 'Search links, screens and actions' })).toBeFocused();
  await page.keyboard.type('blocklist');
  await palette.getByRole('button', { name: 'Safety' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Safety' })).toBeVisible();
  expect(page.url()).toContain('#/safety');
});

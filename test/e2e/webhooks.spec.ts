// The Webhooks screen against a real server that may reach loopback (its
// --allow-private-titles switch) and a real receiver: creating a hook shows
// its secret once, a test event arrives signed, and the deliveries list shows
// what the receiver answered.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startServer, type TestServer } from '../helpers/server.ts';
import { expect, test } from './fixtures.ts';

let receiver: http.Server;
let hookUrl: string;
const got: { event: string; signature: string }[] = [];
let hooks: TestServer;

test.beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => { raw += c.toString('utf8'); });
    req.on('end', () => {
      got.push({ event: JSON.parse(raw).event, signature: String(req.headers['linkdesk-signature']) });
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/linkdesk`;
  hooks = await startServer({ allowPrivateTitles: true }, { webhooks: { timing: { pollMs: 100 } } });
});
test.afterAll(async () => {
  await hooks.close();
  await new Promise<void>((r) => receiver.close(() => r()));
});

test('creates a webhook, shows its secret once, sends a test event and lists its delivery', async ({ page, world }) => {
  const instance = await world.addInstance('Hooks', hooks.url, hooks.key);
  await world.invoke('instances.select', { id: instance.id });
  await world.open('#/links');
  await page.getByRole('link', { name: 'Webhooks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await expect(page.getByText('No webhooks yet')).toBeVisible();
  await world.shot('empty');

  await page.getByRole('button', { name: 'New webhook' }).click();
  const form = page.getByRole('dialog', { name: 'New webhook' });
  await form.getByLabel('Payload URL').fill('ftp://nowhere.example');
  await form.getByRole('button', { name: 'Create webhook' }).click();
  await expect(form.getByText('The url must be a valid URL starting with http:// or https://.')).toBeVisible();
  await form.getByLabel('Payload URL').fill(hookUrl);
  await form.getByLabel('Link deleted').check();
  await world.shot('new-webhook-form');
  await world.axe('new webhook dialog');
  await form.getByRole('button', { name: 'Create webhook' }).click();

  const shown = page.getByRole('dialog', { name: 'Signing secret' });
  await expect(shown).toContainText('you will not see it again');
  const secret = (await shown.getByTestId('webhook-secret').textContent())!;
  expect(secret).toMatch(/^whsec_[\w-]{43}$/);
  await expect(shown.getByRole('button', { name: 'Copy secret' })).toBeVisible();
  await world.shot('secret-once');
  await world.axe('signing secret dialog');
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toBeHidden();

  // Gone for good: not in the list, not in the edit dialog, not after a reload.
  const row = page.locator('tr[data-webhook]');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(hookUrl);
  await expect(row).toContainText('link.created');
  await expect(row).toContainText('link.deleted');
  await expect(row).toContainText('Enabled');
  expect(await page.content()).not.toContain(secret);
  await row.getByRole('button', { name: `Edit ${hookUrl}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit webhook' });
  await expect(edit.getByLabel('Payload URL')).toHaveValue(hookUrl);
  expect(await page.content()).not.toContain(secret);
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await world.open('#/webhooks');
  await expect(page.locator('tr[data-webhook]')).toHaveCount(1);
  expect(await page.content()).not.toContain(secret);
  await world.shot('list');
  await world.axe('webhooks list');

  // A test event reaches the receiver, signed; its delivery shows the receiver's 202.
  await page.getByRole('button', { name: `Send test event to ${hookUrl}` }).click();
  const queued = page.getByTestId('notice').filter({ hasText: 'Test event queued' });
  await expect(queued).toBeVisible();
  // Closed now, so its fade-out later never overlaps the axe check of the drawer below.
  await queued.getByRole('button', { name: 'Close notification' }).click();
  await expect(queued).toBeHidden();
  await expect.poll(() => got.map((g) => g.event)).toEqual(['webhook.test']);
  expect(got[0]!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  await page.getByRole('button', { name: `Deliveries to ${hookUrl}` }).click();
  const drawer = page.getByRole('dialog', { name: `Deliveries to ${hookUrl}` });
  const delivery = drawer.locator('tr[data-delivery]');
  await expect(async () => {
    await drawer.getByRole('button', { name: 'Refresh' }).click();
    await expect(delivery.getByTestId('delivery-status')).toHaveText('202', { timeout: 500 });
  }).toPass();
  await expect(delivery).toContainText('webhook.test');
  await expect(delivery).toContainText('delivered');
  await expect(delivery).toContainText('Delivered');
  await world.shot('deliveries');
  await world.axe('deliveries drawer');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Disabled: the row says so, and a test event is refused with the server's reason.
  await page.getByRole('button', { name: `Edit ${hookUrl}` }).click();
  await edit.getByLabel('Enabled').uncheck();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.locator('tr[data-webhook]')).toContainText('Disabled');
  await page.getByRole('button', { name: `Send test event to ${hookUrl}` }).click();
  await expect(page.getByTestId('notice').filter({ hasText: 'enable it to send a test event' })).toBeVisible();
  await world.shot('disabled');

  await page.getByRole('button', { name: `Delete ${hookUrl}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete webhook' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('No webhooks yet')).toBeVisible();
  expect((await hooks.api('GET', '/webhooks')).body.meta.total).toBe(0);
  await world.shot('deleted');
});

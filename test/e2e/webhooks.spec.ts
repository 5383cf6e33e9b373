// The Webhooks screen against a real server that may reach loopback (its
// --allow-private-titles switch) and a real receiver: the form checks itself
// before anything is sent, creating a hook shows its secret once, a test event
// arrives signed (refused once, then taken), the deliveries list shows each
// attempt with what the receiver answered, and Redeliver sends it again.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startServer, type TestServer } from '../helpers/server.ts';
import { expect, test } from './fixtures.ts';

let receiver: http.Server;
let hookUrl: string;
const got: { event: string; signature: string; id: number }[] = [];
let hooks: TestServer;
/** The receiver refuses its first delivery (a 500 with a JSON reason), then takes every one with 202. */
let refuseNext = true;

test.beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => { raw += c.toString('utf8'); });
    req.on('end', () => {
      const body = JSON.parse(raw);
      got.push({ event: body.event, signature: String(req.headers['linkdesk-signature']), id: body.id });
      if (refuseNext) {
        refuseNext = false;
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"database is down, try later"}');
      } else res.writeHead(202).end('accepted');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/linkdesk`;
  hooks = await startServer({ allowPrivateTitles: true }, { webhooks: { timing: { pollMs: 100, backoff: () => 300 } } });
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
  // Checked in the window with the API's own schema, in this screen's words: nothing is sent.
  const create = form.getByRole('button', { name: 'Create webhook' });
  await expect(create).toBeDisabled();
  await form.getByLabel('Payload URL').fill('ftp://nowhere.example');
  await form.getByLabel('Payload URL').blur();
  await expect(form.getByText('Enter a payload URL that starts with http:// or https://.')).toBeVisible();
  await expect(create).toBeDisabled();
  await form.getByLabel('Link created').uncheck();
  await expect(form.getByText('Choose at least one event to send.')).toBeVisible();
  await world.shot('new-webhook-refused');
  await form.getByLabel('Link created').check();
  expect((await hooks.api('GET', '/webhooks')).body.meta.total).toBe(0);
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

  // A test event reaches the receiver, signed: refused once (500), taken on the retry (202).
  await page.getByRole('button', { name: `Send test event to ${hookUrl}` }).click();
  const queued = page.getByTestId('notice').filter({ hasText: 'Test event queued' });
  await expect(queued).toBeVisible();
  // Closed now, so its fade-out later never overlaps the axe check of the drawer below.
  await queued.getByRole('button', { name: 'Close notification' }).click();
  await expect(queued).toBeHidden();
  await expect.poll(() => got.map((g) => g.event)).toEqual(['webhook.test', 'webhook.test']);
  expect(got[0]!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  await page.getByRole('button', { name: `Deliveries to ${hookUrl}` }).click();
  const drawer = page.getByRole('dialog', { name: `Deliveries to ${hookUrl}` });
  const delivery = drawer.getByTestId('delivery');
  await expect(delivery).toHaveCount(1);
  // The list reads itself again while a delivery is being tried.
  await expect(delivery.getByTestId('delivery-status')).toHaveText('202');
  await expect(delivery).toContainText('webhook.test');
  await expect(delivery).toContainText('Delivered');
  await expect(delivery).toContainText('2 attempts');

  // Opened: each attempt with its time, status, duration and the start of the answer; and the body sent.
  await delivery.getByRole('button', { name: /^Delivery \d+: webhook\.test, delivered$/ }).click();
  const attempts = delivery.getByTestId('attempts');
  await expect(attempts.locator('tr[data-attempt]')).toHaveCount(2);
  const first = attempts.locator('tr[data-attempt="1"]');
  await expect(first.getByTestId('attempt-status')).toHaveText('500');
  await expect(first).toContainText('{"error":"database is down, try later"}');
  await expect(first).toContainText(/\d ms/);
  const second = attempts.locator('tr[data-attempt="2"]');
  await expect(second.getByTestId('attempt-status')).toHaveText('202');
  await expect(second).toContainText('accepted');
  await expect(delivery.getByTestId('delivery-payload')).toContainText('"event": "webhook.test"');
  await world.shot('deliveries-attempts');
  await world.axe('deliveries drawer');

  // Redeliver: the same delivery (same id) again; its third attempt is marked as a redelivery.
  await delivery.getByRole('button', { name: /^Redeliver delivery \d+$/ }).click();
  await expect(page.getByTestId('notice').filter({ hasText: 'is being sent again' })).toBeVisible();
  await expect.poll(() => got.length).toBe(3);
  expect(got[2]!.id).toBe(got[0]!.id);
  await expect(attempts.locator('tr[data-attempt]')).toHaveCount(3);
  const third = attempts.locator('tr[data-attempt="3"]');
  await expect(third.getByTestId('attempt-status')).toHaveText('202');
  await expect(third).toContainText('Redelivery');
  await expect(delivery).toContainText('3 attempts');
  await world.shot('deliveries-redelivered');
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

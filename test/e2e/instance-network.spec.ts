// Remote instances on real networks, through the screen: the form's proxy and
// certificate fields (checked before anything leaves), a private CA's
// certificate added from a file, the untrusted-certificate dialog that trusts a
// CA only after the fingerprint is compared, the plain-http warning and its
// confirmation (a real `linkdesk serve` on this machine's non-loopback
// address), the question before a key moves to a new address, and the error
// states as the form shows them.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { linkdesk } from '../helpers/cli.ts';
import { makeCa, type Ca } from '../helpers/net/pki.ts';
import { haproxyMtlsFront, serveLinkdesk, tlsFront } from '../helpers/net/services.ts';
import { closedPort, expect, freePort, test, type World } from './fixtures.ts';
import type { Page } from '@playwright/test';

let dir: string;
let ca: Ca;
const children: ChildProcess[] = [];
test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'linkdesk-e2e-net-'));
  ca = makeCa(path.join(dir, 'ca'), 'Example Corp Internal CA');
});
test.afterAll(() => {
  for (const c of children) c.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

/** An https front with a certificate of the private CA in front of the world's remote server. */
async function httpsRemote(world: World, name: string, chain = false): Promise<string> {
  const leaf = ca.issue(name, { cn: '127.0.0.1', sans: ['IP:127.0.0.1', 'DNS:localhost'], chain });
  const f = await tlsFront(null, dir, { name, host: '127.0.0.1', port: 0, backendPort: Number(new URL(world.remote.url).port), certFile: leaf.certFile, keyFile: leaf.keyFile });
  children.push(f.child);
  return `https://127.0.0.1:${f.port}`;
}

async function openAdd(page: Page) {
  await page.getByRole('button', { name: 'Add instance' }).click();
  return page.getByRole('dialog', { name: 'Add an instance' });
}

test('the form\'s proxy and certificate fields: checked before saving, a private CA added from its file with its fingerprint', async ({ page, world }) => {
  const url = await httpsRemote(world, 'form');
  await world.open('#/instances');
  const dialog = await openAdd(page);
  await dialog.getByLabel('Name').fill('Intranet');
  await dialog.getByLabel('Base URL').fill(url);
  await dialog.getByLabel('API key', { exact: true }).fill(world.remote.key);

  // A proxy address the schema refuses never leaves the form.
  await dialog.getByText('Proxy address', { exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Proxy address' }).fill('ftp://proxy.example.com:21');
  await dialog.getByLabel('Proxy user name').fill('alice');
  await dialog.getByRole('button', { name: 'Add instance' }).click();
  await expect(dialog.getByText('A proxy address starts with http:// or https://.')).toBeVisible();
  await expect(dialog.getByText('Enter the proxy password.')).toBeVisible();
  await world.shot('proxy-fields-refused');
  expect((await world.invoke('instances.list')).instances).toHaveLength(1); // only the local one: nothing was sent

  await dialog.getByText('None', { exact: true }).click();
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Add CA certificate (PEM)…' }).click();
  await (await chooser).setFiles(ca.certFile);
  const shown = dialog.getByTestId('certificate');
  await expect(shown).toContainText('CN=Example Corp Internal CA, O=Linkdesk tests');
  await expect(shown.getByTestId('fingerprint')).toHaveText((await world.invoke('certificates.inspect', { pem: ca.cert }))[0].fingerprint256);
  await world.shot('ca-chosen');
  await world.axe('instance form with a CA certificate');
  await dialog.getByRole('button', { name: 'Add instance' }).click();
  await expect(dialog).toBeHidden();

  const row = page.locator('tr[data-instance="Intranet"]');
  await expect(row.locator('[data-reach]')).toHaveAttribute('data-reach', 'connected');
  await expect(row.locator('[data-warning="ca"]')).toHaveText('1 own CA');
  await expect(row.locator('[data-warning="proxy"]')).toHaveText('No proxy');
  await world.shot('connected-with-own-ca');
});

test('a client certificate chosen in the form: its subject shown, its key never; HAProxy asking for one lets the instance in', async ({ page, world }) => {
  const clientCa = makeCa(path.join(dir, 'client-ca'), 'Example Corp Devices CA');
  const mine = clientCa.issue('laptop', { cn: 'alice-laptop', sans: [], clientAuth: true });
  const port = await freePort();
  const server = ca.issue('mtls', { cn: '127.0.0.1', sans: ['IP:127.0.0.1'] });
  children.push(await haproxyMtlsFront(dir, { port, backendPort: Number(new URL(world.remote.url).port), certFile: server.certFile, keyFile: server.keyFile, clientCaFile: clientCa.certFile }));
  await world.invoke('instances.add', { name: 'Locked down', baseUrl: `https://127.0.0.1:${port}`, apiKey: world.remote.key, caCertificates: [ca.cert] });
  await world.open('#/instances');
  const row = page.locator('tr[data-instance="Locked down"]');
  await expect(row.getByTestId('reach-detail')).toContainText('asks for a client certificate, and this instance has none');

  await row.getByRole('button', { name: 'Edit Locked down' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Locked down' });
  await expect(edit.getByTestId('connection-problem')).toHaveAttribute('data-reason', 'client-cert');
  for (const [button, file] of [['Choose certificate (PEM)…', mine.certFile], ['Choose its key (PEM)…', mine.keyFile]] as const) {
    const chooser = page.waitForEvent('filechooser');
    await edit.getByRole('button', { name: button }).click();
    await (await chooser).setFiles(file);
  }
  await expect(edit.getByTestId('certificate').last()).toContainText('CN=alice-laptop');
  await expect(edit.getByTestId('client-key')).toHaveText('Key: laptop.key (kept in the key store when saved, never shown)');
  await world.shot('client-certificate-chosen');
  await edit.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(edit).toBeHidden();
  await expect(row.locator('[data-reach]')).toHaveAttribute('data-reach', 'connected');
  await expect(row.locator('[data-warning="client-cert"]')).toHaveText('Client certificate');
  expect(await page.content()).not.toContain(mine.key.split('\n')[1]);
});

test('the untrusted-certificate dialog: shows the certificate, trusts its CA only after the fingerprint is compared', async ({ page, world }) => {
  const url = await httpsRemote(world, 'dialog', true);
  await world.addInstance('Wiki links', url, world.remote.key);
  await world.open('#/instances');
  const row = page.locator('tr[data-instance="Wiki links"]');
  await expect(row.locator('[data-reach]')).toHaveAttribute('data-reach', 'error');
  await row.getByRole('button', { name: 'Test connection to Wiki links' }).click();

  const dialog = page.getByRole('dialog', { name: 'Wiki links: certificate not trusted' });
  await expect(dialog.getByRole('alert')).toContainText('certificate is not signed by an authority this computer trusts');
  const certs = dialog.getByTestId('certificate');
  await expect(certs).toHaveCount(2);
  await expect(certs.nth(0)).toContainText('CN=127.0.0.1');
  await expect(certs.nth(1)).toContainText('Signed by');
  await expect(certs.nth(1)).toContainText('Certificate authority');
  const caPrint = (await world.invoke('certificates.inspect', { pem: ca.cert }))[0].fingerprint256;
  await expect(certs.nth(1).getByTestId('fingerprint')).toHaveText(caPrint);
  const trust = dialog.getByRole('button', { name: 'Trust this CA for Wiki links' });
  await expect(trust).toBeDisabled();
  await world.shot('untrusted-certificate');
  await world.axe('untrusted certificate dialog');

  await dialog.getByLabel('I compared the fingerprint with the one I was given, and they are the same').check();
  // The page's word is not enough: main asks itself, showing the fingerprint; a no trusts nothing and says so.
  world.consents.answer = false;
  await trust.click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Not trusted: you declined' })).toContainText(caPrint);
  expect(world.consents.asked).toEqual([{ kind: 'trust-ca', details: expect.objectContaining({ instance: 'Wiki links', fingerprint: caPrint }) }]);
  world.consents.answer = true;
  await trust.click();
  await expect(dialog).toBeHidden();
  await expect(row.locator('[data-reach]')).toHaveAttribute('data-reach', 'connected');
  await expect(row.locator('[data-warning="ca"]')).toHaveText('1 own CA');
  await world.shot('trusted');
});

/** This machine's first non-loopback IPv4 address. */
function outsideAddress(): string {
  const a = Object.values(networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal);
  if (!a) throw new Error('this machine has no non-loopback IPv4 address to serve the plain-http test on');
  return a.address;
}

test('plain http to another address: warned in the form and on the card, no key until confirmed', async ({ page, world }) => {
  const dataDir = path.join(dir, 'plain');
  const served = await serveLinkdesk(null, { host: outsideAddress(), port: 0, dataDir });
  children.push(served.child);
  const lastUsed = () => linkdesk(['keys', 'list', '--data-dir', dataDir]).stdout.split('\n')[1]!;

  await world.open('#/instances');
  const dialog = await openAdd(page);
  await dialog.getByLabel('Name').fill('Branch');
  await dialog.getByLabel('Base URL').fill(served.url);
  await dialog.getByLabel('API key', { exact: true }).fill(served.key);
  const warning = dialog.getByTestId('plain-http-warning');
  await expect(warning).toContainText('The API key would travel unencrypted');
  await world.shot('plain-http-warning');
  await dialog.getByRole('button', { name: 'Add instance' }).click();
  await expect(dialog).toBeHidden();

  const row = page.locator('tr[data-instance="Branch"]');
  await expect(row.locator('[data-warning="plain-http"]')).toHaveText('Plain http: key not sent');
  await expect(row.locator('[data-reach]')).toHaveAttribute('data-reach', 'no-key');
  await expect(row.getByTestId('reach-detail')).toContainText('so it has not been sent');
  expect(lastUsed()).toMatch(/\bnever\b/);
  await world.shot('plain-http-card');

  await row.getByRole('button', { name: 'Edit Branch' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Branch' });
  await expect(edit.getByTestId('connection-problem')).toHaveAttribute('data-reason', 'plain-http');
  await edit.getByLabel(`Send the API key to ${served.url} unencrypted anyway`).check();
  await edit.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(edit).toBeHidden();
  expect(world.consents.asked).toEqual([{ kind: 'plain-http', details: expect.objectContaining({ instance: 'Branch', address: served.url }) }]);
  await expect(row.locator('[data-reach]')).toHaveAttribute('data-reach', 'connected');
  await expect(row.locator('[data-warning="plain-http"]')).toHaveText('Key sent unencrypted');
  expect(lastUsed()).not.toMatch(/\bnever\b/);
  await world.shot('plain-http-confirmed');
});

test('a new address for a stored key: the form asks before the key goes there', async ({ page, world }) => {
  await world.addInstance('Team', world.remote.url, world.remote.key);
  const moved = await httpsRemote(world, 'moved');
  await world.open('#/instances');
  const row = page.locator('tr[data-instance="Team"]');
  await row.getByRole('button', { name: 'Edit Team' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Team' });
  await edit.getByLabel('Base URL').fill(moved);
  await edit.getByRole('button', { name: 'Save', exact: true }).click();
  const ask = page.getByRole('dialog', { name: 'Send the stored key to the new address?' });
  await expect(ask).toContainText(`Whoever runs ${moved} would receive it`);
  await world.shot('ask-before-moving-key');
  await ask.getByRole('button', { name: 'Enter a new key' }).click();
  await expect(edit.getByText('Enter the key for the new one, or agree to send the stored key there.').first()).toBeVisible();
  expect((await world.invoke('instances.list')).instances.find((i: { name: string }) => i.name === 'Team').baseUrl).toBe(world.remote.url);

  // Agreed in the page, declined in main's own dialog: the form says so and the key stays where it was.
  world.consents.answer = false;
  await edit.getByRole('button', { name: 'Save', exact: true }).click();
  await ask.getByRole('button', { name: 'Send the stored key there' }).click();
  await expect(edit.getByText(`Not sent: you declined to send the stored API key to ${moved}. Nothing was changed.`)).toBeVisible();
  expect(world.consents.asked).toEqual([{ kind: 'key-new-address', details: expect.objectContaining({ address: moved, from: world.remote.url }) }]);
  expect((await world.invoke('instances.list')).instances.find((i: { name: string }) => i.name === 'Team').baseUrl).toBe(world.remote.url);

  world.consents.answer = true;
  await edit.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText(moved);
});

test('error states in the form: refused, an unreachable proxy, a sign-in page instead of the API', async ({ page, world }) => {
  const refused = `http://127.0.0.1:${await closedPort()}`;
  await world.addInstance('Old server', refused, 'ldk_x');
  // Plain http through a manual proxy leaves the computer: agreed to (main's stand-in dialog says yes).
  await world.invoke('instances.add', { name: 'Via proxy', baseUrl: world.remote.url, apiKey: world.remote.key, plainHttpConfirmed: true, proxy: { mode: 'url', url: `http://127.0.0.1:${await closedPort()}` } });
  const portal = (await import('node:http')).createServer((_q, r) => r.writeHead(200, { 'content-type': 'text/html' }).end('<title>Hotel Wi-Fi login</title>'));
  await new Promise<void>((resolve) => portal.listen(0, '127.0.0.1', resolve));
  try {
    await world.addInstance('Hotel', `http://127.0.0.1:${(portal.address() as { port: number }).port}`, 'ldk_x');
    await world.open('#/instances');
    const cases: [string, string, RegExp][] = [
      ['Old server', 'refused', /Nothing is listening at 127\.0\.0\.1:\d+ \(connection refused\)\. Check the port/],
      ['Via proxy', 'proxy-refused', /The proxy 127\.0\.0\.1:\d+ refused the connection/],
      ['Hotel', 'html-login', /web page \("Hotel Wi-Fi login"\) instead of the API/],
    ];
    for (const [name, reason, message] of cases) {
      const row = page.locator(`tr[data-instance="${name}"]`);
      await expect(row.getByTestId('reach-detail')).toHaveText(message);
      await row.getByRole('button', { name: `Edit ${name}` }).click();
      const edit = page.getByRole('dialog', { name: `Edit ${name}` });
      const problem = edit.getByTestId('connection-problem');
      await expect(problem).toHaveAttribute('data-reason', reason);
      await expect(problem).toContainText(message);
      await world.shot(`form-error-${reason}`);
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await expect(edit).toBeHidden();
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await world.shot('error-rows');
  } finally {
    portal.closeAllConnections();
    await new Promise((r) => portal.close(r));
  }
});

test('the About card says where keys are kept', async ({ page, world }) => {
  await world.open('#/instances');
  await expect(page.getByTestId('key-store')).toHaveText('API keys: in the system keychain');
  await expect(page.getByTestId('key-store')).toHaveAttribute('data-store', 'keychain');
});


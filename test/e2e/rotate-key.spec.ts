// Rotate key from the Instances screen, on a remote instance reached through a
// proxy that can fail one step: the new key not answering its check (the old
// key stays stored and working, the unused new one is revoked), then the old
// key's revoke refused (the new key stays stored and working, the old one
// still valid, and the dialog says so), then a clean rotation. The keychain
// is the real one; the server's own records say which keys are active. The
// instance list also warns about the key expiring within 14 days.
import type { IncomingMessage } from 'node:http';
import { faultyProxy, type FaultProxy } from '../helpers/fault-proxy.ts';
import { expect, test } from './fixtures.ts';

let proxy: FaultProxy | null = null;
test.afterEach(async () => {
  await proxy?.close();
  proxy = null;
});

test('a key rotation survives a failure in the middle: the new key never lost, the old revoked only after the new one works', async ({ page, world }) => {
  const { remote } = world;
  const expires = new Date(Date.now() + 10 * 86_400_000 + 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const made = (await remote.api('POST', '/keys', { json: { name: 'team laptop', scopes: ['links:write', 'stats:read'], expires_at: expires } })).body.data;
  const oldKey = made.key as string;
  proxy = await faultyProxy(remote.url);
  const inst = await world.addInstance('Team', proxy.url, oldKey);
  const stored = () => world.desktop.secrets.get(inst.id);
  const works = async (key: string) => (await remote.api('GET', '/keys/current', { key })).status === 200;
  const active = async () => ((await remote.api('GET', '/keys?per_page=100&state=active')).body.data as { id: number; prefix: string }[]);
  const activeBefore = (await active()).length;

  // What reaches the server, in order, and with which key.
  const seen: string[] = [];
  const keyOf = (req: IncomingMessage) => (req.headers.authorization === `Bearer ${oldKey}` ? 'old' : 'other');
  const watch = (fault: (req: IncomingMessage) => number | null) => proxy!.inject((req) => {
    const status = fault(req);
    seen.push(`${req.method} ${req.url} ${keyOf(req)}${status ? ` -> ${status}` : ''}`);
    return status;
  });

  await world.open('#/instances');
  const row = page.locator('tr[data-instance="Team"]');
  await expect(row.locator('[data-reach]')).toHaveAttribute('data-reach', 'connected');
  // Expires in 10 days: the list warns.
  await expect(row.getByTestId('key-expiry')).toHaveText('Key expires in 10 days');
  await world.shot('expiry-warning');

  // 1. The new key does not answer its check: nothing changes for the user.
  watch((req) => (req.url === '/api/v1/keys/current' && keyOf(req) === 'other' ? 503 : null));
  await row.getByRole('button', { name: 'Rotate the key of Team' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rotate the key of Team' });
  await expect(dialog).toContainText('only then revokes the old key');
  await world.axe('rotate key dialog');
  await dialog.getByRole('button', { name: 'Rotate key' }).click();
  const outcome = dialog.getByTestId('rotation-outcome');
  await expect(outcome).toHaveAttribute('data-outcome', 'failed');
  await expect(outcome).toContainText('Key not rotated');
  await expect(outcome).toContainText('the old key is kept and still works');
  expect(await stored()).toBe(oldKey);
  expect(await works(oldKey)).toBe(true);
  expect((await active()).length).toBe(activeBefore);
  await world.shot('new-key-did-not-answer');

  // 2. Again, and now the old key's revoke is refused: the new key is in use, the old still valid, and said so.
  seen.length = 0;
  watch((req) => (req.method === 'DELETE' && keyOf(req) === 'other' ? 500 : null));
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(outcome).toHaveAttribute('data-outcome', 'old-kept');
  await expect(outcome).toContainText('New key in use; the old key is still valid');
  await expect(outcome).toContainText(`the old key (${made.prefix}, key ${made.id}) could not be revoked`);
  const second = (await stored())!;
  expect(second).not.toBe(oldKey);
  expect(await works(second)).toBe(true);
  expect(await works(oldKey)).toBe(true);
  // The revoke was tried only after the stored new key had answered as itself.
  const checked = seen.indexOf('GET /api/v1/keys/current other');
  const revoke = seen.findIndex((s) => s.startsWith(`DELETE /api/v1/keys/${made.id} `));
  expect(checked).toBeGreaterThan(-1);
  expect(revoke).toBeGreaterThan(checked);
  await world.shot('old-key-not-revoked');
  await world.axe('rotation outcome: old key still valid');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  // The app goes on with the new key.
  await expect(row.locator('[data-reach]')).toHaveAttribute('data-reach', 'connected');
  await expect(row.locator('[data-key-state]')).toHaveText('Key accepted');

  // 3. No failure: rotated, the key it replaces revoked, the new one stored and working.
  watch(() => null);
  await row.getByRole('button', { name: 'Rotate the key of Team' }).click();
  await dialog.getByRole('button', { name: 'Rotate key' }).click();
  await expect(outcome).toHaveAttribute('data-outcome', 'rotated');
  await expect(outcome).toContainText('Key rotated');
  const third = (await stored())!;
  expect(third).not.toBe(second);
  expect(await works(third)).toBe(true);
  expect((await remote.api('GET', '/keys/current', { key: second })).body.message).toBe('This API key has been revoked.');
  // Same access and no later expiry than the key it replaces.
  const now = (await remote.api('GET', '/keys/current', { key: third })).body.data;
  expect(now.scopes).toEqual(['links:write', 'stats:read']);
  expect(Date.parse(now.expires_at)).toBeLessThanOrEqual(Date.parse(expires));
  // The first key was left valid by step 2 (as the dialog said); the new keys never leaked into the page.
  expect(await works(oldKey)).toBe(true);
  const html = await page.content();
  for (const k of [oldKey, second, third]) expect(html).not.toContain(k);
  await world.shot('rotated');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(row.getByTestId('key-expiry')).toBeVisible();
});

test('a seed-only server cannot rotate: said in the dialog, and its key is left alone', async ({ page, world }) => {
  const { startSeedOnlyServer } = await import('../helpers/seed-only-server.ts');
  const seed = await startSeedOnlyServer({ notFound: 'json' });
  try {
    const inst = await world.addInstance('Seed only', seed.url, seed.key);
    await world.open('#/instances');
    const row = page.locator('tr[data-instance="Seed only"]');
    await expect(row.locator('[data-reach]')).toHaveAttribute('data-reach', 'connected');
    await expect(row.getByTestId('key-expiry')).toHaveCount(0);
    await row.getByRole('button', { name: 'Rotate the key of Seed only' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate the key of Seed only' });
    await dialog.getByRole('button', { name: 'Rotate key' }).click();
    await expect(dialog.getByTestId('rotation-outcome')).toContainText('Not offered by this server');
    await expect(dialog.getByTestId('rotation-outcome')).toContainText('does not offer key management');
    await expect(dialog.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    expect(await world.desktop.secrets.get(inst.id)).toBe(seed.key);
    await world.shot('seed-only');
  } finally {
    await seed.close();
  }
});

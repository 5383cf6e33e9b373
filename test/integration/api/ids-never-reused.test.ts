// An id is never handed out twice (issue 32): after the newest record of a
// kind is deleted, the next one gets a higher id than any before it, so an
// audit entry or a script's remembered id names one record only. Both engines.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
beforeAll(async () => { s = await startServer(); });
afterAll(async () => { await s.close(); });

/** Makes two, deletes the newer, makes one more: its id is above both. */
async function afterDeletingTheNewest(make: (i: number) => Promise<number>, remove: (id: number) => Promise<void>): Promise<{ seen: number[]; next: number }> {
  const first = await make(1);
  const newest = await make(2);
  expect(newest).toBeGreaterThan(first);
  await remove(newest);
  return { seen: [first, newest], next: await make(3) };
}

const created = async (path: string, json: unknown) => {
  const r = await s.api('POST', path, { json });
  expect(r.status, r.text).toBe(201);
  return r.body.data.id as number;
};
const deleted = async (path: string) => {
  const r = await s.api('DELETE', path);
  expect(r.status, r.text).toBe(200);
};

it.each([
  ['links', (i: number) => ({ url: `https://example.com/${i}`, alias: `reuse-${i}` })],
  ['domains', (i: number) => ({ name: `reuse-${i}.example.com` })],
  ['spaces', (i: number) => ({ name: `Space ${i}` })],
  ['pixels', (i: number) => ({ name: `Pixel ${i}`, type: 'bing', pixel_id: `${i}` })],
  ['webhooks', (i: number) => ({ url: `https://hooks.example.com/${i}`, events: ['link.created'] })],
  ['users', (i: number) => ({ name: `reuse-user-${i}` })],
] as const)('%s: the id after deleting the newest is higher than any before', async (kind, body) => {
  const { seen, next } = await afterDeletingTheNewest((i) => created(`/${kind}`, body(i)), (id) => deleted(`/${kind}/${id}`));
  expect(next).toBeGreaterThan(Math.max(...seen));
});

it('keys: a key deleted with its user does not hand its id to the next key', async () => {
  const keyOf = async (userId: number) => {
    const r = await s.api('POST', '/keys', { json: { user_id: userId, name: 'k', scopes: ['links:write'] } });
    expect(r.status, r.text).toBe(201);
    return r.body.data.id as number;
  };
  const keeper = await created('/users', { name: 'key-keeper' });
  const leaver = await created('/users', { name: 'key-leaver' });
  const kept = await keyOf(keeper);
  const newest = await keyOf(leaver);
  await deleted(`/users/${leaver}`); // revoking keeps the row; a user's deletion removes it
  expect((await s.sql('SELECT id FROM api_keys WHERE id = $1', [newest])).length).toBe(0);
  expect(await keyOf(keeper)).toBeGreaterThan(Math.max(kept, newest));
});

it('webhook deliveries and their attempts: ids removed with their hook are not handed out again', async () => {
  // On link.deleted only: the hooks of the other tests hear link.created, so this hook's delivery is the newest.
  const deliveryOf = async (hook: number, alias: string) => {
    await deleted(`/links/${await created('/links', { url: 'https://example.com/hooked', alias })}`);
    const [d] = await s.sql('SELECT max(id) AS id FROM webhook_deliveries WHERE webhook_id = $1', [hook]);
    expect(d!.id).not.toBeNull();
    return Number(d!.id);
  };
  // Attempts are written by the sender; the table's own numbering is what is asked here.
  const attemptOf = async (delivery: number) => {
    await s.sql('INSERT INTO webhook_attempts (delivery_id, started_at, duration_ms) VALUES ($1, $2, 1)', [delivery, Date.now()]);
    const [a] = await s.sql('SELECT max(id) AS id FROM webhook_attempts WHERE delivery_id = $1', [delivery]);
    return Number(a!.id);
  };
  const goes = await created('/webhooks', { url: 'https://hooks.example.com/goes', events: ['link.deleted'] });
  const delivery = await deliveryOf(goes, 'hooked-1');
  const attempt = await attemptOf(delivery);
  await deleted(`/webhooks/${goes}`);
  expect(await s.sql('SELECT id FROM webhook_deliveries WHERE id = $1', [delivery])).toEqual([]);

  const stays = await created('/webhooks', { url: 'https://hooks.example.com/stays', events: ['link.deleted'] });
  const next = await deliveryOf(stays, 'hooked-2');
  expect(next).toBeGreaterThan(delivery);
  expect(await attemptOf(next)).toBeGreaterThan(attempt);
});

it('links: once a deleted link\'s clicks are purged, neither a create nor a bulk create hands its id out again', async () => {
  const bulk = async (n: number, tag: string) => {
    const r = await s.api('POST', '/links/bulk', { json: { links: Array.from({ length: n }, (_, i) => ({ url: `https://example.com/${tag}/${i}` })) } });
    expect(r.status, r.text).toBeLessThan(300);
    return r.body.data.map((d: { data: { id: number } }) => d.data.id) as number[];
  };
  const made = await bulk(3, 'a');
  const newest = Math.max(...made);
  await deleted(`/links/${newest}`);
  await s.sql('DELETE FROM link_purges'); // what the background purge does once the link's clicks are gone
  const single = await created('/links', { url: 'https://example.com/after-purge' });
  expect(single).toBeGreaterThan(newest);
  await deleted(`/links/${single}`);
  await s.sql('DELETE FROM link_purges');
  const run = await bulk(2, 'b');
  expect(Math.min(...run)).toBeGreaterThan(single);
});

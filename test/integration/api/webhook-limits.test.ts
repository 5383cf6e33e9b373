// Webhooks cannot be turned into a flood: a cap per user, no second hook for
// one URL and event, and deliveries to one receiving host spread out at the
// configured rate, queued, every one arriving (a burst of 1,000 links).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicOnly } from '../../../electron/server/net/address-policy.ts';
import { createSender, type Sender } from '../../../electron/server/webhooks/sender.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { within } from '../redirect/helpers.ts';

describe('the cap and the duplicate refusal', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startServer({ webhooksPerUser: 3 }, { webhooks: false }); });
  afterAll(() => s.close());

  it('refuses a second webhook for the same URL and event, on create and on update, naming the field', async () => {
    const first = await s.api('POST', '/webhooks', { json: { url: 'https://hooks.example/in', events: ['link.created', 'link.deleted'] } });
    expect(first.status).toBe(201);
    const twin = await s.api('POST', '/webhooks', { json: { url: 'HTTPS://hooks.example:443/in', events: ['link.deleted'] } });
    expect(twin.status).toBe(422);
    expect(twin.body).toEqual({
      message: { url: [`Webhook ${first.body.data.id} already sends link.deleted to this URL; change that one instead.`] },
      errors: { url: [`Webhook ${first.body.data.id} already sends link.deleted to this URL; change that one instead.`] }, status: 422,
    });
    // Another event to the same URL, or the same event elsewhere, is fine.
    const other = await s.api('POST', '/webhooks', { json: { url: 'https://hooks.example/in', events: ['link.updated'] } });
    expect(other.status).toBe(201);
    const moved = await s.api('PATCH', `/webhooks/${other.body.data.id}`, { json: { events: ['link.created'] } });
    expect(moved.status).toBe(422);
    expect(moved.body.errors).toHaveProperty('url');
    // Another user may point at the same URL.
    const stranger = await s.newUserKey('stranger');
    expect((await s.api('POST', '/webhooks', { key: stranger, json: { url: 'https://hooks.example/in', events: ['link.created'] } })).status).toBe(201);
  });

  it('caps the webhooks of one user at the configured number', async () => {
    expect((await s.api('POST', '/webhooks', { json: { url: 'https://hooks.example/third', events: ['link.created'] } })).status).toBe(201);
    const over = await s.api('POST', '/webhooks', { json: { url: 'https://hooks.example/fourth', events: ['link.created'] } });
    expect(over.body).toEqual({ message: 'This user has 3 webhooks, the most this instance allows; delete one first.', status: 409 });
    const list = (await s.api('GET', '/webhooks')).body;
    expect(list.meta.total).toBe(3);
    await s.api('DELETE', `/webhooks/${list.data[0].id}`);
    expect((await s.api('POST', '/webhooks', { json: { url: 'https://hooks.example/fourth', events: ['link.created'] } })).status).toBe(201);
  });
});

describe('deliveries per receiving host', () => {
  const RATE = 200;
  const LINKS = 1000;
  let s: TestServer;
  let receiver: http.Server;
  let sender: Sender;
  const arrivals: { at: number; id: number; path: string }[] = [];

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        arrivals.push({ at: performance.now(), id: JSON.parse(Buffer.concat(chunks).toString()).id, path: req.url ?? '' });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const port = (receiver.address() as AddressInfo).port;
    sender = createSender({ policy: (address, p) => p === port || publicOnly(address, p), timeoutMs: 5000 });
    s = await startServer({ webhookHostRate: RATE, rateLimit: 0 }, { webhooks: { sender, timing: { pollMs: 100, backoff: () => 200 } } });
    // Two hooks on one host (two paths): the host's rate covers both.
    for (const p of ['/a', '/b']) {
      expect((await s.api('POST', '/webhooks', { json: { url: `http://localhost:${port}${p}`, events: ['link.created'] } })).status).toBe(201);
    }
  });
  afterAll(async () => {
    await s.close();
    await sender.close();
    await new Promise<void>((r) => receiver.close(() => r()));
  });

  it(`a burst of ${LINKS} links reaches one host at ${RATE} per second, and every delivery arrives once`, async () => {
    const bulk = await s.api('POST', '/links/bulk', { json: { links: Array.from({ length: LINKS }, (_, i) => ({ url: `https://example.com/${i}` })) } });
    expect(bulk.body.summary.created).toBe(LINKS);
    const expected = 2 * LINKS;
    await within(120_000, async () => expect(arrivals.length).toBeGreaterThanOrEqual(expected));
    // Each delivery once: the ids are distinct, half to each path.
    expect(new Set(arrivals.map((a) => a.id)).size).toBe(expected);
    expect(arrivals.filter((a) => a.path === '/a')).toHaveLength(LINKS);
    // No second holds more than the rate (a little slack for how the requests bunch on the wire).
    const times = arrivals.map((a) => a.at).sort((a, b) => a - b);
    let most = 0;
    for (let i = 0, j = 0; i < times.length; i++) {
      while (times[i]! - times[j]! >= 1000) j++;
      most = Math.max(most, i - j + 1);
    }
    expect(most).toBeLessThanOrEqual(RATE * 1.1 + 5);
    // Spread over the time the rate takes, not sent at once.
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(((expected - 1) / RATE) * 1000 * 0.9);
    // None was given up or failed on the way.
    const hooks = (await s.api('GET', '/webhooks')).body.data as { id: number }[];
    for (const h of hooks) {
      const d = (await s.api('GET', `/webhooks/${h.id}/deliveries?per_page=10`)).body;
      expect(d.meta.total).toBe(LINKS);
      expect(d.data.every((x: { state: string; attempts: number }) => x.state === 'delivered' && x.attempts === 1)).toBe(true);
    }
  }, 150_000);
});

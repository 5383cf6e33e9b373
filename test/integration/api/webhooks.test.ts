// Webhooks through real HTTP: the resource, its secret shown once, and
// deliveries to a real receiver on loopback (test/helpers/webhook-receiver.ts)
// that checks every signature and timestamp as README tells receivers to;
// retries, a restart mid-retries, click batches, and addresses the instance
// refuses. Each delivery's attempt log and redelivery: webhooks-deliveries.test.ts.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { until, webhookReceiver } from '../../helpers/webhook-receiver.ts';

const { script, at, hook, hooked } = webhookReceiver();

describe('the webhooks resource', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startServer({}, hooked()); });
  afterAll(async () => { await s.close(); });

  it('creates a hook whose secret is in the create answer only, and lists, shows, updates and deletes it', async () => {
    const created = await s.api('POST', '/webhooks', { form: 'url=https%3A%2F%2Fexample.com%2Fin&events[]=link.created&events[]=link.clicked' });
    expect(created.status).toBe(201);
    const h = created.body.data;
    expect(h).toMatchObject({ url: 'https://example.com/in', events: ['link.created', 'link.clicked'], disabled: 0 });
    expect(h.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    const shown = await s.api('GET', `/webhooks/${h.id}`);
    expect(shown.body.data).toEqual({ id: h.id, url: h.url, events: h.events, disabled: 0, created_at: h.created_at, updated_at: h.updated_at });
    const listed = await s.api('GET', '/webhooks');
    expect(listed.body.data.find((x: { id: number }) => x.id === h.id)).toEqual(shown.body.data);
    expect(listed.body.meta).toMatchObject({ current_page: 1, per_page: 10 });
    expect(listed.text).not.toContain(h.secret);

    const updated = await s.api('PATCH', `/webhooks/${h.id}`, { json: { events: ['link.deleted'], disabled: 1 } });
    expect(updated.body.data).toMatchObject({ url: 'https://example.com/in', events: ['link.deleted'], disabled: 1 });
    expect(updated.text).not.toContain(h.secret);
    expect((await s.api('PUT', `/webhooks/${h.id}`, { form: { url: 'https://example.org/new', disabled: '0' } })).body.data)
      .toMatchObject({ url: 'https://example.org/new', events: ['link.deleted'], disabled: 0 });

    expect((await s.api('DELETE', `/webhooks/${h.id}`)).body).toEqual({ id: h.id, object: 'webhook', deleted: true, status: 200 });
    expect((await s.api('GET', `/webhooks/${h.id}`)).status).toBe(404);
  });

  it("keeps each user's hooks to that user", async () => {
    const h = (await s.api('POST', '/webhooks', { json: { url: 'https://example.com/mine', events: ['link.created'] } })).body.data;
    const other = await s.newUserKey('other');
    expect((await s.api('GET', '/webhooks', { key: other })).body.meta.total).toBe(0);
    for (const [method, path] of [['GET', ''], ['PUT', ''], ['DELETE', ''], ['GET', '/deliveries'], ['POST', '/test']] as const) {
      const r = await s.api(method, `/webhooks/${h.id}${path}`, { key: other, json: method === 'PUT' ? { disabled: 1 } : undefined });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body).toEqual({ message: 'Resource not found.', status: 404 });
    }
    expect((await s.api('GET', `/webhooks/${h.id}`)).body.data.disabled).toBe(0);
  });

  it('answers bad input with 422s that name the field', async () => {
    const bad = async (json: unknown, field: string) => {
      const r = await s.api('POST', '/webhooks', { json });
      expect(r.status, JSON.stringify(json)).toBe(422);
      expect(r.body.errors, JSON.stringify(json)).toHaveProperty([field]);
    };
    await bad({ events: ['link.created'] }, 'url');
    await bad({ url: 'ftp://example.com/x', events: ['link.created'] }, 'url');
    await bad({ url: 'javascript:alert(1)', events: ['link.created'] }, 'url');
    await bad({ url: 'https://example.com/x', events: [] }, 'events');
    await bad({ url: 'https://example.com/x', events: ['link.exploded'] }, 'events.0');
    await bad({ url: 'https://example.com/x', events: ['webhook.test'] }, 'events.0');
    await bad({ url: 'https://example.com/x', events: ['link.created'], disabled: 7 }, 'disabled');
    const h = (await s.api('POST', '/webhooks', { json: { url: 'https://example.com/x', events: ['link.created'] } })).body.data;
    expect((await s.api('PATCH', `/webhooks/${h.id}`, { json: { url: 'mailto:a@b.c' } })).status).toBe(422);
    expect((await s.api('GET', '/webhooks?per_page=7')).status).toBe(422);
  });

  it('refuses a private IP literal at create time, and a private address reached by name at connect time', async () => {
    for (const url of ['http://10.1.2.3/in', 'http://127.0.0.1:9/in', 'http://[::1]/in', 'http://169.254.169.254/latest', 'http://[::ffff:192.168.0.1]/']) {
      const r = await s.api('POST', '/webhooks', { json: { url, events: ['link.created'] } });
      expect(r.status, url).toBe(422);
      expect(r.body.errors.url[0]).toMatch(/private address/);
    }
    // "localhost" passes the hint; the connection (to this very server) is refused once its address is known.
    const apiPort = new URL(s.url).port;
    const h = (await s.api('POST', '/webhooks', { json: { url: `http://localhost:${apiPort}/api/v1/links`, events: ['link.created'] } })).body.data;
    await s.api('POST', `/webhooks/${h.id}/test`);
    const d = await until('a refused attempt', async () => (await s.api('GET', `/webhooks/${h.id}/deliveries`)).body.data.find((x: { attempts: number }) => x.attempts > 0));
    expect(d).toMatchObject({ event: 'webhook.test', state: 'pending', last_status: null });
    expect(d.last_error).toMatch(/EPRIVATE.*not a public address/);
  });

  it('documents the resource and how to verify a signature in openapi.json', async () => {
    const doc = await (await fetch(`${s.url}/api/v1/openapi.json`)).json() as any;
    for (const p of ['/api/v1/webhooks', '/api/v1/webhooks/{id}', '/api/v1/webhooks/{id}/deliveries', '/api/v1/webhooks/{id}/test']) expect(doc.paths, p).toHaveProperty([p]);
    const schemas = doc.components.schemas;
    expect(Object.keys(schemas.Webhook.properties)).toEqual(['id', 'url', 'events', 'disabled', 'created_at', 'updated_at']);
    expect(schemas.WebhookCreated.properties).toHaveProperty('secret');
    expect(Object.keys(schemas.WebhookDelivery.properties)).toEqual(expect.arrayContaining(['state', 'attempts', 'last_status', 'next_attempt_at']));
    expect(doc.info.description).toMatch(/Linkdesk-Signature: t=<unix seconds>,v1=<hex>/);
    expect(doc.info.description).toMatch(/constant time/);
    expect(doc.info.description).toMatch(/300 seconds/);
  });
});

describe('deliveries', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startServer({}, hooked()); });
  afterAll(async () => { await s.close(); });

  it('posts link.created, link.updated and link.deleted, signed, to the hooks that subscribe', async () => {
    const all = await hook(s, ['link.created', 'link.updated', 'link.deleted']);
    const createdOnly = await hook(s, ['link.created']);
    const off = await hook(s, ['link.created']);
    await s.api('PATCH', `/webhooks/${off.id}`, { json: { disabled: 1 } });

    const link = (await s.api('POST', '/links', { json: { url: 'https://example.com/page', alias: 'hooked' } })).body.data;
    await s.api('PATCH', `/links/${link.id}`, { json: { url: 'https://example.com/other' } });
    await s.api('DELETE', `/links/${link.id}`);

    const got = await until('three events', () => at(all.path).length >= 3 && at(all.path));
    expect(got.map((r) => r.body.event).sort()).toEqual(['link.created', 'link.deleted', 'link.updated']);
    for (const r of got) {
      expect(r.signed).toBe(true);
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['user-agent']).toBe('Linkdesk-Webhooks/1');
      expect(r.headers['linkdesk-event']).toBe(r.body.event);
      expect(r.headers['linkdesk-delivery']).toBe(String(r.body.id));
      expect(new Date(r.body.created_at).toISOString()).toBe(r.body.created_at);
    }
    const byEvent = Object.fromEntries(got.map((r) => [r.body.event, r.body.data]));
    expect(byEvent['link.created']).toMatchObject({ id: link.id, alias: 'hooked', url: 'https://example.com/page', short_url: `${s.url}/hooked` });
    expect(byEvent['link.updated']).toMatchObject({ id: link.id, url: 'https://example.com/other' });
    expect(byEvent['link.deleted']).toMatchObject({ id: link.id, alias: 'hooked' });

    await until('the link.created-only hook', () => at(createdOnly.path).length >= 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(at(createdOnly.path).map((r) => r.body.event)).toEqual(['link.created']);
    expect(at(off.path)).toEqual([]);
    const list = (await s.api('GET', `/webhooks/${all.id}/deliveries`)).body;
    expect(list.meta.total).toBe(3);
    expect(list.data.map((d: { id: number }) => d.id)).toEqual([...list.data.map((d: { id: number }) => d.id)].sort((a, b) => b - a));
    expect(list.data.every((d: { state: string; last_status: number; attempts: number; next_attempt_at: null }) =>
      d.state === 'delivered' && d.last_status === 200 && d.attempts === 1 && d.next_attempt_at === null)).toBe(true);
  });

  it('retries a delivery that got 500, with the same id and body, until it gets a 2xx', async () => {
    const h = await hook(s, ['link.created']);
    script.set(h.path, [500, 500]);
    const test = await s.api('POST', `/webhooks/${h.id}/test`);
    expect(test.status).toBe(201);
    expect(test.body.data).toMatchObject({ event: 'webhook.test', state: 'pending', attempts: 0 });
    const tries = await until('three attempts', () => at(h.path).length >= 3 && at(h.path));
    expect(new Set(tries.map((r) => r.raw)).size).toBe(1);
    expect(tries.every((r) => r.signed && r.headers['linkdesk-delivery'] === String(test.body.data.id))).toBe(true);
    expect(tries[0]!.body).toMatchObject({ id: test.body.data.id, event: 'webhook.test', data: { webhook_id: h.id } });
    const d = await until('delivered', async () => (await s.api('GET', `/webhooks/${h.id}/deliveries`)).body.data.find((x: { state: string }) => x.state === 'delivered'));
    expect(d).toMatchObject({ id: test.body.data.id, attempts: 3, last_status: 200, last_error: null, next_attempt_at: null });
    expect(d.finished_at).not.toBeNull();
  });

  it('counts a redirect as a failure and does not follow it', async () => {
    const h = await hook(s, ['link.created']);
    script.set(h.path, [302]);
    await s.api('POST', `/webhooks/${h.id}/test`);
    const d = await until('a failed attempt', async () => (await s.api('GET', `/webhooks/${h.id}/deliveries`)).body.data.find((x: { attempts: number }) => x.attempts === 1));
    expect(d).toMatchObject({ state: 'pending', last_status: 302 });
    expect(d.last_error).toMatch(/redirects are not followed/);
    expect(at('/elsewhere')).toEqual([]);
  });
});

describe('giving up', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startServer({}, hooked({ maxAgeMs: 1500, backoff: () => 300 })); });
  afterAll(async () => { await s.close(); });

  it('marks a delivery failed once its retries would pass the age limit', async () => {
    const h = await hook(s, ['link.created']);
    script.set(h.path, Array(20).fill(503));
    await s.api('POST', `/webhooks/${h.id}/test`);
    const d = await until('failed', async () => (await s.api('GET', `/webhooks/${h.id}/deliveries`)).body.data.find((x: { state: string }) => x.state === 'failed'));
    expect(d).toMatchObject({ last_status: 503, last_error: 'Answered 503.', next_attempt_at: null });
    // Retried first, then given up: every attempt reached the receiver, and no more come.
    expect(d.attempts).toBeGreaterThanOrEqual(2);
    const tries = at(h.path).length;
    expect(tries).toBe(d.attempts);
    await new Promise((r) => setTimeout(r, 500));
    expect(at(h.path).length).toBe(tries);
  });
});

describe('a restart in the middle of retries', () => {
  let s: TestServer | null = null;
  afterEach(async () => { await s?.close(); s = null; });

  it('loses no delivery: the next process sends what the last one had not delivered', async () => {
    s = await startServer({}, hooked({ backoff: () => 400 }));
    const h = await hook(s, ['link.created', 'link.deleted']);
    script.set(h.path, Array(50).fill(503));
    const link = (await s.api('POST', '/links', { json: { url: 'https://example.com/restart' } })).body.data;
    await until('a failed attempt', () => at(h.path).length >= 1);
    const { dataDir, key } = s;
    await s.close({ keepData: true });
    s = null;
    const before = at(h.path).length;
    script.set(h.path, []);

    s = await startServer({}, hooked(), { dataDir, key });
    const ok = await until('the delivery after the restart', () => at(h.path).find((r, i) => i >= before && r.signed));
    expect(ok.body).toMatchObject({ event: 'link.created', data: { id: link.id } });
    const list = await until('recorded as delivered', async () => {
      const l = (await s!.api('GET', `/webhooks/${h.id}/deliveries`)).body;
      return l.data[0].state === 'delivered' && l;
    });
    expect(list.meta.total).toBe(1);
    expect(list.data[0].attempts).toBe(before + 1);
  });
});

describe('link.clicked', () => {
  let s: TestServer | null = null;
  afterEach(async () => { await s?.close(); s = null; });
  const click = (url: string, alias: string) => fetch(`${url}/${alias}`, {
    redirect: 'manual',
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'accept-language': 'de-DE', referer: 'https://news.example.net/a' },
  });

  it("sends the owner's clicks in batches, at most one delivery per hook per second", async () => {
    // Clicks made while no process sends webhooks wait in click_log behind the hook's cursor.
    s = await startServer({}, { webhooks: false });
    const h = await hook(s, ['link.clicked']);
    const link = (await s.api('POST', '/links', { json: { url: 'https://example.com/clicked', alias: 'clicky' } })).body.data;
    const other = await s.newUserKey('other');
    await s.api('POST', '/links', { json: { url: 'https://example.com/theirs', alias: 'theirs' }, key: other });
    for (let i = 0; i < 5; i++) expect((await click(s.url, 'clicky')).status).toBe(302);
    expect((await click(s.url, 'theirs')).status).toBe(302);
    expect((await click(s.url, 'nope')).status).toBe(404);
    await until('six stored clicks', async () => Number((await s!.sql('SELECT count(*) AS n FROM click_log'))[0].n) === 6);
    const { dataDir, key } = s;
    await s.close({ keepData: true });

    s = await startServer({}, hooked(), { dataDir, key });
    const [first] = await until('a click batch', () => at(h.path).length >= 1 && at(h.path));
    expect(first!.signed).toBe(true);
    expect(first!.body.event).toBe('link.clicked');
    expect(first!.body.data.clicks).toHaveLength(5);
    expect(first!.body.data.clicks[0]).toEqual({
      link_id: link.id, alias: 'clicky', short_url: `${s.url}/clicky`, at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      country: null, platform: 'Linux', browser: 'Firefox', language: 'de', referrer: 'news.example.net',
    });

    for (let i = 0; i < 3; i++) await click(s.url, 'clicky');
    const second = await until('the next batch', () => at(h.path)[1]);
    expect(second.body.data.clicks.length + first!.body.data.clicks.length).toBeLessThanOrEqual(8);
    // One per second: by the time each delivery was written (its created_at), not by when it happened to arrive.
    expect(Date.parse(second.body.created_at) - Date.parse(first!.body.created_at)).toBeGreaterThanOrEqual(1000);
    await until('all eight clicks', () => at(h.path).flatMap((r) => r.body.data.clicks).length === 8);
  });
});

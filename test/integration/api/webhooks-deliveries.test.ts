// A webhook delivery's attempt log (time, status, duration, the start of the
// answer) and redelivering it, through real HTTP to the real receiver of
// test/helpers/webhook-receiver.ts. Split from webhooks.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { until, webhookReceiver } from '../../helpers/webhook-receiver.ts';

const { script, at, hook, hooked } = webhookReceiver();

describe('attempts and redelivery', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startServer({}, hooked()); });
  afterAll(async () => { await s.close(); });
  type Attempt = { number: number; at: string; duration_ms: number; status: number | null; error: string | null; response: string | null; redelivery: boolean };
  const deliveries = async (id: number) => (await s.api('GET', `/webhooks/${id}/deliveries`)).body.data as { id: number; state: string; attempts: number; attempt_log: Attempt[] }[];

  it("lists each delivery's attempts with time, status, duration and the start of the answer; Redeliver sends the same body again", async () => {
    const h = await hook(s, ['link.created']);
    script.set(h.path, [500, 503]);
    await s.api('POST', '/links', { json: { url: 'https://example.com/attempts', alias: 'attempts' } });
    const [d] = await until('delivered after two failures', async () => {
      const list = await deliveries(h.id);
      return list[0]?.state === 'delivered' && list;
    });
    expect(d!.attempts).toBe(3);
    expect(d!.attempt_log.map((a) => [a.number, a.status, a.error, a.response, a.redelivery])).toEqual([
      [1, 500, 'Answered 500.', '{"error":"receiver says 500"}', false],
      [2, 503, 'Answered 503.', '{"error":"receiver says 503"}', false],
      [3, 200, null, 'ok', false],
    ]);
    for (const a of d!.attempt_log) {
      expect(Number.isInteger(a.duration_ms) && a.duration_ms >= 0).toBe(true);
      expect(new Date(a.at).toISOString().replace(/\.\d{3}Z$/, 'Z')).toBe(a.at);
    }
    expect(Date.parse(d!.attempt_log[1]!.at)).toBeGreaterThanOrEqual(Date.parse(d!.attempt_log[0]!.at));

    const detail = (await s.api('GET', `/webhooks/${h.id}/deliveries/${d!.id}`)).body.data;
    expect(detail).toMatchObject({ id: d!.id, attempts: 3, attempt_log: d!.attempt_log });
    expect(detail.payload).toBe(at(h.path)[0]!.raw);

    const again = await s.api('POST', `/webhooks/${h.id}/deliveries/${d!.id}/redeliver`);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id: d!.id, state: 'pending', finished_at: null });
    const [after] = await until('redelivered', async () => {
      const list = await deliveries(h.id);
      return list[0]?.attempts === 4 && list[0].state === 'delivered' && list;
    });
    expect(after!.attempt_log[3]).toMatchObject({ number: 4, status: 200, redelivery: true });
    const sent = at(h.path);
    expect(sent).toHaveLength(4);
    // The same bytes, the same delivery id: a receiver that deduplicates by id sees one event.
    expect(sent[3]!.raw).toBe(sent[0]!.raw);
    expect(sent[3]!.headers['linkdesk-delivery']).toBe(String(d!.id));
    expect(sent[3]!.signed).toBe(true);
  });

  it('redelivers a failed delivery; refuses one being sent (409), a disabled hook (422), and another hook\'s or user\'s (404)', async () => {
    const h = await hook(s, ['link.created']);
    const other = await hook(s, ['link.created']);
    script.set(h.path, [500]);
    await s.api('POST', '/links', { json: { url: 'https://example.com/failed', alias: 'failed-once' } });
    const [d] = await until('first attempt', async () => {
      const list = await deliveries(h.id);
      return (list[0]?.attempts ?? 0) >= 1 && list;
    });
    // Given up, as after 24 hours of failures.
    await until('delivered or given up', async () => (await deliveries(h.id))[0]!.state !== 'pending');
    await s.sql('UPDATE webhook_deliveries SET state = $1, finished_at = $2 WHERE id = $3', ['failed', Date.now(), d!.id]);

    await s.sql('UPDATE webhook_deliveries SET leased_until = $1 WHERE id = $2', [Date.now() + 60_000, d!.id]);
    const busy = await s.api('POST', `/webhooks/${h.id}/deliveries/${d!.id}/redeliver`);
    expect(busy.status).toBe(409);
    expect(busy.body.message).toMatch(/being sent right now/);
    await s.sql('UPDATE webhook_deliveries SET leased_until = NULL WHERE id = $1', [d!.id]);

    expect((await s.api('POST', `/webhooks/${other.id}/deliveries/${d!.id}/redeliver`)).status).toBe(404);
    expect((await s.api('GET', `/webhooks/${other.id}/deliveries/${d!.id}`)).status).toBe(404);
    const stranger = await s.newUserKey('stranger');
    expect((await s.api('POST', `/webhooks/${h.id}/deliveries/${d!.id}/redeliver`, { key: stranger })).body).toEqual({ message: 'Resource not found.', status: 404 });

    const before = at(h.path).length;
    expect((await s.api('POST', `/webhooks/${h.id}/deliveries/${d!.id}/redeliver`)).status).toBe(200);
    const [back] = await until('the failed delivery delivered', async () => {
      const list = await deliveries(h.id);
      return list[0]?.state === 'delivered' && list;
    });
    expect(back!.attempt_log.at(-1)).toMatchObject({ status: 200, redelivery: true });
    expect(at(h.path).length).toBe(before + 1);

    await s.api('PATCH', `/webhooks/${h.id}`, { json: { disabled: 1 } });
    const off = await s.api('POST', `/webhooks/${h.id}/deliveries/${d!.id}/redeliver`);
    expect([off.status, off.body.errors]).toEqual([422, { disabled: ['The webhook is disabled; enable it to redeliver.'] }]);
  });
});

// Dates a client sends are read exactly: an impossible date is refused with
// words naming the field (2030-02-30 was rolled forward to March 2nd), an
// offset is honoured, and a date alone lasts through the end of that day in
// the instance's time zone, with the answer's expires_at saying the instant.
// Both engines (the postgres project includes test/integration/api).
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer | undefined;
afterEach(async () => { await s?.close(); s = undefined; });

/** A server whose clock the test moves. */
async function serverAt(at: string, timeZone = 'UTC') {
  const clock = { now: Date.parse(at) };
  s = await startServer({ rateLimit: 0, timeZone }, { now: () => clock.now, webhooks: false });
  return { s, clock };
}

const IMPOSSIBLE = ['2030-02-30', '2030-04-31', '2030-02-29', '2030-02-30T10:00:00Z', '2030-04-31T10:00:00+05:00', '2030-01-01T24:00:00Z', '2030-01-01T10:60Z', '2030-13-01'];

describe('impossible dates', () => {
  it('are 422 naming the field wherever a date is read, and nothing is made', async () => {
    const { s } = await serverAt('2026-01-01T00:00:00Z');
    const link = (await s.api('POST', '/links', { form: { url: 'https://example.com' } })).body.data.id as number;
    const keysBefore = (await s.sql('SELECT COUNT(*) AS n FROM api_keys'))[0].n;
    for (const bad of IMPOSSIBLE) {
      const made = await s.api('POST', '/keys', { json: { name: 'dated', expires_at: bad } });
      expect(made.status, `${bad} → ${made.text}`).toBe(422);
      expect(Object.keys(made.body.errors)).toEqual(['expires_at']);
      expect(made.body.message.expires_at[0]).toMatch(/^The expires_at must be a real date/);
      const patched = await s.api('PATCH', '/keys/1', { json: { expires_at: bad } });
      expect(patched.status, `${bad} → ${patched.text}`).toBe(422);
      expect(Object.keys(patched.body.errors)).toEqual(['expires_at']);
    }
    expect((await s.sql('SELECT COUNT(*) AS n FROM api_keys'))[0].n).toEqual(keysBefore);
    expect((await s.api('GET', '/keys/1')).body.data.expires_at).toBeNull();

    for (const bad of ['2030-02-30', '2030-04-31']) {
      const l = await s.api('PATCH', `/links/${link}`, { form: { expiration_date: bad } });
      expect(l.status).toBe(422);
      expect(l.body.errors).toEqual({ expiration_date: ['The expiration_date is not a valid date.'] });
      expect((await s.api('GET', `/stats/${link}?from=${bad}`)).body.errors).toHaveProperty('from');
      expect((await s.api('GET', `/audit?to=${bad}`)).body.errors).toHaveProperty('to');
    }
    const bulk = await s.api('POST', '/links/bulk', { json: { links: [{ url: 'https://example.com/a', created_at: '2024-02-30T08:00:00Z' }] } });
    expect(bulk.body.data[0]).toMatchObject({ status: 422, result: 'rejected', errors: { created_at: [expect.stringMatching(/real date/)] } });
    const fine = await s.api('POST', '/links/bulk', { json: { links: [{ url: 'https://example.com/b', created_at: '2024-02-29T08:00:00+02:00' }] } });
    expect(fine.body.data[0].data.created_at).toBe('2024-02-29T06:00:00Z');
  });
});

describe('expires_at of a key', () => {
  it('with an offset is that instant', async () => {
    const { s } = await serverAt('2026-01-01T00:00:00Z');
    const r = await s.api('POST', '/keys', { json: { name: 'offset', expires_at: '2030-01-01T10:00:00+05:00' } });
    expect(r.status, r.text).toBe(201);
    expect(r.body.data.expires_at).toBe('2030-01-01T05:00:00Z');
    const narrowed = await s.api('PATCH', `/keys/${r.body.data.id}`, { form: { expires_at: '2029-12-31T20:00:00-08:00' } });
    expect(narrowed.status, narrowed.text).toBe(200);
    expect(narrowed.body.data.expires_at).toBe('2030-01-01T04:00:00Z');
  });

  it('as a date alone works through that whole day in the instance time zone, and the answer says until when', async () => {
    const { s, clock } = await serverAt('2030-01-31T12:00:00Z', 'Europe/Paris');
    const r = await s.api('POST', '/keys', { form: { name: 'day', expires_at: '2030-01-31' } });
    expect(r.status, r.text).toBe(201);
    // The end of 31 January in Paris (UTC+1 in winter).
    expect(r.body.data.expires_at).toBe('2030-01-31T23:00:00Z');
    clock.now = Date.parse('2030-01-31T22:59:59Z'); // 23:59:59 in Paris
    expect((await s.api('GET', '/keys/current', { key: r.body.data.key })).status).toBe(200);
    clock.now = Date.parse('2030-01-31T23:00:00Z');
    const late = await s.api('GET', '/keys/current', { key: r.body.data.key });
    expect(late.status).toBe(401);
    expect(late.body.message).toContain('2030-01-31T23:00:00Z');
  });

  it('as a date and time without an offset is read in the instance time zone', async () => {
    const { s } = await serverAt('2026-01-01T00:00:00Z', 'Europe/Paris');
    const r = await s.api('POST', '/keys', { json: { expires_at: '2030-07-01T12:00' } });
    expect(r.body.data.expires_at).toBe('2030-07-01T10:00:00Z'); // UTC+2 in summer
  });

  it('as a date alone on a UTC instance ends at the next midnight UTC', async () => {
    const { s } = await serverAt('2026-01-01T00:00:00Z');
    const r = await s.api('POST', '/keys', { json: { expires_at: '2028-02-29' } });
    expect(r.body.data.expires_at).toBe('2028-03-01T00:00:00Z');
  });
});

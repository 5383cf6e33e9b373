// Google Safe Browsing v4 on every create and update, against a fake
// threatMatches:find on 127.0.0.1: a match is a 422 naming the field and the
// threat, cached for the answer's cacheDuration; no match stores the link;
// a timeout, a 429 or a 5xx lets the write through (fail open) and marks the
// link abuse_check_due for the scheduled re-check.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

let fake: Server;
let s: TestServer;
let clock = Date.now();
let mode: 'answer' | 'slow' | '429' | '503' = 'answer';
const asked: { key: string | null; urls: string[] }[] = [];

beforeAll(async () => {
  fake = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += String(c); });
    req.on('end', () => {
      const urls = (JSON.parse(body).threatInfo.threatEntries as { url: string }[]).map((e) => e.url);
      asked.push({ key: new URL(req.url!, 'http://x').searchParams.get('key'), urls });
      if (mode === 'slow') return void setTimeout(() => res.end('{}'), 5_000);
      if (mode === '429') return void res.writeHead(429, { 'content-type': 'application/json' }).end('{"error":{"code":429}}');
      if (mode === '503') return void res.writeHead(503).end('unavailable');
      const matches = urls.filter((u) => u.includes('phish')).map((url) => ({
        threatType: 'SOCIAL_ENGINEERING', platformType: 'ANY_PLATFORM', threatEntryType: 'URL', threat: { url }, cacheDuration: '300s',
      }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(matches.length ? { matches } : {}));
    });
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  const port = (fake.address() as AddressInfo).port;
  s = await startServer({
    rateLimit: 0, allowPrivateTitles: true, safeBrowsingKey: 'test-key', safeBrowsingUrl: `http://127.0.0.1:${port}/v4/threatMatches:find`,
  }, { webhooks: false, now: () => clock });
});
afterAll(async () => {
  await s.close();
  fake.closeAllConnections();
  await new Promise((r) => fake.close(r));
});
beforeEach(() => { mode = 'answer'; });

const due = async (id: number) => (await s.sql('SELECT abuse_check_due FROM links WHERE id = $1', [id]))[0].abuse_check_due as number | null;

describe('Google Safe Browsing', () => {
  it('the blocklist says Safe Browsing is on', async () => {
    expect((await s.api('GET', '/blocklist')).body.data.safe_browsing).toBe(true);
  });

  it('a match is refused, naming the field and the threat; the key goes in the query', async () => {
    const r = await s.api('POST', '/links', { json: { url: 'https://phish.example/login' } });
    expect(r.status, r.text).toBe(422);
    expect(r.body.errors.url).toEqual(['The url is on a threat list (Google Safe Browsing: SOCIAL_ENGINEERING).']);
    expect(asked.at(-1)).toEqual({ key: 'test-key', urls: ['https://phish.example/login'] });
  });

  it('the answer is cached for its cacheDuration (300s): the same URL asks nothing until then', async () => {
    const before = asked.length;
    expect((await s.api('POST', '/links', { json: { url: 'https://phish.example/login' } })).status).toBe(422);
    expect(asked.length).toBe(before);
    clock += 299_000;
    expect((await s.api('POST', '/links', { json: { url: 'https://phish.example/login' } })).status).toBe(422);
    expect(asked.length).toBe(before);
    // Past the 300 s it stated: asked again.
    clock += 2_000;
    expect((await s.api('POST', '/links', { json: { url: 'https://phish.example/login' } })).status).toBe(422);
    expect(asked.length).toBe(before + 1);
  });

  it('every address is asked about: targets and rules, named by their field', async () => {
    const r = await s.api('POST', '/links', { json: { url: 'https://fine.example/', rules: [{ if: { devices: ['mobile'] }, url: 'https://m.phish.example/' }] } });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors)).toEqual(['rules.0.url']);
    expect(asked.at(-1)!.urls).toEqual(['https://fine.example/', 'https://m.phish.example/']);
  });

  it('no match: stored, and not due for a re-check', async () => {
    const r = await s.api('POST', '/links', { json: { url: 'https://fine.example/a' } });
    expect(r.status).toBe(201);
    expect(await due(r.body.data.id)).toBeNull();
  });

  it.each([
    ['a timeout', 'slow'],
    ['429', '429'],
    ['a 5xx', '503'],
  ] as const)('%s: the write goes through (fails open) and the link is due for a re-check', async (_what, m) => {
    mode = m;
    const started = Date.now();
    const r = await s.api('POST', '/links', { json: { url: `https://unknown-${m}.example/` } });
    expect(r.status, r.text).toBe(201);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(await due(r.body.data.id)).toBeGreaterThan(0);
    // For 30 s after a failure, writes do not wait for the service: they go through at once, due.
    const asks = asked.length;
    const next = await s.api('POST', '/links', { json: { url: `https://paused-${m}.example/` } });
    expect(next.status).toBe(201);
    expect(await due(next.body.data.id)).toBeGreaterThan(0);
    expect(asked.length).toBe(asks);
    // Checked again on an update once the service answers: no longer due.
    clock += 31_000;
    mode = 'answer';
    expect((await s.api('PATCH', `/links/${r.body.data.id}`, { json: { url: `https://later-${m}.example/` } })).status).toBe(200);
    expect(await due(r.body.data.id)).toBeNull();
  });

  it('a bulk create asks once for all its addresses; the flagged item alone is rejected', async () => {
    const before = asked.length;
    const r = await s.api('POST', '/links/bulk', { json: { links: [{ url: 'https://bulk-1.example/' }, { url: 'https://bulk.phish.example/' }, { url: 'https://bulk-3.example/' }] } });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.map((i: { result: string }) => i.result)).toEqual(['created', 'rejected', 'created']);
    expect(r.body.data[1].errors.url).toEqual(['The url is on a threat list (Google Safe Browsing: SOCIAL_ENGINEERING).']);
    expect(asked.length).toBe(before + 1);
    expect(asked.at(-1)!.urls).toEqual(['https://bulk-1.example/', 'https://bulk.phish.example/', 'https://bulk-3.example/']);
  });

  it('an update to a flagged URL is refused', async () => {
    const id = (await s.api('POST', '/links', { json: { url: 'https://fine.example/u' } })).body.data.id;
    const r = await s.api('PATCH', `/links/${id}`, { json: { expiration_url: 'https://phish.example/expired' } });
    expect(r.status).toBe(422);
    expect(r.body.errors.expiration_url).toEqual(['The expiration_url is on a threat list (Google Safe Browsing: SOCIAL_ENGINEERING).']);
  });
});

// Safe Browsing cannot be reached when a link is made (issue 44): the write
// goes through, the link is marked for the re-check, the re-check keeps it
// marked while Safe Browsing stays down, and bans it once Safe Browsing
// answers that the address is a threat. Against a fake threatMatches:find
// on 127.0.0.1, with the server's own verdict (nothing injected).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthProbe } from '../../../electron/server/health/probe.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

const okProbe: HealthProbe = { check: async () => ({ ok: true }), close: async () => {} };
let fake: Server;
let s: TestServer;
let clock = Date.now();
let mode: 'down' | 'answer' = 'down';

beforeAll(async () => {
  fake = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += String(c); });
    req.on('end', () => {
      if (mode === 'down') return void res.writeHead(503).end('unavailable');
      const urls = (JSON.parse(body).threatInfo.threatEntries as { url: string }[]).map((e) => e.url);
      const matches = urls.filter((u) => u.includes('phish')).map((url) => ({
        threatType: 'SOCIAL_ENGINEERING', platformType: 'ANY_PLATFORM', threatEntryType: 'URL', threat: { url }, cacheDuration: '300s',
      }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(matches.length ? { matches } : {}));
    });
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  const port = (fake.address() as AddressInfo).port;
  s = await startServer({
    rateLimit: 0, healthChecks: true, allowPrivateTitles: true, safeBrowsingKey: 'test-key', safeBrowsingUrl: `http://127.0.0.1:${port}/v4/threatMatches:find`,
  }, { webhooks: false, now: () => clock, health: { probe: okProbe, hostGapMs: 0, startDelayMs: 3_600_000 } });
});
afterAll(async () => {
  await s.close();
  fake.closeAllConnections();
  await new Promise((r) => fake.close(r));
});

const row = async (id: number) => (await s.sql('SELECT abuse_check_due, banned_at, ban_source FROM links WHERE id = $1', [id]))[0];
const sweepLater = async () => {
  clock += 61_000; // a minute later: the re-check's budget is back, Safe Browsing's back-off is over
  await s.app.linkdesk.health!.sweep();
};

describe('the re-check and Safe Browsing', () => {
  it('lets a write through while Safe Browsing is down, keeps the link due while it stays down, and bans it when it answers', async () => {
    const made = await s.api('POST', '/links', { json: { url: 'https://phish-later.example/login' } });
    expect(made.status, made.text).toBe(201);
    const id = made.body.data.id as number;
    expect((await row(id)).abuse_check_due).not.toBeNull();
    await sweepLater();
    const still = await row(id);
    expect(still.banned_at).toBeNull();
    expect(still.abuse_check_due).not.toBeNull();
    mode = 'answer';
    await sweepLater();
    const after = await row(id);
    expect(after).toMatchObject({ abuse_check_due: null, ban_source: 'threat' });
    expect(after.banned_at).not.toBeNull();
    expect((await s.api('GET', `/links/${id}`)).body.data.banned.reason).toContain('SOCIAL_ENGINEERING');
  });
});

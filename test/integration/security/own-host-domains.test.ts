// A domain named like the instance's own host (or localhost, or an IP
// literal) would take over every default-domain link: the redirect server
// prefers a registered domain for its Host. No user may register one, and one
// already in an older database is ignored with a warning at start.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteOf, startServer, type TestServer } from '../../helpers/server.ts';
import { createLink, startRedirectServer } from '../redirect/helpers.ts';

const BASE = 'http://short.test';

describe('registering a domain', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startServer({ baseUrl: BASE }); });
  afterAll(async () => { await s.close(); });

  it.each([
    ['short.test', 'own host'], ['SHORT.Test.', 'own host, other case, trailing dot'], ['ｓｈｏｒｔ.ｔｅｓｔ', 'own host in full-width letters'],
    ['localhost', 'localhost'], ['LocalHost.', 'localhost, other case, trailing dot'], ['app.localhost', 'a subdomain of localhost'],
    ['127.0.0.1', 'IPv4'], ['10.0.0.1.', 'IPv4 with trailing dot'], ['2130706433', 'IPv4 as one decimal number'],
    ['0x7f000001', 'IPv4 in hex'], ['127.1', 'IPv4 shorthand'], ['::1', 'IPv6'], ['[::1]', 'IPv6 in brackets'],
    ['[::ffff:127.0.0.1]', 'IPv4-mapped IPv6 in brackets'],
  ])('refuses %s (%s) with 422 on name', async (name) => {
    const r = await s.api('POST', '/domains', { form: { name } });
    expect(r.status).toBe(422);
    expect(r.body.message).toEqual({ name: [expect.stringMatching(/own host|localhost|IP address/)] });
    expect(r.body.errors).toEqual(r.body.message);
  });

  it('refuses the listening host when no base URL is configured', async () => {
    const plain = await startServer();
    try {
      const own = new URL(plain.url).hostname;
      const r = await plain.api('POST', '/domains', { form: { name: own } });
      expect(r.status).toBe(422);
      expect(r.body.errors).toHaveProperty('name');
    } finally {
      await plain.close();
    }
  });

  it('still accepts an ordinary domain name that merely contains digits or the word localhost', async () => {
    for (const name of ['links.short.test', 'localhost.example', '2130706433.example', 'a1.example']) {
      expect((await s.api('POST', '/domains', { form: { name } })).status, name).toBe(201);
    }
  });
});

describe('a database that already holds the own host as a domain', () => {
  const logs: string[] = [];
  const stream = new Writable({ write(chunk, _enc, done) { logs.push(...String(chunk).split('\n').filter(Boolean)); done(); } });
  let s: Awaited<ReturnType<typeof startRedirectServer>>;

  beforeAll(async () => {
    const first = await startRedirectServer({ baseUrl: BASE });
    await createLink(first, { url: 'https://victim.example/pay', alias: 'pay' });
    // The attacker's domains went in before names were checked; an SQL insert stands in for that.
    const attackerKey = await first.newUserKey('attacker');
    const attacker = sqliteOf(first.store).prepare("SELECT id FROM users WHERE name = 'attacker'").get() as { id: number };
    const insert = sqliteOf(first.store).prepare(
      "INSERT INTO domains (user_id, name, index_page, not_found_page, created_at, updated_at) VALUES (?, ?, 'https://attacker.example/', 'https://attacker.example/404', '2024-01-01T00:00:00Z', '2024-01-01T00:00:00Z')",
    );
    for (const name of ['short.test', 'localhost']) {
      const domainId = Number(insert.run(attacker.id, name).lastInsertRowid);
      const res = await fetch(`${first.url}/api/v1/links`, {
        method: 'POST',
        headers: { authorization: `Bearer ${attackerKey}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ url: 'https://attacker.example/pay', alias: 'pay', domain_id: String(domainId) }).toString(),
      });
      expect(res.status).toBe(201);
    }
    await first.close({ keepData: true });
    s = await startRedirectServer({ baseUrl: BASE }, { logger: { level: 'warn', stream } }, first.dataDir, first.key);
  });
  afterAll(async () => { await s.close(); });

  it("sends the own host's and localhost's visitors to the default domain's link, not the registered domain's", async () => {
    for (const host of ['short.test', 'SHORT.test.', 'localhost:8080']) {
      const r = await s.hit('/pay', { host });
      expect(r.status, host).toBe(302);
      expect(r.location, host).toBe('https://victim.example/pay');
    }
  });

  it("shows the default landing and not-found pages there, not the registered domain's pages", async () => {
    const landing = await s.hit('/', { host: 'short.test' });
    expect(landing.status).toBe(200);
    expect(landing.location).toBeUndefined();
    const missing = await s.hit('/nothing-here', { host: 'localhost' });
    expect(missing.status).toBe(404);
    expect(missing.location).toBeUndefined();
  });

  it('says once at start which domains are ignored and why', async () => {
    await s.hit('/pay', { host: 'short.test' });
    const warned = logs.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => /is ignored/.test(l.msg));
    expect(warned.map((l) => l.level)).toEqual([40, 40]);
    expect(warned[0]!.msg).toMatch(/"short\.test".*own host/);
    expect(warned[1]!.msg).toMatch(/"localhost".*localhost/);
  });
});

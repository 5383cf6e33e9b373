// Issue 42: GET /api/v1/domains/{id}/dns tells public answers only, keeps an
// answer a minute per domain, and limits the lookups each user starts. Against
// a small DNS server on 127.0.0.1 (test/helpers/dns-server.ts) that counts the
// queries it receives; the server's clock is the test's (deps.now).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../electron/server/config.ts';
import { createUsersRepository } from '../../../electron/server/db/repositories/users-repository.ts';
import { startDnsServer, type DnsServer } from '../../helpers/dns-server.ts';
import { freePort } from '../../helpers/postgres.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

const INTERNAL = {
  'db.internal.corp': { a: ['10.1.2.3'], aaaa: ['fd00::5'] },
  'portal.example.test': { cname: 'db.internal.corp' },
  'loop.example.test': { a: ['127.0.0.1'] },
  'mixed.example.test': { a: ['192.168.1.20', '198.51.100.9'] },
  'ours.example.test': { a: ['10.0.0.5'] },
  // 10.1.2.3 carried in IPv6: IPv4-mapped and well-known NAT64 (judged by the address they carry).
  'carried.example.test': { aaaa: ['::ffff:a01:203', '64:ff9b::a01:203', 'fe80::1'] },
};

describe('the DNS status tells public answers only (issue 42)', () => {
  let dns: DnsServer;
  let strict: TestServer;
  let open: TestServer;
  const add = async (s: TestServer, name: string, key?: string) => {
    const r = await s.api('POST', '/domains', { form: { name }, key });
    expect(r.status).toBe(201);
    return r.body.data.id as number;
  };
  const check = async (s: TestServer, name: string) => {
    const r = await s.api('GET', `/domains/${await add(s, name)}/dns`);
    expect(r.status).toBe(200);
    return { data: r.body.data, text: r.text };
  };

  beforeAll(async () => {
    dns = await startDnsServer(INTERNAL);
    // Nothing listens on the HTTPS port: no handshake is made, whatever the answer.
    const common = { publicAddresses: ['10.0.0.5'], dnsServers: [dns.address], httpsCheckPort: await freePort() };
    strict = await startServer(common);
    open = await startServer({ ...common, allowPrivateTitles: true });
  });
  afterAll(async () => {
    await strict?.close();
    await open?.close();
    await dns?.close();
  });

  it('db.internal.corp → 10.1.2.3 and fd00::5: "not public", without the addresses', async () => {
    const { data, text } = await check(strict, 'db.internal.corp');
    expect(data).toMatchObject({
      records: { a: [], aaaa: [], cname: [], not_public: 2 }, status: 'wrong',
      message: 'db.internal.corp points at 2 answers that are not public (private or reserved; not shown), not 10.0.0.5.',
      https: { status: 'none', error: 'db.internal.corp resolves only to addresses that are not public, which this instance does not connect to without --allow-private-addresses.' },
    });
    expect(text).not.toContain('10.1.2.3');
    expect(text).not.toMatch(/fd00/i);
  });

  it('a CNAME to an internal name: neither the name nor where it leads is told', async () => {
    const { data, text } = await check(strict, 'portal.example.test');
    expect(data).toMatchObject({ records: { a: [], aaaa: [], cname: [], not_public: 3 }, status: 'wrong' }); // the CNAME and the A and AAAA it leads to
    expect(text).not.toContain('internal.corp');
    expect(text).not.toContain('10.1.2.3');
  });

  it('loopback, a documentation range, a LAN address, link-local and IPv4 carried in IPv6: all counted, none shown', async () => {
    const loop = await check(strict, 'loop.example.test');
    expect(loop.data).toMatchObject({ records: { a: [], not_public: 1 }, message: 'loop.example.test points at an answer that is not public (private or reserved; not shown), not 10.0.0.5.' });
    expect(loop.text).not.toContain('127.0.0.1');
    const mixed = await check(strict, 'mixed.example.test');
    expect(mixed.data.records).toEqual({ a: [], aaaa: [], cname: [], not_public: 2 });
    expect(mixed.text).not.toMatch(/192\.168|198\.51/);
    const carried = await check(strict, 'carried.example.test');
    expect(carried.data.records).toEqual({ a: [], aaaa: [], cname: [], not_public: 3 });
    expect(carried.text).not.toMatch(/10\.1\.2\.3|a01:203|fe80/);
  });

  it('the address the operator set is shown even when private: it is in the answer already (holds)', async () => {
    const { data } = await check(strict, 'ours.example.test');
    expect(data).toMatchObject({ records: { a: ['10.0.0.5'] }, status: 'ok', message: 'ours.example.test points here (10.0.0.5).' });
    expect(data.records.not_public ?? 0).toBe(0);
  });

  it('with --allow-private-addresses every answer is shown (holds)', async () => {
    const internal = (await check(open, 'db.internal.corp')).data;
    expect(internal).toMatchObject({ records: { a: ['10.1.2.3'], aaaa: ['fd00::5'], cname: [] }, message: 'db.internal.corp points at 10.1.2.3, fd00::5, not 10.0.0.5.' });
    const portal = (await check(open, 'portal.example.test')).data;
    expect(portal.records).toMatchObject({ a: ['10.1.2.3'], aaaa: ['fd00::5'], cname: ['db.internal.corp'] });
    expect([internal.records.not_public ?? 0, portal.records.not_public ?? 0]).toEqual([0, 0]);
  });
});

describe('the DNS status is kept a minute per domain and limited per user (issue 42)', () => {
  let dns: DnsServer;
  let s: TestServer;
  let clock = Date.now();
  const dnsOf = (id: number, key?: string) => s.api('GET', `/domains/${id}/dns`, { key });
  const add = async (name: string, key?: string) => (await s.api('POST', '/domains', { form: { name }, key })).body.data.id as number;

  beforeAll(async () => {
    dns = await startDnsServer({ 'cached.example.test': { a: ['203.0.113.7'] }, 'crowd.example.test': { a: ['203.0.113.7'] } });
    for (let i = 0; i < 6; i++) dns.set(`n${i}.example.test`, { a: ['203.0.113.7'] });
    s = await startServer({ publicAddresses: ['203.0.113.7'], dnsServers: [dns.address], dnsChecksPerUser: 3, httpsCheckPort: await freePort() }, { now: () => clock });
  });
  afterAll(async () => {
    await s?.close();
    await dns?.close();
  });

  it('a second check within the minute sends no query and answers what was found; after the minute it looks again', async () => {
    const id = await add('cached.example.test');
    const first = await dnsOf(id);
    expect(first.body.data).toMatchObject({ records: { a: ['203.0.113.7'] }, status: 'ok' });
    const sent = dns.queries.length;
    expect(dns.queries.filter((q) => q.endsWith(' cached.example.test'))).toHaveLength(3); // A, AAAA, CNAME
    dns.set('cached.example.test', null);
    clock += 59_000;
    const again = await dnsOf(id);
    expect(again.body.data).toEqual(first.body.data);
    expect(dns.queries.length).toBe(sent);
    clock += 2_000;
    const later = await dnsOf(id);
    expect(later.body.data).toMatchObject({ records: { a: [] }, status: 'pending', checked_at: new Date(clock).toISOString() });
    expect(dns.queries.length).toBe(sent + 3);
    clock += 61_000; // the next test starts with a clean count
  });

  it('30 checks of one domain at once send the queries of one check', async () => {
    const id = await add('crowd.example.test');
    const sent = dns.queries.length;
    const answers = await Promise.all(Array.from({ length: 30 }, () => dnsOf(id)));
    expect(answers.map((r) => r.status)).toEqual(Array(30).fill(200));
    expect(new Set(answers.map((r) => r.body.data.checked_at)).size).toBe(1);
    expect(dns.queries.length - sent).toBe(3);
    clock += 61_000;
  });

  it('past --dns-checks-per-user lookups a minute: 429 in words with Retry-After, no query sent; cached answers and other users go on; admins too', async () => {
    const boss = (await createUsersRepository(s.store.db).createUserWithKey('boss', 'admin')).key;
    const other = await s.newUserKey('other');
    for (const key of [boss, s.key]) {
      const ids = [];
      for (let i = 0; i < 3; i++) ids.push(await add(`n${i + (key === boss ? 0 : 3)}.example.test`, key));
      for (const id of ids) expect((await dnsOf(id, key)).status).toBe(200);
      clock += 1_000;
      const fresh = await add(`fresh-${key === boss ? 'a' : 'b'}.example.test`, key);
      const sent = dns.queries.length;
      const refused = await dnsOf(fresh, key);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        message: 'Too many DNS checks: at most 3 a minute per user (a domain checked in the last minute is answered from then). Retry in 59 seconds.', status: 429,
      });
      expect(refused.headers.get('retry-after')).toBe('59');
      expect(dns.queries.length).toBe(sent);
      expect((await dnsOf(ids[0]!, key)).status).toBe(200); // from the cache: free
    }
    const theirs = await add('theirs.example.test', other);
    expect((await dnsOf(theirs, other)).status).toBe(200);
    clock += 60_000;
    const id = await add('later.example.test');
    expect((await dnsOf(id)).status).toBe(200);
  });

  it('--dns-checks-per-user must be 1 or more', () => {
    expect(() => resolveConfig({ dnsChecksPerUser: 0 })).toThrow('--dns-checks-per-user: must be a whole number of checks a minute, 1 or more');
  });
});

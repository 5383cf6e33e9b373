// The blocklist on every write path (create, update, bulk create and update;
// imports and copies go through these, see test/integration/cli/blocklist.test.ts
// and test/services/blocklist-copy.test.ts): a destination or alias it names is
// a 422 naming the field and the entry, whatever spelling trick the URL uses,
// and a known shortener is looked behind one hop.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ rateLimit: 0 }, { webhooks: false });
  const put = await s.api('PUT', '/blocklist', {
    json: { hosts: ['evil.com', '*.phish.example', '127.0.0.1', '2001:db8::1', 'bücher.example'], keywords: ['Casino'] },
  });
  expect(put.status, put.text).toBe(200);
});
afterAll(async () => { await s.close(); });

const create = (body: Record<string, unknown>) => s.api('POST', '/links', { json: body });
const count = async () => (await s.api('GET', '/links')).body.meta.total as number;

describe('each decoding trick is refused on create (nothing stored)', () => {
  it.each([
    ['percent-encoding in the host', 'https://%65vil.com/', 'host evil.com'],
    ['mixed case', 'https://EvIl.CoM/a', 'host evil.com'],
    ['full-width letters', 'https://ＥＶＩＬ.com/', 'host evil.com'],
    ['a trailing dot', 'https://evil.com./', 'host evil.com'],
    ['trailing dots', 'https://evil.com../', 'host evil.com'],
    ['user-info', 'https://good.com@evil.com/', 'host evil.com'],
    ['user-info with a password', 'https://good.com:x@evil.com/', 'host evil.com'],
    ['a subdomain of a *. entry', 'https://login.secure.phish.example/', 'host *.phish.example'],
    ['the *. entry itself', 'https://PHISH.example./', 'host *.phish.example'],
    ['decimal IPv4', 'http://2130706433/', 'host 127.0.0.1'],
    ['hex IPv4', 'http://0x7f.0.0.1/', 'host 127.0.0.1'],
    ['octal IPv4', 'http://0177.0.0.1/', 'host 127.0.0.1'],
    ['short IPv4', 'http://127.1/', 'host 127.0.0.1'],
    ['IPv4-mapped IPv6', 'http://[::ffff:127.0.0.1]/', 'host 127.0.0.1'],
    ['IPv6, long form', 'http://[2001:DB8:0:0:0:0:0:1]/', 'host 2001:db8::1'],
    ['IDN, as typed', 'https://bücher.example/', 'host xn--bcher-kva.example'],
    ['IDN, as punycode', 'https://xn--bcher-kva.example/', 'host xn--bcher-kva.example'],
    ['a tab inside the host', 'https://ev\til.com/', 'host evil.com'],
    ['a newline inside the host', 'https://ev\nil.com/', 'host evil.com'],
    ['a keyword, case aside (ValidateBadWordsRule.php:23)', 'https://good.example/?q=CASINO', 'keyword casino'],
    ['a keyword, percent-encoded', 'https://good.example/%63%61sino', 'keyword casino'],
    ['a keyword, double-encoded', 'https://good.example/%2563asino', 'keyword casino'],
  ])('%s', async (_what, url, entry) => {
    const before = await count();
    const r = await create({ url });
    expect(r.status, r.text).toBe(422);
    expect(r.body.errors.url).toEqual([`The url is on the blocklist (${entry}).`]);
    expect(await count()).toBe(before);
  });

  it('backslashes (https:\\\\evil.com) are no http(s) URL to store at all', async () => {
    const r = await create({ url: 'https:\\\\evil.com/' });
    expect(r.status).toBe(422);
    expect(r.body.errors.url).toBeDefined();
  });

  it.each(['https://notevil.com/', 'https://evil.com.good.example/', 'https://good.example/?next=evil', 'http://127.0.0.2/'])('%s is not blocked', async (url) => {
    expect((await create({ url })).status).toBe(201);
  });
});

describe('every address of a link, each named by its field', () => {
  it.each([
    ['expiration_url', { url: 'https://ok.example/', expiration_url: 'https://evil.com/x' }],
    ['targets.1.value', { url: 'https://ok.example/', targets_type: 'countries', targets: [{ key: 'US', value: 'https://ok.example/us' }, { key: 'DE', value: 'https://evil.com/de' }] }],
    ['country.0.value', { url: 'https://ok.example/', target_type: 1, country: [{ key: 'US', value: 'https://x.phish.example/' }] }],
    ['rotation.0.value', { url: 'https://ok.example/', target_type: 4, rotation: [{ value: 'http://2130706433/' }] }],
    ['rules.1.url', { url: 'https://ok.example/', rules: [{ if: { countries: ['US'] }, url: 'https://ok.example/r' }, { if: { devices: ['mobile'] }, url: 'https://evil.com/m' }] }],
  ])('%s', async (field, body) => {
    const r = await create(body);
    expect(r.status, r.text).toBe(422);
    expect(Object.keys(r.body.errors)).toEqual([field]);
    expect(r.body.errors[field][0]).toMatch(/^The .* is on the blocklist \(host /);
  });

  it('an alias with a keyword (StoreLinkRequest.php:67, ValidateBadWordsRule)', async () => {
    const r = await create({ url: 'https://ok.example/', alias: 'Best-CASINO-deals' });
    expect(r.status).toBe(422);
    expect(r.body.errors.alias).toEqual(['The alias is on the blocklist (keyword casino).']);
  });
});

describe('updates and bulk writes', () => {
  it('an update to a blocked url is refused and the link keeps its destination; other changes go through', async () => {
    const link = (await create({ url: 'https://ok.example/u' })).body.data;
    const r = await s.api('PATCH', `/links/${link.id}`, { json: { url: 'https://good.com@evil.com/' } });
    expect(r.status).toBe(422);
    expect(r.body.errors.url).toEqual(['The url is on the blocklist (host evil.com).']);
    const alias = await s.api('PATCH', `/links/${link.id}`, { json: { alias: 'casino-u' } });
    expect(alias.body.errors.alias).toEqual(['The alias is on the blocklist (keyword casino).']);
    expect((await s.api('GET', `/links/${link.id}`)).body.data.url).toBe('https://ok.example/u');
    expect((await s.api('PATCH', `/links/${link.id}`, { json: { disabled: 1 } })).status).toBe(200);
  });

  it('bulk create: the blocked items are rejected with the field and entry, the others created', async () => {
    const r = await s.api('POST', '/links/bulk', {
      json: { links: [{ url: 'https://ok.example/b1' }, { url: 'https://EVIL.com./b2' }, { url: 'https://ok.example/b3', expiration_url: 'http://0x7f.1/' }] },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.map((i: { result: string }) => i.result)).toEqual(['created', 'rejected', 'rejected']);
    expect(r.body.data[1].errors).toEqual({ url: ['The url is on the blocklist (host evil.com).'] });
    expect(r.body.data[2].errors).toEqual({ expiration_url: ['The expiration_url is on the blocklist (host 127.0.0.1).'] });
  });

  it('bulk update: every link is refused a blocked url', async () => {
    const ids = [(await create({ url: 'https://ok.example/c1' })).body.data.id, (await create({ url: 'https://ok.example/c2' })).body.data.id];
    const r = await s.api('PATCH', '/links/bulk', { json: { ids, changes: { url: 'https://a.phish.example/' } } });
    expect(r.status, r.text).toBe(200);
    for (const item of r.body.data) {
      expect(item).toMatchObject({ status: 422, result: 'rejected', errors: { url: ['The url is on the blocklist (host *.phish.example).'] } });
    }
  });
});

describe('known shorteners, resolved one hop', () => {
  let shortener: Server;
  let port = 0;
  let t: TestServer;
  const seen: string[] = [];
  beforeAll(async () => {
    shortener = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      if (req.url === '/slow') return void setTimeout(() => res.end(), 5_000);
      res.writeHead(301, { location: req.url === '/bad' ? 'https://EVIL.com./landing' : req.url === '/rel' ? '/elsewhere' : 'https://fine.example/' }).end();
    });
    await new Promise<void>((r) => shortener.listen(0, '127.0.0.1', r));
    port = (shortener.address() as AddressInfo).port;
    // localhost stands in for bit.ly; the test may reach it (as title fetch tests do).
    t = await startServer({ rateLimit: 0, knownShorteners: ['localhost'], allowPrivateTitles: true }, { webhooks: false });
    await t.api('PUT', '/blocklist', { json: { hosts: ['evil.com'], keywords: [] } });
  });
  afterAll(async () => {
    await t.close();
    shortener.closeAllConnections();
    await new Promise((r) => shortener.close(r));
  });

  it('a short link to a blocked host is refused, naming the shortener; the check is a HEAD', async () => {
    const r = await t.api('POST', '/links', { json: { url: `http://localhost:${port}/bad` } });
    expect(r.status, r.text).toBe(422);
    expect(r.body.errors.url).toEqual(['The url is on the blocklist (host evil.com, behind localhost).']);
    expect(seen).toContain('HEAD /bad');
  });

  it('a short link to a fine host is stored', async () => {
    expect((await t.api('POST', '/links', { json: { url: `http://localhost:${port}/good` } })).status).toBe(201);
  });

  it('a shortener that does not answer within 2 s lets the link through (fails open), in bounded time', async () => {
    const started = Date.now();
    expect((await t.api('POST', '/links', { json: { url: `http://localhost:${port}/slow` } })).status).toBe(201);
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('an address not on a shortener is never requested', async () => {
    const before = seen.length;
    expect((await t.api('POST', '/links', { json: { url: `http://127.0.0.1:${port}/bad` } })).status).toBe(201);
    expect(seen.length).toBe(before);
  });
});

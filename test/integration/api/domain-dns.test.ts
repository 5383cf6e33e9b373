// GET /api/v1/domains/{id}/dns against a real DNS server started here
// (dnsmasq): each status with the sentence the app shows, and the HTTPS part
// when the domain's address presents no certificate, or one for another
// name. (A certificate that is good: test/integration/tls/caddy-on-demand.)
import { createSocket } from 'node:dgram';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, type Server } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../helpers/postgres.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { missing, selfSigned, startDnsmasq, type DnsServer } from '../tls/tools.ts';

const lacking = missing('dnsmasq', 'openssl');
const suite = lacking.length ? describe.skip : describe;

const HOSTS = {
  'ok.example.test': '127.0.0.1',
  'edge.example.test': '127.0.0.1',
  'elsewhere.example.test': '198.51.100.9',
  'other-edge.example.test': '127.0.0.1',
};
const CNAMES = { 'alias.example.test': 'edge.example.test', 'astray.example.test': 'other-edge.example.test' };

suite(`the DNS status of a domain${lacking.length ? ` (skipped: ${lacking.join(', ')} not installed)` : ''}`, () => {
  let dns: DnsServer;
  let s: TestServer;
  let tlsServer: Server;
  let tlsPort = 0;
  let okId = 0;
  const work = mkdtempSync(path.join(tmpdir(), 'linkdesk-dns-'));
  const domain = async (server: TestServer, name: string) => (await server.api('POST', '/domains', { form: { name } })).body.data.id as number;
  const check = async (server: TestServer, id: number) => {
    const r = await server.api('GET', `/domains/${id}/dns`);
    expect(r.status).toBe(200);
    return r.body.data;
  };

  beforeAll(async () => {
    dns = await startDnsmasq(HOSTS, CNAMES);
    // Something on loopback presenting a certificate for another name (self-signed).
    const made = selfSigned(work, 'elsewhere', '/CN=someone-else.example/O=Elsewhere', 'DNS:someone-else.example');
    tlsServer = createServer({ key: readFileSync(made.key), cert: readFileSync(made.cert) }, (socket) => socket.end());
    await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve));
    tlsPort = (tlsServer.address() as { port: number }).port;
    // Loopback is private: the HTTPS check reaches it with --allow-private-addresses, as the health-check tests do.
    s = await startServer({ publicAddresses: ['127.0.0.1'], publicCname: 'edge.example.test', dnsServers: [dns.server], allowPrivateTitles: true, httpsCheckPort: tlsPort });
  });
  afterAll(async () => {
    await s?.close();
    await new Promise((resolve) => tlsServer?.close(resolve));
    await dns?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('ok: an A record with the public address', async () => {
    okId = await domain(s, 'ok.example.test');
    const d = await check(s, okId);
    expect(d).toMatchObject({
      domain: 'ok.example.test', records: { a: ['127.0.0.1'], aaaa: [], cname: [] },
      expected: { addresses: ['127.0.0.1'], cname: 'edge.example.test' }, status: 'ok',
    });
    expect(Date.parse(d.checked_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('ok: a CNAME to --public-cname', async () => {
    const d = await check(s, await domain(s, 'alias.example.test'));
    expect(d).toMatchObject({ records: { cname: ['edge.example.test'] }, status: 'ok', message: 'alias.example.test points here (CNAME edge.example.test).' });
  });

  it('pending: no record yet, and the message says what to create', async () => {
    const d = await check(s, await domain(s, 'fresh.example.test'));
    expect(d).toMatchObject({
      records: { a: [], aaaa: [], cname: [] }, status: 'pending', message: 'No A, AAAA or CNAME record yet. Create a CNAME record to edge.example.test.',
      https: { status: 'none', issuer: null, valid_until: null, names: [], error: 'fresh.example.test has no address to connect to.' },
    });
  });

  it('wrong: pointing elsewhere, naming where', async () => {
    const d = await check(s, await domain(s, 'elsewhere.example.test'));
    expect(d).toMatchObject({ records: { a: ['198.51.100.9'] }, status: 'wrong', message: 'elsewhere.example.test points at 198.51.100.9, not edge.example.test or 127.0.0.1.' });
    // A CNAME to a name that is not ours but happens to resolve to our address still reaches us: ok.
    expect((await check(s, await domain(s, 'astray.example.test'))).status).toBe('ok');
  });

  it('https: the certificate found at the address is described, and refused when it is for another name', async () => {
    const d = await check(s, okId);
    expect(d.https).toMatchObject({ status: 'none', issuer: 'someone-else.example (Elsewhere)', names: ['someone-else.example'] });
    expect(d.https.error).toMatch(/^The certificate 127\.0\.0\.1:\d+ presents is not valid for ok\.example\.test \(/);
    expect(Date.parse(d.https.valid_until)).toBeGreaterThan(Date.now());
  });

  it('https: nothing listening means no certificate, and a private address is not connected to unless allowed', async () => {
    const closed = await startServer({ publicAddresses: ['127.0.0.1'], dnsServers: [dns.server], allowPrivateTitles: true, httpsCheckPort: await freePort() });
    const strict = await startServer({ publicAddresses: ['127.0.0.1'], dnsServers: [dns.server], httpsCheckPort: tlsPort });
    try {
      const a = await check(closed, await domain(closed, 'ok.example.test'));
      expect(a.https).toMatchObject({ status: 'none', issuer: null });
      expect(a.https.error).toMatch(/failed \(ECONNREFUSED\): no certificate for ok\.example\.test yet\.$/);
      const b = await check(strict, await domain(strict, 'ok.example.test'));
      expect(b).toMatchObject({ status: 'ok', https: { status: 'none', error: 'ok.example.test resolves only to addresses that are not public (127.0.0.1: loopback, private, reserved or documentation ranges), which this instance does not connect to without --allow-private-addresses.' } });
    } finally {
      await closed.close();
      await strict.close();
    }
  });

  it('unknown: without --public-address or --public-cname the answer names the options (loopback is not public: counted, not shown)', async () => {
    const bare = await startServer({ dnsServers: [dns.server] });
    try {
      const d = await check(bare, await domain(bare, 'ok.example.test'));
      expect(d).toMatchObject({
        records: { a: [], not_public: 1 }, expected: { addresses: [], cname: null }, status: 'unknown',
        message: 'Set --public-address or --public-cname (LINKDESK_PUBLIC_ADDRESS / LINKDESK_PUBLIC_CNAME) so Linkdesk knows where domains should point.',
      });
    } finally {
      await bare.close();
    }
  });

  it('a DNS server that does not answer: pending, saying the lookup failed', async () => {
    // A UDP port that takes queries and answers none.
    const silent = createSocket('udp4');
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
    const mute = await startServer({ publicAddresses: ['127.0.0.1'], dnsServers: [`127.0.0.1:${silent.address().port}`] });
    try {
      const d = await check(mute, await domain(mute, 'ok.example.test'));
      expect(d).toMatchObject({ records: { a: [], aaaa: [], cname: [] }, status: 'pending', message: 'The DNS lookup of ok.example.test failed (ETIMEOUT); this answer is kept for a minute, check again after it.' });
    } finally {
      await mute.close();
      silent.close();
    }
  });

  it("is seen by whoever may see the domain: another user's domain and a missing one are 404", async () => {
    const other = await s.newUserKey('stranger');
    const id = await domain(s, 'mine.example.test');
    expect((await s.api('GET', `/domains/${id}/dns`, { key: other })).body).toEqual({ message: 'Resource not found.', status: 404 });
    expect((await s.api('GET', '/domains/999999/dns')).status).toBe(404);
  });
});

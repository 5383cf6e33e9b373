// Title fetching never reads a private address, however it is reached: a
// public page that redirects to loopback (as 127.0.0.1, 2130706433, [::1] or
// [::ffff:127.0.0.1]) gets no title. The "public" first server is a loopback
// one the test allows by its port (the policy's seam); every other connection
// meets the real policy, and the internal server sees each attempt arrive and
// be closed before a request is sent.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, publicOnly } from '../../../electron/server/net/address-policy.ts';
import { createTitleFetcher } from '../../../electron/server/title-fetcher.ts';
import { startServer } from '../../helpers/server.ts';
import { httpsServer, selfSignedCert } from '../../services/helpers.ts';

let internal: http.Server;
let internalPort: number;
let internalConnections = 0;
let internalRequests = 0;
let front: http.Server;
let frontPort: number;

beforeAll(async () => {
  internal = http.createServer((_req, res) => {
    internalRequests++;
    res.setHeader('content-type', 'text/html');
    res.end('<title>Internal admin</title>');
  });
  internal.on('connection', () => { internalConnections++; });
  await new Promise<void>((r) => internal.listen(0, '::', r)); // dual stack: ::1, mapped and 127.0.0.1
  internalPort = (internal.address() as AddressInfo).port;
  front = http.createServer((req, res) => {
    const to = new URL(req.url!, 'http://x').searchParams.get('to')!;
    res.writeHead(302, { location: to });
    res.end();
  });
  await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
  frontPort = (front.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => internal.close(r));
  await new Promise((r) => front.close(r));
});

// The front server stands in for a public site: allowed by its port, nothing else widened.
const policy = (address: string, port: number) => port === frontPort || publicOnly(address, port);

describe('a public page that redirects to a private address', () => {
  it.each(['127.0.0.1', '2130706433', '[::1]', '[::ffff:127.0.0.1]'])('gets no title through http://%s', async (host) => {
    const fetcher = createTitleFetcher({ policy, timeoutMs: 2000 });
    try {
      const before = { c: internalConnections, r: internalRequests };
      const to = `http://${host}:${internalPort}/`;
      expect(await fetcher.fetchTitle(`http://127.0.0.1:${frontPort}/?to=${encodeURIComponent(to)}`)).toBeNull();
      expect(internalConnections).toBeGreaterThan(before.c); // really attempted...
      expect(internalRequests).toBe(before.r); // ...and refused before anything was asked
    } finally {
      await fetcher.close();
    }
  });

  it('through the API: the link keeps no title, while --allow-private-titles still fetches one', async () => {
    const to = encodeURIComponent(`http://127.0.0.1:${internalPort}/`);
    const guarded = await startServer({ fetchTitles: true }, { titleFetcher: createTitleFetcher({ policy, timeoutMs: 2000 }) });
    const open = await startServer({ fetchTitles: true }, { titleFetcher: createTitleFetcher({ allowPrivate: true, timeoutMs: 2000 }) });
    try {
      for (const [s, want] of [[guarded, null], [open, 'Internal admin']] as const) {
        const l = (await s.api('POST', '/links', { form: { url: `http://127.0.0.1:${frontPort}/?to=${to}` } })).body.data;
        await s.app.linkdesk.titlesIdle();
        expect((await s.api('GET', `/links/${l.id}`)).body.data.title).toBe(want);
      }
    } finally {
      await guarded.close();
      await open.close();
    }
  });

  it('is refused by default when the first address itself is private', async () => {
    const fetcher = createTitleFetcher({ timeoutMs: 2000 });
    try {
      expect(await fetcher.fetchTitle(`http://127.0.0.1:${internalPort}/`)).toBeNull();
      expect(await fetcher.fetchTitle(`http://[::1]:${internalPort}/`)).toBeNull();
    } finally {
      await fetcher.close();
    }
  });
});

describe('an https hop', () => {
  it('to a private address is refused before the TLS handshake sends a byte', async () => {
    let connections = 0;
    let bytes = 0;
    const listener = net.createServer((sock) => {
      connections++;
      sock.on('data', (d) => { bytes += d.length; });
    });
    await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
    const port = (listener.address() as AddressInfo).port;
    const fetcher = createTitleFetcher({ policy, timeoutMs: 2000 });
    try {
      const to = encodeURIComponent(`https://127.0.0.1:${port}/`);
      expect(await fetcher.fetchTitle(`http://127.0.0.1:${frontPort}/?to=${to}`)).toBeNull();
      expect(connections).toBeGreaterThan(0);
      expect(bytes).toBe(0); // not even a ClientHello naming the host
    } finally {
      await fetcher.close();
      await new Promise((r) => listener.close(r));
    }
  });

  it('to an allowed address still gets its title over TLS', async () => {
    const tls = selfSignedCert();
    const site = await httpsServer(tls, (_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end('<title>Over TLS</title>');
    });
    const fetcher = createTitleFetcher({ allowPrivate: true, ca: tls.cert, timeoutMs: 2000 });
    try {
      expect(await fetcher.fetchTitle(`http://127.0.0.1:${frontPort}/?to=${encodeURIComponent(`${site.url}/`)}`)).toBe('Over TLS');
    } finally {
      await fetcher.close();
      await site.close();
    }
  });
});

describe('the address policy', () => {
  it.each([
    '127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '255.255.255.255', '224.0.0.1',
    '240.0.0.1', '192.0.2.1', '198.18.0.1', '::', '::1', 'fd00::1', 'fe80::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1',
    '::ffff:10.0.0.1', '64:ff9b::7f00:1', '64:ff9b::a00:1', '64:ff9b:1::a9fe:a9fe', '64:ff9b:1::808:808', '2002:7f00:1::', '2001:db8::1', '2001::1', '100::1', '::7f00:1', '4000::1', 'not-an-ip',
  ])('refuses %s', (ip) => expect(isPublicAddress(ip)).toBe(false));

  it.each(['93.184.216.34', '8.8.8.8', '2606:2800:220:1::1', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::'])('allows %s', (ip) =>
    expect(isPublicAddress(ip)).toBe(true));
});

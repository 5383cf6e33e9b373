// Issue 35 end to end, with real parts on loopback: pebble as the ACME
// server, caddy with deploy/Caddyfile (only its ports, the ACME directory and
// that directory's root changed), `linkdesk serve` behind it as deploy/
// runs it (--trust-proxy 127.0.0.1), and dnsmasq for the DNS status. A
// branded domain added through the API is live over HTTPS on its first
// request; a name that is not a domain gets no certificate.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkdesk, serve, stop, type Served } from '../../helpers/cli.ts';
import { fetch } from '../../helpers/direct-fetch.ts';
import { freePort } from '../../helpers/postgres.ts';
import { BROWSER_UA } from '../redirect/helpers.ts';
import { curl, missing, startCaddy, startDnsmasq, startPebble, type Caddy, type DnsServer, type Pebble } from './tools.ts';

const lacking = missing('caddy', 'pebble', 'dnsmasq', 'openssl', 'curl');
const suite = lacking.length ? describe.skip : describe;
const work = mkdtempSync(path.join(tmpdir(), 'linkdesk-tls-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const DOMAIN = 'go.example.test';
const OWN_HOST = 'short.example.test';

suite(`Caddy's on-demand TLS in front of Linkdesk${lacking.length ? ` (skipped: ${lacking.join(', ')} not installed)` : ''}`, () => {
  let pebble: Pebble;
  let caddy: Caddy;
  let dns: DnsServer;
  let s: Served;
  let key = '';
  let rootFile = '';
  const api = async (method: string, p: string, form?: Record<string, string>) => {
    const res = await fetch(`${s.url}/api/v1${p}`, { method, headers: { authorization: `Bearer ${key}` }, body: form && new URLSearchParams(form) });
    return { status: res.status, body: await res.json() as any };
  };
  const ask = async (name: string) => (await fetch(`${s.url}/.well-known/linkdesk/tls-allowed?domain=${encodeURIComponent(name)}`)).status;
  /** curl to Caddy as a visitor would, the name resolving to loopback and pebble's root trusted. */
  const visit = (name: string, pathAndQuery: string, extra: string[] = []) =>
    curl(['--resolve', `${name}:${caddy.httpsPort}:127.0.0.1`, '--cacert', rootFile, ...extra], `https://${name}:${caddy.httpsPort}${pathAndQuery}`);

  beforeAll(async () => {
    pebble = await startPebble(path.join(work, 'pebble'));
    rootFile = path.join(work, 'pebble-root.pem');
    writeFileSync(rootFile, pebble.root);
    dns = await startDnsmasq({ [DOMAIN]: '127.0.0.1' });
    const data = path.join(work, 'data');
    key = linkdesk(['keys', 'create', '--name', 'admin', '--data-dir', data]).lastLine;
    const ports = { httpPort: await freePort(), httpsPort: await freePort() };
    // As deploy/ runs it, plus where the DNS status looks (dnsmasq, and Caddy's port for the HTTPS check, which trusts pebble's root).
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_EXTRA_CA_CERTS: rootFile };
    delete env.LINKDESK_DATA_DIR;
    s = await serve(['--data-dir', data, '--no-titles', '--no-health-checks', '--trust-proxy', '127.0.0.1', '--base-url', `https://${OWN_HOST}`,
      '--dns-servers', dns.server, '--public-address', '127.0.0.1', '--allow-private-addresses', '--https-check-port', String(ports.httpsPort)],
    { env });
    caddy = await startCaddy(path.join(work, 'caddy'), new URL(s.url).host, pebble, ports);
  });
  afterAll(async () => {
    await caddy?.stop();
    if (s) await stop(s);
    await dns?.stop();
    await pebble?.stop();
  });

  it('a domain added through the API gets a certificate from pebble on its first request, and its short link redirects over HTTPS', async () => {
    const d = await api('POST', '/domains', { name: DOMAIN });
    expect(d.status).toBe(201);
    const l = await api('POST', '/links', { url: 'https://example.com/landing?from=caddy', alias: 'spring', domain: String(d.body.data.id) });
    expect(l.status).toBe(201);
    expect(l.body.data.short_url).toBe(`https://${DOMAIN}/spring`);

    const started = performance.now();
    // A browser's User-Agent: curl's own is a bot's, redirected but not counted.
    const r = visit(DOMAIN, '/spring', ['-A', BROWSER_UA]);
    const firstMs = performance.now() - started;
    expect(r.code, r.stderr).toBe(0);
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe('https://example.com/landing?from=caddy');
    console.log(`first request to a new domain, certificate included: ${firstMs.toFixed(0)} ms`);

    // The certificate is pebble's, for the domain.
    const cert = await new Promise<{ authorized: boolean; issuer: string; names: string }>((resolve, reject) => {
      const t = connect({ host: '127.0.0.1', port: caddy.httpsPort, servername: DOMAIN, ca: pebble.root }, () => {
        const c = t.getPeerCertificate();
        resolve({ authorized: t.authorized, issuer: String(c.issuer.CN), names: c.subjectaltname ?? '' });
        t.destroy();
      });
      t.once('error', reject);
    });
    expect(cert).toMatchObject({ authorized: true, names: `DNS:${DOMAIN}` });
    expect(cert.issuer).toMatch(/^Pebble Intermediate CA/);

    // The click is counted (stored by the writer in the background).
    let clicks = 0;
    for (let i = 0; i < 100 && clicks === 0; i++) {
      clicks = (await api('GET', `/links/${l.body.data.id}`)).body.data.clicks;
      if (!clicks) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(clicks).toBe(1);
  });

  it("the visitor's address reaches Linkdesk through Caddy: the API's audit log and the redirects' per-visitor password limit see it", async () => {
    // API through Caddy from 127.0.0.7 (loopback has all of 127/8): the audit entry names that address, not Caddy's 127.0.0.1.
    const made = visit(DOMAIN, '/api/v1/links', ['--interface', '127.0.0.7', '-H', `Authorization: Bearer ${key}`,
      '--data', 'url=https://example.com/locked', '--data', 'alias=locked', '--data', 'password=right', '--data', 'domain=1']);
    expect(made.status).toBe(201);
    const audit = await api('GET', '/audit');
    expect(audit.body.data[0]).toMatchObject({ action: 'link.create', ip: '127.0.0.7' });

    // Wrong passwords from one visitor lock that visitor out, not another behind the same Caddy.
    const guess = (from: string, password: string) => visit(DOMAIN, '/locked', ['--interface', from, '--data', `password=${password}`]).status;
    for (let i = 0; i < 5; i++) expect(guess('127.0.0.8', `wrong${i}`)).toBe(403);
    expect(guess('127.0.0.8', 'right')).toBe(429);
    expect(guess('127.0.0.9', 'right')).toBe(303);
  });

  it('a name that is not a domain of the instance gets no certificate: the handshake fails', async () => {
    expect(await ask('stranger.example.test')).toBe(404);
    const r = visit('stranger.example.test', '/spring');
    expect(r.code).toBe(35); // curl: SSL connect error
    expect(r.status).toBe(0);
    // The instance's own host is allowed.
    expect(await ask(OWN_HOST)).toBe(200);
    expect(visit(OWN_HOST, '/nothing-here').status).toBe(404);
  });

  // From this machine's non-loopback address: Caddy itself asks from loopback, and a visitor on loopback would be allowed.
  const own = Object.values(networkInterfaces()).flat().find((i) => i && !i.internal && i.family === 'IPv4')?.address;
  it.skipIf(!own)('visitors cannot ask through Caddy which names are domains, not even claiming to be loopback (skips on a machine with no non-loopback IPv4 address to come from)', () => {
    const asVisitor = (extra: string[]) => curl(['--resolve', `${DOMAIN}:${caddy.httpsPort}:${own}`, '--cacert', rootFile, ...extra],
      `https://${DOMAIN}:${caddy.httpsPort}/.well-known/linkdesk/tls-allowed?domain=${DOMAIN}`);
    expect(asVisitor([]).status).toBe(403);
    expect(asVisitor(['-H', 'X-Forwarded-For: 127.0.0.1']).status).toBe(403);
  });

  it('a deleted domain is refused within a second', async () => {
    const d = await api('POST', '/domains', { name: 'brief.example.test' });
    expect(await ask('brief.example.test')).toBe(200);
    // How quickly it answers (figures for the notes; not asserted).
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      await ask(i % 2 ? 'brief.example.test' : 'unknown.example.test');
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(`ask over HTTP from the test: median ${times[100]!.toFixed(2)} ms, p99 ${times[198]!.toFixed(2)} ms`);

    expect((await api('DELETE', `/domains/${d.body.data.id}`)).status).toBe(200);
    const deadline = performance.now() + 1000;
    let status = 200;
    while (status === 200 && performance.now() < deadline) status = await ask('brief.example.test');
    expect(status).toBe(404);
  });

  it('plain http is redirected to https', () => {
    const r = curl(['--resolve', `${DOMAIN}:${caddy.httpPort}:127.0.0.1`], `http://${DOMAIN}:${caddy.httpPort}/spring?x=1`);
    expect(r.status).toBe(308);
    expect(r.headers.location).toMatch(new RegExp(`^https://${DOMAIN.replaceAll('.', '\\.')}(:\\d+)?/spring\\?x=1$`));
  });

  it("the domain's DNS status finds it pointing here and presenting pebble's certificate", async () => {
    const dnsStatus = await api('GET', '/domains/1/dns');
    expect(dnsStatus.status).toBe(200);
    expect(dnsStatus.body.data).toMatchObject({
      domain: DOMAIN, records: { a: ['127.0.0.1'], aaaa: [], cname: [] }, status: 'ok',
      https: { status: 'ok', names: [DOMAIN], error: null },
    });
    expect(dnsStatus.body.data.https.issuer).toMatch(/^Pebble Intermediate CA/);
    expect(Date.parse(dnsStatus.body.data.https.valid_until)).toBeGreaterThan(Date.now());
  });
});

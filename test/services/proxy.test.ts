// Proxies with real parts: `linkdesk serve` and a TLS front inside a private
// network namespace, which the client outside cannot reach; Debian's tinyproxy
// inside it too, the only way in (offered on this side's 127.0.0.1 by the
// namespace's bridge). The instance works through System (HTTPS_PROXY /
// HTTP_PROXY) and through a manual proxy URL with credentials kept in the key
// store; a refusing proxy and a missing one say so; NO_PROXY is honoured; the
// local instance never goes through a proxy.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reachability } from '../../shared/contract.ts';
import { proxyAccount } from '../../electron/services/instance-access.ts';
import { namespaceProblem, openNamespace, type Namespace } from '../helpers/net/netns.ts';
import { makeCa, type Ca } from '../helpers/net/pki.ts';
import { serveLinkdesk, tinyproxy, tlsFront, TINYPROXY, type Served } from '../helpers/net/services.ts';
import { closedPort, filesContaining, ok, testDesktop, type Cleanups } from './helpers.ts';

const SKIP = TINYPROXY ? null : 'tinyproxy is not installed (Debian package tinyproxy; .ci/run installs it)';
const AUTH = { user: 'alice', password: 'pr0xy-S3cret-pass' };

describe.skipIf(SKIP !== null)(`an instance behind a forward proxy${SKIP ? ` (skipped: ${SKIP})` : ''}`, () => {
  const cleanups: Cleanups = [];
  let dir: string;
  let ns: Namespace;
  let ca: Ca;
  let server: Served;
  /** The server's plain-http and https addresses, as they are inside the namespace. */
  let httpUrl: string;
  let httpsUrl: string;
  /** Proxies as the client sees them: open, asking for credentials, refusing everything. */
  let open: string;
  let authed: string;
  let denying: string;
  /** The open proxy behind TLS (https://), its certificate from the private CA. */
  let secureProxy: string;

  beforeAll(async () => {
    const problem = namespaceProblem();
    if (problem) throw new Error(`A private network namespace is needed: ${problem}`);
    dir = mkdtempSync(path.join(tmpdir(), 'linkdesk-proxy-'));
    ns = await openNamespace();
    // Ports closed out here, so a direct attempt meets nothing (and never another program's server).
    server = await serveLinkdesk(ns, { host: '127.0.0.1', port: await closedPort(), dataDir: path.join(dir, 'data') });
    httpUrl = server.url;
    ca = makeCa(path.join(dir, 'ca'));
    const leaf = ca.issue('server', { cn: '127.0.0.1', sans: ['IP:127.0.0.1', 'DNS:localhost'] });
    const front = await tlsFront(ns, dir, { name: 'https', host: '127.0.0.1', port: await closedPort(), backendPort: Number(new URL(httpUrl).port), certFile: leaf.certFile, keyFile: leaf.keyFile });
    httpsUrl = `https://127.0.0.1:${front.port}`;
    const [p1, p2, p3] = [await closedPort(), await closedPort(), await closedPort()];
    await tinyproxy(ns, dir, { port: p1 });
    await tinyproxy(ns, dir, { port: p2, auth: AUTH });
    await tinyproxy(ns, dir, { port: p3, denyAll: true });
    open = `http://127.0.0.1:${(await ns.expose('127.0.0.1', p1)).port}`;
    authed = `http://127.0.0.1:${(await ns.expose('127.0.0.1', p2)).port}`;
    denying = `http://127.0.0.1:${(await ns.expose('127.0.0.1', p3)).port}`;
    const proxyCert = ca.issue('proxy', { cn: '127.0.0.1', sans: ['IP:127.0.0.1'] });
    const tlsProxy = await tlsFront(ns, dir, { name: 'proxy', host: '127.0.0.1', port: await closedPort(), backendPort: p1, certFile: proxyCert.certFile, keyFile: proxyCert.keyFile });
    secureProxy = `https://127.0.0.1:${(await ns.expose('127.0.0.1', tlsProxy.port)).port}`;
  });
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
    await ns?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const check = async (env: NodeJS.ProcessEnv, instance: Record<string, unknown>) => {
    const d = await testDesktop(cleanups, { proxyEnv: env, requestTimeoutMs: 5000 });
    const view = await ok(d.invoke('instances.add', { name: 'Office', apiKey: server.key, ...instance }));
    return { d, view, reach: await ok<Reachability>(d.invoke('instances.check', { id: view.id })) };
  };

  it('the server cannot be reached without the proxy', async () => {
    for (const baseUrl of [httpUrl, httpsUrl]) {
      const { reach } = await check({}, { baseUrl, proxy: { mode: 'none' }, caCertificates: [ca.cert] });
      expect(reach).toMatchObject({ state: 'unreachable', reason: 'refused' });
    }
  });

  it('System: https through HTTPS_PROXY (CONNECT), plain http through HTTP_PROXY; the instance works', async () => {
    const https = await check({ HTTPS_PROXY: open }, { baseUrl: httpsUrl, caCertificates: [ca.cert] });
    expect(https.reach).toMatchObject({ state: 'connected', account: { name: 'owner' } });
    // Not just a check: a link made and listed through the proxy.
    await ok(https.d.invoke('instances.select', { id: https.view.id }));
    const made = await ok(https.d.invoke('links.create', { data: { url: 'https://example.com/through-the-proxy' } }));
    const list = await ok(https.d.invoke('links.list', { query: {} }));
    expect(list.data.map((l: { id: number }) => l.id)).toContain(made.id);

    const http = await check({ http_proxy: open }, { baseUrl: httpUrl });
    expect(http.reach).toMatchObject({ state: 'connected', account: { name: 'owner' } });

    // Credentials in the variable, as HTTPS_PROXY=http://user:password@proxy:port carries them.
    const withCreds = authed.replace('http://', `http://${AUTH.user}:${encodeURIComponent(AUTH.password)}@`);
    expect((await check({ HTTPS_PROXY: withCreds }, { baseUrl: httpsUrl, caCertificates: [ca.cert] })).reach).toMatchObject({ state: 'connected' });
    expect((await check({ HTTPS_PROXY: authed }, { baseUrl: httpsUrl, caCertificates: [ca.cert] })).reach).toMatchObject({ reason: 'proxy-auth' });
  });

  it('NO_PROXY is honoured: a listed host goes direct (and meets nothing), another still uses the proxy', async () => {
    const exempt = await check({ HTTPS_PROXY: open, NO_PROXY: 'localhost,127.0.0.1' }, { baseUrl: httpsUrl, caCertificates: [ca.cert] });
    expect(exempt.reach).toMatchObject({ state: 'unreachable', reason: 'refused' });
    expect((exempt.reach as { message: string }).message).toMatch(/^Nothing is listening at 127\.0\.0\.1:\d+ \(connection refused\)/);
    const other = await check({ HTTPS_PROXY: open, NO_PROXY: '.example.com,10.0.0.1' }, { baseUrl: httpsUrl, caCertificates: [ca.cert] });
    expect(other.reach).toMatchObject({ state: 'connected' });
  });

  it('a manual proxy URL with credentials: asked for, refused when wrong, works when right; kept in the key store only', async () => {
    // Plain http through a manual proxy leaves the computer: plainHttpConfirmed, and the harness's stand-in for main's dialog says yes.
    for (const baseUrl of [httpsUrl, httpUrl]) {
      const none = await check({}, { baseUrl, caCertificates: [ca.cert], plainHttpConfirmed: true, proxy: { mode: 'url', url: authed } });
      expect(none.reach).toMatchObject({ state: 'unreachable', reason: 'proxy-auth' });
      expect((none.reach as { message: string }).message).toMatch(/^The proxy 127\.0\.0\.1:\d+ asks for a user name and password \(407 Proxy Authentication Required\)\. Enter them under Proxy/);

      const wrong = await check({}, { baseUrl, caCertificates: [ca.cert], plainHttpConfirmed: true, proxy: { mode: 'url', url: authed, credentials: { username: AUTH.user, password: 'wrong' } } });
      expect(wrong.reach).toMatchObject({ state: 'unreachable', reason: 'proxy-auth' });
      expect((wrong.reach as { message: string }).message).toMatch(/did not accept the user name and password/);

      const right = await check({}, { baseUrl, caCertificates: [ca.cert], plainHttpConfirmed: true, proxy: { mode: 'url', url: authed, credentials: { username: AUTH.user, password: AUTH.password } } });
      expect(right.reach, baseUrl).toMatchObject({ state: 'connected', account: { name: 'owner' } });
      // The view says credentials are stored, never what they are; the profile file never holds them.
      expect(right.view.proxy).toEqual({ mode: 'url', url: authed, hasCredentials: true });
      expect(JSON.stringify(right.view)).not.toContain(AUTH.password);
      expect(JSON.parse((await right.d.secrets.get(proxyAccount(right.view.id)))!)).toEqual({ username: AUTH.user, password: AUTH.password });
      expect(filesContaining(right.d.dataDir, AUTH.password)).toEqual([]);
    }
  });

  it('a proxy that refuses: nothing listening, or a proxy that denies the destination; each says it is the proxy', async () => {
    const closed = `http://127.0.0.1:${await closedPort()}`;
    const gone = await check({ HTTPS_PROXY: closed }, { baseUrl: httpsUrl, caCertificates: [ca.cert] });
    expect(gone.reach).toMatchObject({ state: 'unreachable', reason: 'proxy-refused' });
    expect((gone.reach as { message: string }).message).toMatch(/^The proxy 127\.0\.0\.1:\d+ refused the connection/);
    for (const baseUrl of [httpsUrl, httpUrl]) {
      const denied = await check({}, { baseUrl, caCertificates: [ca.cert], plainHttpConfirmed: true, proxy: { mode: 'url', url: denying } });
      expect(denied.reach, baseUrl).toMatchObject({ state: 'unreachable', reason: 'proxy-denied' });
      expect((denied.reach as { message: string }).message).toMatch(/^The proxy 127\.0\.0\.1:\d+ refused to connect to 127\.0\.0\.1:\d+ \(HTTP 403 from the proxy\)/);
    }
  });

  it('an https proxy: its certificate checked against the system store, where the company CA is', async () => {
    const untrusted = await check({}, { baseUrl: httpsUrl, proxy: { mode: 'url', url: secureProxy } });
    expect(untrusted.reach).toMatchObject({ state: 'error', kind: 'tls', reason: 'proxy-cert' });
    expect((untrusted.reach as { message: string }).message).toMatch(/^The proxy 127\.0\.0\.1:\d+ presented a certificate this computer does not accept \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)\./);
    const d = await testDesktop(cleanups, { requestTimeoutMs: 5000, systemCertificates: () => [ca.cert] });
    const view = await ok(d.invoke('instances.add', { name: 'Office', apiKey: server.key, baseUrl: httpsUrl, proxy: { mode: 'url', url: secureProxy } }));
    expect(await ok(d.invoke('instances.check', { id: view.id }))).toMatchObject({ state: 'connected' });
  });

  it('the local instance never goes through a proxy, whatever the environment says', async () => {
    const d = await testDesktop(cleanups, {
      proxyEnv: { HTTP_PROXY: `http://127.0.0.1:${await closedPort()}`, HTTPS_PROXY: denying },
      localServer: { port: 0, config: { fetchTitles: false, healthChecks: false } },
    });
    const { instances } = await ok(d.invoke('instances.list', undefined));
    const local = instances.find((i: { kind: string }) => i.kind === 'local');
    expect(local.proxy.mode).toBe('none');
    expect(await ok(d.invoke('instances.check', { id: local.id }))).toMatchObject({ state: 'connected' });
    // And it cannot be given one.
    expect((await d.invoke('instances.update', { id: local.id, proxy: { mode: 'url', url: open } })).ok).toBe(false);
  });
});

// Certificates with real parts: a private CA made with openssl, its
// certificates served by a TLS front in front of a real Linkdesk server. An
// untrusted one fails naming the certificate and its fingerprint; the CA added
// to the instance (from a file, or trusted from what "Test connection" showed)
// makes it work; so does the CA in the system store, with no per-instance CA;
// a wrong host, an expired certificate, an old TLS version and a missing
// client certificate are refused with their own messages, CA trusted or not.
import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reachability } from '../../shared/contract.ts';
import { clientKeyAccount } from '../../electron/services/instance-access.ts';
import { osCertificates } from '../../electron/services/net/trust.ts';
import { makeCa, type Ca } from '../helpers/net/pki.ts';
import { haproxyMtlsFront, tlsFront } from '../helpers/net/services.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { closedPort, filesContaining, ok, testDesktop, type Cleanups } from './helpers.ts';

const paths = (i: { certFile: string; keyFile: string }) => ({ certFile: i.certFile, keyFile: i.keyFile });
const fingerprint = (pem: string) => new X509Certificate(pem).fingerprint256;

describe('an https instance with a private CA', () => {
  const cleanups: Cleanups = [];
  let dir: string;
  let server: TestServer;
  let ca: Ca;
  let clientCa: Ca;
  const fronts: Record<string, string> = {};
  const front = async (name: string, o: { cert: { certFile: string; keyFile: string }; clientCaFile?: string; maxVersion?: string }) => {
    const f = await tlsFront(null, dir, { name, host: '127.0.0.1', port: 0, backendPort: Number(new URL(server.url).port), certFile: o.cert.certFile, keyFile: o.cert.keyFile, clientCaFile: o.clientCaFile, maxVersion: o.maxVersion });
    cleanups.push(() => { f.child.kill('SIGTERM'); });
    fronts[name] = `https://127.0.0.1:${f.port}`;
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'linkdesk-ca-'));
    server = await startServer({ rateLimit: 0 });
    ca = makeCa(path.join(dir, 'ca'));
    clientCa = makeCa(path.join(dir, 'client-ca'), 'Linkdesk Test Client CA');
    const sans = ['IP:127.0.0.1', 'DNS:localhost'];
    await front('leaf-only', { cert: ca.issue('leaf', { cn: '127.0.0.1', sans }) });
    await front('with-chain', { cert: ca.issue('chained', { cn: '127.0.0.1', sans, chain: true }) });
    await front('wrong-host', { cert: ca.issue('other', { cn: 'other.example', sans: ['DNS:other.example'] }) });
    await front('expired', { cert: ca.issue('old', { cn: '127.0.0.1', sans, expired: true }) });
    await front('tls-1.1', { cert: ca.issue('legacy', { cn: '127.0.0.1', sans }), maxVersion: 'TLSv1.1' });
    const mtlsPort = await closedPort();
    const haproxy = await haproxyMtlsFront(dir, { port: mtlsPort, backendPort: Number(new URL(server.url).port), clientCaFile: clientCa.certFile, ...paths(ca.issue('mtls', { cn: '127.0.0.1', sans })) });
    cleanups.push(() => { haproxy.kill('SIGTERM'); });
    fronts.mtls = `https://127.0.0.1:${mtlsPort}`;
  });
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const desktop = (opts = {}) => testDesktop(cleanups, { requestTimeoutMs: 5000, systemCertificates: () => [], ...opts });
  const add = async (d: Awaited<ReturnType<typeof desktop>>, baseUrl: string, extra: object = {}) =>
    ok(d.invoke('instances.add', { name: 'Intranet', baseUrl, apiKey: server.key, ...extra }));
  const check = (d: Awaited<ReturnType<typeof desktop>>, id: string) => ok<Reachability>(d.invoke('instances.check', { id }));

  it('untrusted: the certificate message with the subject, issuer and SHA-256 fingerprint; adding the CA file makes it work', async () => {
    const d = await desktop();
    const view = await add(d, fronts['leaf-only']!);
    const r = await check(d, view.id);
    const leafPrint = fingerprint(readFileSync(path.join(ca.dir, 'leaf.pem'), 'utf8'));
    expect(r).toMatchObject({ state: 'error', kind: 'tls', reason: 'cert-untrusted' });
    if (r.state !== 'error') throw new Error('unreachable');
    expect(r.message).toMatch(/^127\.0\.0\.1:\d+'s certificate is not signed by an authority this computer trusts \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)\./);
    expect(r.message).toContain(`issued by "CN=Linkdesk Test CA, O=Linkdesk tests", SHA-256 fingerprint ${leafPrint}`);
    expect(r.certificate?.chain[0]).toMatchObject({ subject: 'CN=127.0.0.1', issuer: 'CN=Linkdesk Test CA, O=Linkdesk tests', fingerprint256: leafPrint, isCa: false });
    // The server sends only its own certificate: there is no CA to trust from here, only the file.
    expect(r.certificate?.trustable).toBeNull();

    const updated = await ok(d.invoke('instances.update', { id: view.id, caCertificates: [ca.cert] }));
    expect(updated.caCertificates).toEqual([expect.objectContaining({ subject: 'CN=Linkdesk Test CA, O=Linkdesk tests', fingerprint256: fingerprint(ca.cert), isCa: true })]);
    expect(await check(d, view.id)).toMatchObject({ state: 'connected', account: { name: 'owner' } });
    // Another instance of the same desktop does not trust it: the CA is this instance's only.
    const other = await add(d, fronts['leaf-only']!);
    expect(await check(d, other.id)).toMatchObject({ reason: 'cert-untrusted' });
  });

  it('a server that sends its CA: "Test connection" shows it and it can be trusted for this instance by its fingerprint', async () => {
    const d = await desktop();
    const view = await add(d, fronts['with-chain']!);
    const r = await check(d, view.id);
    if (r.state !== 'error') throw new Error(`expected an error, got ${r.state}`);
    expect(r.certificate?.chain.map((c) => c.subject)).toEqual(['CN=127.0.0.1', 'CN=Linkdesk Test CA, O=Linkdesk tests']);
    expect(r.certificate?.trustable).toBe(fingerprint(ca.cert));
    // A fingerprint other than what the server presents now is refused (the certificate may have changed since it was shown).
    const wrong = await d.invoke('instances.trustCertificate', { id: view.id, fingerprint256: r.certificate!.chain[0]!.fingerprint256 });
    expect(wrong).toMatchObject({ ok: false, error: { kind: 'conflict' } });
    const trusted = await ok(d.invoke('instances.trustCertificate', { id: view.id, fingerprint256: r.certificate!.trustable! }));
    expect(trusted.caCertificates.map((c: { fingerprint256: string }) => c.fingerprint256)).toEqual([fingerprint(ca.cert)]);
    expect(await check(d, view.id)).toMatchObject({ state: 'connected' });
  });

  it('the CA in the system store: works with no per-instance CA (the store seam, and the real OS store through SSL_CERT_FILE)', async () => {
    const d = await desktop({ systemCertificates: () => [...osCertificates(), ca.cert] });
    const view = await add(d, fronts['leaf-only']!);
    expect(view.caCertificates).toEqual([]);
    expect(await check(d, view.id)).toMatchObject({ state: 'connected' });

    // The real store: Node reads the OS store where OpenSSL does, so a bundle named by SSL_CERT_FILE is
    // the store a CA installed with update-ca-certificates would be in (without changing this machine's).
    const bundle = path.join(dir, 'system-bundle.pem');
    writeFileSync(bundle, `${osCertificates().join('\n')}\n${ca.cert}`);
    const fixture = path.join(import.meta.dirname, 'fixtures/system-store-client.ts');
    const run = async (env: NodeJS.ProcessEnv) =>
      JSON.parse((await promisify(execFile)(process.execPath, [fixture, fronts['leaf-only']!, server.key], { env: { ...process.env, ...env }, timeout: 30_000 })).stdout);
    expect(await run({ SSL_CERT_FILE: bundle })).toEqual({ ok: true, name: 'owner' });
    expect(await run({})).toMatchObject({ ok: false, error: { reason: 'cert-untrusted' } });
  });

  it('a certificate for another host is refused even with the CA trusted, and says whose name it carries', async () => {
    const d = await desktop({ systemCertificates: () => [ca.cert] });
    const view = await add(d, fronts['wrong-host']!, { caCertificates: [ca.cert] });
    const r = await check(d, view.id);
    expect(r).toMatchObject({ state: 'error', kind: 'tls', reason: 'cert-wrong-host' });
    expect((r as { message: string }).message).toMatch(/certificate is for another name \(DNS:other\.example\), not 127\.0\.0\.1\. Use the address the certificate names/);
  });

  it('an expired certificate is refused even with the CA trusted', async () => {
    const d = await desktop();
    const view = await add(d, fronts.expired!, { caCertificates: [ca.cert] });
    const r = await check(d, view.id);
    expect(r).toMatchObject({ state: 'error', kind: 'tls', reason: 'cert-expired' });
    expect((r as { message: string }).message).toMatch(/certificate has expired\. The server's administrator must renew it/);
  });

  it('a server that offers only TLS 1.1: the TLS version message', async () => {
    const d = await desktop();
    const view = await add(d, fronts['tls-1.1']!, { caCertificates: [ca.cert] });
    const r = await check(d, view.id);
    expect(r).toMatchObject({ state: 'error', kind: 'tls', reason: 'tls-version' });
    expect((r as { message: string }).message).toMatch(/offers only an old TLS version .* Linkdesk needs TLS 1\.2 or newer/);
  });

  it('HAProxy asking for a client certificate: refused without one and with a stranger\'s, works with it; the key stays in the key store', async () => {
    const d = await desktop();
    const view = await add(d, fronts.mtls!, { caCertificates: [ca.cert] });
    expect(await check(d, view.id)).toMatchObject({ kind: 'tls', reason: 'client-cert' });

    const mine = clientCa.issue('me', { cn: 'desktop user', sans: [], clientAuth: true });
    const someoneElse = ca.issue('stranger', { cn: 'stranger', sans: [], clientAuth: true });
    // A key that is not the certificate's is refused before anything is stored.
    const mismatch = await d.invoke('instances.update', { id: view.id, clientCertificate: { cert: mine.cert, key: someoneElse.key } });
    expect(mismatch).toMatchObject({ ok: false, error: { kind: 'validation', fields: { clientCertificate: ['This key does not belong to the chosen certificate.'] } } });
    // A certificate the server's client CA did not sign is refused by the server.
    await ok(d.invoke('instances.update', { id: view.id, clientCertificate: { cert: someoneElse.cert, key: someoneElse.key } }));
    expect(await check(d, view.id)).toMatchObject({ kind: 'tls', reason: 'client-cert' });

    const updated = await ok(d.invoke('instances.update', { id: view.id, clientCertificate: { cert: mine.cert, key: mine.key } }));
    expect(updated.clientCertificate).toMatchObject({ subject: 'CN=desktop user', issuer: 'CN=Linkdesk Test Client CA, O=Linkdesk tests' });
    expect(await check(d, view.id)).toMatchObject({ state: 'connected' });
    expect(await d.secrets.get(clientKeyAccount(view.id))).toBe(mine.key);
    const keyLine = mine.key.split('\n')[1]!;
    expect(filesContaining(d.dataDir, keyLine)).toEqual([]);
    expect(JSON.stringify(updated)).not.toContain(keyLine);
  });

  it('a CA file that is not a CA, or not a certificate, is refused with the reason', async () => {
    const d = await desktop();
    const leaf = readFileSync(path.join(ca.dir, 'leaf.pem'), 'utf8');
    expect(await d.invoke('instances.add', { name: 'x', baseUrl: fronts['leaf-only']!, caCertificates: [leaf] }))
      .toMatchObject({ ok: false, error: { kind: 'validation', fields: { caCertificates: [expect.stringMatching(/"CN=127\.0\.0\.1" is not a certificate authority/)] } } });
    expect(await d.invoke('instances.add', { name: 'x', baseUrl: fronts['leaf-only']!, caCertificates: ['hello'] }))
      .toMatchObject({ ok: false, error: { kind: 'contract' } });
    expect(await ok(d.invoke('certificates.inspect', { pem: ca.cert }))).toEqual([expect.objectContaining({ fingerprint256: fingerprint(ca.cert), isCa: true, selfSigned: true })]);
  });
});

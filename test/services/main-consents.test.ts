// Consents are main's: the stored key sent to a new address, a key over plain
// http (through a manual proxy even to localhost), and a CA trusted for an
// instance each wait for main's own question (a native dialog in the app; here
// a stand-in that records what it was asked and answers yes or no). The
// renderer's flags alone send, store and trust nothing. Real servers on
// 127.0.0.1: a Linkdesk server, one that records every Authorization it gets,
// a recording forward proxy, and an https server that sends its private CA.
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { makeCa } from '../helpers/net/pki.ts';
import { startServer } from '../helpers/server.ts';
import { closedPort, consentRecorder, httpServer, httpsServer, ok, testDesktop, type Cleanups } from './helpers.ts';

const cleanups: Cleanups = [];
afterAll(async () => { for (const c of cleanups.reverse()) await c(); });

const ACCOUNT = JSON.stringify({ data: { id: 1, name: 'seen', created_at: '2026-01-01T00:00:00Z' }, status: 200 });

/** A server that answers GET /account and records the Authorization (and, as a proxy, the address asked for). */
async function recorder() {
  const seen: string[] = [];
  const s = await httpServer((req, res) => {
    seen.push(`${req.url} ${req.headers.authorization ?? '(none)'}`);
    res.writeHead(200, { 'content-type': 'application/json' }).end(ACCOUNT);
  });
  cleanups.push(() => s.close());
  return { ...s, seen };
}

it('the stored key to a new address: the renderer\'s keepKeyForNewAddress alone sends nothing; main asks, naming both addresses, and a yes sends it', async () => {
  const a = await startServer();
  cleanups.push(() => a.close());
  const b = await recorder();
  const consent = consentRecorder(false);
  const d = await testDesktop(cleanups, { confirm: consent.confirm });
  const view = await ok(d.invoke('instances.add', { name: 'Team', baseUrl: a.url, apiKey: a.key }));

  // Window 7 asked: the dialog belongs to it.
  const declined = await d.invoke('instances.update', { id: view.id, baseUrl: b.url, keepKeyForNewAddress: true }, { windowId: 7 });
  expect(declined).toEqual({ ok: false, error: { kind: 'declined', message: `Not sent: you declined to send the stored API key to ${b.url}. Nothing was changed.` } });
  expect(consent.asked).toEqual([{ kind: 'key-new-address', details: { instance: 'Team', address: b.url, from: a.url, proxy: null, windowId: 7 } }]);
  expect(d.profiles.get(view.id)).toMatchObject({ baseUrl: a.url, keyOrigin: a.url });
  expect(await ok(d.invoke('instances.check', { id: view.id }))).toMatchObject({ state: 'connected', account: { name: 'owner' } });
  expect(b.seen).toEqual([]);

  consent.answer = true;
  await ok(d.invoke('instances.update', { id: view.id, baseUrl: b.url, keepKeyForNewAddress: true }));
  expect(await ok(d.invoke('instances.check', { id: view.id }))).toMatchObject({ state: 'connected', account: { name: 'seen' } });
  expect(b.seen).toEqual([`/api/v1/account Bearer ${a.key}`]);
  expect(consent.asked).toHaveLength(2);
});

it('plain http through a manual proxy, even to localhost: no key before main asks; a no adds or confirms nothing, a yes sends it through the proxy', async () => {
  const proxy = await recorder();
  const target = `http://localhost:${await closedPort()}`;
  const key = 'ldk_plain_000000000000000000000000000';
  const consent = consentRecorder(false);
  const d = await testDesktop(cleanups, { confirm: consent.confirm });
  const asked = { kind: 'plain-http', details: { instance: 'Lab', address: target, proxy: proxy.url, windowId: 1 } };

  // Added with the form's agreement, main says no: no instance, no key stored.
  const added = await d.invoke('instances.add', { name: 'Lab', baseUrl: target, apiKey: key, proxy: { mode: 'url', url: proxy.url }, plainHttpConfirmed: true });
  expect(added).toMatchObject({ ok: false, error: { kind: 'declined', message: `Not sent: you declined to send the API key to ${target} unencrypted. Nothing was changed.` } });
  expect(consent.asked).toEqual([asked]);
  expect(d.profiles.list().filter((p) => p.kind === 'remote')).toEqual([]);

  // Added without it: the key stays here, the proxy gets nothing.
  const view = await ok(d.invoke('instances.add', { name: 'Lab', baseUrl: target, apiKey: key, proxy: { mode: 'url', url: proxy.url } }));
  expect(view.plainHttp).toBe('unconfirmed');
  const before = await ok(d.invoke('instances.check', { id: view.id }));
  expect(before).toMatchObject({ state: 'no-key', reason: 'plain-http' });
  expect(before.message.startsWith(`${target} is a plain http:// address reached through the proxy ${proxy.url}: the API key would cross the network unencrypted, so it has not been sent.`)).toBe(true);

  const refused = await d.invoke('instances.update', { id: view.id, plainHttpConfirmed: true });
  expect(refused).toMatchObject({ ok: false, error: { kind: 'declined' } });
  expect(consent.asked).toEqual([asked, asked]);
  expect(d.profiles.get(view.id)?.plainHttpOrigin).toBeNull();
  expect(await ok(d.invoke('instances.check', { id: view.id }))).toMatchObject({ state: 'no-key', reason: 'plain-http' });
  expect(proxy.seen).toEqual([]);

  consent.answer = true;
  expect(await ok(d.invoke('instances.update', { id: view.id, plainHttpConfirmed: true }))).toMatchObject({ plainHttp: 'confirmed' });
  expect(await ok(d.invoke('instances.check', { id: view.id }))).toMatchObject({ state: 'connected' });
  expect(proxy.seen).toEqual([`${target}/api/v1/account Bearer ${key}`]);
  // Saved again as it is (the form sends its checkbox every time): not asked again.
  await ok(d.invoke('instances.update', { id: view.id, name: 'Lab', plainHttpConfirmed: true }));
  expect(consent.asked).toHaveLength(3);
});

it('trusting a CA: main asks showing the fingerprint the server presents now; a no trusts nothing, a yes trusts it for this instance', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'linkdesk-consent-ca-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const ca = makeCa(path.join(dir, 'ca'));
  const leaf = ca.issue('chained', { cn: '127.0.0.1', sans: ['IP:127.0.0.1'], chain: true });
  const served = await httpsServer({ key: readFileSync(leaf.keyFile, 'utf8'), cert: readFileSync(leaf.certFile, 'utf8') }, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(ACCOUNT);
  });
  cleanups.push(() => served.close());
  const caPrint = new X509Certificate(ca.cert).fingerprint256;

  const consent = consentRecorder(false);
  const d = await testDesktop(cleanups, { confirm: consent.confirm, systemCertificates: () => [], requestTimeoutMs: 5000 });
  const view = await ok(d.invoke('instances.add', { name: 'Intranet', baseUrl: served.url, apiKey: 'ldk_ca_0000000000000000000000000000' }));
  const r = await ok(d.invoke('instances.check', { id: view.id }));
  expect(r).toMatchObject({ state: 'error', certificate: { trustable: caPrint } });

  const declined = await d.invoke('instances.trustCertificate', { id: view.id, fingerprint256: caPrint });
  expect(declined).toMatchObject({ ok: false, error: { kind: 'declined', message: `Not trusted: you declined to trust "CN=Linkdesk Test CA, O=Linkdesk tests" (${caPrint}). Nothing was changed.` } });
  expect(consent.asked).toEqual([{ kind: 'trust-ca', details: { instance: 'Intranet', address: served.url, fingerprint: caPrint, subject: 'CN=Linkdesk Test CA, O=Linkdesk tests', proxy: null, windowId: 1 } }]);
  expect(d.profiles.get(view.id)?.caCertificates).toEqual([]);
  expect(await ok(d.invoke('instances.check', { id: view.id }))).toMatchObject({ state: 'error', reason: 'cert-untrusted' });

  // The same CA as a file in the form is trusting it too: asked, and declined.
  expect(await d.invoke('instances.update', { id: view.id, caCertificates: [ca.cert] })).toMatchObject({ ok: false, error: { kind: 'declined' } });
  expect(consent.asked).toHaveLength(2);
  expect(d.profiles.get(view.id)?.caCertificates).toEqual([]);

  consent.answer = true;
  const trusted = await ok(d.invoke('instances.trustCertificate', { id: view.id, fingerprint256: caPrint }));
  expect(trusted.caCertificates.map((c: { fingerprint256: string }) => c.fingerprint256)).toEqual([caPrint]);
  expect(await ok(d.invoke('instances.check', { id: view.id }))).toMatchObject({ state: 'connected', account: { name: 'seen' } });
});

it('without a way to ask (no confirm given to the desktop), every such change is declined', async () => {
  const b = await recorder();
  const d = await testDesktop(cleanups, { confirm: undefined });
  const view = await ok(d.invoke('instances.add', { name: 'Team', baseUrl: `http://127.0.0.1:${await closedPort()}`, apiKey: 'ldk_none_00000000000000000000000000' }));
  expect(await d.invoke('instances.update', { id: view.id, baseUrl: b.url, keepKeyForNewAddress: true })).toMatchObject({ ok: false, error: { kind: 'declined' } });
  expect(b.seen).toEqual([]);
});

// A key goes only where the user said it may: to the address it was given for,
// and over plain http to another computer only after confirming it for that
// instance and address. The plain-http case uses a real `linkdesk serve` on a
// non-loopback address (10.77.0.2 on the loopback of a private network
// namespace), reached through tinyproxy; the address change uses servers on
// 127.0.0.1, one of which records the Authorization headers it receives.
import { readFileSync, rmSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDesktop } from '../../electron/services/desktop.ts';
import { createMemoryStore } from '../../electron/services/secret-store.ts';
import { linkdesk } from '../helpers/cli.ts';
import { namespaceProblem, openNamespace } from '../helpers/net/netns.ts';
import { serveLinkdesk, tinyproxy, TINYPROXY } from '../helpers/net/services.ts';
import { startServer } from '../helpers/server.ts';
import { closedPort, httpServer, IN_DBUS, ok, realKeychain, tempDir, testDesktop, type Cleanups } from './helpers.ts';

const cleanups: Cleanups = [];
afterAll(async () => { for (const c of cleanups.reverse()) await c(); });

const SKIP = TINYPROXY ? null : 'tinyproxy is not installed (Debian package tinyproxy; .ci/run installs it)';

describe.skipIf(SKIP !== null)(`plain http to another computer${SKIP ? ` (skipped: ${SKIP})` : ''}`, () => {
  it('gets no key before the user confirms for that instance and address; after it, the key goes and works', async () => {
    const problem = namespaceProblem();
    if (problem) throw new Error(`A private network namespace is needed: ${problem}`);
    const dir = mkdtempSync(path.join(tmpdir(), 'linkdesk-plain-'));
    const ns = await openNamespace();
    cleanups.push(async () => { await ns.close(); rmSync(dir, { recursive: true, force: true }); });
    ns.run('ip', ['addr', 'add', '10.77.0.2/32', 'dev', 'lo']);
    const dataDir = path.join(dir, 'data');
    const server = await serveLinkdesk(ns, { host: '10.77.0.2', port: 8080, dataDir });
    expect(server.url).toBe('http://10.77.0.2:8080');
    const proxyPort = await closedPort();
    const proxy = await tinyproxy(ns, dir, { port: proxyPort });
    const proxyUrl = `http://127.0.0.1:${(await ns.expose('127.0.0.1', proxyPort)).port}`;
    const lastUsed = () => linkdesk(['keys', 'list', '--data-dir', dataDir]).stdout.split('\n')[1]!;

    const d = await testDesktop(cleanups, { requestTimeoutMs: 5000 });
    const view = await ok(d.invoke('instances.add', { name: 'Branch office', baseUrl: server.url, apiKey: server.key, proxy: { mode: 'url', url: proxyUrl } }));
    expect(view).toMatchObject({ plainHttp: 'unconfirmed', hasApiKey: true });
    const before = await ok(d.invoke('instances.check', { id: view.id }));
    expect(before).toMatchObject({ state: 'no-key', reason: 'plain-http' });
    expect(before.message).toMatch(/^http:\/\/10\.77\.0\.2:8080 is a plain http:\/\/ address on another computer: the API key would cross the network unencrypted, so it has not been sent\./);
    // Nothing left this computer for that server: the proxy passed on no request, the server never saw the key.
    expect(proxy.log()).not.toMatch(/Request .*10\.77\.0\.2/);
    expect(lastUsed()).toMatch(/\bnever\b/);

    const confirmed = await ok(d.invoke('instances.update', { id: view.id, plainHttpConfirmed: true }));
    expect(confirmed.plainHttp).toBe('confirmed');
    expect(await ok(d.invoke('instances.check', { id: view.id }))).toMatchObject({ state: 'connected', account: { name: 'owner' } });
    expect(proxy.log()).toMatch(/Request .*GET http:\/\/10\.77\.0\.2:8080\/api\/v1\/account/);
    expect(lastUsed()).not.toMatch(/\bnever\b/);

    // The confirmation is for that address: another plain-http address (with the key's consent to move) asks again.
    const moved = await ok(d.invoke('instances.update', { id: view.id, baseUrl: 'http://10.77.0.2:8081', keepKeyForNewAddress: true }));
    expect(moved.plainHttp).toBe('unconfirmed');
    expect(await ok(d.invoke('instances.check', { id: view.id }))).toMatchObject({ state: 'no-key', reason: 'plain-http' });
  });
});

describe('a changed address', () => {
  async function world() {
    const a = await startServer();
    cleanups.push(() => a.close());
    const seen: string[] = [];
    const b = await httpServer((req, res) => {
      seen.push(req.headers.authorization ?? '(none)');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { id: 1, name: 'b', created_at: '2026-01-01T00:00:00Z' }, status: 200 }));
    });
    cleanups.push(() => b.close());
    return { a, b, seen };
  }

  it('asks first: the stored key is not moved to a new address unasked; agreeing (or a new key) sends it there', async () => {
    const { a, b, seen } = await world();
    const d = await testDesktop(cleanups);
    const view = await ok(d.invoke('instances.add', { name: 'Team', baseUrl: a.url, apiKey: a.key }));
    expect(await ok(d.invoke('instances.check', { id: view.id }))).toMatchObject({ state: 'connected' });

    const asked = await d.invoke('instances.update', { id: view.id, baseUrl: b.url });
    expect(asked).toMatchObject({ ok: false, error: { kind: 'validation', reason: 'key-other-address', fields: { apiKey: [expect.any(String)] } } });
    expect(asked.ok ? '' : asked.error.message).toBe(`The stored API key was given for ${a.url}. Agree to send it to ${b.url}, or enter the key for the new address.`);
    expect(d.profiles.get(view.id)?.baseUrl).toBe(a.url); // nothing changed
    expect(seen).toEqual([]);

    await ok(d.invoke('instances.update', { id: view.id, baseUrl: b.url, keepKeyForNewAddress: true }));
    expect(await ok(d.invoke('instances.check', { id: view.id }))).toMatchObject({ state: 'connected' });
    expect(seen).toEqual([`Bearer ${a.key}`]);

    // Back to A with a new key: no question, and A gets the new key.
    const other = await a.newUserKey('second');
    await ok(d.invoke('instances.update', { id: view.id, baseUrl: a.url, apiKey: other }));
    expect(await ok(d.invoke('instances.check', { id: view.id }))).toMatchObject({ state: 'connected', account: { name: 'second' } });
  });

  it('an address changed outside the app (instances.json edited) gets no key until the user agrees', async () => {
    const { a, b, seen } = await world();
    const t = tempDir();
    cleanups.push(t.cleanup);
    const secrets = IN_DBUS ? await realKeychain() : createMemoryStore('test');
    const first = await createDesktop({ dataDir: t.dir, secretStore: secrets, localServer: false });
    const view = await ok(first.invoke('instances.add', { name: 'Team', baseUrl: a.url, apiKey: a.key }));
    await first.close();
    cleanups.push(() => secrets.delete(view.id).then(() => undefined));

    const file = path.join(t.dir, 'instances.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace(`"baseUrl": "${a.url}"`, `"baseUrl": "${b.url}"`));
    const again = await createDesktop({ dataDir: t.dir, secretStore: secrets, localServer: false });
    cleanups.push(() => again.close());
    const list = await ok(again.invoke('instances.list', undefined));
    expect(list.instances.find((i: { id: string }) => i.id === view.id)).toMatchObject({ baseUrl: b.url, hasApiKey: true, keyForOtherAddress: true });
    expect(await ok(again.invoke('instances.check', { id: view.id }))).toMatchObject({ state: 'no-key', reason: 'key-other-address' });
    expect(seen).toEqual([]);
  });
});

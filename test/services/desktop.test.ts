// The handler table behind window.linkdesk, driven as the renderer drives it:
// createDesktop over a temp data folder, the embedded server, real remote
// servers, and the real keychain inside scripts/test.sh (a session-only store
// elsewhere; the keychain-only claims are in the gated block).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CALL_NAMES } from '../../shared/contract.ts';
import { createDesktop, type Desktop, type DesktopOptions } from '../../electron/services/desktop.ts';
import { createInvoker, type Handlers } from '../../electron/services/handlers.ts';
import { createMemoryStore, type SecretStore } from '../../electron/services/secret-store.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { closedPort, filesContaining, httpServer, IN_DBUS, NO_DBUS_REASON, ok, realKeychain, tempDir } from './helpers.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const secretsForTest = async (): Promise<SecretStore> => (IN_DBUS ? realKeychain() : createMemoryStore('test'));

async function desktop(opts: Partial<DesktopOptions> & { dataDir?: string } = {}): Promise<Desktop> {
  let dataDir = opts.dataDir;
  if (!dataDir) {
    const t = tempDir();
    cleanups.push(t.cleanup);
    dataDir = t.dir;
  }
  const secrets = opts.secretStore ?? await secretsForTest();
  const d = await createDesktop({ localServer: { port: 0, config: { fetchTitles: false } }, ...opts, dataDir, secretStore: secrets });
  cleanups.push(async () => {
    await d.close();
    for (const p of d.profiles.list()) await secrets.delete(p.id);
  });
  return d;
}
async function remote(): Promise<TestServer> {
  const s = await startServer();
  cleanups.push(() => s.close());
  return s;
}

describe('the contract gate', () => {
  it('refuses unknown names, prototype keys and non-strings before any handler runs', async () => {
    const d = await desktop({ localServer: false });
    for (const name of ['links.nuke', '__proto__', 'constructor', 'toString', 'hasOwnProperty', '', 42, null, undefined, { name: 'links.list' }]) {
      const r = await d.invoke(name, {});
      expect(r, String(name)).toMatchObject({ ok: false, error: { kind: 'contract', message: expect.stringMatching(/^Unknown call/) } });
    }
  });

  it('refuses malformed arguments with the offending field, and nothing happens', async () => {
    const d = await desktop({ localServer: false });
    const bad: [string, unknown, string][] = [
      ['links.get', { id: '1' }, 'id'],
      ['links.get', { id: -1 }, 'id'],
      ['links.get', undefined, 'args'],
      ['links.update', { id: 1 }, 'data'],
      ['links.list', { query: { search: { $gt: '' } } }, 'query.search'],
      ['instances.add', { name: 'x', baseUrl: 'javascript:alert(1)' }, 'baseUrl'],
      ['instances.add', { name: 'x', baseUrl: 'file:///etc/passwd' }, 'baseUrl'],
      ['instances.add', { name: '', baseUrl: 'https://ok.example' }, 'name'],
      ['instances.select', { id: 7 }, 'id'],
      ['app.info', { extra: true }, 'args'],
      ['app.openLogs', { path: '/etc' }, 'args'],
      ['server.restart', { port: 70000 }, 'port'],
      ['server.restart', { apiGeneration: 'v46' }, 'apiGeneration'],
    ];
    for (const [name, args, field] of bad) {
      const r = await d.invoke(name, args);
      expect(r, `${name} ${JSON.stringify(args)}`).toMatchObject({ ok: false, error: { kind: 'contract' } });
      if (!r.ok) expect(Object.keys(r.error.fields ?? {}), name).toContain(field);
    }
    expect(d.profiles.list()).toHaveLength(1); // the refused adds added nothing
  });

  it('a refused call never reaches its handler; an accepted one gets the parsed arguments', async () => {
    const calls: [string, unknown][] = [];
    const spies = Object.fromEntries(CALL_NAMES.map((n) => [n, async (args: unknown) => void calls.push([n, args])])) as unknown as Handlers;
    const invoke = createInvoker(spies);
    await invoke('links.get', { id: 'x' }, { windowId: 1 });
    await invoke('links.drop', { id: 1 }, { windowId: 1 });
    await invoke('instances.add', { name: 'n', baseUrl: 'ms-msdt:/id PCWDiagnostic' }, { windowId: 1 });
    expect(calls).toEqual([]);
    expect(await invoke('instances.add', { name: '  Shop  ', baseUrl: 'https://s.example', extra: 1 }, { windowId: 1 })).toEqual({ ok: true, data: undefined });
    expect(calls).toEqual([['instances.add', { name: 'Shop', baseUrl: 'https://s.example' }]]);
  });

  it('an unexpected failure inside a handler becomes a server error, not a rejection', async () => {
    const seen: unknown[] = [];
    const invoke = createInvoker({ 'app.info': async () => { throw new TypeError('boom'); } } as unknown as Handlers, (e) => seen.push(e));
    expect(await invoke('app.info', undefined, { windowId: 1 })).toEqual({ ok: false, error: { kind: 'server', message: 'Linkdesk could not complete app.info: boom.' } });
    expect(seen).toHaveLength(1);
  });

  it('has a handler for every contract name', async () => {
    const d = await desktop({ localServer: false });
    for (const name of CALL_NAMES) {
      const r = await d.invoke(name, {});
      if (!r.ok) expect(r.error.message, name).not.toMatch(/^Unknown call/);
    }
  });
});

it('switching instances: the same links.list call is answered by whichever server the window selected', async () => {
  const [a, b] = [await remote(), await remote()];
  await a.api('POST', '/links', { json: { url: 'https://a.example/only-on-a' } });
  await b.api('POST', '/links', { json: { url: 'https://b.example/only-on-b' } });
  await b.api('POST', '/links', { json: { url: 'https://b.example/second' } });
  const d = await desktop();
  const ia = await ok(d.invoke('instances.add', { name: 'A', baseUrl: a.url, apiKey: a.key }));
  const ib = await ok(d.invoke('instances.add', { name: 'B', baseUrl: b.url, apiKey: b.key }));
  const urls = async (windowId?: number) =>
    (await ok(d.invoke('links.list', { query: { per_page: 10 } }, windowId ? { windowId } : undefined))).data.map((l: { url: string }) => l.url);

  await ok(d.invoke('instances.select', { id: ia.id }));
  expect(await urls()).toEqual(['https://a.example/only-on-a']);
  await ok(d.invoke('instances.select', { id: ib.id }));
  expect((await urls()).sort()).toEqual(['https://b.example/only-on-b', 'https://b.example/second']);

  // Two windows, each on its own instance, calls interleaved.
  await ok(d.invoke('instances.select', { id: ia.id }, { windowId: 2 }));
  expect(await urls(2)).toEqual(['https://a.example/only-on-a']);
  expect(await urls(1)).toHaveLength(2);
  expect((await ok(d.invoke('instances.list', undefined, { windowId: 2 }))).selectedId).toBe(ia.id);
  expect((await ok(d.invoke('instances.list', undefined, { windowId: 1 }))).selectedId).toBe(ib.id);
  // A new window opens on the instance chosen last.
  expect((await ok(d.invoke('instances.list', undefined, { windowId: 3 }))).selectedId).toBe(ia.id);
});

it('the local instance is reached over HTTP like any other: create, list, get, delete', async () => {
  const d = await desktop();
  const { instances, selectedId } = await ok(d.invoke('instances.list', undefined));
  const local = instances[0];
  expect(local).toMatchObject({ kind: 'local', hasApiKey: true, baseUrl: (await ok(d.invoke('server.status', undefined))).url });
  expect(selectedId).toBe(local.id);
  const link = await ok(d.invoke('links.create', { data: { url: 'https://example.com/local', alias: 'here' } }));
  expect(link).toMatchObject({ alias: 'here', short_url: `${local.baseUrl}/here` });
  expect((await ok(d.invoke('links.list', {}))).meta.total).toBe(1);
  expect(await ok(d.invoke('links.get', { id: link.id }))).toMatchObject({ id: link.id });
  expect(await ok(d.invoke('links.update', { id: link.id, data: { url: 'https://example.com/moved' } }))).toMatchObject({ url: 'https://example.com/moved' });
  expect(await ok(d.invoke('account.get', undefined))).toMatchObject({ name: 'Desktop' });
  expect(await ok(d.invoke('stats.get', { id: link.id }))).toMatchObject({ link_id: link.id, clicks: 0 });
  expect(await ok(d.invoke('links.delete', { id: link.id }))).toMatchObject({ id: link.id, deleted: true });
  expect(await d.invoke('links.get', { id: link.id })).toMatchObject({ ok: false, error: { kind: 'not-found', status: 404 } });
  const e = await d.invoke('links.create', { data: { url: 'file:///etc/passwd' } });
  expect(e).toMatchObject({ ok: false, error: { kind: 'validation', fields: { url: expect.any(Array) } } });
});

it('test connection reports each state from a real answer', async () => {
  const a = await remote();
  const html = await httpServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>'));
  cleanups.push(() => html.close());
  const d = await desktop({ localServer: false });
  const add = async (baseUrl: string, apiKey?: string) => (await ok(d.invoke('instances.add', { name: 'x', baseUrl, ...(apiKey ? { apiKey } : {}) }))).id;
  const check = async (id: string) => ok(d.invoke('instances.check', { id }));
  expect(await check(await add(a.url, a.key))).toMatchObject({ state: 'connected', account: { name: 'owner' } });
  expect(await check(await add(a.url))).toMatchObject({ state: 'no-key' });
  expect(await check(await add(a.url, `ldk_${'B'.repeat(40)}`))).toMatchObject({ state: 'invalid-key' });
  expect(await check(await add(`http://127.0.0.1:${await closedPort()}`, 'k'))).toMatchObject({ state: 'unreachable', kind: 'unreachable' });
  expect(await check(await add(html.url, 'k'))).toMatchObject({ state: 'error', kind: 'not-linkdesk' });
  expect(await check(d.profiles.local().id)).toMatchObject({ state: 'unreachable', message: expect.stringMatching(/local server is not running.*turned off/) });
});

it('update and remove: a new key or address applies at once; a removed instance loses its key and its windows move on', async () => {
  const [a, b] = [await remote(), await remote()];
  const d = await desktop({ localServer: false });
  const inst = await ok(d.invoke('instances.add', { name: 'A', baseUrl: a.url, apiKey: b.key }));
  await ok(d.invoke('instances.select', { id: inst.id }));
  expect(await d.invoke('account.get', undefined)).toMatchObject({ ok: false, error: { kind: 'invalid-key' } });
  await ok(d.invoke('instances.update', { id: inst.id, apiKey: a.key }));
  expect(await ok(d.invoke('account.get', undefined))).toMatchObject({ name: 'owner' });
  await ok(d.invoke('instances.update', { id: inst.id, baseUrl: b.url, apiKey: b.key, name: 'Now B' }));
  const bUser = (await b.api('GET', '/account')).body.data.id;
  expect(await ok(d.invoke('account.get', undefined))).toMatchObject({ id: bUser });

  expect(await ok(d.invoke('instances.remove', { id: inst.id }))).toEqual({ removed: true });
  expect(await d.secrets.get(inst.id)).toBeNull();
  expect((await ok(d.invoke('instances.list', undefined))).selectedId).toBe(d.profiles.local().id);
  expect(await d.invoke('instances.remove', { id: d.profiles.local().id })).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
});

it('server.restart moves the local server to another port and the local instance follows', async () => {
  const d = await desktop();
  const port = await closedPort();
  const s = await ok(d.invoke('server.restart', { port }));
  expect(s).toMatchObject({ state: 'running', port, url: `http://127.0.0.1:${port}` });
  const { instances } = await ok(d.invoke('instances.list', undefined));
  expect(instances[0].baseUrl).toBe(`http://127.0.0.1:${port}`);
  expect(await ok(d.invoke('account.get', undefined))).toMatchObject({ name: 'Desktop' });
});

it('server.restart with an API generation restarts the local server reading `password` as that generation does, and remembers it', async () => {
  const d = await desktop();
  expect(await ok(d.invoke('server.settings', undefined))).toEqual({ port: 0, apiGeneration: 'seed', cityDatabase: null });
  expect(await ok(d.invoke('account.get', undefined))).toMatchObject({ name: 'Desktop', api_generation: 'seed' });
  const seed = await ok(d.invoke('links.create', { data: { url: 'https://example.com/seed', password: 'secret1' } }));
  expect(seed).toMatchObject({ password: true, redirect_password: true, privacy_password: false });

  expect(await ok(d.invoke('server.restart', { apiGeneration: 'current' }))).toMatchObject({ state: 'running' });
  expect(await ok(d.invoke('server.settings', undefined))).toEqual({ port: 0, apiGeneration: 'current', cityDatabase: null });
  expect(await ok(d.invoke('account.get', undefined))).toMatchObject({ api_generation: 'current' });
  const current = await ok(d.invoke('links.create', { data: { url: 'https://example.com/current', password: 'secret2' } }));
  expect(current).toMatchObject({ password: true, redirect_password: false, privacy_password: true });
  // The first link keeps its redirect password, now answered as the current generation reads it.
  expect(await ok(d.invoke('links.get', { id: seed.id }))).toMatchObject({ password: false, redirect_password: true });

  // A plain restart, and a port change, keep the generation; it is in the profiles file for the next run.
  await ok(d.invoke('server.restart', undefined));
  await ok(d.invoke('server.restart', { port: await closedPort() }));
  expect(await ok(d.invoke('account.get', undefined))).toMatchObject({ api_generation: 'current' });
  expect(d.profiles.localServer().apiGeneration).toBe('current');
  expect(JSON.parse(readFileSync(path.join(d.dataDir, 'instances.json'), 'utf8')).localServer.apiGeneration).toBe('current');
});

describe('the logs folder', () => {
  it('app.info names the server log, and app.openLogs shows its folder through the injected openPath', async () => {
    const opened: string[] = [];
    const d = await desktop({ localServer: false, openPath: async (folder) => { opened.push(folder); return ''; } });
    const info = await ok(d.invoke('app.info', undefined));
    expect(info).toMatchObject({ logFile: path.join(d.dataDir, 'logs', 'server.log'), logsDir: path.join(d.dataDir, 'logs') });
    expect(await ok(d.invoke('app.openLogs', undefined))).toEqual({ opened: info.logsDir });
    expect(opened).toEqual([info.logsDir]);
    expect(existsSync(info.logsDir)).toBe(true);
  });

  it('app.openLogs says when the system could not open the folder, or this session cannot open folders', async () => {
    const failing = await desktop({ localServer: false, openPath: async () => 'No application knows how to open folders.' });
    expect(await failing.invoke('app.openLogs', undefined)).toEqual({
      ok: false, error: { kind: 'server', message: 'The logs folder could not be opened: No application knows how to open folders.' },
    });
    const none = await desktop({ localServer: false });
    expect(await none.invoke('app.openLogs', undefined)).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
  });
});

describe.skipIf(!IN_DBUS)(`keys in the real keychain${IN_DBUS ? '' : ` (skipped: ${NO_DBUS_REASON})`}`, () => {
  it('keys are stored in the keychain, in no file of the data folder, in no handler result; they survive a restart', async () => {
    const [a, b] = [await remote(), await remote()];
    const { dir, cleanup } = tempDir();
    cleanups.push(cleanup);
    const d = await desktop({ dataDir: dir });
    expect(await ok(d.invoke('app.info', undefined))).toMatchObject({ keychain: 'available', keychainMessage: null, dataDir: dir });
    const results: unknown[] = [];
    const call = async (name: string, args?: unknown, windowId = 1) => {
      const r = await d.invoke(name, args, { windowId });
      results.push(r);
      return r;
    };
    const ia = (await ok(call('instances.add', { name: 'A', baseUrl: a.url, apiKey: a.key }))) as { id: string; hasApiKey: boolean };
    const ib = (await ok(call('instances.add', { name: 'B', baseUrl: b.url }))) as { id: string };
    expect(ia.hasApiKey).toBe(true);
    await call('instances.update', { id: ib.id, apiKey: b.key });
    for (const id of [ia.id, ib.id, d.profiles.local().id]) {
      await call('instances.select', { id });
      await call('instances.check', { id });
      await call('account.get');
      await call('links.create', { data: { url: 'https://example.com/x' } });
      await call('links.create', { data: { url: 'javascript:x' } });
      await call('links.list', { query: {} });
      await call('links.get', { id: 424242 });
    }
    await call('instances.list');
    await call('app.info');
    await call('server.status');

    const localKey = await (await realKeychain()).get(d.profiles.local().id);
    expect(await (await realKeychain()).get(ia.id)).toBe(a.key);
    expect(await (await realKeychain()).get(ib.id)).toBe(b.key);
    expect(localKey).toMatch(/^ldk_/);
    const everything = JSON.stringify(results);
    for (const key of [a.key, b.key, localKey!]) {
      expect(everything).not.toContain(key);
      expect(everything).not.toContain(key.slice(4)); // nor its secret part
      expect(filesContaining(dir, key)).toEqual([]);
    }
    expect(results.filter((r) => (r as { ok: boolean }).ok).length).toBeGreaterThan(20); // the scan looked at real answers

    await d.close();
    const again = await desktop({ dataDir: dir }); // as after quitting and starting the app
    const { instances } = await ok(again.invoke('instances.list', undefined));
    expect(instances.map((i: { name: string; hasApiKey: boolean }) => [i.name, i.hasApiKey])).toEqual([['This computer', true], ['A', true], ['B', true]]);
    await ok(again.invoke('instances.select', { id: ib.id }));
    expect(await ok(again.invoke('account.get', undefined))).toMatchObject({ name: 'owner' });
    expect(await again.secrets.get(again.profiles.local().id)).toBe(localKey);
  });
});

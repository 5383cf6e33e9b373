// Updates against a feed served on 127.0.0.1 (real HTTP, port 0), as a company
// would host one: latest-linux.yml beside the .deb and its signature, as
// npm run dist writes them (update-feed-server.ts). electron-updater's own
// DebUpdater checks, downloads and verifies the sha512; only Electron's parts
// are stood in (its app object, its net module, and the installer run that
// quitAndInstall starts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/postgres.ts';
import { ok, tempDir, testDesktop, type Cleanups } from './helpers.ts';
import { installedApp as appIn, publisher, sha512, startFeed, updatesFor, type Feed } from './update-feed-server.ts';

let server: Feed;
let feedUrl: string;
let requests: string[];
let work: ReturnType<typeof tempDir>;
const feed = {
  set version(v: string) { server.state.version = v; },
  set sha512(v: string) { server.state.sha512 = v; },
};
const deb = () => server.state.deb;

beforeAll(async () => {
  work = tempDir('linkdesk-updater-');
  server = await startFeed();
  feedUrl = server.url;
});

afterAll(async () => {
  await server?.close();
  work?.cleanup();
});

const installedApp = (version = '0.1.0') => appIn(work.dir, version);

beforeEach(() => {
  server.reset();
  requests = server.requests;
});

describe('updates from a feed', () => {
  it('finds a newer version, downloads and verifies it, and installs only on the person\'s yes', async () => {
    const app = installedApp('0.1.0');
    const { updates, seen } = updatesFor(app, feedUrl);
    const s = await updates.check();
    expect(s).toEqual({ state: 'ready', version: '0.2.0', message: 'Linkdesk 0.2.0 is downloaded and verified. Restart to install it.' });
    expect(seen).toEqual(['checking', 'downloading', 'ready']);
    expect(readFileSync(path.join(app.cache, 'linkdesk_0.2.0_amd64.deb'))).toEqual(deb());
    // Downloaded is not installed: no quit, no installer, until the banner's Restart.
    expect(app.installs).toEqual([]);
    expect(app.quits).toEqual([]);
    expect(updates.install()).toBe(true);
    expect(app.installs).toEqual([[false, true]]);
  });

  it('does not offer the version that is installed', async () => {
    feed.version = '0.1.0';
    const app = installedApp('0.1.0');
    const { updates } = updatesFor(app, feedUrl);
    expect(await updates.check()).toEqual({ state: 'current', version: '0.1.0', message: 'Linkdesk 0.1.0 is the latest version (the feed offers 0.1.0).' });
    expect(requests.some((r) => r.endsWith('.deb'))).toBe(false);
    expect(updates.install()).toBe(false);
    expect(app.installs).toEqual([]);
  });

  it('refuses a download whose sha512 is not the feed\'s, says so, and keeps nothing of it', async () => {
    feed.sha512 = sha512(Buffer.from('another file'));
    const app = installedApp('0.1.0');
    const { updates } = updatesFor(app, feedUrl);
    const s = await updates.check();
    expect(s).toEqual({
      state: 'failed',
      message: 'The downloaded update (0.2.0) did not match the checksum (sha512) the feed publishes for it, so it was deleted and not installed. The file on the feed may be damaged or replaced; tell whoever runs the feed.',
    });
    expect(requests).toContain('/feed/linkdesk_0.2.0_amd64.deb');
    expect(existsSync(app.cache) ? readdirSync(app.cache).filter((f) => f.endsWith('.deb')) : []).toEqual([]);
    expect(updates.install()).toBe(false);
    expect(app.installs).toEqual([]);
  });

  it('says in words that a feed cannot be reached', async () => {
    const closed = `http://127.0.0.1:${await freePort()}/feed/`;
    const { updates } = updatesFor(installedApp(), closed);
    const s = await updates.check();
    expect(s.state).toBe('failed');
    expect((s as { message: string }).message).toBe(
      `The update feed could not be reached: Nothing is listening at ${new URL(closed).host} (connection refused). Check the feed address in Settings and this computer's network connection.`);
  });

  it('a feed without latest-linux.yml is named as such', async () => {
    const { updates } = updatesFor(installedApp(), feedUrl.replace('/feed/', '/elsewhere/'));
    expect(await updates.check()).toEqual({ state: 'failed', message: `The update feed has no latest-linux.yml (HTTP 404 at ${feedUrl.replace('/feed/', '/elsewhere/')}). Check the feed address in Settings.` });
  });

  it('with no feed set nothing is asked of anyone', async () => {
    const { updates } = updatesFor(installedApp(), '', { checkAtStart: true });
    expect(await updates.checkAtStart()).toBeNull();
    expect((await updates.check()).state).toBe('off');
    expect(requests).toEqual([]);
  });

  it('checks at start at most once a day, and only when the setting is on', async () => {
    feed.version = '0.1.0';
    let clock = Date.parse('2026-11-27T08:00:00Z');
    const off = updatesFor(installedApp(), feedUrl, { checkAtStart: false, now: () => clock });
    expect(await off.updates.checkAtStart()).toBeNull();
    const on = updatesFor(installedApp(), feedUrl, { checkAtStart: true, now: () => clock });
    expect((await on.updates.checkAtStart())?.state).toBe('current');
    clock += 23 * 60 * 60 * 1000;
    expect(await on.updates.checkAtStart()).toBeNull();
    clock += 60 * 60 * 1000;
    expect((await on.updates.checkAtStart())?.state).toBe('current');
    expect(requests.filter((r) => r === '/feed/latest-linux.yml')).toHaveLength(2);
  });
});

describe('updates through the handler table (what Settings, Help and the banner call)', () => {
  const cleanups: Cleanups = [];
  afterEach(async () => { for (const c of cleanups.splice(0).reverse()) await c(); });

  it('refuses a feed that is not an https:// address on its field, keeps a good one in updates.json, and installs only on updates.install', async () => {
    const app = installedApp('0.1.0');
    const d = await testDesktop(cleanups, { updater: app.updater, updatePublicKey: publisher.publicPem });
    const pushed: string[] = [];
    d.onPush((c) => { if (c.type === 'update-status') pushed.push(c.status.state); });

    expect(await ok(d.invoke('updates.get', undefined))).toMatchObject({ feedUrl: '', checkAtStart: false, supported: true, status: { state: 'off' } });
    const bad = await d.invoke('updates.configure', { feedUrl: 'ftp://updates.example.com/' });
    expect(bad).toMatchObject({ ok: false, error: { fields: { feedUrl: ['The update feed must be an https:// address.'] } } });

    expect((await ok(d.invoke('updates.configure', { feedUrl, checkAtStart: true }))).status).toEqual({ state: 'off', message: 'Not checked since Linkdesk started.' });
    expect(JSON.parse(readFileSync(path.join(d.dataDir, 'updates.json'), 'utf8'))).toMatchObject({ feedUrl, checkAtStart: true });
    const view = await ok(d.invoke('updates.check', undefined));
    expect(view.status).toMatchObject({ state: 'ready', version: '0.2.0' });
    expect(pushed).toEqual(['checking', 'downloading', 'ready']);
    expect(app.installs).toEqual([]);
    expect(await ok(d.invoke('updates.install', undefined))).toEqual({ ok: true });
    expect(app.installs).toEqual([[false, true]]);
  });

  it('without an updater (not the installed app) says so and checks nothing', async () => {
    const d = await testDesktop(cleanups);
    expect(await ok(d.invoke('updates.get', undefined))).toMatchObject({ supported: false, status: { state: 'off' } });
    const r = await d.invoke('updates.check', undefined);
    expect(r).toMatchObject({ ok: false, error: { message: 'Updates work only in the installed app, not in one started from the project folder.' } });
    expect(await ok(d.invoke('updates.install', undefined))).toEqual({ ok: false });
    expect(requests).toEqual([]);
  });
});

// Updates through the handler table as Settings and the banner call it, with
// main's own question (a native dialog in the app; here a stand-in that
// records what it was asked and answers yes or no): a new feed and an install
// each wait for it, and a feed change discards what the old feed delivered.
// The feed is real HTTP on 127.0.0.1 (update-feed-server.ts).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consentDialog } from '../../electron/services/consent.ts';
import { openUpdateStore } from '../../electron/services/updater-store.ts';
import type { UpdateView } from '../../shared/updates.ts';
import { consentRecorder, ok, tempDir, testDesktop, type Cleanups } from './helpers.ts';
import { installedApp, publisher, startFeed, updatesFor, type Feed } from './update-feed-server.ts';

let feed: Feed;
let work: ReturnType<typeof tempDir>;
const cleanups: Cleanups = [];
beforeAll(async () => {
  work = tempDir('linkdesk-updater-consent-');
  feed = await startFeed();
});
afterAll(async () => {
  await feed?.close();
  work?.cleanup();
});
beforeEach(() => feed.reset());
afterEach(async () => { for (const c of cleanups.splice(0).reverse()) await c(); });

const debsIn = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.deb')) : []);
const NOT_CHECKED = { state: 'off', message: 'Not checked since Linkdesk started.' };

/** The desktop with an installed updater, a feed set (agreed), and 0.2.0 downloaded and ready. */
async function readyDesktop() {
  const app = installedApp(work.dir, '0.1.0');
  const consent = consentRecorder(true);
  const d = await testDesktop(cleanups, { updater: app.updater, updatePublicKey: publisher.publicPem, confirm: consent.confirm, version: '0.1.0' });
  const pushed: string[] = [];
  d.onPush((c) => { if (c.type === 'update-status') pushed.push(c.status.state); });
  await ok(d.invoke('updates.configure', { feedUrl: feed.url }, { windowId: 3 }));
  expect((await ok<UpdateView>(d.invoke('updates.check', undefined))).status).toMatchObject({ state: 'ready', version: '0.2.0' });
  expect(debsIn(app.cache)).toEqual(['linkdesk_0.2.0_amd64.deb']);
  return { app, d, consent, pushed, host: new URL(feed.url).host };
}

describe('main asks before a new feed and before installing', () => {
  it('setting a feed asks main, naming the version installed and the feed\'s host', async () => {
    const { consent, host } = await readyDesktop();
    expect(consent.asked).toEqual([{ kind: 'update-feed', details: { instance: 'Linkdesk', address: host, from: null, version: '0.1.0', windowId: 3 } }]);
  });

  it('a stand-in dialog that answers no stops the install; a yes installs exactly the version asked about', async () => {
    const { app, d, consent, host } = await readyDesktop();
    consent.answer = false;
    consent.asked.length = 0;
    const no = await d.invoke('updates.install', undefined, { windowId: 5 });
    expect(no).toEqual({ ok: false, error: { kind: 'declined', message: 'Not installed: you declined to install Linkdesk 0.2.0. It stays downloaded; Restart to update asks again.' } });
    expect(consent.asked).toEqual([{ kind: 'update-install', details: { instance: 'Linkdesk', address: host, version: '0.2.0', windowId: 5 } }]);
    expect(app.installs).toEqual([]);
    expect(app.quits).toEqual([]);
    consent.answer = true;
    expect(await ok(d.invoke('updates.install', undefined))).toEqual({ ok: true });
    expect(app.installs).toEqual([[false, true]]);
  });

  it('a stand-in dialog that answers no stops the feed change: updates.json and the ready update stay as they were', async () => {
    const { d, consent, host } = await readyDesktop();
    consent.answer = false;
    const other = 'https://updates.evil.example/linkdesk/';
    const no = await d.invoke('updates.configure', { feedUrl: other });
    expect(no).toEqual({ ok: false, error: { kind: 'declined', message: 'Not changed: you declined to take updates from updates.evil.example. The update feed is as it was.' } });
    expect(consent.asked.at(-1)).toEqual({ kind: 'update-feed', details: { instance: 'Linkdesk', address: 'updates.evil.example', from: host, version: '0.1.0', windowId: 1 } });
    const view = await ok<UpdateView>(d.invoke('updates.get', undefined));
    expect(view).toMatchObject({ feedUrl: feed.url, status: { state: 'ready', version: '0.2.0' } });
    expect(JSON.parse(readFileSync(path.join(d.dataDir, 'updates.json'), 'utf8')).feedUrl).toBe(feed.url);
  });

  it('the dialog\'s words name the version and the feed\'s host, and Cancel is the answer offered first', () => {
    const install = consentDialog('update-install', { instance: 'Linkdesk', address: 'updates.example.com', version: '0.2.0', windowId: 1 });
    expect(install).toMatchObject({ title: 'Install the update?', message: 'Install Linkdesk 0.2.0 from updates.example.com and restart?', yes: 'Restart and install', no: 'Cancel' });
    const change = consentDialog('update-feed', { instance: 'Linkdesk', address: 'updates.example.com', from: 'old.example.com', version: '0.1.0', windowId: 1 });
    expect(change).toMatchObject({ title: 'Take updates from a new feed?', message: 'Let Linkdesk 0.1.0 look for updates at updates.example.com?', no: 'Cancel' });
    expect(change.detail).toContain('Updates came from old.example.com until now.');
  });
});

describe('a downloaded update is discarded when the feed changes', () => {
  it('a new feed (agreed): status back to not checked, the file deleted, Restart installs nothing', async () => {
    const { app, d, pushed } = await readyDesktop();
    const next = feed.url.replace('/feed/', '/other/');
    const view = await ok<UpdateView>(d.invoke('updates.configure', { feedUrl: next }));
    expect(view).toMatchObject({ feedUrl: next, status: NOT_CHECKED });
    expect(pushed.at(-1)).toBe('off');
    expect(debsIn(app.cache)).toEqual([]);
    expect(await ok(d.invoke('updates.install', undefined))).toEqual({ ok: false });
    expect(app.installs).toEqual([]);
  });

  it('the feed removed (no question asked): the download is discarded too', async () => {
    const { app, d, consent } = await readyDesktop();
    const asked = consent.asked.length;
    expect(await ok<UpdateView>(d.invoke('updates.configure', { feedUrl: '' }))).toMatchObject({ feedUrl: '', status: { state: 'off' } });
    expect(consent.asked).toHaveLength(asked);
    expect(debsIn(app.cache)).toEqual([]);
    expect(await ok(d.invoke('updates.install', undefined))).toEqual({ ok: false });
    expect(app.installs).toEqual([]);
  });

  it('a feed changed while the package downloads: the download that finishes after is not ready and not kept', async () => {
    let release!: () => void;
    feed.state.hold = new Promise((r) => (release = r));
    const app = installedApp(work.dir, '0.1.0');
    const { updates } = updatesFor(app, feed.url);
    const checking = updates.check();
    while (!feed.requests.some((r) => r.endsWith('.deb'))) await new Promise((r) => setTimeout(r, 5));
    expect(updates.status()).toMatchObject({ state: 'downloading' });
    await updates.discard();
    release();
    expect(await checking).toEqual(NOT_CHECKED);
    expect(updates.status()).toEqual(NOT_CHECKED);
    expect(debsIn(app.cache)).toEqual([]);
    expect(updates.install()).toBe(false);
    expect(app.installs).toEqual([]);
  });
});

describe('a plain http:// feed', () => {
  it('is refused on its field with the reason (not 127.0.0.1), and nothing is asked or stored', async () => {
    const consent = consentRecorder(true);
    const d = await testDesktop(cleanups, { updater: installedApp(work.dir).updater, updatePublicKey: publisher.publicPem, confirm: consent.confirm });
    const r = await d.invoke('updates.configure', { feedUrl: 'http://updates.example.com/linkdesk/' });
    expect(r).toMatchObject({ ok: false, error: { fields: { feedUrl: ['The update feed must be an https:// address: over plain http:// anyone on the network can see and change what the feed answers. (Only http://127.0.0.1, this computer, is accepted plain.)'] } } });
    expect(consent.asked).toEqual([]);
    expect((await ok<UpdateView>(d.invoke('updates.get', undefined))).feedUrl).toBe('');
  });

  it('one written into updates.json by hand is no feed', () => {
    const dir = tempDir('linkdesk-updates-json-');
    cleanups.push(dir.cleanup);
    writeFileSync(path.join(dir.dir, 'updates.json'), JSON.stringify({ feedUrl: 'http://updates.example.com/', checkAtStart: true }));
    expect(openUpdateStore(dir.dir).get()).toEqual({ feedUrl: '', checkAtStart: true });
  });
});

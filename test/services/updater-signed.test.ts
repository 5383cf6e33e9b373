// Updates signed by their publisher (issue 42), against a feed on 127.0.0.1:
// the yml is believed only with the publisher's Ed25519 signature, checked
// before anything is downloaded; electron-updater then works from exactly
// those bytes (the sha512 in them proves the package). Each attack below is
// what someone on the network, or on the feed's server, could serve.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { generateKeyPairSync } from 'node:crypto';
import path from 'node:path';
import { builtUpdateKey } from '../../electron/services/update-feed.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { feedUrlProblem } from '../../shared/updates.ts';
import { tempDir } from './helpers.ts';
import { goodDeb, installedApp as appIn, publisher, sha512, startFeed, updatesFor, ymlOf, type Feed } from './update-feed-server.ts';

let feed: Feed;
let work: ReturnType<typeof tempDir>;
beforeAll(async () => {
  work = tempDir('linkdesk-updater-signed-');
  feed = await startFeed();
});
afterAll(async () => {
  await feed?.close();
  work?.cleanup();
});
beforeEach(() => feed.reset());

const installedApp = () => appIn(work.dir, '0.1.0');
const evilDeb = Buffer.from('#!/bin/sh\n# not Linkdesk\n'.repeat(300));
const debsIn = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.deb')) : []);
const NOT_SIGNED = (url: string) => `The update feed at ${url} offers an update without its publisher's signature (no latest-linux.yml.sig), so nothing was downloaded. `
  + 'Updates are accepted only when signed by the key this build of Linkdesk carries; tell whoever runs the feed.';
const BAD_SIGNATURE = (url: string) => `The update feed at ${url} offers an update whose signature is not its publisher's (the description of the update was changed, or signed with another key), so nothing was downloaded. `
  + 'Someone may have replaced the files on the feed or on the way; tell whoever runs the feed.';

/** A check that must end refused, with nothing downloaded or installable. */
async function refused(message: string) {
  const app = installedApp();
  const { updates, seen } = updatesFor(app, feed.url);
  expect(await updates.check()).toEqual({ state: 'failed', message });
  expect(seen).toEqual(['checking', 'failed']);
  expect(feed.requests.filter((r) => r.endsWith('.deb'))).toEqual([]);
  expect(debsIn(app.cache)).toEqual([]);
  expect(updates.install()).toBe(false);
  expect(app.installs).toEqual([]);
}

describe('a feed is believed only with its publisher\'s signature', () => {
  it('a feed without latest-linux.yml.sig is refused before anything is downloaded', async () => {
    feed.state.signer = 'none';
    await refused(NOT_SIGNED(feed.url));
  });

  it('a feed signed by another key is refused', async () => {
    feed.state.signer = 'stranger';
    await refused(BAD_SIGNATURE(feed.url));
  });

  it('a yml changed after signing (another package and its sha512) is refused: the attacker\'s matching checksum counts for nothing', async () => {
    feed.state.deb = evilDeb;
    feed.state.tamper = (yml) => yml.replaceAll(sha512(goodDeb), sha512(evilDeb)).replaceAll(`size: ${goodDeb.length}`, `size: ${evilDeb.length}`);
    await refused(BAD_SIGNATURE(feed.url));
  });

  it('a yml changed by one byte (a newer version named) is refused', async () => {
    feed.state.tamper = (yml) => yml.replace('version: 0.2.0', 'version: 0.2.1');
    await refused(BAD_SIGNATURE(feed.url));
  });

  it('a signature with a line ending added to the yml is refused (the exact bytes are signed)', async () => {
    feed.state.tamper = (yml) => yml.replaceAll('\n', '\r\n');
    await refused(BAD_SIGNATURE(feed.url));
  });

  it('a changed package under a signed yml fails its sha512, is deleted and not installable (holds)', async () => {
    feed.state.deb = evilDeb;
    const app = installedApp();
    const { updates } = updatesFor(app, feed.url);
    expect(await updates.check()).toEqual({
      state: 'failed',
      message: 'The downloaded update (0.2.0) did not match the checksum (sha512) the feed publishes for it, so it was deleted and not installed. The file on the feed may be damaged or replaced; tell whoever runs the feed.',
    });
    expect(debsIn(app.cache)).toEqual([]);
    expect(updates.install()).toBe(false);
    expect(app.installs).toEqual([]);
  });

  it('a good feed: the yml and its signature are fetched first, then the package is downloaded, verified and ready', async () => {
    const app = installedApp();
    const { updates, seen } = updatesFor(app, feed.url);
    expect(await updates.check()).toEqual({ state: 'ready', version: '0.2.0', message: 'Linkdesk 0.2.0 is downloaded and verified. Restart to install it.' });
    expect(seen).toEqual(['checking', 'downloading', 'ready']);
    expect(feed.requests).toEqual(['/feed/latest-linux.yml', '/feed/latest-linux.yml.sig', '/feed/linkdesk_0.2.0_amd64.deb']);
    expect(readFileSync(`${app.cache}/linkdesk_0.2.0_amd64.deb`)).toEqual(goodDeb);
    expect(updates.install()).toBe(true);
    expect(app.installs).toEqual([[false, true]]);
  });

  it('a feed that serves the signed yml once and another afterwards still gets exactly the signed package (the yml is fetched once) (holds)', async () => {
    feed.state.later = ymlOf({ version: '0.2.0', sha512: sha512(evilDeb), deb: evilDeb });
    const app = installedApp();
    const { updates } = updatesFor(app, feed.url);
    expect((await updates.check()).state).toBe('ready');
    expect(feed.requests.filter((r) => r === '/feed/latest-linux.yml')).toHaveLength(1);
    expect(readFileSync(`${app.cache}/linkdesk_0.2.0_amd64.deb`)).toEqual(goodDeb);
  });

  it('an older release, properly signed and replayed, is not offered: no downgrade (holds)', async () => {
    feed.state.version = '0.0.9';
    const app = installedApp();
    const { updates } = updatesFor(app, feed.url);
    expect(await updates.check()).toMatchObject({ state: 'current', version: '0.0.9' });
    expect(feed.requests.filter((r) => r.endsWith('.deb'))).toEqual([]);
    expect(updates.install()).toBe(false);
  });
});

describe('a build without the publisher\'s key', () => {
  it('has updates off, says why, and asks the feed nothing', async () => {
    const { updates } = updatesFor(installedApp(), feed.url, { publicKey: null });
    const why = 'This build of Linkdesk carries no update signing key, so it cannot tell its publisher\'s updates from anyone else\'s: updates are off. Install a build made with a signing key (npm run dist with LINKDESK_UPDATE_KEY).';
    expect(updates.status()).toEqual({ state: 'off', message: why });
    expect(await updates.check()).toEqual({ state: 'off', message: why });
    expect(feed.requests).toEqual([]);
  });

  it('the installed app reads the key npm run dist wrote into its package.json; none there is none', () => {
    const dir = path.join(work.dir, 'app-asar');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'linkdesk', version: '0.1.0' }));
    expect(builtUpdateKey(dir)).toBeNull();
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'linkdesk', version: '0.1.0', linkdeskUpdatePublicKey: publisher.publicPem }));
    expect(builtUpdateKey(dir)).toBe(publisher.publicPem);
    expect(builtUpdateKey(path.join(work.dir, 'nowhere'))).toBeNull();
  });

  it('a key that is not Ed25519 (RSA) is no key: updates off', async () => {
    const rsa = String(generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }));
    const { updates } = updatesFor(installedApp(), feed.url, { publicKey: rsa });
    expect((await updates.check())).toMatchObject({ state: 'off', message: expect.stringContaining('is not an Ed25519 public key') });
    expect(feed.requests).toEqual([]);
  });
});

describe('feeds must be https://', () => {
  const REFUSED = 'The update feed must be an https:// address: over plain http:// anyone on the network can see and change what the feed answers. (Only http://127.0.0.1, this computer, is accepted plain.)';
  it('a plain http:// feed elsewhere is refused with the reason; https:// and http://127.0.0.1 are accepted', () => {
    expect(feedUrlProblem('http://updates.example.com/linkdesk/')).toBe(REFUSED);
    expect(feedUrlProblem('http://10.0.0.5:8080/feed/')).toBe(REFUSED);
    expect(feedUrlProblem('http://localhost/feed/')).toBe(REFUSED);
    expect(feedUrlProblem('http://127.0.0.1.evil.example/feed/')).toBe(REFUSED);
    expect(feedUrlProblem('http://[::ffff:127.0.0.1]/feed/')).toBe(REFUSED);
    expect(feedUrlProblem('ftp://updates.example.com/')).toBe('The update feed must be an https:// address.');
    expect(feedUrlProblem('https://updates.example.com/linkdesk/')).toBeNull();
    expect(feedUrlProblem('http://127.0.0.1:8080/feed/')).toBeNull();
  });

  it('a plain http:// feed reaching the updater anyway is not asked', async () => {
    const { updates } = updatesFor(installedApp(), 'http://updates.linkdesk.invalid/feed/');
    expect(await updates.check()).toMatchObject({ state: 'failed', message: REFUSED });
  });
});

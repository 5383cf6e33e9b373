// A company's update feed on 127.0.0.1 (real HTTP, port 0), as `npm run dist`
// leaves it: latest-linux.yml beside the .deb, and latest-linux.yml.sig (the
// publisher's Ed25519 signature of the yml's bytes, base64). Each test sets
// what the feed serves: the version, the sha512 in the yml, the package's
// bytes, and which signature (the publisher's, none, another key's). Also the
// installed app: electron-updater's own DebUpdater with only Electron's parts
// stood in (its app object, its net module, the installer run).
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { configureRequestOptions, configureRequestUrl, HttpExecutor, type DownloadOptions } from 'builder-util-runtime';
import { DebUpdater, type AppUpdater } from 'electron-updater';
import { createUpdates, type UpdateStatus } from '../../electron/services/updater.ts';

// electron-updater's app seam (out/AppAdapter.d.ts), not exported by name.
type AppAdapter = ConstructorParameters<typeof DebUpdater>[1] & object;

/** Electron's net, stood in by Node's http (what ElectronHttpExecutor does with net.request). */
class NodeHttpExecutor extends HttpExecutor<ReturnType<typeof httpRequest>> {
  createRequest(options: object, callback: (response: unknown) => void) {
    const req = httpRequest(options);
    req.on('response', callback);
    return req;
  }
  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise((resolve, reject, onCancel) => {
      const requestOptions = { headers: options.headers ?? undefined };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(requestOptions, { destination, options, onCancel, callback: (e) => (e ? reject(e) : resolve(destination)), responseHandler: null }, 0);
    });
  }
}

const pem = (k: { export(o: object): string | Buffer }, type: 'spki' | 'pkcs8') => String(k.export({ type, format: 'pem' }));
export function ed25519() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return { publicPem: pem(publicKey, 'spki'), privatePem: pem(privateKey, 'pkcs8'), privateKey };
}
/** The publisher's key (the build carries its public half) and someone else's. */
export const publisher = ed25519();
export const stranger = ed25519();

export const sha512 = (b: Buffer) => createHash('sha512').update(b).digest('base64');
export const goodDeb = Buffer.from('a stand-in .deb of Linkdesk 0.2.0\n'.repeat(500));

export interface FeedState {
  version: string;
  /** The sha512 the yml states for the package. */
  sha512: string;
  /** What the package's URL serves. */
  deb: Buffer;
  /** Whose signature latest-linux.yml.sig is: the publisher's, another key's, or none (404). */
  signer: 'publisher' | 'stranger' | 'none';
  /** Edits the yml after it was signed (the signature then belongs to the bytes before). */
  tamper: ((yml: string) => string) | null;
  /** From the second request of the yml on, this yml instead (a feed that answers differently each time). */
  later: string | null;
  /** The package is sent only once this settles (a download in progress). */
  hold: Promise<void> | null;
}

export function ymlOf(s: Pick<FeedState, 'version' | 'sha512' | 'deb'>): string {
  const file = `linkdesk_${s.version}_amd64.deb`;
  return `version: ${s.version}\nfiles:\n  - url: ${file}\n    sha512: ${s.sha512}\n    size: ${s.deb.length}\npath: ${file}\nsha512: ${s.sha512}\nreleaseDate: '2026-11-27T00:00:00.000Z'\n`;
}

export interface Feed { url: string; state: FeedState; requests: string[]; reset(): void; close(): Promise<void> }

export async function startFeed(): Promise<Feed> {
  const fresh = (): FeedState => ({ version: '0.2.0', sha512: sha512(goodDeb), deb: goodDeb, signer: 'publisher', tamper: null, later: null, hold: null });
  const feed = { state: fresh(), requests: [] as string[] } as Feed;
  let ymlServed = 0;
  const server: Server = createServer((req, res) => {
    const url = (req.url ?? '').split('?')[0] ?? '';
    feed.requests.push(url);
    const s = feed.state;
    const signed = ymlOf(s);
    if (url === '/feed/latest-linux.yml') {
      const body = ymlServed++ > 0 && s.later !== null ? s.later : s.tamper ? s.tamper(signed) : signed;
      return void res.writeHead(200, { 'content-type': 'text/yaml' }).end(body);
    }
    if (url === '/feed/latest-linux.yml.sig') {
      if (s.signer === 'none') return void res.writeHead(404).end();
      const key = s.signer === 'publisher' ? publisher.privateKey : stranger.privateKey;
      return void res.writeHead(200).end(`${sign(null, Buffer.from(signed), key).toString('base64')}\n`);
    }
    const deb = /^\/feed\/linkdesk_[\d.]+_amd64\.deb$/.test(url);
    if (deb) return void (s.hold ?? Promise.resolve()).then(() => res.writeHead(200, { 'content-length': s.deb.length }).end(s.deb));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feed.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed/`;
  feed.reset = () => {
    feed.state = fresh();
    feed.requests = [];
    ymlServed = 0;
  };
  feed.close = () => new Promise((r) => server.close(() => r()));
  return feed;
}

let n = 0;
/** Linkdesk `version` as installed in `dir`, its updater, and what it was asked to do. */
export function installedApp(work: string, version = '0.1.0') {
  const dir = path.join(work, `app-${++n}`);
  mkdirSync(dir);
  // electron-builder writes this beside app.asar; the updater takes its cache folder's name from it.
  writeFileSync(path.join(dir, 'app-update.yml'), 'provider: generic\nurl: https://updates.linkdesk.invalid/\nupdaterCacheDirName: linkdesk-updater\n');
  const quits: string[] = [];
  const app: AppAdapter = {
    version, name: 'Linkdesk', isPackaged: true, appUpdateConfigPath: path.join(dir, 'app-update.yml'),
    userDataPath: path.join(dir, 'data'), baseCachePath: path.join(dir, 'cache'),
    whenReady: () => Promise.resolve(), relaunch: () => quits.push('relaunch'), quit: () => quits.push('quit'), onQuit: () => {},
  };
  const updater = new DebUpdater(null, app);
  (updater as unknown as { httpExecutor: HttpExecutor<never> }).httpExecutor = new NodeHttpExecutor() as unknown as HttpExecutor<never>;
  updater.logger = null;
  // The installer run (pkexec dpkg -i …) stands in as a record of the call.
  const installs: unknown[][] = [];
  updater.quitAndInstall = (...args: unknown[]) => void installs.push(args);
  return { updater: updater as AppUpdater, quits, installs, cache: path.join(dir, 'cache/linkdesk-updater/pending') };
}

export function updatesFor(app: ReturnType<typeof installedApp>, url: string, extra: { checkAtStart?: boolean; now?: () => number; publicKey?: string | null } = {}) {
  let last: number | null = null;
  const seen: UpdateStatus['state'][] = [];
  const updates = createUpdates({
    updater: app.updater,
    publicKey: extra.publicKey === undefined ? publisher.publicPem : extra.publicKey,
    feed: () => ({ url, checkAtStart: extra.checkAtStart ?? false }),
    lastStartCheck: { get: () => last, set: (ms) => (last = ms) },
    now: extra.now,
    onStatus: (s) => seen.push(s.state),
  });
  return { updates, seen };
}

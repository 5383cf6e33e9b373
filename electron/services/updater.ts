// Updates from a company's own feed (electron-updater): a check when asked
// (Help → Check for updates) and at most once a day at start if the settings
// say so. The feed's latest*.yml is believed only with its publisher's
// signature (update-feed.ts: Ed25519, the public key this build carries);
// then a newer version is downloaded and verified by electron-updater (the
// file's sha512 against that signed yml, or it is deleted and refused);
// installing waits for the person's yes (install()). No feed URL or no key,
// no checks; a feed change discards what was downloaded from the old one. Runs in Node: main hands in electron-updater's
// autoUpdater, the tests an updater with stand-ins for Electron's app and net.
import type { AppUpdater, UpdateInfo } from 'electron-updater';
import { feedUrlProblem, type UpdateStatus } from '../../shared/updates.ts';
import { defineMessages, type MessageDescriptor } from '@formatjs/intl';
import { transportError } from './net/failures.ts';
import { t } from './i18n/current.ts';
import { BAD_SIGNATURE, UNSIGNED, updatePublicKey } from './update-feed.ts';
import type { SignedFeedOptions } from './update-feed-provider.ts';

export type { UpdateStatus };

export interface UpdaterDeps {
  /** Configured by createUpdates: no download or install happens by itself. */
  updater: AppUpdater;
  /** The publisher's Ed25519 public key (PEM) this build carries; none: updates are off. */
  publicKey: string | null;
  /** The feed URL from the settings ('' for none), and whether to check at start. */
  feed(): { url: string; checkAtStart: boolean };
  /** When the last check at start ran (ms), kept across starts. */
  lastStartCheck: { get(): number | null; set(ms: number): void };
  now?: () => number;
  onStatus?: (s: UpdateStatus) => void;
}

export interface Updates {
  status(): UpdateStatus;
  /** A check asked for by the person (Help → Check for updates). */
  check(): Promise<UpdateStatus>;
  /** The check at start: only with a feed, the setting on, and a day since the last one. null: not due. */
  checkAtStart(): Promise<UpdateStatus | null>;
  /** The person's yes: quits, installs the downloaded update (only `version`, if given), starts the new version. */
  install(version?: string): boolean;
  /** The feed changed: forget (and delete) what was checked or downloaded from the old one. */
  discard(): Promise<void>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
// The status words in the user's language (read when the status is made); the feed's address, file names
// and versions are arguments, and a network failure's words come from net/failures.ts.
export const um = defineMessages({
  noFeed: { id: 'desktop.updates.noFeed', defaultMessage: 'No update feed is set, so Linkdesk does not look for updates. An administrator can set one in Settings.' },
  notChecked: { id: 'desktop.updates.notChecked', defaultMessage: 'Not checked since Linkdesk started.' },
  unsupported: { id: 'desktop.updates.unsupported', defaultMessage: 'Updates work only in the installed app, not in one started from the project folder.' },
  unsigned: {
    id: 'desktop.updates.unsigned',
    defaultMessage: 'The update feed at {feedUrl} offers an update without its publisher\'s signature (no {file}), so nothing was downloaded. Updates are accepted only when signed by the key this build of Linkdesk carries; tell whoever runs the feed.',
    description: 'file: e.g. latest.yml.sig',
  },
  badSignature: { id: 'desktop.updates.badSignature', defaultMessage: 'The update feed at {feedUrl} offers an update whose signature is not its publisher\'s (the description of the update was changed, or signed with another key), so nothing was downloaded. Someone may have replaced the files on the feed or on the way; tell whoever runs the feed.' },
  checksum: { id: 'desktop.updates.checksum', defaultMessage: 'The downloaded update did not match the checksum (sha512) the feed publishes for it, so it was deleted and not installed. The file on the feed may be damaged or replaced; tell whoever runs the feed.' },
  checksumVersion: { id: 'desktop.updates.checksumVersion', defaultMessage: 'The downloaded update ({version}) did not match the checksum (sha512) the feed publishes for it, so it was deleted and not installed. The file on the feed may be damaged or replaced; tell whoever runs the feed.' },
  noFile: { id: 'desktop.updates.noFile', defaultMessage: 'The update feed has no {file} (HTTP 404 at {feedUrl}). Check the feed address in Settings.' },
  unreadable: { id: 'desktop.updates.unreadable', defaultMessage: 'The update feed\'s description of the latest version cannot be read. Tell whoever runs the feed at {feedUrl}.' },
  httpStatus: { id: 'desktop.updates.httpStatus', defaultMessage: 'The update feed answered HTTP {status} at {feedUrl}. Check the feed address in Settings.' },
  unreachable: {
    id: 'desktop.updates.unreachable',
    defaultMessage: 'The update feed could not be reached: {reason} Check the feed address in Settings and this computer\'s network connection.',
    description: 'reason: a sentence saying what failed (refused, timed out…)',
  },
  current: { id: 'desktop.updates.current', defaultMessage: 'Linkdesk {current} is the latest version (the feed offers {offered}).' },
  ready: { id: 'desktop.updates.ready', defaultMessage: 'Linkdesk {version} is downloaded and verified. Restart to install it.' },
});
const say = (d: MessageDescriptor, values?: Record<string, string>) => t().formatMessage(d, values);

// Electron's net reports failures as net::ERR_… messages; these are the socket codes they mean.
const NET_CODES: Record<string, string> = {
  'net::ERR_CONNECTION_REFUSED': 'ECONNREFUSED', 'net::ERR_NAME_NOT_RESOLVED': 'ENOTFOUND', 'net::ERR_CONNECTION_TIMED_OUT': 'ETIMEDOUT',
  'net::ERR_TIMED_OUT': 'ETIMEDOUT', 'net::ERR_INTERNET_DISCONNECTED': 'ENETUNREACH', 'net::ERR_CONNECTION_RESET': 'ECONNRESET',
  'net::ERR_ADDRESS_UNREACHABLE': 'EHOSTUNREACH',
};

/** What went wrong, in words, for the person who asked (or the banner). */
function updateFailure(err: unknown, feedUrl: string, version?: string): string {
  const e = err as { code?: string; message?: string; statusCode?: number };
  const text = String(e?.message ?? err);
  if (e?.code === UNSIGNED) {
    return say(um.unsigned, { feedUrl, file: /\((\S+\.sig)\)/.exec(text)?.[1] ?? 'latest.yml.sig' });
  }
  if (e?.code === BAD_SIGNATURE) {
    return say(um.badSignature, { feedUrl });
  }
  if (e?.code === 'ERR_CHECKSUM_MISMATCH' || /sha512 checksum mismatch/i.test(text)) {
    return version ? say(um.checksumVersion, { version }) : say(um.checksum);
  }
  if (e?.code === 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND') {
    const file = /channel "([^"]+)"/.exec(text)?.[1] ?? 'latest.yml';
    return say(um.noFile, { file, feedUrl });
  }
  if (e?.code === 'ERR_UPDATER_INVALID_UPDATE_INFO' || /Cannot parse update info/i.test(text)) {
    return say(um.unreadable, { feedUrl });
  }
  const status = e?.statusCode ?? Number(/HttpError: (\d{3})/.exec(text)?.[1]);
  if (status) return say(um.httpStatus, { status: String(status), feedUrl });
  const netCode = Object.entries(NET_CODES).find(([m]) => text.includes(m))?.[1];
  const u = new URL(feedUrl);
  const failure = transportError(netCode ? Object.assign(new Error(text), { code: netCode }) : err, {
    host: u.host, hostname: u.hostname, route: { type: 'direct' }, proxyCredentials: false, timeoutMs: 30_000,
  });
  const what = failure.error.advice ? failure.message.slice(0, -failure.error.advice.length).trim() : failure.message;
  return say(um.unreachable, { reason: what });
}

export function createUpdates(deps: UpdaterDeps): Updates {
  const { updater } = deps;
  const key = updatePublicKey(deps.publicKey);
  // Bumped by discard(): a check or download that began before the feed changed counts for nothing.
  let generation = 0;
  const now = deps.now ?? Date.now;
  // electron-updater's defaults would download and, on quit, install without asking.
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = false;
  // null until the first check of this run; without a feed the answer is always um.noFeed.
  let status: UpdateStatus | null = null;
  let running: Promise<UpdateStatus> | null = null;
  const set = (s: UpdateStatus) => {
    status = s;
    deps.onStatus?.(s);
    return s;
  };

  async function run(): Promise<UpdateStatus> {
    const url = deps.feed().url.trim();
    if ('problem' in key) return set({ state: 'off', message: key.problem });
    if (!url) return set({ state: 'off', message: say(um.noFeed) });
    const problem = feedUrlProblem(url);
    if (problem) return set({ state: 'failed', message: problem });
    // A ready update stays ready: checking again must not throw the verified file away.
    if (status?.state === 'ready') return status;
    const gen = generation;
    const stale = () => gen !== generation;
    set({ state: 'checking' });
    let info: UpdateInfo | undefined;
    try {
      const { SignedFeedProvider } = await import('./update-feed-provider.ts');
      const feed: SignedFeedOptions = { provider: 'custom', updateProvider: SignedFeedProvider, url, publicKey: key.key };
      updater.setFeedURL(feed);
      const result = await updater.checkForUpdates();
      if (stale()) return status ?? notChecked();
      if (!result) return set({ state: 'failed', message: say(um.unsupported) });
      info = result.updateInfo;
      if (!result.isUpdateAvailable) {
        return set({ state: 'current', version: info.version, message: say(um.current, { current: updater.currentVersion.version, offered: info.version }) });
      }
      set({ state: 'downloading', version: info.version });
      await updater.downloadUpdate();
      if (stale()) {
        await clearDownload();
        return status ?? notChecked();
      }
      return set({ state: 'ready', version: info.version, message: say(um.ready, { version: info.version }) });
    } catch (err) {
      if (stale()) return status ?? notChecked();
      return set({ state: 'failed', message: updateFailure(err, url, info?.version) });
    }
  }
  const notChecked = (): UpdateStatus => ({ state: 'off', message: say(um.notChecked) });
  /** electron-updater's pending download: its file deleted, its record forgotten (install() then finds nothing). */
  async function clearDownload() {
    const helper = (updater as unknown as { downloadedUpdateHelper?: { clear(): Promise<void> } | null }).downloadedUpdateHelper;
    await helper?.clear().catch(() => {});
  }

  return {
    status: () => ('problem' in key ? { state: 'off', message: key.problem } : !deps.feed().url.trim() ? { state: 'off', message: say(um.noFeed) } : status ?? notChecked()),
    check() {
      running ??= run().finally(() => (running = null));
      return running;
    },
    async checkAtStart() {
      const { url, checkAtStart } = deps.feed();
      const last = deps.lastStartCheck.get();
      if (!url.trim() || !checkAtStart || (last !== null && now() - last < DAY_MS)) return null;
      deps.lastStartCheck.set(now());
      return this.check();
    },
    install(version) {
      if (status?.state !== 'ready' || (version !== undefined && status.version !== version)) return false;
      // Not silent, so an installer that asks (NSIS) shows itself; the new version starts after.
      updater.quitAndInstall(false, true);
      return true;
    },
    async discard() {
      generation++;
      const had = status !== null;
      status = null;
      await clearDownload();
      if (had) deps.onStatus?.(notChecked());
    },
  };
}

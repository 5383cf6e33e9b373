// electron-updater's provider for a signed feed (see update-feed.ts): loaded
// only when a check runs, as electron-updater itself is (main loads it in the
// installed app only).
import type { KeyObject } from 'node:crypto';
import type { CustomPublishOptions, UpdateInfo } from 'builder-util-runtime';
import { Provider, type AppUpdater, type ResolvedUpdateFileInfo } from 'electron-updater';
import type { ProviderRuntimeOptions } from 'electron-updater/out/providers/Provider.js';
// Not re-exported by electron-updater's main: the generic provider's own parsing and file resolution.
import { parseUpdateInfo, resolveFiles } from 'electron-updater/out/providers/Provider.js';
import { BAD_SIGNATURE, signatureMatches, UNSIGNED } from './update-feed.ts';

/** An error as electron-updater makes them (builder-util-runtime's newError; that package is not ours to import at run time). */
const newError = (message: string, code: string) => Object.assign(new Error(message), { code });

export interface SignedFeedOptions extends CustomPublishOptions {
  readonly provider: 'custom';
  url: string;
  publicKey: KeyObject;
}

/** electron-updater's generic provider, but the yml is believed only with the publisher's signature. */
export class SignedFeedProvider extends Provider<UpdateInfo> {
  private readonly baseUrl: URL;
  private readonly publicKey: KeyObject;
  private readonly updater: AppUpdater;

  /** As electron-updater constructs a custom provider (setFeedURL's options, the updater, its runtime options). */
  constructor(options: CustomPublishOptions, updater: AppUpdater, runtime: ProviderRuntimeOptions) {
    super(runtime);
    this.updater = updater;
    this.publicKey = (options as SignedFeedOptions).publicKey;
    this.baseUrl = new URL((options as SignedFeedOptions).url);
    if (!this.baseUrl.pathname.endsWith('/')) this.baseUrl.pathname += '/';
  }

  private get channel(): string {
    const c = this.updater.channel;
    return c == null ? this.getDefaultChannelName() : this.getCustomChannelName(c);
  }

  private fileUrl(name: string, noCache: string | null): URL {
    const u = new URL(name, this.baseUrl);
    if (this.baseUrl.search) u.search = this.baseUrl.search;
    else if (noCache) u.search = `noCache=${noCache}`;
    return u;
  }

  async getLatestVersion(): Promise<UpdateInfo> {
    const channelFile = `${this.channel}.yml`;
    // As the generic provider: a query against caches unless the request headers say otherwise.
    const noCache = (this.updater as unknown as { isAddNoCacheQuery?: boolean }).isAddNoCacheQuery !== false ? Date.now().toString(32) : null;
    const ymlUrl = this.fileUrl(channelFile, noCache);
    const text = await this.fetchText(ymlUrl);
    if (text === null) throw newError(`Cannot find channel "${channelFile}" update info: HttpError: 404`, 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND');
    const signature = await this.fetchText(this.fileUrl(`${channelFile}.sig`, noCache));
    if (signature === null) throw newError(`${channelFile} has no signature (${channelFile}.sig)`, UNSIGNED);
    // The bytes as served: the executor reads the body as UTF-8, and bytes that are not UTF-8 come back changed (and fail).
    if (!signatureMatches(Buffer.from(text, 'utf8'), signature, this.publicKey)) {
      throw newError(`${channelFile}.sig is not this build's publisher's signature of ${channelFile}`, BAD_SIGNATURE);
    }
    return parseUpdateInfo(text, channelFile, ymlUrl);
  }

  /** The body, or null for a 404. */
  private async fetchText(url: URL): Promise<string | null> {
    try {
      return (await this.httpRequest(url)) ?? '';
    } catch (e) {
      if ((e as { statusCode?: number }).statusCode === 404) return null;
      throw e;
    }
  }

  resolveFiles(info: UpdateInfo): ResolvedUpdateFileInfo[] {
    return resolveFiles(info, this.baseUrl);
  }
}

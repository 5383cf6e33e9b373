// The feed's description of the latest version (latest*.yml), believed only
// when signed by the publisher: an Ed25519 signature (base64, in
// latest*.yml.sig beside it, made by `npm run dist` with LINKDESK_UPDATE_KEY)
// over the yml's exact bytes, checked against the public key this build
// carries. electron-updater asks this provider for the update info; the
// provider fetches the yml and its signature, checks them, and hands back what
// it parsed from those same bytes, so the version, file names and sha512 that
// electron-updater downloads and checks against are exactly the signed ones
// (a feed answering a second fetch differently changes nothing: there is none).
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { newError, type CustomPublishOptions, type UpdateInfo } from 'builder-util-runtime';
import { Provider, type AppUpdater, type ResolvedUpdateFileInfo } from 'electron-updater';
import type { ProviderRuntimeOptions } from 'electron-updater/out/providers/Provider.js';
// Not re-exported by electron-updater's main: the generic provider's own parsing and file resolution.
import { parseUpdateInfo, resolveFiles } from 'electron-updater/out/providers/Provider.js';

/** The error codes a refused feed throws (updater.ts puts them in words). */
export const UNSIGNED = 'ERR_LINKDESK_UPDATE_UNSIGNED';
export const BAD_SIGNATURE = 'ERR_LINKDESK_UPDATE_BAD_SIGNATURE';

/** package.json's field, in the app's archive, where `npm run dist` writes the public key (dist:check reads it too). */
export const KEY_FIELD = 'linkdeskUpdatePublicKey';

/** The public key (PEM) the installed app carries, from its package.json (app.getAppPath()); null: none. */
export function builtUpdateKey(appPath: string): string | null {
  try {
    const v = (JSON.parse(readFileSync(path.join(appPath, 'package.json'), 'utf8')) as Record<string, unknown>)[KEY_FIELD];
    return typeof v === 'string' && v.trim() ? v : null;
  } catch {
    return null;
  }
}

/** The build's public key (PEM, Ed25519), or why there is none usable. */
export function updatePublicKey(pem: string | null | undefined): { key: KeyObject } | { problem: string } {
  if (!pem?.trim()) return { problem: 'This build of Linkdesk carries no update signing key, so it cannot tell its publisher\'s updates from anyone else\'s: updates are off. Install a build made with a signing key (npm run dist with LINKDESK_UPDATE_KEY).' };
  try {
    const key = createPublicKey(pem);
    if (key.asymmetricKeyType === 'ed25519') return { key };
  } catch { /* below */ }
  return { problem: 'The update signing key this build carries is not an Ed25519 public key, so updates are off. Install a build made with a signing key (npm run dist with LINKDESK_UPDATE_KEY).' };
}

/** Whether `signature` (base64 of 64 bytes) is the key's Ed25519 signature over exactly `bytes`. */
export function signatureMatches(bytes: Buffer, signature: string, key: KeyObject): boolean {
  const text = signature.trim();
  if (!/^[A-Za-z0-9+/]{86}==$/.test(text)) return false;
  try {
    return verify(null, bytes, key, Buffer.from(text, 'base64'));
  } catch {
    return false;
  }
}

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

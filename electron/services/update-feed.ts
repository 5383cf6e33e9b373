// The feed's description of the latest version (latest*.yml), believed only
// when signed by the publisher: an Ed25519 signature (base64, in
// latest*.yml.sig beside it, made by `npm run dist` with LINKDESK_UPDATE_KEY)
// over the yml's exact bytes, checked against the public key this build
// carries. electron-updater asks this provider for the update info; the
// provider fetches the yml and its signature, checks them, and hands back what
// it parsed from those same bytes, so the version, file names and sha512 that
// electron-updater downloads and checks against are exactly the signed ones
// (a feed answering a second fetch differently changes nothing: there is none).
// The provider is update-feed-provider.ts, loaded with electron-updater only
// when a check runs; this file is the key and the signature.
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

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

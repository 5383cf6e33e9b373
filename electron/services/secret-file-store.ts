// Keys where no keychain answers: encrypted with Electron's safeStorage (the
// OS's own protection: Keychain on macOS, DPAPI on Windows, libsecret or
// KWallet on Linux) in one 0600 file in the data folder. On Linux safeStorage
// can fall back to 'basic_text', a fixed password anyone can read; that is
// refused, since it would be a plaintext key file in disguise.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { tightenFile } from '../server/util/private-files.ts';
import { writeFileAtomic } from './atomic-file.ts';
import { ServiceError } from './errors.ts';

export const SECRETS_FILE = 'keys.enc.json';

/** The part of Electron's safeStorage the key store uses; electron/main passes the real one. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  /** Linux only: 'basic_text', 'gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6' or 'unknown'. */
  getSelectedStorageBackend?(): string;
  encryptString(plain: string): Buffer;
  decryptString(data: Buffer): string;
}

/** Why safeStorage cannot keep keys here, or null when it can. */
export function safeStorageProblem(safe: SafeStorageLike | undefined, platform = process.platform): string | null {
  if (!safe) return 'Electron\'s safeStorage is not available in this process';
  if (!safe.isEncryptionAvailable()) return 'safeStorage reports that encryption is not available';
  if (platform === 'linux') {
    const backend = safe.getSelectedStorageBackend?.() ?? 'unknown';
    if (backend === 'basic_text' || backend === 'unknown') {
      return `safeStorage would only obfuscate keys with a fixed password (its "${backend}" backend), which is no protection`;
    }
  }
  return null;
}

const fileSchema = z.object({ version: z.literal(1), entries: z.record(z.string(), z.string()) });

export interface EncryptedFileStore {
  readonly file: string;
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<boolean>;
  /** Every account and its secret (for moving them into a keychain). */
  entries(): Promise<[string, string][]>;
  /** Forgets accounts that now live elsewhere; removes the file's content when none is left. */
  drop(accounts: string[]): Promise<void>;
}

/** Reads the file once; every change rewrites it atomically (0600). */
export function openEncryptedFileStore(dataDir: string, safe: SafeStorageLike): EncryptedFileStore {
  const file = path.join(dataDir, SECRETS_FILE);
  tightenFile(file);
  let entries: Record<string, string> = {};
  try {
    entries = fileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).entries;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new ServiceError('keychain', `The encrypted key file ${file} cannot be read; move it aside to start without its keys.`);
    }
  }
  let chain: Promise<void> = Promise.resolve();
  const save = () => {
    const snapshot = `${JSON.stringify({ version: 1, entries }, null, 2)}\n`;
    const next = chain.then(() => writeFileAtomic(file, snapshot));
    chain = next.catch(() => undefined);
    return next;
  };
  const decrypt = (account: string): string | null => {
    const blob = entries[account];
    if (blob === undefined) return null;
    try {
      return safe.decryptString(Buffer.from(blob, 'base64'));
    } catch {
      throw new ServiceError('keychain', `A key in ${file} could not be decrypted (was it made by another user or computer?). Enter it again.`);
    }
  };
  return {
    file,
    get: async (account) => decrypt(account),
    async set(account, secret) {
      entries[account] = safe.encryptString(secret).toString('base64');
      await save();
    },
    async delete(account) {
      if (!(account in entries)) return false;
      delete entries[account];
      await save();
      return true;
    },
    entries: async () => Object.keys(entries).map((a) => [a, decrypt(a)!] as [string, string]),
    async drop(accounts) {
      for (const a of accounts) delete entries[a];
      await save();
    },
  };
}

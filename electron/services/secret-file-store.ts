// Keys where no keychain answers: encrypted with Electron's safeStorage (the
// OS's own protection: Keychain on macOS, DPAPI on Windows, libsecret or
// KWallet on Linux) in one 0600 file in the data folder. On Linux safeStorage
// can fall back to 'basic_text', a fixed password anyone can read; that is
// refused, since it would be a plaintext key file in disguise.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { tightenFile } from '../server/util/private-files.ts';
import { NotDurableError, writeFileAtomic, type AtomicFs } from './atomic-file.ts';
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

// `deleted`: accounts deleted while no keychain answered; the keychain that answers later may still hold an
// older entry for them, which the take-over deletes (secret-store.ts) before forgetting the account here.
const fileSchema = z.object({ version: z.literal(1), entries: z.record(z.string(), z.string()), deleted: z.array(z.string()).default([]) });

export interface EncryptedFileStore {
  readonly file: string;
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  /** `remember`: the deletion is kept (durably) until a keychain has deleted its own entry too. */
  delete(account: string, opts?: { remember?: boolean }): Promise<boolean>;
  /**
   * Every account and its secret (for moving them into a keychain), after the changes already asked for; `unreadable`:
   * accounts whose entry does not decrypt here; `deleted`: accounts deleted while no keychain answered.
   */
  entries(): Promise<{ readable: [string, string][]; unreadable: string[]; deleted: string[] }>;
  /** Forgets accounts (and remembered deletions) that now live elsewhere; removes the file's content when none is left. */
  drop(accounts: string[]): Promise<void>;
  /** The last save is in effect but was not confirmed on the disk, in words; null once a save is. */
  warning(): string | null;
}

export interface EncryptedFileOptions {
  /** The file-system calls of a save; a seam for tests of a full disk or an unwritable folder. */
  fs?: AtomicFs;
  /** A line for the log when a save is in effect but not confirmed on the disk. */
  onNotice?: (message: string) => void;
}

type Entries = Readonly<Record<string, string>>;
interface State { entries: Entries; deleted: readonly string[] }

/** A failed save in words for the user: what it means for their keys. */
function saveFailure(file: string, err: unknown): ServiceError {
  const code = (err as NodeJS.ErrnoException).code;
  const why = code === 'ENOSPC' ? 'the disk is full'
    : code === 'EACCES' || code === 'EPERM' || code === 'EROFS' ? 'its folder cannot be written'
      : (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 200);
  return new ServiceError('keychain', `The encrypted key file ${file} could not be saved (${why}). Nothing was changed: the keys stored before are kept and still work.`);
}

/**
 * Reads the file once; every change rewrites it atomically (0600). A change
 * builds the next entries, saves them, and only then makes them current, one
 * change at a time: a save that fails leaves both the file and what this
 * process reads exactly as they were.
 */
export function openEncryptedFileStore(dataDir: string, safe: SafeStorageLike, o: EncryptedFileOptions = {}): EncryptedFileStore {
  const file = path.join(dataDir, SECRETS_FILE);
  tightenFile(file);
  let entries: Entries = {};
  let deleted: readonly string[] = [];
  try {
    ({ entries, deleted } = fileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new ServiceError('keychain', `The encrypted key file ${file} cannot be read; move it aside to start without its keys.`);
    }
  }
  let queue: Promise<unknown> = Promise.resolve();
  let warning: string | null = null;
  /** `next` of the current state, saved, then current; null: nothing to change. */
  const change = <T>(next: (current: State) => { state: State | null; result: T }): Promise<T> => {
    const run = queue.then(async () => {
      const n = next({ entries, deleted });
      if (n.state) {
        const body = { version: 1, entries: n.state.entries, ...(n.state.deleted.length ? { deleted: n.state.deleted } : {}) };
        try {
          await writeFileAtomic(file, `${JSON.stringify(body, null, 2)}\n`, o.fs);
          warning = null;
        } catch (err) {
          if (!(err instanceof NotDurableError)) throw saveFailure(file, err);
          // The file in place has the change: it is in effect (a rotation that was told otherwise would revoke the
          // key on disk). What is not known is whether it survives a power cut; that is what the user is told.
          warning = `The encrypted key file ${file} was saved, but ${err.message}. The change is in effect and the keys work; if the computer loses power before the disk catches up, the file may come back as it was before.`;
          o.onNotice?.(warning);
        }
        ({ entries, deleted } = n.state);
      }
      return n.result;
    });
    queue = run.catch(() => undefined);
    return run;
  };
  const without = (list: readonly string[], drop: readonly string[]) => list.filter((a) => !drop.includes(a));
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
    set: (account, secret) => change((cur) => ({
      state: { entries: { ...cur.entries, [account]: safe.encryptString(secret).toString('base64') }, deleted: without(cur.deleted, [account]) }, result: undefined,
    })),
    delete: (account, opts = {}) => change((cur) => {
      const had = account in cur.entries;
      const deletedNext = opts.remember ? [...without(cur.deleted, [account]), account] : without(cur.deleted, [account]);
      if (!had && deletedNext.length === cur.deleted.length && deletedNext.every((a) => cur.deleted.includes(a))) return { state: null, result: false };
      const { [account]: _gone, ...rest } = cur.entries;
      return { state: { entries: rest, deleted: deletedNext }, result: had };
    }),
    entries: () => change(() => {
      const readable: [string, string][] = [];
      const unreadable: string[] = [];
      for (const a of Object.keys(entries)) {
        try {
          readable.push([a, decrypt(a)!]);
        } catch {
          unreadable.push(a);
        }
      }
      return { state: null, result: { readable, unreadable, deleted: [...deleted] } };
    }),
    drop: (accounts) => change((cur) => ({
      state: { entries: Object.fromEntries(Object.entries(cur.entries).filter(([a]) => !accounts.includes(a))), deleted: without(cur.deleted, accounts) }, result: undefined,
    })),
    warning: () => warning,
  };
}

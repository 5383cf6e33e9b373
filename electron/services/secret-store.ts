// API keys live in the OS keychain (keytar: Keychain on macOS, Credential
// Manager on Windows, the Secret Service on Linux), service `Linkdesk`, account
// = instance id. Where no keychain answers, keys are kept encrypted with
// Electron's safeStorage in a 0600 file in the data folder (secret-file-store.ts),
// and where safeStorage cannot protect them either, in this process's memory
// for the session; the app says which. Never a plaintext key file. The first
// keychain that answers later takes the file's keys over.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AtomicFs } from './atomic-file.ts';
import { ServiceError } from './errors.ts';
import { openEncryptedFileStore, safeStorageProblem, SECRETS_FILE, type SafeStorageLike } from './secret-file-store.ts';

export const KEYCHAIN_SERVICE = 'Linkdesk';

export type SecretStoreKind = 'keychain' | 'encrypted-file' | 'memory';
export interface SecretStore {
  readonly kind: SecretStoreKind;
  /** Why keys are not in the keychain, in words for the user; null when they are. */
  readonly message: string | null;
  /** The encrypted file keys are kept in, when that is where they are. */
  readonly file?: string | null;
  /** Tries the keychain again; when it answers now it takes the keys over. True when keys are in the keychain afterwards. */
  recheck?(): Promise<boolean>;
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  /** True when something was deleted. */
  delete(account: string): Promise<boolean>;
}

export interface Keytar {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

// The Secret Service can block on an unlock prompt nobody will answer; a call
// that takes this long is treated as a keychain that is not there.
const DEFAULT_TIMEOUT_MS = 10_000;

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 300);

export function createKeytarStore(keytar: Keytar, service = KEYCHAIN_SERVICE, timeoutMs = DEFAULT_TIMEOUT_MS): SecretStore {
  // Errors are re-thrown without the underlying call's arguments, so a key can never ride along in a message.
  const call = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await withTimeout(fn(), timeoutMs, 'The keychain');
    } catch (err) {
      throw new ServiceError('keychain', `Could not ${what} the system keychain: ${reason(err)}`);
    }
  };
  return {
    kind: 'keychain',
    message: null,
    get: (account) => call('read from', () => keytar.getPassword(service, account)),
    set: (account, secret) => call('write to', () => keytar.setPassword(service, account, secret)),
    delete: (account) => call('delete from', () => keytar.deletePassword(service, account)),
  };
}

export function createMemoryStore(message: string): SecretStore {
  const keys = new Map<string, string>();
  return {
    kind: 'memory',
    message,
    get: async (account) => keys.get(account) ?? null,
    set: async (account, secret) => {
      keys.set(account, secret);
    },
    delete: async (account) => keys.delete(account),
  };
}

export interface OpenSecretStoreOptions {
  service?: string;
  timeoutMs?: number;
  /** The data folder, for the encrypted fallback file. */
  dataDir?: string;
  /** Electron's safeStorage, passed in by electron/main; absent in plain Node. */
  safeStorage?: SafeStorageLike;
  /** Loads keytar; a seam for tests of a keychain that is missing and then appears. */
  loadKeytar?: () => Promise<Keytar>;
  /** A line for the log when keys move into the keychain. */
  onNotice?: (message: string) => void;
  /** The encrypted file's file-system calls; a seam for tests of a full disk. */
  fs?: AtomicFs;
}

const importKeytar = async (): Promise<Keytar> => {
  const mod = (await import('keytar')) as Keytar & { default?: Keytar };
  return mod.default ?? mod;
};

/** The keychain, or why it cannot be used now. A read of an account that does not exist proves it answers without touching anything. */
async function reachKeytar(o: OpenSecretStoreOptions, service: string, timeoutMs: number): Promise<{ keytar: Keytar } | { problem: string }> {
  let keytar: Keytar;
  try {
    keytar = await (o.loadKeytar ?? importKeytar)();
  } catch (err) {
    return { problem: `the keychain module could not be loaded (${reason(err)})` };
  }
  try {
    await withTimeout(keytar.getPassword(service, '__linkdesk_probe__'), timeoutMs, 'The keychain');
  } catch (err) {
    return { problem: `no system keychain is available (${reason(err)})` };
  }
  return { keytar };
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The keychain when it answers (taking over keys a previous run kept in the
 * encrypted file); otherwise the safeStorage-encrypted file; otherwise a
 * session-only store. Each says why it is what it is.
 */
export async function openSecretStore(o: OpenSecretStoreOptions = {}): Promise<SecretStore> {
  const service = o.service ?? KEYCHAIN_SERVICE;
  const timeoutMs = o.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const reached = await reachKeytar(o, service, timeoutMs);
  const fileExists = o.dataDir !== undefined && existsSync(path.join(o.dataDir, SECRETS_FILE));

  if ('keytar' in reached) {
    const keychain = createKeytarStore(reached.keytar, service, timeoutMs);
    if (fileExists && o.safeStorage && !safeStorageProblem(o.safeStorage)) {
      await takeOver(openEncryptedFileStore(o.dataDir!, o.safeStorage, { fs: o.fs }), keychain, o.onNotice);
    }
    return keychain;
  }

  const hint = process.platform === 'linux' ? ' Install and unlock a Secret Service keyring (GNOME Keyring or KWallet) to keep them in the keychain.' : '';
  const safeProblem = o.dataDir === undefined ? 'no data folder was given' : safeStorageProblem(o.safeStorage);
  if (safeProblem) {
    return createMemoryStore(`${capital(reached.problem)}, and ${safeProblem}. API keys are kept only until Linkdesk quits.${hint}`);
  }
  return createFallbackStore(o, service, timeoutMs, reached.problem, hint);
}

/** Copies every key into the keychain, checks each reads back, and only then forgets the file's copies. */
async function takeOver(file: ReturnType<typeof openEncryptedFileStore>, keychain: SecretStore, onNotice?: (m: string) => void): Promise<void> {
  const moved: string[] = [];
  for (const [account, secret] of await file.entries()) {
    await keychain.set(account, secret);
    if ((await keychain.get(account)) === secret) moved.push(account);
  }
  await file.drop(moved);
  if (moved.length) onNotice?.(`${moved.length} key(s) moved from the encrypted file ${file.file} into the system keychain.`);
}

/** The encrypted file, until a keychain answers: then that keychain, holding the file's keys. */
function createFallbackStore(o: OpenSecretStoreOptions, service: string, timeoutMs: number, problem: string, hint: string): SecretStore {
  const file = openEncryptedFileStore(o.dataDir!, o.safeStorage!, { fs: o.fs });
  let keychain: SecretStore | null = null;
  let moving: Promise<boolean> | null = null;
  const fileMessage = `${capital(problem)}. API keys are kept encrypted with the system's protection (Electron safeStorage) in ${file.file}, readable only by you; the first keychain that becomes available takes them over.${hint}`;
  const current = () => keychain ?? file;
  return {
    get kind() { return keychain ? 'keychain' : 'encrypted-file'; },
    get message() { return keychain ? null : fileMessage; },
    get file() { return keychain ? null : file.file; },
    get: (account) => current().get(account),
    set: (account, secret) => current().set(account, secret),
    delete: (account) => current().delete(account),
    recheck() {
      if (keychain) return Promise.resolve(true);
      moving ??= (async () => {
        const reached = await reachKeytar(o, service, timeoutMs);
        if (!('keytar' in reached)) return false;
        const next = createKeytarStore(reached.keytar, service, timeoutMs);
        try {
          await takeOver(file, next, o.onNotice);
          keychain = next;
          await takeOver(file, next, o.onNotice); // a key written to the file while the others moved
          return true;
        } catch (err) {
          o.onNotice?.(`Keys could not be moved into the system keychain yet: ${reason(err)}`);
          return keychain !== null;
        }
      })().finally(() => { moving = null; });
      return moving;
    },
  } as SecretStore;
}

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
import { openEncryptedFileStore, safeStorageProblem, SECRETS_FILE, type EncryptedFileStore, type SafeStorageLike } from './secret-file-store.ts';

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
  /** Keys a take-over could not move into the keychain, and why; each stays in the encrypted file. */
  problems?(): KeyProblem[];
  /** The last save of the key file is in effect but was not confirmed on the disk, in words; null otherwise. */
  warning?(): string | null;
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  /** True when something was deleted. */
  delete(account: string): Promise<boolean>;
}

/** A key the keychain take-over left in the encrypted file: `account` is a key store account (instance id, or id#proxy…). */
export interface KeyProblem {
  account: string;
  /** 'unreadable': it does not decrypt here, so it must be entered again; 'refused': the keychain did not take it, it still works from the file. */
  reason: 'unreadable' | 'refused';
  message: string;
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

export function createKeytarStore(keytar: Keytar, service = KEYCHAIN_SERVICE, timeoutMs = DEFAULT_TIMEOUT_MS, onNotice?: (message: string) => void): SecretStore {
  // One keychain call per account at a time, each after the previous one has
  // really ended: a write that outlived its timeout (reported as failed) can
  // then never land after, and over, a newer one.
  const tails = new Map<string, Promise<unknown>>();
  // Errors are re-thrown without the underlying call's arguments, so a key can never ride along in a message.
  const call = async <T>(what: string, account: string, fn: (late: () => boolean) => Promise<T>): Promise<T> => {
    let timedOut = false;
    const run = () => fn(() => timedOut);
    const op = (tails.get(account) ?? Promise.resolve()).then(run, run);
    const tail = op.catch(() => undefined);
    tails.set(account, tail);
    void tail.then(() => { if (tails.get(account) === tail) tails.delete(account); });
    try {
      return await withTimeout(op, timeoutMs, 'The keychain');
    } catch (err) {
      timedOut = true;
      throw new ServiceError('keychain', `Could not ${what} the system keychain: ${reason(err)}`);
    }
  };
  /**
   * A change that answers after its timeout was reported as failed, so it must not stay in effect: the
   * entry as it was before is put back within the same call, before any later call on the account runs
   * (a rotation told "not stored" revokes the new key; that key must not be what is left stored).
   */
  const change = (account: string, apply: () => Promise<unknown>) => async (late: () => boolean) => {
    const before = await keytar.getPassword(service, account);
    const result = await apply();
    if (late()) {
      const which = `A keychain change for key store account ${account.split('#')[0]} answered after its ${timeoutMs / 1000} s timeout`;
      try {
        await (before === null ? keytar.deletePassword(service, account) : keytar.setPassword(service, account, before));
      } catch (err) {
        onNotice?.(`${which} and could not be undone (${reason(err)}): the entry may be the one reported as not stored.`);
        throw err;
      }
      onNotice?.(`${which} and was undone: the entry stored before is kept.`);
    }
    return result;
  };
  return {
    kind: 'keychain',
    message: null,
    get: (account) => call('read from', account, () => keytar.getPassword(service, account)),
    set: (account, secret) => call('write to', account, change(account, () => keytar.setPassword(service, account, secret))) as Promise<void>,
    delete: (account) => call('delete from', account, change(account, () => keytar.deletePassword(service, account))) as Promise<boolean>,
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
 * session-only store. Each says why it is what it is. A take-over never stops
 * the app: keys that cannot move stay in the file and are reported.
 */
export async function openSecretStore(o: OpenSecretStoreOptions = {}): Promise<SecretStore> {
  const service = o.service ?? KEYCHAIN_SERVICE;
  const timeoutMs = o.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const reached = await reachKeytar(o, service, timeoutMs);
  const fileExists = o.dataDir !== undefined && existsSync(path.join(o.dataDir, SECRETS_FILE));

  if ('keytar' in reached) {
    const keychain = createKeytarStore(reached.keytar, service, timeoutMs, o.onNotice);
    if (!fileExists || !o.safeStorage || safeStorageProblem(o.safeStorage)) return keychain;
    let file: EncryptedFileStore;
    try {
      file = openEncryptedFileStore(o.dataDir!, o.safeStorage, { fs: o.fs, onNotice: o.onNotice });
    } catch (err) {
      // A file that cannot be read at all is kept as it is for the user; the keychain serves.
      o.onNotice?.(`${reason(err)} The keychain is used; the file is left untouched.`);
      return keychain;
    }
    const t = await takeOver(file, keychain, o.onNotice);
    if (nothingMoved(t)) {
      // A keychain that reads but will not write (a locked keyring whose prompt nobody answers): the file stays the store.
      const why = t.problems.find((p) => p.reason === 'refused')!.message.replace(/^The system keychain did not accept its key \((.*)\);.*$/, '$1');
      return createFallbackStore(o, service, timeoutMs, `the system keychain answers but did not accept the keys (${why})`, '', file, t.problems);
    }
    await forget(file, t.moved, o.onNotice);
    return withLeftovers(keychain, file, t.problems);
  }

  const hint = process.platform === 'linux' ? ' Install and unlock a Secret Service keyring (GNOME Keyring or KWallet) to keep them in the keychain.' : '';
  const safeProblem = o.dataDir === undefined ? 'no data folder was given' : safeStorageProblem(o.safeStorage);
  if (safeProblem) {
    return createMemoryStore(`${capital(reached.problem)}, and ${safeProblem}. API keys are kept only until Linkdesk quits.${hint}`);
  }
  return createFallbackStore(o, service, timeoutMs, reached.problem, hint);
}

const unreadableMessage = (file: string) =>
  `Its key in ${file} could not be decrypted here (it was made by another user or computer, or the system's protection changed). Enter the key again; the file is kept.`;

/**
 * Copies each key into the keychain on its own and checks it reads back. A key
 * that does not decrypt, or that the keychain will not take, stays in the file
 * and is reported. The file's copies of the moved keys are forgotten later
 * (forget), once the keychain serves them.
 */
async function takeOver(file: EncryptedFileStore, keychain: SecretStore, onNotice?: (m: string) => void): Promise<{ moved: string[]; problems: KeyProblem[] }> {
  const { readable, unreadable, deleted } = await file.entries();
  const problems: KeyProblem[] = unreadable.map((account) => ({ account, reason: 'unreadable', message: unreadableMessage(file.file) }));
  const moved: string[] = [];
  // Keys deleted while no keychain answered: the keychain's own older entry must not come back.
  for (const account of deleted) {
    try {
      await keychain.delete(account);
      moved.push(account);
    } catch (err) {
      // Still remembered in the file, and read from there (as deleted) until the keychain deletes it.
      problems.push({ account, reason: 'refused', message: `The system keychain did not delete its older entry (${reason(err)}); it stays deleted here and is deleted there at the next start.` });
    }
  }
  for (const [account, secret] of readable) {
    try {
      await keychain.set(account, secret);
      if ((await keychain.get(account)) !== secret) throw new Error('the key read back from the keychain was not the one written');
      moved.push(account);
    } catch (err) {
      problems.push({ account, reason: 'refused', message: `The system keychain did not accept its key (${reason(err)}); it stays in ${file.file} and still works.` });
    }
  }
  for (const p of problems) onNotice?.(`Key store account ${p.account.split('#')[0]}: ${p.message}`);
  return { moved, problems };
}

const nothingMoved = (t: { moved: string[]; problems: KeyProblem[] }) => t.moved.length === 0 && t.problems.some((p) => p.reason === 'refused');

async function forget(file: EncryptedFileStore, moved: string[], onNotice?: (m: string) => void): Promise<void> {
  if (!moved.length) return;
  try {
    await file.drop(moved);
    onNotice?.(`${moved.length} key(s) moved from the encrypted file ${file.file} into the system keychain.`);
  } catch (err) {
    onNotice?.(`${moved.length} key(s) are in the system keychain now, but their copies could not be removed from ${file.file}: ${reason(err)}`);
  }
}

/**
 * The keychain, with the keys a take-over left in the file read from there
 * until the user enters them again (a write goes to the keychain and retires
 * the file's copy).
 */
function withLeftovers(keychain: SecretStore, file: EncryptedFileStore, problems: KeyProblem[]): SecretStore {
  const left = new Map(problems.map((p) => [p.account, p]));
  if (!left.size) return keychain;
  const retire = async (account: string) => {
    if (!left.has(account)) return;
    left.delete(account);
    await file.delete(account).catch(() => false);
  };
  return {
    kind: 'keychain',
    message: null,
    problems: () => [...left.values()],
    get: (account) => (left.has(account) ? file.get(account) : keychain.get(account)),
    async set(account, secret) {
      await keychain.set(account, secret);
      await retire(account);
    },
    async delete(account) {
      const inKeychain = await keychain.delete(account);
      const inFile = left.has(account);
      await retire(account);
      return inKeychain || inFile;
    },
  };
}

/**
 * The encrypted file, until a keychain answers: then that keychain, holding
 * the file's keys. Writes wait while keys move, so none written or deleted
 * during a take-over is lost or comes back; reads never wait (the file keeps
 * every key until the keychain has it).
 */
function createFallbackStore(o: OpenSecretStoreOptions, service: string, timeoutMs: number, problem: string, hint: string,
  opened?: EncryptedFileStore, known: KeyProblem[] = []): SecretStore {
  const file = opened ?? openEncryptedFileStore(o.dataDir!, o.safeStorage!, { fs: o.fs, onNotice: o.onNotice });
  let keychain: SecretStore | null = null;
  let moving: Promise<boolean> | null = null;
  let problems = known.filter((p) => p.reason === 'unreadable');
  const fileMessage = `${capital(problem)}. API keys are kept encrypted with the system's protection (Electron safeStorage) in ${file.file}, readable only by you; the first keychain that becomes available takes them over.${hint}`;
  const current = () => keychain ?? file;
  const settled = async () => { if (moving) await moving; };
  return {
    get kind() { return keychain ? 'keychain' : 'encrypted-file'; },
    get message() { return keychain ? null : [fileMessage, file.warning()].filter(Boolean).join(' '); },
    warning: () => (keychain ? null : file.warning()),
    get file() { return keychain ? null : file.file; },
    problems: () => (keychain ? keychain.problems?.() ?? [] : problems),
    get: (account) => current().get(account),
    async set(account, secret) {
      await settled();
      await current().set(account, secret);
      problems = problems.filter((p) => p.account !== account);
    },
    async delete(account) {
      await settled();
      problems = problems.filter((p) => p.account !== account);
      // Without a keychain, the deletion is remembered: the keychain that answers later may hold an older entry.
      return keychain ? keychain.delete(account) : file.delete(account, { remember: true });
    },
    recheck() {
      if (keychain) return Promise.resolve(true);
      moving ??= (async () => {
        const reached = await reachKeytar(o, service, timeoutMs);
        if (!('keytar' in reached)) return false;
        const next = createKeytarStore(reached.keytar, service, timeoutMs, o.onNotice);
        const t = await takeOver(file, next, o.onNotice);
        if (nothingMoved(t)) {
          o.onNotice?.('Keys could not be moved into the system keychain yet; they stay in the encrypted file.');
          return false;
        }
        // The keychain serves before the file forgets: a read in between finds every key.
        keychain = withLeftovers(next, file, t.problems);
        await forget(file, t.moved, o.onNotice);
        return true;
      })().catch((err) => {
        o.onNotice?.(`Keys could not be moved into the system keychain yet: ${reason(err)}`);
        return false;
      }).finally(() => { moving = null; });
      return moving;
    },
  } as SecretStore;
}

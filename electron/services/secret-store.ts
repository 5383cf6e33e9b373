// API keys live in the OS keychain (keytar: Keychain on macOS, Credential
// Manager on Windows, the Secret Service on Linux), service `Linkdesk`, account
// = instance id. Where no keychain answers, keys are kept in this process's
// memory for the session and the app says so; they are never written to a file
// as a fallback, because a plaintext key file is exactly what the keychain is for.
import { ServiceError } from './errors.ts';

export const KEYCHAIN_SERVICE = 'Linkdesk';

export interface SecretStore {
  readonly kind: 'keychain' | 'memory';
  /** Why keys are not in the keychain, in words for the user; null when they are. */
  readonly message: string | null;
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  /** True when something was deleted. */
  delete(account: string): Promise<boolean>;
}

interface Keytar {
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

/**
 * The keychain when it answers, otherwise a session-only store that says why.
 * A read of an account that does not exist proves the Secret Service is up
 * without touching anything the user stored.
 */
export async function openSecretStore(opts: { service?: string; timeoutMs?: number } = {}): Promise<SecretStore> {
  const service = opts.service ?? KEYCHAIN_SERVICE;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let keytar: Keytar;
  try {
    const mod = (await import('keytar')) as Keytar & { default?: Keytar };
    keytar = mod.default ?? mod;
  } catch (err) {
    return createMemoryStore(`The keychain module could not be loaded (${reason(err)}). API keys are kept only until Linkdesk quits.`);
  }
  try {
    await withTimeout(keytar.getPassword(service, '__linkdesk_probe__'), timeoutMs, 'The keychain');
  } catch (err) {
    const hint = process.platform === 'linux' ? ' Install and unlock a Secret Service keyring (GNOME Keyring or KWallet) to keep them.' : '';
    return createMemoryStore(`No system keychain is available (${reason(err)}). API keys are kept only until Linkdesk quits.${hint}`);
  }
  return createKeytarStore(keytar, service, timeoutMs);
}

// The shapes the desktop's services answer with (instances, keys, server status, errors): the IPC contract's
// (contract.ts) result types, shared by main and the renderer.
import type { ProxyMode } from './schemas/instance.ts';
import type { Scope } from './scopes.ts';
import type { Account } from './api-types.ts';

export type InstanceKind = 'local' | 'remote';
/** What a certificate says about itself, as the screens show it. */
export interface CertificateInfo {
  subject: string;
  issuer: string;
  /** ISO 8601. */
  validFrom: string;
  validTo: string;
  /** SHA-256 of the DER bytes, colon-separated uppercase hex (as browsers show it). */
  fingerprint256: string;
  /** A certificate authority (basic constraints CA:TRUE, or self-signed). */
  isCa: boolean;
  selfSigned: boolean;
}
export interface InstanceView {
  id: string; name: string; kind: InstanceKind; baseUrl: string; hasApiKey: boolean;
  /** How requests reach it; the local instance is always direct. Proxy credentials are never sent here, only whether some are stored. */
  proxy: { mode: ProxyMode; url: string | null; hasCredentials: boolean };
  /** Extra CA certificates trusted for this instance only. */
  caCertificates: CertificateInfo[];
  /** The client certificate presented to it (its key stays in the key store). */
  clientCertificate: CertificateInfo | null;
  /**
   * 'unconfirmed': a plain http:// address on another computer and the user has not agreed to send
   * the key there unencrypted (no key is sent); 'confirmed': they have; null: https or this computer.
   */
  plainHttp: 'confirmed' | 'unconfirmed' | null;
  /** The stored key was given for another address and is not sent until the user agrees. */
  keyForOtherAddress: boolean;
  /**
   * Why a key of this instance (API key, proxy password, client key) was left in the encrypted file when the
   * keychain took the others over; 'unreadable': it must be entered again. Null when there is nothing to say.
   */
  keyProblem: { reason: 'unreadable' | 'refused'; message: string } | null;
}
/** An instance's own key, for the instance list's warning and the screens' choice of *Users & keys* or *My keys*. */
export interface KeyInfo {
  /** `ldk_XXXXXXXX`: never the key. */
  prefix: string;
  scopes: Scope[];
  expiresAt: string | null;
  domainId: number | null;
  /** Whole days left (0: expires within a day); null: never expires. */
  daysLeft: number | null;
  /** Expires within KEY_EXPIRY_WARNING_DAYS: the instance list warns. */
  expiresSoon: boolean;
}
/** Days ahead the instance list warns about a key's expiry. */
export const KEY_EXPIRY_WARNING_DAYS = 14;
export interface KeyRotation {
  instance: InstanceView;
  /** The new key's prefix (the key itself is in the keychain, never here). */
  prefix: string;
  /** False when the new key works and is stored but the old one could not be revoked: `message` says what to do. */
  oldKeyRevoked: boolean;
  message: string;
}
/** A CSV the app made, for the screen to save. */
export interface CsvFile { name: string; mime: 'text/csv'; content: string; rows: number }
export type Reachability =
  /** `account` null: a server without /account (it offers the seed's endpoints only) accepted the key on /links. */
  | { state: 'connected'; account: Account | null }
  | { state: 'no-key'; message: string; reason?: ConnectionReason; advice?: string }
  | { state: 'invalid-key'; message: string; reason?: ConnectionReason; advice?: string }
  | { state: 'unreachable'; message: string; kind: IpcErrorKind; reason?: ConnectionReason; advice?: string }
  | { state: 'error'; message: string; kind: IpcErrorKind; reason?: ConnectionReason; advice?: string; certificate?: CertificateProblem };
export interface ServerStatus { state: 'starting' | 'running' | 'stopped' | 'error'; url: string | null; port: number | null; message: string | null }
export interface AppInfo {
  version: string;
  dataDir: string;
  keychain: 'available' | 'unavailable';
  keychainMessage: string | null;
  /** Where API keys are kept now: the OS keychain, a safeStorage-encrypted file (`keyStoreFile`), or memory until quit. */
  keyStore: 'keychain' | 'encrypted-file' | 'memory';
  keyStoreFile: string | null;
  /** The embedded server's log (warnings and errors), and the folder that holds it and its rotated copies. */
  logFile: string;
  logsDir: string;
}

/** Every failure a screen may show, by kind. */
export type IpcErrorKind =
  | 'invalid-key' | 'validation' | 'not-found' | 'conflict' | 'rate-limited' | 'unreachable' | 'tls' | 'timeout'
  | 'not-linkdesk' | 'server' | 'bad-request' | 'no-key' | 'keychain' | 'contract' | 'unsupported'
  /** 403: the key works but lacks a scope (the message names it) or is restricted to one domain. */
  | 'forbidden'
  /** The user said no when main asked (a key to a new address or over plain http, trusting a CA): nothing was sent or changed. */
  | 'declined';
/** Why a connection failed, finer than `kind`: each has its own message and advice. */
export type ConnectionReason =
  | 'dns' | 'refused' | 'timeout' | 'reset' | 'network'
  | 'proxy-refused' | 'proxy-dns' | 'proxy-auth' | 'proxy-denied' | 'proxy-upstream' | 'proxy-unsupported' | 'proxy-cert'
  | 'cert-untrusted' | 'cert-expired' | 'cert-not-yet-valid' | 'cert-wrong-host' | 'cert-revoked' | 'tls-version' | 'client-cert' | 'tls-other'
  | 'html-login' | 'key-refused' | 'key-forbidden' | 'rate-limited' | 'plain-http' | 'key-other-address';
/** The certificate a server presented when it was not trusted, and the CA the user may choose to trust. */
export interface CertificateProblem {
  /** As the server sent it, its own certificate first. */
  chain: CertificateInfo[];
  /** The fingerprint of the CA certificate in the chain that can be trusted for this instance; null when the server does not send one. */
  trustable: string | null;
}
export interface IpcError {
  kind: IpcErrorKind;
  message: string;
  reason?: ConnectionReason;
  /** What the user can do about it, in words. */
  advice?: string;
  certificate?: CertificateProblem;
  status?: number;
  /** Field errors of a 422, keyed as the API keys them (`url`, `country.0.key`). */
  fields?: Record<string, string[]>;
  retryAfterSeconds?: number;
}
export type IpcResult<T> = { ok: true; data: T } | { ok: false; error: IpcError };

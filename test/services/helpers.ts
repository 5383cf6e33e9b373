// The services' test world: temp data folders, the real keychain gate, small
// real HTTP servers for the failures a remote instance can produce.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { JobView } from '../../shared/transfer.ts';
import type { Confirm, ConsentDetails, ConsentKind } from '../../electron/services/consent.ts';
import { createDesktop, type Desktop, type DesktopOptions } from '../../electron/services/desktop.ts';
import { createMemoryStore, openSecretStore, type SecretStore } from '../../electron/services/secret-store.ts';

export function tempDir(prefix = 'linkdesk-svc-'): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Keychain tests run inside scripts/test.sh's D-Bus session (LINKDESK_IN_DBUS).
 * There they must reach the real Secret Service or fail; elsewhere they skip.
 */
export const IN_DBUS = Boolean(process.env.LINKDESK_IN_DBUS);
export const NO_DBUS_REASON = 'no D-Bus session with gnome-keyring: run through `bash scripts/test.sh` (LINKDESK_IN_DBUS is not set)';

export async function realKeychain(): Promise<SecretStore> {
  const store = await openSecretStore();
  if (store.kind !== 'keychain') throw new Error(`The keychain should be available inside scripts/test.sh: ${store.message}`);
  return store;
}

/** Every file under `dir` whose bytes contain `needle`. */
export function filesContaining(dir: string, needle: string): string[] {
  const hits: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else if (readFileSync(p).includes(needle)) hits.push(p);
    }
  };
  walk(dir);
  return hits;
}

export interface Running { url: string; port: number; close(): Promise<void> }

async function listen(server: Server, scheme: 'http' | 'https'): Promise<Running> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${scheme}://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

export const httpServer = (handler: RequestListener) => listen(createServer(handler), 'http');

/** A self-signed certificate for 127.0.0.1, made now with the openssl CLI. */
export function selfSignedCert(): { key: string; cert: string } {
  const { dir, cleanup } = tempDir('linkdesk-tls-');
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    return { key: readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
  } finally {
    cleanup();
  }
}

export const httpsServer = (tls: { key: string; cert: string }, handler: RequestListener) => listen(createHttpsServer(tls, handler), 'https');

/** A port that nothing listens on: bound, read, released. */
export async function closedPort(): Promise<number> {
  const s = await httpServer(() => {});
  await s.close();
  return s.port;
}

/** The data of an IpcResult that must be ok; otherwise the test fails with its error. */
export async function ok<T = any>(p: Promise<{ ok: boolean; data?: unknown; error?: unknown }>): Promise<T> {
  const r = await p;
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.error)}`);
  return r.data as T;
}

export type Cleanups = (() => Promise<void> | void)[];

/** A new temporary folder, removed with the test's other cleanups. */
export function tempDirIn(cleanups: Cleanups): string {
  const t = tempDir();
  cleanups.push(t.cleanup);
  return t.dir;
}

/**
 * The real handler table on a temp data folder, with the real keychain (a
 * memory store outside a D-Bus session); `cleanups` closes it and removes its keys.
 */
/**
 * Stands in for main's native dialog (electron/main/consent.ts): records what was asked and
 * answers `answer` (yes unless a test says no).
 */
export interface ConsentRecorder { answer: boolean; asked: { kind: ConsentKind; details: ConsentDetails }[]; confirm: Confirm }
export function consentRecorder(answer = true): ConsentRecorder {
  const r: ConsentRecorder = {
    answer,
    asked: [] as { kind: ConsentKind; details: ConsentDetails }[],
    confirm: async (kind, details) => { r.asked.push({ kind, details }); return r.answer; },
  };
  return r;
}

export async function testDesktop(cleanups: Cleanups, opts: Partial<DesktopOptions> = {}): Promise<Desktop> {
  const t = tempDir();
  cleanups.push(t.cleanup);
  const secrets = IN_DBUS ? await realKeychain() : createMemoryStore('test');
  const d = await createDesktop({ dataDir: t.dir, secretStore: secrets, localServer: false, confirm: consentRecorder().confirm, ...opts });
  cleanups.push(async () => {
    await d.close();
    for (const p of d.profiles.list()) await secrets.delete(p.id);
  });
  return d;
}

/** A job's view once it has ended (done, failed or cancelled). */
export async function jobEnd(d: Desktop, id: string): Promise<JobView> {
  for (;;) {
    const j = await ok<JobView>(d.invoke('jobs.get', { id }));
    if (['done', 'failed', 'cancelled'].includes(j.status)) return j;
    await new Promise((r) => setTimeout(r, 20));
  }
}

// One API client per instance, and what it needs to connect: the proxy the
// instance's setting names, its credentials and client key from the key store,
// its extra CAs, and the gate that keeps a key from an address it was not given
// for. Also how an instance is described to the windows (InstanceView).
import type { InstanceView, ServerStatus } from '../../shared/contract.ts';
import { keyTravelsPlain, originOf } from '../../shared/schemas/instance.ts';
import { basicAuth, createApiClient, type ApiClient, type Connection } from './api-client.ts';
import { ServiceError } from './errors.ts';
import { clientKeyAccount, keyRefusal, parseProxyCredentials, proxyAccount } from './instance-access.ts';
import type { InstanceLocks } from './instance-locks.ts';
import type { InstanceProfile, ProfileStore } from './instance-profiles.ts';
import { routeFor, type ResolveSystemProxy } from './net/proxy.ts';
import { certificateInfo, presentedChain, readPem, type SystemCertificates } from './net/trust.ts';
import type { SecretStore } from './secret-store.ts';

export interface InstanceClientOptions {
  profiles: ProfileStore;
  secrets: SecretStore;
  serverStatus(): ServerStatus;
  timeoutMs?: number;
  resolveSystemProxy?: ResolveSystemProxy;
  proxyEnv?: NodeJS.ProcessEnv;
  systemCertificates?: SystemCertificates;
  /** Saves of an instance's settings, which its requests wait for (instance-locks.ts). */
  locks?: InstanceLocks;
}

const changedUnderway = () => new ServiceError('conflict',
  "This instance's settings changed while this request waited for them to be saved, so it was not sent. Try again.", { status: 409 });

export function createInstanceClients(o: InstanceClientOptions) {
  const clients = new Map<string, ApiClient>();
  /** Clients dropped after a change: built for what the instance was, they send nothing more. */
  const retired = new WeakSet<ApiClient>();
  const dropClient = async (id: string) => {
    const c = clients.get(id);
    clients.delete(id);
    if (c) retired.add(c);
    await c?.close();
  };
  /** Proxy, its credentials and the client certificate of a remote instance, read when its client first connects. */
  async function connectionOf(p: InstanceProfile): Promise<Connection> {
    const route = await routeFor(p.proxy, new URL(p.baseUrl), { resolveSystemProxy: o.resolveSystemProxy, env: o.proxyEnv });
    const proxyCredentials = p.proxy.mode === 'url' ? parseProxyCredentials(await o.secrets.get(proxyAccount(p.id))) : null;
    let clientCertificate: Connection['clientCertificate'] = null;
    if (p.clientCertificate) {
      const key = await o.secrets.get(clientKeyAccount(p.id));
      if (!key) throw new ServiceError('tls', 'The client certificate\'s key is missing from the key store. Choose the certificate and its key again in this instance\'s settings.', { reason: 'client-cert' });
      clientCertificate = { cert: p.clientCertificate, key };
    }
    return { route, proxyCredentials, clientCertificate };
  }

  function baseUrlOf(p: InstanceProfile): string {
    if (p.kind !== 'local') return p.baseUrl;
    const s = o.serverStatus();
    if (s.state !== 'running' || !s.url) {
      throw new ServiceError('unreachable', `The local server is not running${s.message ? `: ${s.message}` : '.'}`);
    }
    return s.url;
  }

  function clientFor(p: InstanceProfile): ApiClient {
    const baseUrl = baseUrlOf(p);
    const existing = clients.get(p.id);
    if (existing?.baseUrl === baseUrl) return existing;
    if (existing) void existing.close();
    const client = newClient(p, baseUrl);
    clients.set(p.id, client);
    return client;
  }

  /**
   * A client of its own, not shared or cached, for a request that stays open (a live stream): closing the shared
   * client (a changed setting, a restart) waits for its requests, and one that never ends would hold that up.
   * The caller destroys it.
   */
  const ownClientFor = (p: InstanceProfile): ApiClient => newClient(p, baseUrlOf(p));

  function newClient(p: InstanceProfile, baseUrl: string): ApiClient {
    const client: ApiClient = createApiClient({
      baseUrl,
      getKey: async () => {
        for (;;) {
          // While the instance's address or key is being saved, wait: the key store and the profile
          // are written one after the other, and a key read in between belongs to the other side.
          const generation = await (o.locks?.settled(p.id) ?? 0);
          const key = await o.secrets.get(p.id);
          // The profile of now: a confirmation or a new address applies to this client at once.
          const current = o.profiles.get(p.id);
          if (o.locks && o.locks.generation(p.id) !== generation) continue; // a change began meanwhile: read again after it
          if (!current) throw new ServiceError('not-found', 'That instance no longer exists.');
          // This client was made for the address and settings of before: the key read now is not for it.
          if (retired.has(client) || (p.kind === 'remote' && originOf(current.baseUrl) !== originOf(baseUrl))) throw changedUnderway();
          const refusal = key ? keyRefusal(current) : null;
          if (refusal) throw refusal;
          return key;
        }
      },
      timeoutMs: o.timeoutMs,
      // The local instance is on this computer: never through a proxy, nothing extra to trust.
      ...(p.kind === 'remote' ? { ca: p.caCertificates, systemCertificates: o.systemCertificates, connection: () => connectionOf(p) } : {}),
    });
    return client;
  }

  /** The certificates an instance's server presents now, read without trusting them (for "trust this CA"). */
  const presented = async (p: InstanceProfile) => {
    const c = await connectionOf(p);
    return presentedChain(new URL(p.baseUrl), {
      route: c.route, timeoutMs: o.timeoutMs ?? 15_000, proxyAuthorization: c.proxyCredentials ? basicAuth(c.proxyCredentials) : null,
    });
  };

  const certs = (pem: string) => {
    try {
      return readPem(pem).map(certificateInfo);
    } catch {
      return [];
    }
  };
  /** What the keychain take-over left behind for this instance; one that must be entered again first. */
  const keyProblemOf = (id: string): InstanceView['keyProblem'] => {
    const mine = (o.secrets.problems?.() ?? []).filter((k) => k.account === id || k.account.startsWith(`${id}#`));
    const p = mine.find((k) => k.reason === 'unreadable') ?? mine[0];
    if (!p) return null;
    const what = p.account === id ? 'API key' : p.account.endsWith('#proxy') ? 'proxy password' : 'client certificate key';
    return { reason: p.reason, message: `The ${what}: ${p.message}` };
  };
  const view = async (p: InstanceProfile): Promise<InstanceView> => {
    const hasApiKey = (await o.secrets.get(p.id).catch(() => null)) !== null;
    const remote = p.kind === 'remote';
    const origin = originOf(p.baseUrl);
    return {
      id: p.id,
      name: p.name,
      kind: p.kind,
      baseUrl: remote ? p.baseUrl : (o.serverStatus().url ?? p.baseUrl),
      hasApiKey,
      proxy: {
        mode: remote ? p.proxy.mode : 'none',
        url: remote ? p.proxy.url : null,
        hasCredentials: remote && p.proxy.mode === 'url' && (await o.secrets.get(proxyAccount(p.id)).catch(() => null)) !== null,
      },
      caCertificates: p.caCertificates.flatMap(certs),
      clientCertificate: p.clientCertificate ? certs(p.clientCertificate)[0] ?? null : null,
      plainHttp: remote && keyTravelsPlain(p.baseUrl, p.proxy) ? (p.plainHttpOrigin === origin ? 'confirmed' : 'unconfirmed') : null,
      keyForOtherAddress: remote && hasApiKey && p.keyOrigin !== null && p.keyOrigin !== origin,
      keyProblem: keyProblemOf(p.id),
    };
  };


  const destroyAll = async () => {
    const open = [...clients.values()];
    clients.clear();
    await Promise.all(open.map((c) => c.destroy()));
  };
  return { clientFor, ownClientFor, dropClient, presented, view, destroyAll };
}

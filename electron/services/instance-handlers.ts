// Adding, changing and removing instances, with everything that is not in
// instances.json kept in the key store: the API key, the proxy's credentials,
// the client certificate's key. A key is tied to the address it was given
// for; a new address with an old key, a key over plain http and a trusted CA
// need the user's word, asked by main itself (consent.ts): the renderer's flags
// (keepKeyForNewAddress, plainHttpConfirmed) only say that it should ask.
import { createPrivateKey, X509Certificate } from 'node:crypto';
import type { z } from 'zod';
import type { Contract, InstanceView } from '../../shared/contract.ts';
import { keyTravelsPlain, originOf, type ProxySettingInput } from '../../shared/schemas/instance.ts';
import { requireConsent, type Confirm, type ConsentDetails } from './consent.ts';
import { ServiceError } from './errors.ts';
import { say, se } from './i18n/service-errors.ts';
import type { CallContext } from './handlers.ts';
import { clientKeyAccount, instanceAccounts, proxyAccount } from './instance-access.ts';
import type { InstanceLocks } from './instance-locks.ts';
import { normalizeBaseUrl, type InstanceProfile, type ProfilePatch, type ProfileStore } from './instance-profiles.ts';
import { certificateInfo, readPem, toPem, trustableOf } from './net/trust.ts';
import type { SecretStore } from './secret-store.ts';

export interface InstanceHandlerDeps {
  profiles: ProfileStore;
  secrets: SecretStore;
  view(p: InstanceProfile): Promise<InstanceView>;
  dropClient(id: string): Promise<void>;
  /** One rotation or address change of an instance at a time (instance-locks.ts). */
  locks: InstanceLocks;
  /** The chain the instance's server presents now, unverified; null when it cannot be read. */
  presented(p: InstanceProfile): Promise<X509Certificate[] | null>;
  /** Asks the user, in main (a native dialog), before a key or a trust decision goes anywhere new. */
  confirm: Confirm;
}

type Args<N extends keyof Contract> = z.output<Contract[N]['args']>;

const invalid = (field: string, message: string) => new ServiceError('validation', message, { status: 422, fields: { [field]: [message] } });

function checkedCas(items: string[] | undefined, existing: string[] = []): string[] | undefined {
  if (!items) return undefined;
  const out: string[] = [];
  for (const item of items) {
    let pem = item;
    if (!item.includes('-----BEGIN')) {
      const kept = existing.find((e) => new X509Certificate(e).fingerprint256 === item);
      if (!kept) throw invalid('caCertificates', say(se.caGone));
      pem = kept;
    }
    let certs: X509Certificate[];
    try {
      certs = readPem(pem);
    } catch (err) {
      throw invalid('caCertificates', (err as Error).message);
    }
    for (const c of certs) {
      if (!certificateInfo(c).isCa) throw invalid('caCertificates', say(se.notCa, { subject: certificateInfo(c).subject }));
      const pemText = toPem(c);
      if (!out.includes(pemText)) out.push(pemText);
    }
  }
  if (out.length > 10) throw invalid('caCertificates', say(se.caMax, { max: 10 }));
  return out;
}

function checkedClientCertificate(input: { cert: string; key: string }): string {
  let cert: X509Certificate;
  try {
    cert = readPem(input.cert)[0]!;
  } catch (err) {
    throw invalid('clientCertificate', (err as Error).message);
  }
  let matches = false;
  try {
    matches = cert.checkPrivateKey(createPrivateKey(input.key));
  } catch {
    throw invalid('clientCertificate', say(se.clientKeyUnreadable));
  }
  if (!matches) throw invalid('clientCertificate', say(se.clientKeyMismatch));
  return toPem(cert);
}

/** CA certificates in `next` not trusted before: each needs the user's word, by its fingerprint. */
async function askForNewCas(confirm: Confirm, next: string[] | undefined, before: string[], details: Omit<ConsentDetails, 'fingerprint' | 'subject'>) {
  for (const pem of next ?? []) {
    if (before.includes(pem)) continue;
    const info = certificateInfo(new X509Certificate(pem));
    await requireConsent(confirm, 'trust-ca', { ...details, fingerprint: info.fingerprint256, subject: info.subject });
  }
}

/** The proxy setting to keep in the profile; its credentials go to the key store. */
const proxyOf = (input: ProxySettingInput) =>
  ({ mode: input.mode, url: input.mode === 'url' ? new URL(input.url.trim()).origin : null });

export function createInstanceHandlers(d: InstanceHandlerDeps) {
  const profile = (id: string) => {
    const p = d.profiles.get(id);
    if (!p) throw new ServiceError('not-found', say(se.instanceGone));
    return p;
  };

  /** Key store writes of one add or update; undefined leaves an entry as it is, null removes it. */
  async function storeSecrets(id: string, s: { apiKey?: string; proxy?: string | null; clientKey?: string | null }) {
    if (s.apiKey !== undefined) await d.secrets.set(id, s.apiKey);
    if (s.proxy === null) await d.secrets.delete(proxyAccount(id));
    else if (s.proxy !== undefined) await d.secrets.set(proxyAccount(id), s.proxy);
    if (s.clientKey === null) await d.secrets.delete(clientKeyAccount(id));
    else if (s.clientKey !== undefined) await d.secrets.set(clientKeyAccount(id), s.clientKey);
  }
  /** What an entry of the key store holds, in words. */
  const entryName = (id: string, account: string) => (account === id ? 'API key' : account === proxyAccount(id) ? 'proxy password' : "client certificate's key");
  /**
   * Puts back the entries `s` is about to change, as they are now. An entry that cannot be read now (a key from
   * another computer, a keychain that did not answer) cannot be put back: the one written instead is removed, so
   * no new key stays tied to the old address. Resolves to what could not be put back, in words (empty: all was).
   */
  async function previousSecrets(id: string, s: { apiKey?: string; proxy?: string | null; clientKey?: string | null }) {
    const accounts = [s.apiKey !== undefined && id, s.proxy !== undefined && proxyAccount(id), s.clientKey !== undefined && clientKeyAccount(id)].filter((x): x is string => Boolean(x));
    const was = await Promise.all(accounts.map(async (account) => [account, await d.secrets.get(account).catch(() => undefined)] as const));
    return async (): Promise<string[]> => {
      const lost: string[] = [];
      for (const [account, value] of was) {
        const what = entryName(id, account);
        try {
          if (value === undefined) {
            await d.secrets.delete(account);
            lost.push(`The ${what} of before could not be read, so it could not be put back: the one entered was removed rather than left with the old settings. Enter it again.`);
          } else if (value === null) await d.secrets.delete(account);
          else await d.secrets.set(account, value);
        } catch (err) {
          lost.push(`The ${what} of before could not be put back (${err instanceof Error ? err.message : String(err)}); check it in this instance's settings.`);
        }
      }
      return lost;
    };
  }
  const proxySecret = (proxy: ProxySettingInput | undefined, keepable: boolean): string | null | undefined => {
    if (!proxy) return undefined;
    if (proxy.mode !== 'url') return null;
    if (proxy.credentials) return JSON.stringify(proxy.credentials);
    return proxy.credentials === null || !keepable ? null : undefined;
  };

  return {
    'instances.add': async (a: Args<'instances.add'>, ctx: CallContext) => {
      const origin = originOf(normalizeBaseUrl(a.baseUrl))!;
      const proxy = a.proxy ? proxyOf(a.proxy) : undefined;
      const patch: ProfilePatch = {
        proxy,
        caCertificates: checkedCas(a.caCertificates),
        clientCertificate: a.clientCertificate ? checkedClientCertificate(a.clientCertificate) : undefined,
        plainHttpOrigin: a.plainHttpConfirmed && keyTravelsPlain(a.baseUrl, proxy) ? origin : null,
        keyOrigin: a.apiKey ? origin : null,
      };
      const asking = { instance: a.name.trim(), address: origin, proxy: proxy?.url ?? null, windowId: ctx.windowId };
      await askForNewCas(d.confirm, patch.caCertificates, [], asking);
      if (patch.plainHttpOrigin) await requireConsent(d.confirm, 'plain-http', asking);
      const p = await d.profiles.add({ name: a.name, baseUrl: a.baseUrl, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) });
      try {
        await storeSecrets(p.id, { apiKey: a.apiKey, proxy: proxySecret(a.proxy, false) ?? undefined, clientKey: a.clientCertificate?.key });
      } catch (err) {
        // An instance whose secrets were lost on the way in would only confuse.
        for (const account of instanceAccounts(p.id)) await d.secrets.delete(account).catch(() => false);
        await d.profiles.remove(p.id);
        throw err;
      }
      return d.view(p);
    },

    // Saved as the instance's only change (a rotation of its key refuses meanwhile, and its requests wait).
    'instances.update': async (a: Args<'instances.update'>, ctx: CallContext) => d.locks.exclusive(a.id, 'change', async () => {
      const before = profile(a.id);
      const baseUrl = a.baseUrl !== undefined && before.kind === 'remote' ? normalizeBaseUrl(a.baseUrl) : before.baseUrl;
      const origin = originOf(baseUrl)!;
      const moved = before.kind === 'remote' && origin !== originOf(before.baseUrl);
      const hasKey = (await d.secrets.get(a.id).catch(() => null)) !== null;
      if (moved && hasKey && a.apiKey === undefined && !a.keepKeyForNewAddress) {
        throw new ServiceError('validation', say(se.keyOtherAddress, { from: String(originOf(before.baseUrl)), to: origin }), {
          status: 422, reason: 'key-other-address', fields: { apiKey: [say(se.keyOtherAddressField)] },
        });
      }
      const proxy = a.proxy ? proxyOf(a.proxy) : before.proxy;
      const proxyChanged = proxy.mode !== before.proxy.mode || proxy.url !== before.proxy.url;
      const patch: ProfilePatch = {
        name: a.name,
        baseUrl: a.baseUrl,
        proxy: a.proxy ? proxy : undefined,
        caCertificates: checkedCas(a.caCertificates, before.caCertificates),
        clientCertificate: a.clientCertificate === null ? null : a.clientCertificate ? checkedClientCertificate(a.clientCertificate) : undefined,
        // An agreement to plain http was for that address through that proxy; another proxy needs it again.
        plainHttpOrigin: a.plainHttpConfirmed === true && keyTravelsPlain(baseUrl, proxy) ? origin
          : a.plainHttpConfirmed === false || proxyChanged ? null : undefined,
        keyOrigin: a.apiKey !== undefined || a.keepKeyForNewAddress ? origin : undefined,
      };
      if (before.kind === 'local') {
        if (a.proxy || a.caCertificates || a.clientCertificate) {
          throw new ServiceError('bad-request', say(se.localNoProxy));
        }
        patch.plainHttpOrigin = undefined;
        patch.keyOrigin = undefined;
      }
      // Main's own questions, before anything is stored: the renderer's flags alone send nothing anywhere.
      const asking = { instance: (a.name ?? before.name).trim(), address: origin, proxy: proxy.mode === 'url' ? proxy.url : null, windowId: ctx.windowId };
      if (patch.keyOrigin && a.apiKey === undefined && patch.keyOrigin !== before.keyOrigin) {
        await requireConsent(d.confirm, 'key-new-address', { ...asking, from: before.keyOrigin });
      }
      const plainAgreed = before.plainHttpOrigin === origin && !proxyChanged;
      if (patch.plainHttpOrigin && !plainAgreed) await requireConsent(d.confirm, 'plain-http', asking);
      await askForNewCas(d.confirm, patch.caCertificates, before.caCertificates, asking);
      // The secrets first, then the profile that points them at an address: a key is never left
      // pointed at an address it was not stored for. Whatever fails puts back what was there.
      const secrets = {
        apiKey: a.apiKey,
        // Credentials belong to the proxy they were given for: another proxy gets none unless new ones are entered.
        proxy: proxySecret(a.proxy, before.proxy.mode === 'url' && a.proxy?.mode === 'url' && before.proxy.url === proxyOf(a.proxy).url),
        clientKey: a.clientCertificate === null ? null : a.clientCertificate?.key,
      };
      const undo = await previousSecrets(a.id, secrets);
      let p: InstanceProfile;
      try {
        await storeSecrets(a.id, secrets);
        p = await d.profiles.update(a.id, patch);
      } catch (err) {
        const lost = await undo();
        if (!lost.length) throw err;
        const failed = err instanceof ServiceError ? err.error : { kind: 'server' as const, message: err instanceof Error ? err.message : String(err) };
        const { kind, message, ...extra } = failed;
        throw new ServiceError(kind, [message, ...lost].join(' '), extra);
      }
      await d.dropClient(a.id); // the next request connects with what changed
      return d.view(p);
    }),

    'instances.remove': async ({ id }: Args<'instances.remove'>) => d.locks.exclusive(id, 'remove', async () => {
      if (profile(id).kind === 'local') throw new ServiceError('bad-request', say(se.localNotRemovable));
      // The profile first: if instances.json cannot be saved the instance stays, and so do its keys.
      await d.profiles.remove(id);
      for (const account of instanceAccounts(id)) await d.secrets.delete(account);
      await d.dropClient(id);
      return { removed: true } as const;
    }),

    'instances.trustCertificate': async ({ id, fingerprint256 }: Args<'instances.trustCertificate'>, ctx: CallContext) => {
      const p = profile(id);
      if (p.kind !== 'remote' || !p.baseUrl.startsWith('https:')) throw new ServiceError('bad-request', say(se.httpsOnlyTrust));
      const chain = await d.presented(p);
      if (!chain) throw new ServiceError('unreachable', say(se.certUnreadable, { host: new URL(p.baseUrl).host }));
      const ca = trustableOf(chain);
      // Only what the server presents now, and only its authority: a certificate the user saw earlier may have been swapped.
      if (!ca || ca.fingerprint256 !== fingerprint256) {
        throw new ServiceError('conflict', say(se.certChanged), { status: 409 });
      }
      const pem = toPem(ca);
      const next = p.caCertificates.includes(pem) ? p.caCertificates : [...p.caCertificates, pem];
      if (next.length > 10) throw new ServiceError('bad-request', say(se.caFull, { max: 10 }));
      // The fingerprint main shows is the one the server presents now, not one the page names.
      await askForNewCas(d.confirm, next, p.caCertificates, { instance: p.name, address: originOf(p.baseUrl)!, proxy: p.proxy.mode === 'url' ? p.proxy.url : null, windowId: ctx.windowId });
      const updated = await d.profiles.update(id, { caCertificates: next });
      await d.dropClient(id);
      return d.view(updated);
    },

    'certificates.inspect': async ({ pem }: Args<'certificates.inspect'>) => {
      try {
        return readPem(pem).map(certificateInfo);
      } catch (err) {
        throw invalid('pem', (err as Error).message);
      }
    },
  };
}

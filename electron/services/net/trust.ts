// What a connection to an instance trusts: Node's bundled CA list, the
// operating system's store (tls.getCACertificates('system'), the same in
// Electron's main process) and the instance's own extra CA certificates. And,
// when a server's certificate is not trusted, what it presented, read over a
// second connection that verifies nothing and sends nothing, so the user can
// see the certificate and decide.
import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import tls from 'node:tls';
import { Client } from 'undici';
import type { CertificateInfo, CertificateProblem } from '../../../shared/contract.ts';
import { pemCertificates } from '../../../shared/schemas/instance.ts';
import type { ProxyRoute } from './proxy.ts';

/** The OS store's certificates (PEM); a seam so tests can stand in for a system store they may not change. */
export type SystemCertificates = () => string[];

export const osCertificates: SystemCertificates = () => {
  try {
    return tls.getCACertificates('system');
  } catch {
    return []; // a runtime without it (older Electron): the bundled list still applies
  }
};

let bundledList: string[] | null = null;
const bundled = () => (bundledList ??= (() => {
  try {
    return tls.getCACertificates('bundled');
  } catch {
    return [...tls.rootCertificates];
  }
})());

/** Every CA a connection to this instance trusts. */
export function trustedCas(extra: readonly string[], system: SystemCertificates = osCertificates): string[] {
  return [...bundled(), ...system(), ...extra.flatMap(pemCertificates)];
}

const names = (dn: string) => dn.split('\n').filter(Boolean).join(', ');

export function certificateInfo(cert: X509Certificate): CertificateInfo {
  const selfSigned = cert.checkIssued(cert) && cert.verify(cert.publicKey);
  return {
    subject: names(cert.subject),
    issuer: names(cert.issuer),
    validFrom: new Date(cert.validFrom).toISOString(),
    validTo: new Date(cert.validTo).toISOString(),
    fingerprint256: cert.fingerprint256,
    isCa: cert.ca || selfSigned,
    selfSigned,
  };
}

/** The certificates in a PEM text; throws with a message a user can act on. */
export function readPem(text: string): X509Certificate[] {
  const blocks = pemCertificates(text);
  if (blocks.length === 0) throw new Error('This is not a PEM certificate file (it has no -----BEGIN CERTIFICATE----- block).');
  return blocks.map((b) => {
    try {
      return new X509Certificate(b);
    } catch {
      throw new Error('A certificate in this file could not be read.');
    }
  });
}

export const toPem = (cert: X509Certificate) => cert.toString().trim();

/** The CA in a chain that can be trusted for an instance: the top-most authority the server sends, or a self-signed certificate. */
export function trustableOf(chain: X509Certificate[]): X509Certificate | null {
  for (let i = chain.length - 1; i >= 0; i--) {
    const info = certificateInfo(chain[i]!);
    if (info.isCa) return chain[i]!;
  }
  return null;
}

export const problemOf = (chain: X509Certificate[]): CertificateProblem => ({
  chain: chain.map(certificateInfo),
  trustable: trustableOf(chain)?.fingerprint256 ?? null,
});

export interface ProbeOptions {
  route: ProxyRoute;
  /** Proxy-Authorization value for a proxy that needs it. */
  proxyAuthorization: string | null;
  timeoutMs: number;
}

/**
 * The chain a TLS server presents, read without verifying it. Only the
 * handshake happens: nothing is written on the connection, so no key can leave.
 */
export async function presentedChain(target: URL, opts: ProbeOptions): Promise<X509Certificate[] | null> {
  if (opts.route.type === 'unsupported' || (opts.route.type === 'proxy' && opts.route.url.startsWith('socks'))) return null;
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const port = Number(target.port || 443);
  let tunnel: Client | null = null;
  try {
    let socket: import('node:stream').Duplex | undefined;
    if (opts.route.type === 'proxy') {
      tunnel = new Client(opts.route.url, { connect: { timeout: opts.timeoutMs } });
      const authority = `${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
      const res = await tunnel.connect({
        path: authority,
        headers: { host: authority, ...(opts.proxyAuthorization ? { 'proxy-authorization': opts.proxyAuthorization } : {}) },
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      if (res.statusCode !== 200) {
        res.socket.destroy();
        return null;
      }
      socket = res.socket;
    }
    return await new Promise<X509Certificate[] | null>((resolve) => {
      const s = tls.connect({
        ...(socket ? { socket } : { host, port }),
        servername: isIP(host) ? undefined : host,
        rejectUnauthorized: false,
      });
      const timer = setTimeout(() => { s.destroy(); resolve(null); }, opts.timeoutMs);
      s.once('secureConnect', () => {
        clearTimeout(timer);
        const chain: X509Certificate[] = [];
        const seen = new Set<string>();
        for (let c: tls.DetailedPeerCertificate | undefined = s.getPeerCertificate(true); c?.raw && !seen.has(c.fingerprint256); c = c.issuerCertificate) {
          seen.add(c.fingerprint256);
          chain.push(new X509Certificate(c.raw));
        }
        s.destroy();
        resolve(chain.length ? chain : null);
      });
      s.once('error', () => { clearTimeout(timer); resolve(null); });
    });
  } catch {
    return null;
  } finally {
    void tunnel?.destroy();
  }
}

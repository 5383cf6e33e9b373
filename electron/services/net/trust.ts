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
  /** The client certificate the requests present, if any (a server's verdict on it comes as an alert). */
  secureContext?: tls.SecureContext;
  /** After the handshake, how long to wait for an alert the server sends once it has judged our certificate (TLS 1.3). */
  alertWithinMs?: number;
}
export interface Handshake { chain: X509Certificate[]; alert: string | null }

/**
 * A TLS handshake with the instance's server that verifies nothing: the chain
 * it presents, and the alert it sends (if `alertWithinMs`) about our client
 * certificate. Nothing is written on the connection, so no key can leave.
 */
export async function probeHandshake(target: URL, opts: ProbeOptions): Promise<Handshake | null> {
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
    return await new Promise<Handshake | null>((resolve) => {
      const s = tls.connect({
        ...(socket ? { socket } : { host, port }),
        servername: isIP(host) ? undefined : host,
        rejectUnauthorized: false,
        ...(opts.secureContext ? { secureContext: opts.secureContext } : {}),
      });
      let chain: X509Certificate[] | null = null;
      const done = (alert: string | null) => {
        clearTimeout(timer);
        s.destroy();
        resolve(chain ? { chain, alert } : null);
      };
      let timer = setTimeout(() => done(null), opts.timeoutMs);
      s.once('secureConnect', () => {
        chain = [];
        const seen = new Set<string>();
        for (let c: tls.DetailedPeerCertificate | undefined = s.getPeerCertificate(true); c?.raw && !seen.has(c.fingerprint256); c = c.issuerCertificate) {
          seen.add(c.fingerprint256);
          chain.push(new X509Certificate(c.raw));
        }
        if (!opts.alertWithinMs) return done(null);
        clearTimeout(timer);
        timer = setTimeout(() => done(null), opts.alertWithinMs);
        s.once('close', () => done(null));
      });
      s.once('error', (err: NodeJS.ErrnoException) => done(err.code ?? null));
    });
  } catch {
    return null;
  } finally {
    void tunnel?.destroy();
  }
}

/** The chain a TLS server presents, read without verifying it. */
export async function presentedChain(target: URL, opts: ProbeOptions): Promise<X509Certificate[] | null> {
  const h = await probeHandshake(target, opts);
  return h && h.chain.length ? h.chain : null;
}

/** The verification error of a TLS handshake with host:port (e.g. an https proxy), or null when it is trusted. */
export function verifyError(url: URL, secureContext: tls.SecureContext, timeoutMs: number): Promise<string | null> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve) => {
    const s = tls.connect({ host, port: Number(url.port || 443), servername: isIP(host) ? undefined : host, secureContext });
    const done = (code: string | null) => { clearTimeout(timer); s.destroy(); resolve(code); };
    const timer = setTimeout(() => done(null), timeoutMs);
    s.once('secureConnect', () => done(null));
    s.once('error', (err: NodeJS.ErrnoException) => done(err.code ?? null));
  });
}

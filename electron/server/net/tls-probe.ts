// The certificate a branded domain presents now, for its DNS status: a TLS
// handshake with the domain as server name, made only to the addresses the
// domain resolved to and, unless the instance allows private addresses,
// only to public ones (the rule title fetches and health checks follow).
// Trust is Node's: the system's roots plus NODE_EXTRA_CA_CERTS.
import { connect, type PeerCertificate } from 'node:tls';
import { isPublicAddress } from './address-policy.ts';

export interface HttpsStatus {
  status: 'ok' | 'none';
  issuer: string | null;
  /** ISO 8601. */
  valid_until: string | null;
  names: string[];
  error: string | null;
}

export interface TlsProbeOptions {
  port: number;
  allowPrivate: boolean;
  /** For all the handshakes together. */
  budgetMs: number;
}

/** Addresses tried, at most: a domain with many records need not cost many handshakes. */
const MAX_ADDRESSES = 2;

const none = (error: string, cert?: PeerCertificate): HttpsStatus => ({ status: 'none', ...describe(cert), error });

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

function describe(cert: PeerCertificate | undefined): Pick<HttpsStatus, 'issuer' | 'valid_until' | 'names'> {
  if (!cert || !cert.subject) return { issuer: null, valid_until: null, names: [] };
  const [cn, o] = [first(cert.issuer?.CN), first(cert.issuer?.O)];
  const issuer = cn && o ? `${cn} (${o})` : (cn ?? o ?? null);
  const names = (cert.subjectaltname ?? '').split(', ').filter((n) => n.startsWith('DNS:')).map((n) => n.slice(4));
  const until = new Date(cert.valid_to);
  return { issuer: issuer ?? null, valid_until: Number.isNaN(until.getTime()) ? null : until.toISOString(), names };
}

function handshake(name: string, address: string, port: number, timeoutMs: number): Promise<HttpsStatus> {
  return new Promise((resolve) => {
    // The certificate is read whatever it is, to say why it is not good enough.
    const socket = connect({ host: address, port, servername: name, rejectUnauthorized: false, ALPNProtocols: ['http/1.1'] });
    const done = (s: HttpsStatus) => {
      socket.destroy();
      resolve(s);
    };
    socket.setTimeout(timeoutMs, () => done(none(`No TLS answer from ${address}:${port} in time.`)));
    socket.once('error', (err: NodeJS.ErrnoException) => done(none(`The TLS handshake with ${address}:${port} failed (${err.code ?? err.message}): no certificate for ${name} yet.`)));
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate();
      if (socket.authorized) return done({ status: 'ok', ...describe(cert), error: null });
      done(none(`The certificate ${address}:${port} presents is not valid for ${name} (${String(socket.authorizationError)}).`, cert));
    });
  });
}

export async function probeHttps(name: string, addresses: string[], o: TlsProbeOptions): Promise<HttpsStatus> {
  if (!addresses.length) return none(`${name} has no address to connect to.`);
  const allowed = o.allowPrivate ? addresses : addresses.filter(isPublicAddress);
  if (!allowed.length) {
    return none(`${name} resolves only to addresses that are not public (${addresses.join(', ')}: loopback, private, reserved or documentation ranges), `
      + 'which this instance does not connect to without --allow-private-addresses.');
  }
  const deadline = performance.now() + o.budgetMs;
  let last: HttpsStatus | undefined;
  for (const address of allowed.slice(0, MAX_ADDRESSES)) {
    const left = deadline - performance.now();
    if (last && left < 100) break;
    last = await handshake(name, address, o.port, Math.max(left, 100));
    if (last.status === 'ok') return last;
  }
  return last!;
}

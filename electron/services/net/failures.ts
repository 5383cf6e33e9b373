// Every way a connection to an instance fails, in words: what happened, and
// what the person at the keyboard can do about it. The codes come from the
// error's cause chain (undici wraps socket and TLS errors); whether a proxy was
// in the way decides whose name is in the message.
import type { ConnectionReason, IpcErrorKind } from '../../../shared/contract.ts';
import { ServiceError } from '../errors.ts';
import { proxyLabel, type ProxyRoute } from './proxy.ts';
import { defineMessages, type MessageDescriptor } from '@formatjs/intl';
import { t } from '../i18n/current.ts';

// The failures people meet most (a server down, a name mistyped, no network), in the user's language.
type Host = { host: string };
const m = defineMessages<{
  timeout: Host & { seconds: number }; timeoutAdvice: {}; dns: { hostname: string }; dnsAdvice: {};
  refused: Host; refusedAdvice: {}; network: Host & { code: string }; networkAdvice: {};
  reset: Host; resetAdvice: {}; other: Host; otherCode: Host & { code: string }; otherAdvice: {};
}>({
  timeout: { id: 'desktop.connection.timeout', defaultMessage: '{host} did not answer within {seconds, number} s.', description: 'host: host[:port] of the instance' },
  timeoutAdvice: { id: 'desktop.connection.timeoutAdvice', defaultMessage: 'Check that the server is running and that nothing on the way (a firewall, a VPN that is off) drops the connection; try again.' },
  dns: { id: 'desktop.connection.dns', defaultMessage: 'The name {hostname} could not be found (DNS).' },
  dnsAdvice: { id: 'desktop.connection.dnsAdvice', defaultMessage: 'Check the spelling of the address, and whether it needs a VPN or your company\'s network.' },
  refused: { id: 'desktop.connection.refused', defaultMessage: 'Nothing is listening at {host} (connection refused).' },
  refusedAdvice: { id: 'desktop.connection.refusedAdvice', defaultMessage: 'Check the port, and that the Linkdesk server there is running.' },
  network: { id: 'desktop.connection.network', defaultMessage: '{host} cannot be reached from this network ({code}).', description: 'code: a system error code such as EHOSTUNREACH' },
  networkAdvice: { id: 'desktop.connection.networkAdvice', defaultMessage: 'Check this computer\'s network connection, or whether the server needs a VPN.' },
  reset: { id: 'desktop.connection.reset', defaultMessage: '{host} closed the connection without an answer.' },
  resetAdvice: { id: 'desktop.connection.resetAdvice', defaultMessage: 'The server may be restarting, or something on the way cuts connections; try again, and check that the address is the Linkdesk server.' },
  other: { id: 'desktop.connection.other', defaultMessage: 'Could not reach {host}.' },
  otherCode: { id: 'desktop.connection.otherCode', defaultMessage: 'Could not reach {host} ({code}).' },
  otherAdvice: { id: 'desktop.connection.otherAdvice', defaultMessage: 'Check the address and this computer\'s network connection.' },
});

export interface FailureContext {
  /** host[:port] of the instance. */
  host: string;
  hostname: string;
  route: ProxyRoute;
  /** Whether credentials were sent to the proxy. */
  proxyCredentials: boolean;
  /** Whether a client certificate is presented. */
  clientCertificate?: boolean;
  timeoutMs: number;
}

const CERT_UNTRUSTED = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'UNABLE_TO_GET_ISSUER_CERT', 'CERT_UNTRUSTED', 'CERT_SIGNATURE_FAILURE',
]);
const TLS_VERSION = new Set([
  'ERR_SSL_UNSUPPORTED_PROTOCOL', 'ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION', 'ERR_SSL_NO_PROTOCOLS_AVAILABLE',
  'ERR_SSL_VERSION_TOO_LOW', 'ERR_SSL_UNSUPPORTED_SSL_VERSION', 'ERR_TLS_INVALID_PROTOCOL_VERSION',
]);
export const CLIENT_CERT = new Set([
  'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED', 'ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE', 'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA',
  'ERR_SSL_SSLV3_ALERT_CERTIFICATE_UNKNOWN', 'ERR_SSL_TLSV1_ALERT_ACCESS_DENIED', 'ERR_SSL_SSLV3_ALERT_CERTIFICATE_EXPIRED',
]);
const TIMEOUTS = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);
const DNS = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL']);
const RESET = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
const NETWORK = new Set(['EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN', 'EADDRNOTAVAIL']);

/** Codes, names and messages along an error's cause chain. */
function chain(err: unknown): { codes: string[]; names: string[]; messages: string[]; altnames: string | null } {
  const codes: string[] = [];
  const names: string[] = [];
  const messages: string[] = [];
  let altnames: string | null = null;
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, name, message, cert } = e as { code?: unknown; name?: unknown; message?: unknown; cert?: { subjectaltname?: unknown } };
    if (typeof code === 'string') codes.push(code);
    if (typeof name === 'string') names.push(name);
    if (typeof message === 'string') messages.push(message);
    if (typeof cert?.subjectaltname === 'string') altnames ??= cert.subjectaltname;
  }
  return { codes, names, messages, altnames };
}

export const connectionError = (kind: IpcErrorKind, reason: ConnectionReason, message: string, advice: string, extra: object = {}) =>
  new ServiceError(kind, `${message} ${advice}`, { reason, advice, ...extra });

// TLS and proxy failures, in the user's language (codes, hosts and proxies as arguments).
const f = defineMessages({
  proxySetting: { id: 'desktop.connection.proxySetting', defaultMessage: 'Check the proxy setting in this instance\'s settings (System follows the system\'s proxy settings, or HTTPS_PROXY and NO_PROXY).' },
  proxyAuthWrong: { id: 'desktop.connection.proxyAuthWrong', defaultMessage: 'The proxy {proxy} did not accept the user name and password (HTTP {status} from the proxy).' },
  proxyAuthWrongAdvice: { id: 'desktop.connection.proxyAuthWrongAdvice', defaultMessage: 'Check the proxy user name and password in this instance\'s settings.' },
  proxyAuthAsk: { id: 'desktop.connection.proxyAuthAsk', defaultMessage: 'The proxy {proxy} asks for a user name and password (407 Proxy Authentication Required).' },
  proxyAuthAskAdvice: { id: 'desktop.connection.proxyAuthAskAdvice', defaultMessage: 'Enter them under Proxy in this instance\'s settings.' },
  proxyUpstream: { id: 'desktop.connection.proxyUpstream', defaultMessage: 'The proxy {proxy} could not reach {host} (HTTP {status} from the proxy).' },
  proxyUpstreamAdvice: { id: 'desktop.connection.proxyUpstreamAdvice', defaultMessage: 'Check the address; if the server is on your own network, it may need Proxy: None.' },
  proxyDenied: { id: 'desktop.connection.proxyDenied', defaultMessage: 'The proxy {proxy} refused to connect to {host} (HTTP {status} from the proxy).' },
  proxyDeniedAdvice: { id: 'desktop.connection.proxyDeniedAdvice', defaultMessage: 'Ask your network administrator to allow this address through the proxy, or choose Proxy: None if it can be reached directly. Check the proxy setting in this instance\'s settings (System follows the system\'s proxy settings, or HTTPS_PROXY and NO_PROXY).' },
  clientCertRefused: { id: 'desktop.connection.clientCertRefused', defaultMessage: '{host} did not accept this instance\'s client certificate ({code}).' },
  clientCertRefusedAdvice: { id: 'desktop.connection.clientCertRefusedAdvice', defaultMessage: 'Choose the client certificate (and its key) the server\'s administrator gave you under Certificates in this instance\'s settings.' },
  clientCertMissing: { id: 'desktop.connection.clientCertMissing', defaultMessage: '{host} asks for a client certificate, and this instance has none ({code}).' },
  clientCertMissingAdvice: { id: 'desktop.connection.clientCertMissingAdvice', defaultMessage: 'Choose the client certificate and its key (PEM files) under Certificates in this instance\'s settings.' },
  proxyTimeout: { id: 'desktop.connection.proxyTimeout', defaultMessage: 'No answer from {host} through the proxy {proxy} within {seconds, number} s.' },
  certUntrusted: { id: 'desktop.connection.certUntrusted', defaultMessage: '{host}\'s certificate is not signed by an authority this computer trusts ({code}).' },
  certUntrustedAdvice: { id: 'desktop.connection.certUntrustedAdvice', defaultMessage: 'If the server uses your organisation\'s own certificate authority, compare the fingerprint with the one your administrator gives you and trust that authority for this instance, or add its certificate file under Certificates.' },
  certExpired: { id: 'desktop.connection.certExpired', defaultMessage: '{host}\'s certificate has expired.' },
  certExpiredAdvice: { id: 'desktop.connection.certExpiredAdvice', defaultMessage: 'The server\'s administrator must renew it; check also that this computer\'s date and time are right.' },
  certNotYetValid: { id: 'desktop.connection.certNotYetValid', defaultMessage: '{host}\'s certificate is not valid yet.' },
  certNotYetValidAdvice: { id: 'desktop.connection.certNotYetValidAdvice', defaultMessage: 'Check this computer\'s date and time.' },
  certWrongHost: { id: 'desktop.connection.certWrongHost', defaultMessage: '{host}\'s certificate is for another name, not {hostname}.' },
  certWrongHostNames: { id: 'desktop.connection.certWrongHostNames', defaultMessage: '{host}\'s certificate is for another name ({names}), not {hostname}.' },
  certWrongHostAdvice: { id: 'desktop.connection.certWrongHostAdvice', defaultMessage: 'Use the address the certificate names, or ask the server\'s administrator for a certificate that includes this one. Trusting a certificate authority does not change this.' },
  certRevoked: { id: 'desktop.connection.certRevoked', defaultMessage: '{host}\'s certificate has been revoked.' },
  certRevokedAdvice: { id: 'desktop.connection.certRevokedAdvice', defaultMessage: 'Tell the server\'s administrator; do not use it until it has a new certificate.' },
  tlsVersion: { id: 'desktop.connection.tlsVersion', defaultMessage: '{host} offers only an old TLS version or cipher this app does not accept ({code}).' },
  tlsVersionAdvice: { id: 'desktop.connection.tlsVersionAdvice', defaultMessage: 'Linkdesk needs TLS 1.2 or newer; ask the server\'s administrator to enable it.' },
  notTls: { id: 'desktop.connection.notTls', defaultMessage: '{host} did not answer as a secure (TLS) server ({code}).' },
  notTlsAdvice: { id: 'desktop.connection.notTlsAdvice', defaultMessage: 'Check whether the address should start with http:// rather than https://, and the port.' },
  tlsOther: { id: 'desktop.connection.tlsOther', defaultMessage: 'The secure connection to {host} failed ({code}).' },
  tlsOtherAdvice: { id: 'desktop.connection.tlsOtherAdvice', defaultMessage: 'Check the address and the server\'s TLS settings.' },
  proxyRefused: { id: 'desktop.connection.proxyRefused', defaultMessage: 'The proxy {proxy} refused the connection (nothing is listening there).' },
  proxyDns: { id: 'desktop.connection.proxyDns', defaultMessage: 'The proxy\'s name {proxy} could not be found.' },
  proxyClosed: { id: 'desktop.connection.proxyClosed', defaultMessage: 'The proxy {proxy} closed the connection before {host} answered.' },
});
const w = (d: MessageDescriptor, values?: Record<string, string | number>): string => t().formatMessage(d, values);

/** A proxy's answer to CONNECT or to a forwarded request that was not the instance's. */
export function proxyStatusError(status: number, ctx: FailureContext): ServiceError {
  const proxy = ctx.route.type === 'proxy' ? proxyLabel(ctx.route.url) : 'The proxy';
  // 407 is the proxy's way to ask; some (tinyproxy) answer wrong credentials with 401.
  if (status === 407 || status === 401) {
    return ctx.proxyCredentials
      ? connectionError('unreachable', 'proxy-auth', w(f.proxyAuthWrong, { proxy, status }), w(f.proxyAuthWrongAdvice), { status })
      : connectionError('unreachable', 'proxy-auth', w(f.proxyAuthAsk, { proxy }), w(f.proxyAuthAskAdvice), { status });
  }
  if (status >= 500) {
    return connectionError('unreachable', 'proxy-upstream', w(f.proxyUpstream, { proxy, host: ctx.host, status }), w(f.proxyUpstreamAdvice), { status });
  }
  return connectionError('unreachable', 'proxy-denied', w(f.proxyDenied, { proxy, host: ctx.host, status }), w(f.proxyDeniedAdvice), { status });
}

export function clientCertError(code: string, ctx: FailureContext): ServiceError {
  return ctx.clientCertificate
    ? connectionError('tls', 'client-cert', w(f.clientCertRefused, { host: ctx.host, code }), w(f.clientCertRefusedAdvice))
    : connectionError('tls', 'client-cert', w(f.clientCertMissing, { host: ctx.host, code }), w(f.clientCertMissingAdvice));
}

export function transportError(err: unknown, ctx: FailureContext): ServiceError {
  const { codes, names, messages, altnames } = chain(err);
  const viaProxy = ctx.route.type === 'proxy';
  const proxy = viaProxy ? proxyLabel((ctx.route as { url: string }).url) : '';
  const seconds = Math.round(ctx.timeoutMs / 100) / 10;

  // A CONNECT the proxy answered with something other than 200, or a forwarded request it answered 407.
  const tunnel = messages.map((m) => /^Proxy response \((\d{3})\) !== 200/.exec(m)).find(Boolean);
  if (tunnel) return proxyStatusError(Number(tunnel[1]), ctx);
  if (messages.some((m) => m.includes('Proxy Authentication Required (407)'))) return proxyStatusError(407, ctx);

  if (codes.some((c) => TIMEOUTS.has(c)) || names.includes('TimeoutError')) {
    return connectionError('timeout', 'timeout',
      viaProxy ? w(f.proxyTimeout, { host: ctx.host, proxy, seconds }) : t().formatMessage(m.timeout, { host: ctx.host, seconds }),
      t().formatMessage(m.timeoutAdvice));
  }

  const tls = codes.find((c) => CERT_UNTRUSTED.has(c) || TLS_VERSION.has(c) || CLIENT_CERT.has(c)
    || c.startsWith('CERT_') || c.startsWith('ERR_TLS_') || c.startsWith('ERR_SSL_') || c.startsWith('ERR_OSSL_') || c === 'HOSTNAME_MISMATCH');
  if (tls) {
    if (CERT_UNTRUSTED.has(tls)) {
      return connectionError('tls', 'cert-untrusted', w(f.certUntrusted, { host: ctx.host, code: tls }), w(f.certUntrustedAdvice));
    }
    if (tls === 'CERT_HAS_EXPIRED') {
      return connectionError('tls', 'cert-expired', w(f.certExpired, { host: ctx.host }), w(f.certExpiredAdvice));
    }
    if (tls === 'CERT_NOT_YET_VALID') {
      return connectionError('tls', 'cert-not-yet-valid', w(f.certNotYetValid, { host: ctx.host }), w(f.certNotYetValidAdvice));
    }
    if (tls === 'ERR_TLS_CERT_ALTNAME_INVALID' || tls === 'HOSTNAME_MISMATCH') {
      return connectionError('tls', 'cert-wrong-host', altnames ? w(f.certWrongHostNames, { host: ctx.host, names: altnames.slice(0, 200), hostname: ctx.hostname }) : w(f.certWrongHost, { host: ctx.host, hostname: ctx.hostname }),
        w(f.certWrongHostAdvice));
    }
    if (tls === 'CERT_REVOKED') {
      return connectionError('tls', 'cert-revoked', w(f.certRevoked, { host: ctx.host }), w(f.certRevokedAdvice));
    }
    if (TLS_VERSION.has(tls)) {
      return connectionError('tls', 'tls-version', w(f.tlsVersion, { host: ctx.host, code: tls }), w(f.tlsVersionAdvice));
    }
    if (CLIENT_CERT.has(tls)) return clientCertError(tls, ctx);
    if (tls === 'ERR_SSL_WRONG_VERSION_NUMBER' || tls === 'ERR_SSL_PACKET_LENGTH_TOO_LONG') {
      return connectionError('tls', 'tls-other', w(f.notTls, { host: ctx.host, code: tls }), w(f.notTlsAdvice));
    }
    return connectionError('tls', 'tls-other', w(f.tlsOther, { host: ctx.host, code: tls }), w(f.tlsOtherAdvice));
  }

  if (viaProxy) {
    // Before the proxy answered, a socket error is about the proxy itself.
    if (codes.includes('ECONNREFUSED')) return connectionError('unreachable', 'proxy-refused', w(f.proxyRefused, { proxy }), w(f.proxySetting));
    if (codes.some((c) => DNS.has(c))) return connectionError('unreachable', 'proxy-dns', w(f.proxyDns, { proxy }), w(f.proxySetting));
    if (codes.includes('UND_ERR_PRX_CONN') || codes.some((c) => RESET.has(c))) {
      return connectionError('unreachable', 'proxy-refused', w(f.proxyClosed, { proxy, host: ctx.host }), w(f.proxySetting));
    }
  }
  if (codes.some((c) => DNS.has(c))) {
    return connectionError('unreachable', 'dns', t().formatMessage(m.dns, { hostname: ctx.hostname }), t().formatMessage(m.dnsAdvice));
  }
  if (codes.includes('ECONNREFUSED')) {
    return connectionError('unreachable', 'refused', t().formatMessage(m.refused, { host: ctx.host }), t().formatMessage(m.refusedAdvice));
  }
  if (codes.some((c) => NETWORK.has(c))) {
    return connectionError('unreachable', 'network', t().formatMessage(m.network, { host: ctx.host, code: codes.find((c) => NETWORK.has(c)) ?? '' }), t().formatMessage(m.networkAdvice));
  }
  if (codes.some((c) => RESET.has(c))) {
    return connectionError('unreachable', 'reset', t().formatMessage(m.reset, { host: ctx.host }), t().formatMessage(m.resetAdvice));
  }
  const other = codes[0] ? t().formatMessage(m.otherCode, { host: ctx.host, code: codes[0] }) : t().formatMessage(m.other, { host: ctx.host });
  return connectionError('unreachable', 'network', other, t().formatMessage(m.otherAdvice));
}

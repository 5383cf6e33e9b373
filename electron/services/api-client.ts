// The one way the app talks to an instance, local or remote: /api/v1 over
// undici with a connection pool per instance and the Bearer key read from the
// secret store on each request (so a changed key applies at once and is held
// no longer than the request). Every failure becomes a ServiceError whose kind
// a screen can act on: ask for a key, show field errors, wait and retry.
import tls from 'node:tls';
import { Pool, ProxyAgent, type Dispatcher } from 'undici';
import { isObject } from './api-answers.ts';
import { ServiceError } from './errors.ts';
import { say, se } from './i18n/service-errors.ts';
import { fieldErrorsOf, messageOf } from '../../shared/error-body.ts';
import { CLIENT_CERT, clientCertError, connectionError, proxyStatusError, transportError, type FailureContext } from './net/failures.ts';
import { splitCredentials, type ProxyRoute } from './net/proxy.ts';
import { presentedChain, probeHandshake, problemOf, trustedCas, verifyError, type SystemCertificates } from './net/trust.ts';
import { defineMessages } from '@formatjs/intl';
import { t } from './i18n/current.ts';

// What the app shows most often about a key or a busy server, in the user's language; the server's own
// words (`{message}`) stay as the server wrote them (API messages are English).
type H = { host: string };
const m = defineMessages<{
  keyRefused: H; keyRefusedWith: H & { message: string }; keyAdvice: {}; noKey: {}; forbidden: H;
  rateLimited: H & { wait: string }; rateLimitedWith: H & { message: string; wait: string }; retryIn: { seconds: number }; waitMoment: {};
}>({
  keyRefused: { id: 'desktop.api.keyRefused', defaultMessage: '{host} refused the API key (401).', description: 'host: host[:port] of the instance' },
  keyRefusedWith: { id: 'desktop.api.keyRefusedWith', defaultMessage: '{host} refused the API key (401): {message}', description: 'message: the server\'s own words, in English' },
  keyAdvice: { id: 'desktop.api.keyAdvice', defaultMessage: 'Enter a current key in this instance\'s settings (on the server, `linkdesk keys create` makes one).' },
  noKey: { id: 'desktop.api.noKey', defaultMessage: 'No API key is stored for this instance. Add one in its settings.' },
  forbidden: { id: 'desktop.api.forbidden', defaultMessage: '{host} does not let this key do that (403).' },
  rateLimited: { id: 'desktop.api.rateLimited', defaultMessage: '{host} is limiting requests (429 Too Many Requests). {wait}', description: 'wait: desktop.api.retryIn or desktop.api.waitMoment' },
  rateLimitedWith: { id: 'desktop.api.rateLimitedWith', defaultMessage: '{host} is limiting requests (429 Too Many Requests): {message}. {wait}' },
  retryIn: { id: 'desktop.api.retryIn', defaultMessage: 'Try again in {seconds, number} s.' },
  waitMoment: { id: 'desktop.api.waitMoment', defaultMessage: 'Wait a moment before trying again.' },
});

export type Query = Record<string, string | number | undefined>;
export interface RequestOptions {
  query?: Query; body?: unknown;
  /** An RFC 7240 preference (`return=minimal`): servers that do not know it answer as usual. */
  prefer?: string;
}
export interface ApiClient {
  readonly baseUrl: string;
  request(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, opts?: RequestOptions): Promise<Record<string, unknown>>;
  /** A GET whose answer is a file (text/csv): its text; failures as request's. */
  download(path: string, opts?: { query?: Query }): Promise<string>;
  /**
   * A GET whose answer is an event stream (text/event-stream): `onOpen` once the server accepts it, then each piece of
   * text as it comes, until the server ends it (resolves) or `signal` aborts it. No whole-request deadline; a silence
   * longer than `idleMs` is a failure (the server writes a comment every 15 s). Refusals fail as request's.
   */
  stream(path: string, opts: { query?: Query; signal: AbortSignal; idleMs: number; onOpen(): void; onText(text: string): void }): Promise<void>;
  /** Waits for requests in flight. */
  close(): Promise<void>;
  /** Aborts requests in flight (quitting should not wait on a slow server). */
  destroy(): Promise<void>;
}
export interface ProxyCredentials { username: string; password: string }
/** How the client reaches its server; resolved once, on the first request. */
export interface Connection {
  route: ProxyRoute;
  /** For a manual proxy URL (the key store's); a System proxy from the environment may carry its own in the URL. */
  proxyCredentials: ProxyCredentials | null;
  /** Client certificate and key (PEM) for servers that ask for one. */
  clientCertificate: { cert: string; key: string } | null;
}
export interface ApiClientOptions {
  baseUrl: string;
  getKey(): Promise<string | null>;
  /** Whole-request deadline, and the idle limit while connecting and reading. */
  timeoutMs?: number;
  maxResponseBytes?: number;
  /** Extra trusted CA certificates (PEM), e.g. for a company's internal CA; trusted with the bundled list and the OS store. */
  ca?: string[];
  /** The OS store; a seam for tests. */
  systemCertificates?: SystemCertificates;
  /** Proxy and client certificate; direct and none when absent (the local instance). */
  connection?(): Promise<Connection>;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;
const DIRECT: Connection = { route: { type: 'direct' }, proxyCredentials: null, clientCertificate: null };

async function readCapped(body: Dispatcher.ResponseData['body'], max: number): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > max) {
      body.destroy();
      throw new ServiceError('not-linkdesk', say(se.tooLarge, { mb: Math.round(max / 1024 / 1024) }));
    }
    parts.push(chunk as Buffer);
  }
  return Buffer.concat(parts).toString('utf8');
}

function retryAfterSeconds(headers: Dispatcher.ResponseData['headers'], now = Date.now()): number | undefined {
  const raw = headers['retry-after'] ?? headers['x-ratelimit-reset'];
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (!v) return undefined;
  if (/^\d+$/.test(v.trim())) return Number(v.trim());
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}


const header = (headers: Dispatcher.ResponseData['headers'], name: string) => {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
};
const LOGIN_PATH = /log-?in|sign-?in|sso|saml|oauth|openid|auth|portal|captive|hotspot|wispr/i;
const titleOf = (html: string) => /<title[^>]*>([^<]{1,200})<\/title>/i.exec(html)?.[1]?.trim().replace(/\s+/g, ' ') ?? null;

function htmlLogin(host: string, where: string, title: string | null, status: number): never {
  throw connectionError('not-linkdesk', 'html-login',
    `${host} answered with a web page${title ? ` ("${title}")` : ''} instead of the API${where}: either this is not a Linkdesk server's address, or a network's captive portal or a company's sign-in (SSO) proxy answered in its place.`,
    'Check the address; if it is right, open it in a browser and sign in to the network (or ask for the API to be exempted from the sign-in), then test again.', { status });
}

/** Turns a finished HTTP exchange into data or a typed failure. */
/** What to do about a 403, for the screens that explain one. */
const FORBIDDEN_ADVICE = 'Ask the server\'s administrator for a key with the access this needs.';

function interpret(status: number, headers: Dispatcher.ResponseData['headers'], text: string, host: string, ctx?: FailureContext): Record<string, unknown> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const message = messageOf(json)?.slice(0, 500) ?? null;
  const viaProxy = ctx?.route.type === 'proxy';
  if (status === 407) throw proxyStatusError(407, ctx ?? { host, hostname: host, route: { type: 'direct' }, proxyCredentials: false, timeoutMs: 0 });
  if (status >= 300 && status < 400) {
    const location = header(headers, 'location');
    // A captive portal or SSO proxy sends the API's request to its sign-in page.
    let target: URL | null = null;
    try { target = location ? new URL(location, `http://${host}`) : null; } catch { target = null; }
    if (target && !target.pathname.includes('/api/v1') && (LOGIN_PATH.test(target.pathname + target.search) || target.host !== host)) {
      return htmlLogin(host, ` (it sends the request to ${target.origin}${target.pathname.slice(0, 100)})`, null, status);
    }
    return fail('not-linkdesk', location ? say(se.redirectedTo, { host, location: String(location).slice(0, 200) }) : say(se.redirected, { host }), status);
  }
  if (status === 429) {
    const retry = retryAfterSeconds(headers);
    const wait = retry !== undefined ? t().formatMessage(m.retryIn, { seconds: retry }) : t().formatMessage(m.waitMoment);
    throw new ServiceError('rate-limited', message
      ? t().formatMessage(m.rateLimitedWith, { host, message: message.replace(/\.$/, ''), wait })
      : t().formatMessage(m.rateLimited, { host, wait }),
      { status, reason: 'rate-limited', advice: wait, ...(retry !== undefined ? { retryAfterSeconds: retry } : {}) });
  }
  const contentType = String(header(headers, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!isObject(json) && viaProxy && ctx && (status === 401 || status === 403 || status >= 500) && !/json/.test(contentType)) {
    // Forwarded plain http: the proxy's own refusal or gateway error, not the instance's.
    throw proxyStatusError(status, ctx);
  }
  if (!isObject(json) && (contentType === 'text/html' || /^\s*<(!doctype html|html)/i.test(text)) && status < 500 && status !== 404) {
    return htmlLogin(host, '', titleOf(text), status);
  }
  if (!isObject(json)) {
    // A proxy's HTML error page in front of a real instance is still a server failure.
    if (status >= 500) return fail('server', say(se.noLinkdeskAnswer, { host, status: String(status) }), status);
    return fail('not-linkdesk', say(se.notApi, { host, status: String(status), contentType: String(headers['content-type'] ?? 'no content type').split(';')[0]! }), status);
  }
  if (status >= 200 && status < 300) {
    if (!('data' in json) && json.deleted !== true) {
      return fail('not-linkdesk', say(se.notApiJson, { host }), status);
    }
    return json;
  }
  if (status === 401) {
    throw connectionError('invalid-key', 'key-refused', message ? t().formatMessage(m.keyRefusedWith, { host, message }) : t().formatMessage(m.keyRefused, { host }),
      t().formatMessage(m.keyAdvice), { status });
  }
  // The key works, but may not do this: the server's message (which names the scope it lacks) is what a screen shows.
  if (status === 403) {
    throw new ServiceError('forbidden', message ?? t().formatMessage(m.forbidden, { host }),
      { status, reason: 'key-forbidden', advice: FORBIDDEN_ADVICE });
  }
  if (status === 404) return fail('not-found', message ?? say(se.resourceNotFound), status);
  if (status === 409) return fail('conflict', message ?? 'The request conflicts with the current state.', status);
  if (status === 422) {
    // Linkdesk's `errors`, or phpShort's own answer, whose `message` is the field map.
    return fail('validation', message ?? 'The given data was invalid.', status, { fields: fieldErrorsOf(json) });
  }
  if (status >= 500) return fail('server', message ?? 'Server error.', status);
  return fail('bad-request', message ?? `${host} could not handle the request (HTTP ${status}).`, status);
}

function fail(kind: ServiceError['error']['kind'], message: string, status: number, extra: object = {}): never {
  throw new ServiceError(kind, message, { status, ...extra });
}

/** The Proxy-Authorization value for a proxy's credentials. */
export const basicAuth = (c: ProxyCredentials) => `Basic ${Buffer.from(`${c.username}:${c.password}`).toString('base64')}`;

interface Wired { dispatcher: Dispatcher; ctx: FailureContext; proxyAuthorization: string | null; secureContext?: tls.SecureContext; proxyContext?: tls.SecureContext }

export function createApiClient(opts: ApiClientOptions): ApiClient {
  const base = new URL(opts.baseUrl);
  const prefix = `${base.pathname.replace(/\/+$/, '')}/api/v1`;
  const host = base.host;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = opts.maxResponseBytes ?? DEFAULT_MAX_BYTES;
  const https = base.protocol === 'https:';

  // One TLS context per client: the OS store and the bundled list are parsed once, not per connection.
  const tlsOptions = (c: Connection) => (https ? {
    secureContext: tls.createSecureContext({
      ca: trustedCas(opts.ca ?? [], opts.systemCertificates),
      ...(c.clientCertificate ? { cert: c.clientCertificate.cert, key: c.clientCertificate.key } : {}),
    }),
  } : {});

  async function wire(): Promise<Wired> {
    const c = opts.connection ? await opts.connection() : DIRECT;
    const ctx: FailureContext = { host, hostname: base.hostname, route: c.route, proxyCredentials: false, clientCertificate: c.clientCertificate !== null, timeoutMs };
    if (c.route.type === 'unsupported') {
      throw connectionError('unreachable', 'proxy-unsupported', `The system's proxy settings name a kind of proxy Linkdesk cannot use for ${host} (${c.route.detail}).`,
        'Choose Proxy: None or enter an http(s) proxy address in this instance\'s settings.');
    }
    const requestTls = tlsOptions(c);
    const secureContext = 'secureContext' in requestTls ? requestTls.secureContext : undefined;
    if (c.route.type === 'direct') {
      return {
        ctx, proxyAuthorization: null, secureContext,
        dispatcher: new Pool(base.origin, {
          connections: 6, connect: { timeout: timeoutMs, ...requestTls }, headersTimeout: timeoutMs, bodyTimeout: timeoutMs, keepAliveTimeout: 10_000,
        }),
      };
    }
    const { url, username, password } = splitCredentials(c.route.url);
    const creds = c.proxyCredentials ?? (username !== null ? { username, password: password ?? '' } : null);
    ctx.proxyCredentials = creds !== null;
    const proxyAuthorization = creds ? basicAuth(creds) : null;
    // An https proxy is checked against the same list (a company proxy's certificate is often from the company's CA in the OS store).
    const proxyContext = url.startsWith('https:') ? tls.createSecureContext({ ca: trustedCas(opts.ca ?? [], opts.systemCertificates) }) : undefined;
    return {
      ctx, proxyAuthorization, secureContext, proxyContext,
      // CONNECT for https; plain http is forwarded as an absolute-URI request, which every proxy accepts
      // (many refuse CONNECT to ports other than 443).
      dispatcher: new ProxyAgent({
        uri: url, ...(proxyAuthorization ? { token: proxyAuthorization } : {}), proxyTunnel: false,
        requestTls, connectTimeout: timeoutMs, headersTimeout: timeoutMs, bodyTimeout: timeoutMs, keepAliveTimeout: 10_000,
        ...(proxyContext ? { proxyTls: { secureContext: proxyContext } } : {}),
      }),
    };
  }
  let wired: Promise<Wired> | null = null;
  const dispatcher = () => {
    wired ??= wire();
    wired.catch(() => { wired = null; }); // a failed setup (key store, System proxy lookup) is tried again next time
    return wired;
  };

  /** A certificate the client refused: what the server presented, for the user to look at. */
  async function withCertificate(err: ServiceError, w: Wired): Promise<ServiceError> {
    if (https && err.error.reason === 'reset') {
      // TLS 1.3 servers judge a client certificate after the handshake: the request meets a closed
      // connection, and only a handshake of our own hears the alert that says why.
      const h = await probeHandshake(base, {
        route: w.ctx.route, proxyAuthorization: w.proxyAuthorization, timeoutMs, secureContext: w.secureContext, alertWithinMs: Math.min(timeoutMs, 3000),
      });
      return h?.alert && CLIENT_CERT.has(h.alert) ? clientCertError(h.alert, w.ctx) : err;
    }
    if (err.error.kind === 'tls' && w.proxyContext && w.ctx.route.type === 'proxy') {
      // Whose certificate: the https proxy's own, or the instance's behind it?
      const proxyUrl = new URL(w.ctx.route.url);
      const code = await verifyError(proxyUrl, w.proxyContext, timeoutMs);
      if (code) {
        return connectionError('tls', 'proxy-cert', `The proxy ${proxyUrl.host} presented a certificate this computer does not accept (${code}).`,
          'If the proxy uses your organisation\'s own certificate authority, install that CA in this computer\'s certificate store (or add it under Certificates in this instance\'s settings); otherwise check the proxy address.');
      }
    }
    if (!https || err.error.reason !== 'cert-untrusted') return err;
    const chain = await presentedChain(base, { route: w.ctx.route, proxyAuthorization: w.proxyAuthorization, timeoutMs });
    if (!chain) return err;
    const certificate = problemOf(chain);
    const leaf = certificate.chain[0]!;
    const message = `${err.error.message.slice(0, err.error.message.length - (err.error.advice?.length ?? 0)).trim()} It presents "${leaf.subject}", issued by "${leaf.issuer}", SHA-256 fingerprint ${leaf.fingerprint256}. ${err.error.advice ?? ''}`.trim();
    const { kind, message: _plain, ...rest } = err.error;
    return new ServiceError(kind, message, { ...rest, certificate });
  }

  /** One exchange: the status, headers and text, or a transport failure (in words, with the certificate where one was refused). */
  async function exchange(method: string, path: string, query: Query | undefined, body: unknown, accept: string, prefer?: string) {
    const key = await opts.getKey();
    if (!key) throw new ServiceError('no-key', t().formatMessage(m.noKey));
    const w = await dispatcher();
    const headers: Record<string, string> = { accept, authorization: `Bearer ${key}`, 'user-agent': 'Linkdesk desktop', ...(prefer ? { prefer } : {}) };
    let payload: string | undefined;
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const q = query ? Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) : undefined;
    try {
      const res = await w.dispatcher.request({
        origin: base.origin, method: method as Dispatcher.HttpMethod, path: `${prefix}${path}`, query: q, headers, body: payload,
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { status: res.statusCode, headers: res.headers, text: await readCapped(res.body, maxBytes), ctx: w.ctx };
    } catch (err) {
      if (err instanceof ServiceError) throw err;
      throw await withCertificate(transportError(err, w.ctx), w);
    }
  }

  return {
    baseUrl: opts.baseUrl,
    async download(path, { query } = {}) {
      const r = await exchange('GET', path, query, undefined, 'text/csv, application/json');
      const type = String(r.headers['content-type'] ?? '');
      if (r.status >= 200 && r.status < 300 && type.startsWith('text/csv')) return r.text;
      interpret(r.status, r.headers, r.text, host, r.ctx);
      throw new ServiceError('not-linkdesk', say(se.notCsv, { host }), { status: r.status });
    },
    async stream(path, { query, signal, idleMs, onOpen, onText }) {
      const key = await opts.getKey();
      if (!key) throw new ServiceError('no-key', t().formatMessage(m.noKey));
      const w = await dispatcher();
      const q = query ? Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) : undefined;
      let res: Dispatcher.ResponseData;
      try {
        res = await w.dispatcher.request({
          origin: base.origin, method: 'GET', path: `${prefix}${path}`, query: q, signal, headersTimeout: timeoutMs, bodyTimeout: idleMs,
          headers: { accept: 'text/event-stream, application/json', authorization: `Bearer ${key}`, 'user-agent': 'Linkdesk desktop' },
        });
      } catch (err) {
        if (err instanceof ServiceError) throw err;
        throw await withCertificate(transportError(err, w.ctx), w);
      }
      const type = String(res.headers['content-type'] ?? '');
      if (res.statusCode !== 200 || !type.startsWith('text/event-stream')) {
        const text = await readCapped(res.body, maxBytes);
        interpret(res.statusCode, res.headers, text, host, w.ctx);
        throw new ServiceError('not-linkdesk', say(se.notEventStream, { host }), { status: res.statusCode });
      }
      onOpen();
      res.body.setEncoding('utf8');
      try {
        for await (const text of res.body) onText(text as string);
      } catch (err) {
        if (signal.aborted) return;
        // onText's own refusal (a stream over its bounds): leaving the loop has destroyed the body, dropping the connection.
        if (err instanceof ServiceError) throw err;
        throw transportError(err, w.ctx);
      }
    },
    async request(method, path, { query, body, prefer } = {}) {
      const r = await exchange(method, path, query, body, 'application/json', prefer);
      return interpret(r.status, r.headers, r.text, host, r.ctx);
    },
    close: async () => { if (wired) await (await wired.catch(() => null))?.dispatcher.close(); },
    destroy: async () => { if (wired) await (await wired.catch(() => null))?.dispatcher.destroy(); },
  };
}



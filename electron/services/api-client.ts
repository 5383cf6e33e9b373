// The one way the app talks to an instance, local or remote: /api/v1 over
// undici with a connection pool per instance and the Bearer key read from the
// secret store on each request (so a changed key applies at once and is held
// no longer than the request). Every failure becomes a ServiceError whose kind
// a screen can act on: ask for a key, show field errors, wait and retry.
import { Pool, type Dispatcher } from 'undici';
import { isObject } from './api-answers.ts';
import { ServiceError } from './errors.ts';

export type Query = Record<string, string | number | undefined>;
export interface RequestOptions { query?: Query; body?: unknown }
export interface ApiClient {
  readonly baseUrl: string;
  request(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, opts?: RequestOptions): Promise<Record<string, unknown>>;
  /** A GET whose answer is a file (text/csv): its text; failures as request's. */
  download(path: string, opts?: { query?: Query }): Promise<string>;
  /** Waits for requests in flight. */
  close(): Promise<void>;
  /** Aborts requests in flight (quitting should not wait on a slow server). */
  destroy(): Promise<void>;
}
export interface ApiClientOptions {
  baseUrl: string;
  getKey(): Promise<string | null>;
  /** Whole-request deadline, and the idle limit while connecting and reading. */
  timeoutMs?: number;
  maxResponseBytes?: number;
  /** Extra trusted CA certificates (PEM), e.g. for a company's internal CA. */
  ca?: string[];
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;

const UNREACHABLE: Record<string, string> = {
  ECONNREFUSED: 'nothing is listening at that address (connection refused)',
  ENOTFOUND: 'the host name could not be found',
  EAI_AGAIN: 'the host name could not be looked up right now',
  EHOSTUNREACH: 'the host cannot be reached from this network',
  ENETUNREACH: 'the network is unreachable',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed',
  UND_ERR_SOCKET: 'the server closed the connection',
  UND_ERR_CLOSED: 'the connection was closed',
};
const TIMEOUTS = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);
const isTlsCode = (code: string) =>
  /^(ERR_TLS_|ERR_SSL_|CERT_|ERR_OSSL_)/.test(code) || code.includes('SELF_SIGNED') || code.startsWith('UNABLE_TO_') || code === 'EPROTO';

/** Codes and names along an error's cause chain (undici wraps socket errors). */
function chain(err: unknown): { codes: string[]; names: string[] } {
  const codes: string[] = [];
  const names: string[] = [];
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, name } = e as { code?: unknown; name?: unknown };
    if (typeof code === 'string') codes.push(code);
    if (typeof name === 'string') names.push(name);
  }
  return { codes, names };
}

export function transportError(err: unknown, host: string, timeoutMs: number): ServiceError {
  const { codes, names } = chain(err);
  if (codes.some((c) => TIMEOUTS.has(c)) || names.includes('TimeoutError')) {
    return new ServiceError('timeout', `${host} did not answer within ${Math.round(timeoutMs / 100) / 10} s.`);
  }
  const tls = codes.find(isTlsCode);
  if (tls) {
    const selfSigned = tls.includes('SELF_SIGNED') || tls === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' || tls === 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY';
    return new ServiceError('tls', selfSigned
      ? `${host}'s certificate is not signed by an authority this computer trusts (${tls}). Give the server a trusted certificate.`
      : `The secure connection to ${host} failed (${tls}).`);
  }
  const code = codes.find((c) => c in UNREACHABLE);
  if (code) return new ServiceError('unreachable', `Could not reach ${host}: ${UNREACHABLE[code]}.`);
  return new ServiceError('unreachable', `Could not reach ${host}${codes[0] ? ` (${codes[0]})` : ''}.`);
}

async function readCapped(body: Dispatcher.ResponseData['body'], max: number): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > max) {
      body.destroy();
      throw new ServiceError('not-linkdesk', `The answer was larger than ${Math.round(max / 1024 / 1024)} MB; this does not look like a Linkdesk server.`);
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


/** Turns a finished HTTP exchange into data or a typed failure. */
export function interpret(status: number, headers: Dispatcher.ResponseData['headers'], text: string, host: string): Record<string, unknown> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const message = isObject(json) && typeof json.message === 'string' ? json.message.slice(0, 500) : null;
  if (status >= 300 && status < 400) {
    const location = headers.location;
    return fail('not-linkdesk', `${host} redirected the request${location ? ` to ${String(location).slice(0, 200)}` : ''}; enter the address it redirects to.`, status);
  }
  if (status === 429) {
    const retry = retryAfterSeconds(headers);
    return fail('rate-limited', message ?? `${host} is limiting requests.${retry !== undefined ? ` Try again in ${retry} s.` : ''}`, status,
      retry !== undefined ? { retryAfterSeconds: retry } : {});
  }
  if (!isObject(json)) {
    // A proxy's HTML error page in front of a real instance is still a server failure.
    if (status >= 500) return fail('server', `${host} answered ${status} without a Linkdesk response.`, status);
    return fail('not-linkdesk', `${host} answered, but not with the Linkdesk/phpShort API (HTTP ${status}, ${String(headers['content-type'] ?? 'no content type').split(';')[0]}). Check the address.`, status);
  }
  if (status >= 200 && status < 300) {
    if (!('data' in json) && json.deleted !== true) {
      return fail('not-linkdesk', `${host} answered JSON that is not the Linkdesk/phpShort API. Check the address.`, status);
    }
    return json;
  }
  if (status === 401) return fail('invalid-key', `${host} refused the API key${message ? `: ${message}` : '.'}`, status);
  // The key works, but may not do this: the server's message names the scope it lacks.
  if (status === 403) return fail('forbidden', message ?? `${host} does not let this key do that.`, status);
  if (status === 404) return fail('not-found', message ?? 'Resource not found.', status);
  if (status === 409) return fail('conflict', message ?? 'The request conflicts with the current state.', status);
  if (status === 422) {
    const fields: Record<string, string[]> = {};
    if (isObject(json.errors)) {
      for (const [k, v] of Object.entries(json.errors)) {
        if (Array.isArray(v)) fields[k] = v.filter((m): m is string => typeof m === 'string');
      }
    }
    return fail('validation', message ?? 'The given data was invalid.', status, { fields });
  }
  if (status >= 500) return fail('server', message ?? 'Server error.', status);
  return fail('bad-request', message ?? `${host} could not handle the request (HTTP ${status}).`, status);
}

function fail(kind: ServiceError['error']['kind'], message: string, status: number, extra: object = {}): never {
  throw new ServiceError(kind, message, { status, ...extra });
}

export function createApiClient(opts: ApiClientOptions): ApiClient {
  const base = new URL(opts.baseUrl);
  const prefix = `${base.pathname.replace(/\/+$/, '')}/api/v1`;
  const host = base.host;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = opts.maxResponseBytes ?? DEFAULT_MAX_BYTES;
  const pool = new Pool(base.origin, {
    connections: 6,
    connect: { timeout: timeoutMs, ...(opts.ca ? { ca: opts.ca } : {}) },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    keepAliveTimeout: 10_000,
  });

  /** One exchange: the status, headers and text, or a transport failure. */
  async function exchange(method: string, path: string, query: Query | undefined, body: unknown, accept: string) {
    const key = await opts.getKey();
    if (!key) throw new ServiceError('no-key', 'No API key is stored for this instance. Add one in its settings.');
    const headers: Record<string, string> = { accept, authorization: `Bearer ${key}`, 'user-agent': 'Linkdesk desktop' };
    let payload: string | undefined;
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const q = query ? Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) : undefined;
    try {
      const res = await pool.request({
        method: method as 'GET', path: `${prefix}${path}`, query: q, headers, body: payload, signal: AbortSignal.timeout(timeoutMs),
      });
      return { status: res.statusCode, headers: res.headers, text: await readCapped(res.body, maxBytes) };
    } catch (err) {
      if (err instanceof ServiceError) throw err;
      throw transportError(err, host, timeoutMs);
    }
  }

  return {
    baseUrl: opts.baseUrl,
    async download(path, { query } = {}) {
      const r = await exchange('GET', path, query, undefined, 'text/csv, application/json');
      const type = String(r.headers['content-type'] ?? '');
      if (r.status >= 200 && r.status < 300 && type.startsWith('text/csv')) return r.text;
      interpret(r.status, r.headers, r.text, host);
      throw new ServiceError('not-linkdesk', `${host} answered, but not with a CSV file.`, { status: r.status });
    },
    async request(method, path, { query, body } = {}) {
      const r = await exchange(method, path, query, body, 'application/json');
      return interpret(r.status, r.headers, r.text, host);
    },
    close: () => pool.close(),
    destroy: () => pool.destroy(),
  };
}

// Request bodies and query strings: bracket forms through qs with limits (the
// contract's `country[0][key]=…`), and JSON, where an empty body is no body.
// Nothing is cut to fit a limit: a body or query beyond one is refused in words.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import qs from 'qs';
import { BULK_MAX } from '../../../shared/schemas/bulk.ts';
import { ApiError } from './errors.ts';

/**
 * Fields in one form body: a bulk create of BULK_MAX links with a few dozen fields each
 * (url, alias, domain, a targeting list…). Bodies are also bounded in bytes (1 MB; 8 MB for bulk).
 */
export const FORM_PARAMETER_LIMIT = 40 * BULK_MAX;
/** Parameters in one query string: no route reads more than a few dozen. */
export const QUERY_PARAMETER_LIMIT = 1000;
/**
 * Brackets below a form field's name: `links[0][rules][0][if][query][name]` is six.
 * Beyond arrayLimit a bracket list arrives as an object with index keys, which
 * the list fields read as the list it is (shared/schemas/fields.ts toList).
 */
const QS_OPTIONS = { depth: 8, strictDepth: true, arrayLimit: 100, allowPrototypes: false, allowDots: false } as const;

const FORM = Symbol('form body');
/** A body read from a form (set by the form parser): its values are text, read as the fields' types (validation.ts). */
export const isFormBody = (v: unknown) => typeof v === 'object' && v !== null && (v as { [FORM]?: true })[FORM] === true;
/** Marks a body as read from a form (the validator marks what it answers too, for a route that reads items itself). */
export const markForm = <T>(v: T): T => {
  if (typeof v === 'object' && v !== null && !isFormBody(v)) Object.defineProperty(v, FORM, { value: true });
  return v;
};

const countParameters = (s: string) => {
  let n = s.length ? 1 : 0;
  for (let i = s.indexOf('&'); i !== -1; i = s.indexOf('&', i + 1)) n++;
  return n;
};

/**
 * The first field name with a segment qs would leave out (allowPrototypes: false): `__proto__`,
 * `constructor`, `toString`… Such a field is refused by name rather than dropped.
 */
function prototypeField(s: string): string | null {
  for (const part of s.split('&')) {
    const raw = part.split('=', 1)[0]!;
    let key: string;
    try {
      key = decodeURIComponent(raw.replace(/\+/g, ' '));
    } catch {
      key = raw;
    }
    if (key.split(/[[\]]+/).some((seg) => seg !== '' && seg in Object.prototype)) return key;
  }
  return null;
}

const reservedName = (field: string, where: string) => {
  const message = `The ${field} field cannot be read: its name is reserved (${where}).`;
  return new ApiError(422, message, { [field]: [message] });
};

/** The form text as fields, or the ApiError that says which limit it passed. */
function parseForm(s: string, limit: number, what: 'form body' | 'query string'): Record<string, unknown> | ApiError {
  const status = what === 'form body' ? 413 : 422;
  if (countParameters(s) > limit) {
    const message = `The ${what} has more than ${limit} parameters; at most ${limit} are read, so none was.`;
    return new ApiError(status, message, status === 422 ? { query: [message] } : undefined);
  }
  const reserved = prototypeField(s);
  if (reserved !== null) return reservedName(reserved, what);
  try {
    return qs.parse(s, { ...QS_OPTIONS, parameterLimit: limit });
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    const message = `A field of the ${what} nests more than ${QS_OPTIONS.depth} brackets deep.`;
    return new ApiError(422, message, { [what === 'form body' ? 'body' : 'query']: [message] });
  }
}

/** What the OpenAPI document says about reading requests (app.ts). */
export const REQUEST_HELP = ' A form value is text read as its field\'s type (one value where a list is expected is a list of one); '
  + 'JSON is taken as typed: a list is an array, a number a number, a boolean true or false. '
  + `Beyond ${FORM_PARAMETER_LIMIT} form fields a body is 413, beyond ${QUERY_PARAMETER_LIMIT} parameters a query is 422: never read in part. `
  + 'A method a path does not take is 405, with the methods it does take in Allow.';

const QUERY_REFUSED = Symbol('query refused');

/**
 * Fastify's querystringParser (it runs while routing, where an exception is no answer): a
 * query beyond a limit is an empty query that carries its refusal, thrown by rejectUnreadQuery.
 */
export function parseQuery(s: string): Record<string, unknown> {
  const parsed = parseForm(s, QUERY_PARAMETER_LIMIT, 'query string');
  return parsed instanceof ApiError ? { [QUERY_REFUSED]: parsed } : parsed;
}

/** An onRequest hook: a query that could not be read whole is refused, never read in part. */
export async function rejectUnreadQuery(req: FastifyRequest) {
  const refused = (req.query as { [QUERY_REFUSED]?: ApiError } | undefined)?.[QUERY_REFUSED];
  if (refused) throw refused;
}

/** The first own `__proto__` key in a parsed JSON document, as a field path (`links.0.__proto__`). */
function protoKeyIn(v: unknown, path: string[] = []): string | null {
  if (typeof v !== 'object' || v === null) return null;
  if (!Array.isArray(v) && Object.hasOwn(v, '__proto__')) return [...path, '__proto__'].join('.');
  for (const [k, child] of Object.entries(v)) {
    const found = protoKeyIn(child, [...path, k]);
    if (found) return found;
  }
  return null;
}

export function registerBodyParsers(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    const parsed = parseForm(body as string, FORM_PARAMETER_LIMIT, 'form body');
    if (parsed instanceof ApiError) return done(parsed, undefined);
    done(null, markForm(parsed));
  });

  // An empty JSON body is no body (a 422 naming what is missing), as it is without a Content-Type.
  // JSON.parse makes `__proto__` an own key like any other (no prototype is touched): it is valid
  // JSON, refused by name as a field no route takes.
  const json = app.getDefaultJsonParser('ignore', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if ((body as string).trim() === '') return done(null, undefined);
    json(req, body as string, (err, parsed) => {
      if (err) return done(err, undefined);
      // Only a text that spells the key (plainly or escaped) is walked: a bulk body is megabytes.
      const proto = /__proto__|\\u/.test(body as string) ? protoKeyIn(parsed) : null;
      if (proto) return done(reservedName(proto, 'JSON body'), undefined);
      done(null, parsed);
    });
  });
}

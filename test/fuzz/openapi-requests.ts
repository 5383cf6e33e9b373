// Requests made from the served OpenAPI document: one operation at a time, a
// valid request for it, and then (most of the time) one mutation of it.
import qs from 'qs';
import { hugeString, ODD_STRINGS, Rng, validValue, wrongValue, type Schema, type ValueContext } from './schema-values.ts';

export interface Operation {
  method: string;
  /** As the document writes it: /api/v1/links/{id}. */
  path: string;
  op: Schema;
}

export interface FuzzRequest {
  operation: Operation;
  method: string;
  /** Path and query, percent-encoded. */
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** The mutation, for the report. */
  kind: string;
  /** Which key it carries: the admin's, a member's, a wrong one, or none. */
  auth: 'admin' | 'member' | 'wrong' | 'none';
  /** Whatever the document allows, a 2xx here is a bug: a non-canonical or unknown id, a body that is no object, a required field missing, no valid key. */
  mustRefuse: boolean;
}

export function operationsOf(doc: Schema): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries<Schema>(doc.paths ?? {})) {
    for (const [method, op] of Object.entries<Schema>(item)) {
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) ops.push({ method: method.toUpperCase(), path, op });
    }
  }
  return ops;
}

/** Path ids that are not a record's id, however close they look. */
const ODD_IDS = ['0', '-1', '01', '+1', ' 1', '1 ', '1.0', '1e0', '0x1', '١', '1%', '9'.repeat(30), '9007199254740993', 'null', 'abc', '😀', 'a'.repeat(5_000), '%E0%A4%A'];
const BAD_JSON = ['{', '{"url":}', '{"url":"x",}', "{'url':'x'}", '[1,', '{"a":1}{"b":2}', '\uFEFF{}', 'NaN', '{"url": "x"', '\u0000', '['.repeat(5_000)];
const WRONG_TYPES = ['text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/octet-stream', 'foo', 'application/json; charset=utf-16', 'text/csv', 'application/x-www-form-urlencoded; charset=latin1'];
const NOT_OBJECTS = ['null', '[]', '[{"url":"https://example.com"}]', '1', '"text"', 'true', '{}'];

const TARGET_LISTS: Record<number, string> = { 1: 'country', 2: 'platform', 3: 'language', 4: 'rotation' };

type Mutation = 'valid' | 'wrong-type' | 'missing' | 'extra' | 'huge' | 'unicode' | 'content-type' | 'bad-json' | 'not-object'
  | 'odd-id' | 'unknown-id' | 'query' | 'auth' | 'too-large' | 'huge-header';

/** `chosen` learns the operation before any value is made (ids depend on it). */
export function makeRequest(rng: Rng, ops: Operation[], ctx: ValueContext, chosen?: (op: Operation) => void): FuzzRequest {
  // Creates a little more often than deletes, so that there are records to act on.
  const operation = rng.weighted(ops.map((o) => [o.method === 'POST' ? 3 : o.method === 'DELETE' ? 1 : 2, o] as const));
  chosen?.(operation);
  const { op } = operation;
  const route = operation.path.replace(/^\/api\/v1/, '');
  const params = (op.parameters ?? []) as Schema[];
  const bodySchema: Schema | undefined = op.requestBody?.content?.['application/json']?.schema;
  const hasIds = params.some((p) => p.in === 'path');
  const mutation: Mutation = rng.weighted<Mutation>([
    [30, 'valid'], [8, 'wrong-type'], [5, 'missing'], [6, 'extra'], [4, 'huge'], [5, 'unicode'], [bodySchema ? 5 : 1, 'content-type'],
    [bodySchema ? 5 : 1, 'bad-json'], [bodySchema ? 5 : 0, 'not-object'], [hasIds ? 7 : 0, 'odd-id'], [hasIds ? 4 : 0, 'unknown-id'],
    [8, 'query'], [4, 'auth'], [0.3, 'too-large'], [0.3, 'huge-header'],
  ]);
  let kind: string = mutation;

  // Path: known ids, or the mutation's odd and unknown ones.
  let url = operation.path;
  for (const p of params.filter((x) => x.in === 'path')) {
    let value = String(ctx.idFor(p.name));
    if (mutation === 'odd-id') { value = rng.pick(ODD_IDS); kind = `odd-id ${JSON.stringify(value.length > 20 ? `${value.slice(0, 8)}…(${value.length})` : value)}`; }
    if (mutation === 'unknown-id') value = String(rng.pick([999_999, 2 ** 31, 2 ** 53 - 1]));
    const encoded = value.startsWith('%') ? value : encodeURIComponent(value);
    url = url.replace(`{${p.name}}`, encoded);
  }

  // Query: valid values for some parameters, or wrong ones.
  const query: Record<string, unknown> = {};
  for (const p of params.filter((x) => x.in === 'query')) {
    if (p.required || rng.chance(0.3)) query[p.name] = validValue(p.schema ?? {}, ctx, p.name, route);
  }
  let rawQuery = '';
  if (mutation === 'query') {
    const names = params.filter((x) => x.in === 'query').map((x) => x.name as string);
    const name = names.length && rng.chance(0.7) ? rng.pick(names) : rng.pick(['unknown', 'page[]', 'a[b][c][d][e][f][g]', '__proto__', 'per_page']);
    const choice = rng.int(0, 3);
    if (choice === 0) query[name] = wrongValue(params.find((x) => x.name === name)?.schema ?? {}, ctx);
    else if (choice === 1) query[name] = [1, 2];
    else if (choice === 2) rawQuery = `${encodeURIComponent(name)}=${encodeURIComponent(rng.pick(ODD_STRINGS))}&${encodeURIComponent(name)}=2`;
    else rawQuery = rng.pick(['%', '%ZZ=1', '&&&', '=', 'a=%E0%A4%A', `${name}=${'9'.repeat(400)}`, 'x'.repeat(8_000)]);
    kind = `query ${['wrong-type', 'array', 'repeated', 'malformed'][choice]}`;
  }
  const q = [qs.stringify(query, { arrayFormat: 'indices', encodeValuesOnly: true }), rawQuery].filter(Boolean).join('&');
  if (q) url += `?${q}`;

  // Body: valid, then changed by the mutation; JSON or form-encoded.
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: string | Buffer | undefined;
  if (bodySchema) {
    const value = validValue(bodySchema, ctx, '', route) as Record<string, unknown>;
    // A target type comes with its list of targets, as a client that means it sends them.
    const targets = typeof value.target_type === 'number' ? TARGET_LISTS[value.target_type] : undefined;
    if (targets && !(value[targets] as unknown[] | undefined)?.length) {
      value[targets] = [targets === 'rotation' ? { value: 'https://example.com/r' } : { key: targets === 'language' ? 'en' : targets === 'platform' ? 'iOS' : 'US', value: 'https://example.com/t' }];
    }
    const props = Object.keys(bodySchema.properties ?? {});
    const field = props.length ? rng.pick(props) : 'name';
    if (mutation === 'wrong-type') value[field] = wrongValue(bodySchema.properties?.[field] ?? {}, ctx);
    if (mutation === 'missing') for (const r of (bodySchema.required ?? props.slice(0, 1)) as string[]) delete value[r];
    if (mutation === 'extra') Object.assign(value, rng.pick([{ id: 7 }, { user_id: 1 }, { unknown: 'x' }, { created_at: '2020-01-01' }, { status: 'suspended', role: 'admin' }, { '': 1 }]));
    if (mutation === 'huge') value[field] = hugeString(rng);
    if (mutation === 'unicode') value[field] = rng.pick(ODD_STRINGS.filter((s) => /[^\x20-\x7e]/.test(s)));
    const form = rng.chance(0.3);
    body = form ? qs.stringify(value, { arrayFormat: 'indices' }) : JSON.stringify(value);
    headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
    if (mutation === 'content-type') { headers['content-type'] = rng.pick(WRONG_TYPES); kind = `content-type ${headers['content-type']}`; }
    if (mutation === 'bad-json') { body = rng.pick(BAD_JSON); headers['content-type'] = 'application/json'; }
    if (mutation === 'not-object') { body = rng.pick(NOT_OBJECTS); headers['content-type'] = 'application/json'; kind = `not-object ${body.slice(0, 12)}`; }
  } else if (mutation === 'content-type' || mutation === 'bad-json') {
    // A body where none is expected.
    body = mutation === 'bad-json' ? rng.pick(BAD_JSON) : 'x=1';
    headers['content-type'] = mutation === 'bad-json' ? 'application/json' : rng.pick(WRONG_TYPES);
  }
  if (mutation === 'too-large') {
    body = Buffer.alloc(1024 * 1024 + rng.int(1, 4096), 'a');
    headers['content-type'] = rng.pick(['application/json', 'application/x-www-form-urlencoded', 'text/plain']);
  }
  if (mutation === 'huge-header') headers['x-fuzz'] = 'h'.repeat(17_000);

  const auth: FuzzRequest['auth'] = mutation === 'auth' ? rng.pick(['member', 'wrong', 'none'] as const) : rng.chance(0.1) ? 'member' : 'admin';
  if (mutation === 'auth') kind = `auth ${auth}`;
  const mustRefuse = mutation === 'odd-id' || mutation === 'unknown-id' || (mutation === 'auth' && auth !== 'member')
    || (mutation === 'not-object' && body !== '{}') || (mutation === 'missing' && Boolean(bodySchema?.required?.length));
  return { operation, method: operation.method, url, headers, body, kind, auth, mustRefuse };
}

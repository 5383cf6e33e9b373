// The requests of the negative and positive checks (Schemathesis's "negative
// data accepted" and "positive data rejected"), over both body encodings the
// document declares. A negative request breaks the document in exactly one
// place (a field, a query parameter); a positive one conforms throughout, edge
// values included. conformance.ts, not the generator, decides which one a
// request is: a candidate the document turns out to allow is not sent as negative.
import qs from 'qs';
import type { Conforms, Encoding } from './conformance.ts';
import type { FuzzRequest, Operation } from './openapi-requests.ts';
import { breakingValues, edgeValue } from './schema-edges.ts';
import { resolve, validValue, type Schema, type ValueContext } from './schema-values.ts';

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';
const TARGET_LISTS: Record<number, string> = { 1: 'country', 2: 'platform', 3: 'language', 4: 'rotation' };

/** What the server reads from a form the fuzz sends: qs's brackets, without its small default limits. */
const formRead = (text: string) => qs.parse(text, { depth: 10, arrayLimit: 1000, parameterLimit: 100_000 });

/** A form body: brackets for lists and objects, and (sometimes) a lone value for a one-item list of plain values. */
function toForm(value: Record<string, unknown>, rng: ValueContext['rng']): string {
  const flat: Record<string, unknown> = {};
  const single: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (Array.isArray(v) && v.length === 1 && (typeof v[0] !== 'object' || v[0] === null) && rng.chance(0.5)) single.push(`${encodeURIComponent(k)}=${encodeURIComponent(String(v[0] ?? ''))}`);
    else flat[k] = v;
  }
  return [qs.stringify(flat, { arrayFormat: 'indices' }), ...single].filter(Boolean).join('&');
}

export interface ContractPlan {
  check: 'negative' | 'positive';
  encoding: Encoding | 'none';
  /** Negative: where the request breaks the document, and how. */
  violation?: string;
  /** Positive: the fields and parameters sent (a 422 naming one of them refused a value the document allows). */
  sent?: Set<string>;
  /** Negative: a JSON body with a "__proto__" key. Positive: a form with 1,000 parameters before its own. */
  proto?: boolean;
  padded?: boolean;
}

function queryParams(op: Schema): Schema[] {
  return ((op.parameters ?? []) as Schema[]).filter((p) => p.in === 'query');
}
const querySchema = (params: Schema[]): Schema => ({
  type: 'object', properties: Object.fromEntries(params.map((p) => [p.name, p.schema ?? {}])), required: params.filter((p) => p.required).map((p) => p.name),
});

/**
 * A request for `check`, or null when the generator found none for this operation (no body or
 * query to break, or every candidate turned out to conform).
 */
export function makeContractRequest(check: 'negative' | 'positive', operation: Operation, ctx: ValueContext, conforms: Conforms): (FuzzRequest & { plan: ContractPlan }) | null {
  const { rng } = ctx;
  const { op } = operation;
  const route = operation.path.replace(/^\/api\/v1/, '');
  const content = (op.requestBody?.content ?? {}) as Record<string, Schema>;
  const types = Object.keys(content).filter((t) => t === FORM || t === JSON_TYPE);
  const mediaType = types.length ? rng.pick(types) : null;
  const encoding: Encoding = mediaType === FORM ? 'form' : 'json';
  const bodySchema = mediaType ? resolve(content[mediaType]!.schema ?? {}, ctx) : undefined;
  const key = `${operation.method} ${operation.path}`;

  let url = operation.path;
  for (const p of ((op.parameters ?? []) as Schema[]).filter((x) => x.in === 'path')) url = url.replace(`{${p.name}}`, String(ctx.idFor(p.name)));

  const qParams = queryParams(op);
  const query: Record<string, unknown> = {};
  for (const p of qParams) if (p.required || rng.chance(0.3)) query[p.name] = (check === 'positive' && rng.chance(0.3) ? edgeValue(p.schema ?? {}, ctx, p.name) : undefined) ?? validValue(p.schema ?? {}, ctx, p.name, route);

  let body: Record<string, unknown> | undefined;
  if (bodySchema) {
    body = validValue(bodySchema, ctx, '', route) as Record<string, unknown>;
    const targets = typeof body.target_type === 'number' ? TARGET_LISTS[body.target_type] : undefined;
    if (targets && !(body[targets] as unknown[] | undefined)?.length) {
      body[targets] = [targets === 'rotation' ? { value: 'https://example.com/r' } : { key: targets === 'language' ? 'en' : targets === 'platform' ? 'iOS' : 'US', value: 'https://example.com/t' }];
    }
  }

  const plan: ContractPlan = { check, encoding: bodySchema ? encoding : 'none' };
  const bodyConforms = (b: Record<string, unknown> | undefined) => (!bodySchema || b === undefined ? null
    : encoding === 'form' ? conforms(`${key} body`, bodySchema, formRead(toForm(b, rng)), 'form') : conforms(`${key} body`, bodySchema, b, 'json'));
  const queryConforms = () => conforms(`${key} query`, querySchema(qParams), formRead(qs.stringify(query, { arrayFormat: 'indices' })), 'form');

  if (check === 'positive') {
    if (body && bodySchema?.properties) {
      for (const [f, sub] of Object.entries<Schema>(bodySchema.properties)) {
        if (f in body && rng.chance(0.3)) { const e = edgeValue(sub, ctx, f); if (e !== undefined) body[f] = e; }
      }
    }
    // An edge or a generated value the document does not allow: back to plain generated values once, else no positive request here.
    if (bodyConforms(body) || queryConforms()) return null;
    plan.sent = new Set([...Object.keys(body ?? {}), ...Object.keys(query)]);
  } else {
    const where = !bodySchema || (qParams.length && rng.chance(0.25)) ? 'query' : 'body';
    if (where === 'query') {
      if (!qParams.length) return null;
      const p = rng.pick(qParams);
      const candidates = breakingValues(p.schema ?? {}, ctx, 'form', p.name);
      const tries = rng.chance(0.5) ? candidates : [...candidates].reverse();
      const found = tries.find((c) => { query[p.name] = c.value; return queryConforms() !== null; });
      if (!found) return null;
      plan.violation = `query ${p.name}: ${found.why}`;
    } else {
      const props = Object.keys(bodySchema!.properties ?? {});
      const required = (bodySchema!.required ?? []) as string[];
      const choices: { apply: () => void; why: string }[] = [];
      for (const r of required) choices.push({ apply: () => { delete body![r]; }, why: `required ${r} left out` });
      if (bodySchema!.additionalProperties === false) choices.push({ apply: () => { body!.zz_unknown = '1'; }, why: 'a field the body does not take' });
      const field = props.length ? rng.pick(props) : undefined;
      if (field) for (const c of breakingValues(bodySchema!.properties[field], ctx, encoding, field)) choices.push({ apply: () => { body![field] = c.value; }, why: `${field}: ${c.why}` });
      const original = structuredClone(body);
      const order = choices.map((c) => [rng.next(), c] as const).sort(([a], [b]) => a - b).map(([, c]) => c);
      const found = order.find((c) => { body = structuredClone(original); c.apply(); return bodyConforms(body) !== null; });
      if (!found) return null;
      plan.violation = `${encoding} body ${found.why}`;
    }
  }

  const q = qs.stringify(query, { arrayFormat: 'indices', encodeValuesOnly: true });
  if (q) url += `?${q}`;
  const headers: Record<string, string> = { accept: JSON_TYPE };
  let text: string | undefined;
  if (body && mediaType) {
    text = encoding === 'form' ? toForm(body, rng) : JSON.stringify(body);
    headers['content-type'] = mediaType;
    // Valid JSON with a "__proto__" key, where the document reserves the name: refused, and as a field (a 422), not as unreadable JSON (a 400).
    if (check === 'negative' && encoding === 'json' && text !== '{}' && bodySchema?.propertyNames && rng.chance(0.05)) {
      text = `{"__proto__":{"x":1},${text.slice(1)}`;
      plan.proto = true;
      plan.violation = 'json body with a "__proto__" key';
    }
    // A form field named as one of Object.prototype's (qs would drop it unread): where the document reserves those names, refused.
    if (check === 'negative' && encoding === 'form' && (content[mediaType]!.schema?.propertyNames?.not?.enum as string[] | undefined)?.includes('constructor') && rng.chance(0.05)) {
      const name = rng.pick(['constructor', 'toString', 'hasOwnProperty', 'valueOf']);
      text = `${text ? `${text}&` : ''}${name}=x`;
      plan.violation = `form body with a field named ${name}`;
    }
    // Many form parameters (qs's default limit is 1,000; the server's is 40,000), the body's own fields last:
    // a limit may refuse the body whole, never cut it silently.
    if (check === 'positive' && encoding === 'form' && rng.chance(0.03)) {
      text = `${Array.from({ length: rng.pick([1_000, 40_001]) }, (_, i) => `p${i}=1`).join('&')}&${text}`;
      plan.padded = true;
    }
  }
  const kind = check === 'negative' ? `negative ${plan.violation}` : `positive ${plan.encoding}${plan.padded ? ' (1,000 or 40,001 parameters first)' : ''}`;
  return { operation, method: operation.method, url, headers, body: text, kind, auth: 'admin', mustRefuse: check === 'negative', plan };
}

// The OpenAPI document says every rule the validators apply that a client can
// follow (checked by `npm run fuzz`'s negative and positive checks): the
// schema builders' marks (shared/schemas/openapi-marks.ts: "5" for 5, "" to
// clear, http(s) URLs, dates), the form encoding of nested fields, and the
// rules of a few fields whose schemas (shared/schemas/links.ts) say them only
// in code. What no document can say (a referenced record exists and is the
// key's, a name is free, a date range's order) the 422 names at run time.
import { isCountryCode, isLanguageCode } from '../../../shared/iso-codes.ts';
import { ALIAS_PATTERN } from '../../../shared/schemas/links.ts';
import { anyCasePattern, applyMarks, orAlso, twoLetterCodes, type JsonSchema } from '../../../shared/schemas/openapi-marks.ts';
import { z } from 'zod';
import { OPERATING_SYSTEMS } from '../../../shared/targeting-keys.ts';
import { BLANK_ROW, targetingRules } from './openapi-targets.ts';
import { RESERVED_ALIASES } from '../../../shared/constants.ts';

/** zod's toJSONSchema override: the builders' marks, and fastify-type-provider-zod's own (empty anyOf branches dropped). */
export function declareOverride(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  const j = ctx.jsonSchema;
  if (Array.isArray(j.anyOf)) j.anyOf = j.anyOf.filter((s: JsonSchema) => Object.keys(s).length > 0);
  applyMarks(ctx.zodSchema, j);
  if (ctx.zodSchema instanceof z.ZodObject && j.properties) declareRequired(ctx.zodSchema, j);
}

/**
 * zod writes a field read through a preprocess (int, list, oneOf) as optional on input, since the
 * preprocess might make something of nothing. Most make nothing of it: a field that refuses to be
 * left out is required (webhooks' events, a bulk's links).
 */
function declareRequired(object: z.ZodObject, j: JsonSchema): void {
  const required = new Set<string>(j.required ?? []);
  for (const [key, field] of Object.entries(object.shape as Record<string, z.ZodType>)) {
    if (required.has(key) || !(field instanceof z.ZodPipe) || !(key in j.properties)) continue;
    try {
      if (!field.safeParse(undefined).success) required.add(key);
    } catch {
      // An async refinement: left as zod wrote it.
    }
  }
  if (required.size) j.required = [...required];
}

/** links.ts's PERIOD (a date, a time with seconds and fraction, an offset; T and Z either way), around the trim. */
const PERIOD = '^\\s*(\\d{4}-\\d{2}-\\d{2})(?:[Tt ](\\d{2}):(\\d{2})(?::(\\d{2})(?:\\.\\d+)?)?([Zz]|[+-]\\d{2}(?::?\\d{2})?)?)?\\s*$';
const COUNTRY = anyCasePattern(twoLetterCodes(isCountryCode, true));
const LANGUAGE = anyCasePattern(twoLetterCodes(isLanguageCode, false));

/** Field rules links.ts applies in refines and transforms, by where the field sits in a link body. */
function declareLinkFields(body: JsonSchema): void {
  const props = body.properties as Record<string, JsonSchema> | undefined;
  if (!props?.url || !props.target_type) return;
  for (const name of ['active_period_start_at', 'active_period_end_at']) {
    const p = props[name];
    if (!p) continue;
    const string = (p.anyOf as JsonSchema[] | undefined)?.find((s) => [s.type].flat().includes('string') && s.const === undefined) ?? p;
    string.pattern = PERIOD;
  }
  const key = (list: string, pattern: string) => {
    const item = props[list]?.items ?? (props[list]?.anyOf as JsonSchema[] | undefined)?.find((s) => s.items)?.items;
    if (item?.properties?.key) item.properties.key.pattern = pattern;
  };
  key('country', COUNTRY);
  key('language', LANGUAGE);
  // links.ts's flag (Laravel's boolean): true, false, 1, 0, "1", "0" in JSON as in a form.
  const flag = props.sensitive_content;
  if (flag?.enum && !flag.anyOf) {
    const number = { ...flag };
    for (const k of Object.keys(flag)) delete flag[k];
    flag.anyOf = [number, { type: 'boolean' }, { type: 'string', enum: ['0', '1'] }];
  }
  // Rows blank in key and value are dropped from every targeting list.
  for (const list of ['country', 'platform', 'language', 'rotation', 'targets']) {
    const array = props[list]?.items ? props[list] : (props[list]?.anyOf as JsonSchema[] | undefined)?.find((s) => s.items);
    if (array?.items && !array.items.anyOf) array.items = { anyOf: [array.items, BLANK_ROW] };
  }
  // links.ts: letters, marks, digits, - and _ (alpha_dash), up to 255 code points, trimmed; a non-negative
  // integer in JSON is its digits. link-input.ts: api, favicon.ico, robots.txt and healthz are the server's own paths.
  const field = props.alias;
  const alias = (field?.anyOf as JsonSchema[] | undefined)?.find((s) => s.type === 'string' && s.const === undefined) ?? field;
  if (field && alias?.type === 'string' && !alias.pattern) {
    alias.pattern = `^\\s*${ALIAS_PATTERN.source.slice(1, -1)}\\s*$`;
    alias.not = { pattern: anyCasePattern(RESERVED_ALIASES) };
    const number = { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER };
    if (field.anyOf) field.anyOf.push(number); else orAlso(field, number);
  }
}

/** A new link's expiration_time needs its expiration_date, its targeting a type and entries of its kind (link-input.ts, openapi-targets.ts; an update leans on the stored link). */
function declareLinkCreate(body: JsonSchema): void {
  if (!body.properties?.expiration_time || !body.properties?.url || body.dependentRequired) return;
  body.dependentRequired = { expiration_time: ['expiration_date'] };
  // required_with (StoreLinkRequest.php:75-76): a new link's period end needs its start.
  const filled = { type: 'string', minLength: 1 };
  const periodRule = { if: { required: ['active_period_end_at'], properties: { active_period_end_at: filled } }, then: { required: ['active_period_start_at'], properties: { active_period_start_at: filled } } };
  // The legacy operating systems are kept by links that have them, not taken for new targeting.
  const platform = body.properties.platform;
  const key = (platform?.items ?? (platform?.anyOf as JsonSchema[] | undefined)?.find((b) => b.items)?.items)?.properties?.key;
  if (key?.enum) key.enum = [...OPERATING_SYSTEMS];
  body.allOf = [...(body.allOf ?? []), periodRule, ...targetingRules()];
}

const isForm = (type: string) => type === 'application/x-www-form-urlencoded';

/**
 * How a form body spells fields that are not plain values (qs's brackets, as phpShort's PHP reads them):
 * lists of values as repeated or bracketed names (`pixel_ids[]=1&pixel_ids[]=2`; one value alone is a
 * one-item list), lists of objects and objects as bracketed paths (`country[0][key]=US`).
 */
function formEncoding(schema: JsonSchema, components: Record<string, JsonSchema>): Record<string, JsonSchema> | undefined {
  const resolved = (s: JsonSchema | undefined): JsonSchema | undefined => (s?.$ref ? components[String(s.$ref).split('/').pop()!] : s);
  const body = resolved(schema);
  const out: Record<string, JsonSchema> = {};
  for (const [name, p0] of Object.entries<JsonSchema>(body?.properties ?? {})) {
    const p = resolved(p0)!;
    const branches: JsonSchema[] = [p, ...((p.anyOf ?? []) as JsonSchema[]).map((b) => resolved(b)!)];
    const array = branches.find((b) => [b.type].flat().includes('array'));
    const object = branches.find((b) => [b.type].flat().includes('object') || b.properties);
    if (array) {
      const item = resolved(array.items) ?? {};
      const isObject = (b: JsonSchema) => [b.type].flat().includes('object') || b.properties || b.$ref || b.allOf;
      const nested = isObject(item) || ((item.anyOf ?? []) as JsonSchema[]).some(isObject);
      out[name] = nested ? { style: 'deepObject', explode: true } : { style: 'form', explode: true };
    } else if (object) out[name] = { style: 'deepObject', explode: true };
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * body-parsers.ts: a JSON `__proto__` key, and in a form any field named as one of Object.prototype's
 * (`constructor`, `toString`, …, which qs would leave out), is a 422 naming it.
 */
const RESERVED_NAMES = Object.getOwnPropertyNames(Object.prototype);
function declareReservedNames(schema: JsonSchema): void {
  if (schema.type === 'object' && !schema.propertyNames) schema.propertyNames = { not: { const: '__proto__' } };
}

/** The update rule (validation.ts): a PUT or PATCH of one record names at least one field it changes. */
function declareSomethingToChange(schema: JsonSchema): void {
  const names = Object.keys(schema.properties ?? {});
  if (!names.length || schema.anyOf || schema.minProperties) return;
  schema.anyOf = names.map((n) => ({ required: [n] }));
}

/**
 * A request body's $ref to a component names its input side (`LinkCreateInput`: what a client sends), not
 * its output side (`LinkCreate`: what the schema makes of it, closed to unknown fields, its alias made).
 */
function inputRefs(schema: unknown, components: Record<string, JsonSchema>): void {
  if (!schema || typeof schema !== 'object') return;
  for (const [k, v] of Object.entries(schema as JsonSchema)) {
    if (k === '$ref' && typeof v === 'string' && components[`${v.split('/').pop()}Input`]) (schema as JsonSchema).$ref = `${v}Input`;
    else inputRefs(v, components);
  }
}

/**
 * A form's values are text: true and false for a 0/1 field are JSON's (a form sends 1 or 0, or "true" to a
 * real boolean such as dry_run, which has no number branch). The form's copy of a body loses those branches.
 */
function withoutJsonBooleans(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema)) return schema.map(withoutJsonBooleans) as unknown as JsonSchema;
  if (!schema || typeof schema !== 'object') return schema;
  const branches = schema.anyOf as JsonSchema[] | undefined;
  if (branches?.some((b) => b.type === 'boolean') && branches.some((b) => b.type === 'number' && b.enum)) {
    schema.anyOf = branches.filter((b) => b.type !== 'boolean');
  }
  for (const [k, v] of Object.entries(schema)) if (v && typeof v === 'object') schema[k] = withoutJsonBooleans(v);
  return schema;
}

/** swagger's transformObject, after fastify-type-provider-zod's: the document's request bodies completed. */
export function declareDocument<T>(doc: T): T {
  const d = doc as JsonSchema;
  const components = (d.components?.schemas ?? {}) as Record<string, JsonSchema>;
  for (const c of Object.values(components)) declareLinkFields(c);
  for (const id of ['LinkCreate', 'LinkCreateInput']) if (components[id]) declareLinkCreate(components[id]);
  for (const [path, item] of Object.entries<JsonSchema>(d.paths ?? {})) {
    for (const [method, op] of Object.entries<JsonSchema>(item)) {
      // A query's values are text: true and false are JSON's, not a query's ("1" is the number's text).
      for (const p of (op?.parameters ?? []) as JsonSchema[]) {
        const branches = p.schema?.anyOf as JsonSchema[] | undefined;
        if (!branches?.some((b) => b.type === 'boolean')) continue;
        const rest = branches.filter((b) => b.type !== 'boolean');
        if (rest.length === 1) { delete p.schema.anyOf; Object.assign(p.schema, rest[0]); } else p.schema.anyOf = rest;
      }
      const content = op?.requestBody?.content as Record<string, JsonSchema> | undefined;
      if (!content) continue;
      // Every media type shares one schema object: completed once.
      const schemas = new Set(Object.values(content).map((c) => c.schema).filter(Boolean));
      for (const s of schemas) {
        inputRefs(s, components);
        declareLinkFields(s);
        declareReservedNames(s);
        for (const p of Object.values<JsonSchema>(s.properties ?? {})) if (p.properties) declareLinkFields(p);
        if ((method === 'put' || method === 'patch') && path.includes('{')) declareSomethingToChange(s);
        if (method === 'post' && path.endsWith('/links')) declareLinkCreate(s);
      }
      for (const [type, media] of Object.entries(content)) {
        if (!isForm(type) || !media.schema) continue;
        // The form's own media object (swagger may share one between the media types).
        const form: JsonSchema = { ...media };
        const encoding = formEncoding(media.schema, components);
        if (encoding) form.encoding = encoding;
        form.schema = withoutJsonBooleans(structuredClone(media.schema));
        if (form.schema.propertyNames) form.schema.propertyNames = { not: { enum: RESERVED_NAMES } };
        content[type] = form;
      }
    }
  }
  return doc;
}

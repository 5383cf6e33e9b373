// Whether a generated request value conforms to the OpenAPI document: the
// judge of the negative and positive checks, so that a request counts as
// "negative" or "positive" by what the document says, not by what the
// generator meant. JSON bodies are held to their schema as they are; form
// values by what they serialize (strings, bracket lists, a single value for a
// list): Ajv's coerceTypes 'array' reads "5" as 5, "true" as true and a lone
// value as a list, as a form reader that follows the document would. Formats
// (uri, date, date-time, email) count, as they do for Schemathesis.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Schema } from './schema-values.ts';

export type Encoding = 'json' | 'form';

const DOC_ID = 'openapi-request.json';

function absolute(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(absolute);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#') ? `${DOC_ID}${v}` : absolute(v)]));
}

export function createConformance(doc: Schema) {
  const make = (coerce: boolean) => {
    const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true, coerceTypes: coerce ? 'array' : false });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    ajv.addSchema({ $id: DOC_ID, components: absolute(doc.components ?? {}) });
    return ajv;
  };
  const ajvs = { json: make(false), form: make(true) };
  const compiled = new Map<string, ValidateFunction>();

  /** Null when the value conforms; else where and why it does not. */
  return function conforms(key: string, schema: Schema, value: unknown, encoding: Encoding): null | string {
    const id = `${encoding} ${key}`;
    let v = compiled.get(id);
    if (!v) compiled.set(id, (v = ajvs[encoding].compile(absolute(schema) as Schema)));
    // Coercion rewrites the value it checks: a copy.
    const copy = encoding === 'form' ? structuredClone(value) : value;
    if (v(copy)) return null;
    const e = v.errors?.[0];
    return `${e?.instancePath || '/'} ${e?.message ?? 'invalid'}`;
  };
}
export type Conforms = ReturnType<typeof createConformance>;

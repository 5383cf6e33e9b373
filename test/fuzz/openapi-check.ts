// Holds an answer against the OpenAPI document: its status must be one the
// operation documents, and its body must match that status's schema (Ajv,
// JSON Schema 2020-12 as OpenAPI 3.1 uses; Fastify ships it).
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import type { Operation } from './openapi-requests.ts';
import type { Schema } from './schema-values.ts';

export interface Answer { status: number; contentType: string; text: string }
/** Why an answer is not what the document says; null when it is. */
export type Verdict = null | { problem: 'undocumented status' | 'undocumented body'; detail: string };

const DOC_ID = 'openapi.json';

/** $refs into the document's components, made absolute so Ajv finds them in the document it holds. */
function absolute(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(absolute);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#') ? `${DOC_ID}${v}` : absolute(v)]));
}

export function createChecker(doc: Schema) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
  ajv.addSchema({ $id: DOC_ID, components: absolute(doc.components ?? {}) });
  const compiled = new Map<string, ValidateFunction>();
  const validatorOf = (key: string, schema: Schema) => {
    let v = compiled.get(key);
    if (!v) compiled.set(key, (v = ajv.compile(absolute(schema) as Schema)));
    return v;
  };

  return function check(operation: Operation, answer: Answer): Verdict {
    const responses = (operation.op.responses ?? {}) as Record<string, Schema>;
    const documented = responses[String(answer.status)] ?? responses[`${String(answer.status)[0]}XX`] ?? responses.default;
    if (!documented) return { problem: 'undocumented status', detail: `${answer.status} not among ${Object.keys(responses).join(', ')}` };
    const content = (documented.content ?? {}) as Record<string, Schema>;
    const types = Object.keys(content);
    if (!types.length) return answer.text === '' ? null : { problem: 'undocumented body', detail: 'a body where the document promises none' };
    const mediaType = answer.contentType.split(';')[0]!.trim().toLowerCase();
    const type = types.find((t) => t.toLowerCase() === mediaType);
    if (!type) return { problem: 'undocumented body', detail: `Content-Type ${answer.contentType || '(none)'}, documented ${types.join(', ')}` };
    if (!type.endsWith('json')) return null; // text/csv: the media type is the promise
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return { problem: 'undocumented body', detail: `not JSON: ${answer.text.slice(0, 80)}` };
    }
    const validate = validatorOf(`${operation.method} ${operation.path} ${answer.status} ${type}`, content[type]!.schema ?? {});
    if (!validate(body)) {
      const e = validate.errors?.[0];
      return { problem: 'undocumented body', detail: `${e?.instancePath || '/'} ${e?.message ?? 'invalid'} ${JSON.stringify(e?.params ?? {})}` };
    }
    // The contract: a body's status is the answer's.
    const status = (body as { status?: unknown } | null)?.status;
    if (status !== undefined && status !== answer.status) return { problem: 'undocumented body', detail: `body status ${String(status)} under HTTP ${answer.status}` };
    return null;
  };
}

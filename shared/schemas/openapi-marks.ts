// What a zod schema's JSON Schema cannot say by itself: a preprocess that
// reads "5" as 5 or "" as null, a refine that checks a URL, a date or a code.
// A builder marks its schema with the JSON Schema keywords that say it, and
// the OpenAPI document (electron/server/api/openapi-declare.ts) applies them.
// Validation is unchanged: the marks only describe it.
import type { z } from 'zod';

export type JsonSchema = Record<string, any>;
type Declare = (json: JsonSchema) => void;

const marks = new WeakMap<object, Declare[]>();

/** The schema itself, marked: its JSON Schema gets `declare` applied when the document is made. */
export function declared<T extends z.ZodType>(schema: T, declare: Declare): T {
  marks.set(schema, [...(marks.get(schema) ?? []), declare]);
  return schema;
}

/** Applies a schema's marks to its JSON Schema (in place, as zod's override does). */
export function applyMarks(schema: unknown, json: JsonSchema): void {
  for (const d of (schema && typeof schema === 'object' ? marks.get(schema) : undefined) ?? []) d(json);
}

/** The JSON Schema, moved one level down into anyOf (in place), with `also` beside it. */
export function orAlso(json: JsonSchema, ...also: JsonSchema[]): void {
  if (Array.isArray(json.anyOf) && Object.keys(json).every((k) => k === 'anyOf' || k === 'description' || k === 'default')) {
    json.anyOf.push(...also);
    return;
  }
  const inner: JsonSchema = {};
  for (const k of Object.keys(json)) {
    if (k === 'description' || k === 'default') continue;
    inner[k] = json[k];
    delete json[k];
  }
  json.anyOf = [inner, ...also];
}

/** The two-letter codes a check takes (country and language keys are two letters, ISO's and phpShort's extras alike). */
export function twoLetterCodes(takes: (code: string) => boolean, upper: boolean): string[] {
  const letters = upper ? 'ABCDEFGHIJKLMNOPQRSTUVWXYZ' : 'abcdefghijklmnopqrstuvwxyz';
  return [...letters].flatMap((a) => [...letters].map((b) => a + b)).filter(takes);
}

/** A case-insensitive pattern for a list of codes: ^(?:[Uu][Ss]|[Ff][Rr]|…)$ (JSON Schema patterns have no flags). */
export function anyCasePattern(codes: readonly string[]): string {
  const letter = (c: string) => (c.toLowerCase() === c.toUpperCase() ? c.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&') : `[${c.toUpperCase()}${c.toLowerCase()}]`);
  return `^\\s*(?:${codes.map((code) => [...code].map(letter).join('')).join('|')})\\s*$`;
}

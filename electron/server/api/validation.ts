// The validator every route's zod schemas run through (app.ts installs it).
// Rules that hold for every route live here rather than in each schema: a
// body is an object, an update changes something, and a path id that does not
// read as one is a record that does not exist.
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { readingForm } from '../../../shared/schemas/fields.ts';
import { isFormBody, markForm } from './body-parsers.ts';
import { ApiError, notFound } from './errors.ts';

export const NOT_AN_OBJECT = 'The request body must be an object: JSON such as {"name":"…"} or form fields.';

export const notAnObject = () => new ApiError(422, NOT_AN_OBJECT, { body: [NOT_AN_OBJECT] });
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A preValidation hook for every route: a body that was sent (JSON null, a list, a number, a
 * string) must be an object where the route reads one. The validator cannot tell a JSON null
 * from no body at all: Fastify gives it null for both.
 */
export async function rejectNonObjectBody(req: FastifyRequest) {
  if (req.body !== undefined && !isObject(req.body) && req.routeOptions.schema?.body) throw notAnObject();
}

const nothingToChange = (fields: string[]) => `Nothing to change: send at least one of ${fields.join(', ')}.`;

/** The field names an object schema takes (through preprocessors and pipes), or null when it is not an object. */
function fieldsOf(schema: z.ZodType): string[] | null {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return fieldsOf(schema.in as z.ZodType) ?? fieldsOf(schema.out as z.ZodType);
  return null;
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, method, url, httpPart }) => {
  // An update of one record (not PATCH /links/bulk, whose ids and changes say what is missing themselves).
  const update = httpPart === 'body' && (method === 'PUT' || method === 'PATCH') && url.includes('/:') ? fieldsOf(schema) : null;
  return (data: unknown) => {
    // Fastify hands an absent body over as null (rejectNonObjectBody has refused a JSON null before):
    // an empty body is an empty object, so a create names its first missing field.
    const value = data ?? {};
    if (httpPart === 'body' && !isObject(value)) return { error: notAnObject() };
    if (update && !update.some((f) => (value as Record<string, unknown>)[f] !== undefined && Object.hasOwn(value, f))) {
      const message = nothingToChange(update);
      return { error: new ApiError(422, message, { body: [message] }) };
    }
    // A form body and a query string are text: their numbers, lists and flags are read from it (fields.ts).
    // JSON is taken as typed. Path ids read their own text (pathId).
    const form = httpPart === 'querystring' || httpPart === 'params' || httpPart === 'headers' || (httpPart === 'body' && isFormBody(value));
    const r = readingForm(form, () => schema.safeParse(value));
    if (r.success) return { value: form && httpPart === 'body' ? markForm(r.data) : r.data };
    // `/users/01`, `/users/+1`, `/users/abc`: no record has that id.
    if (httpPart === 'params') return { error: notFound() };
    return { error: r.error };
  };
};

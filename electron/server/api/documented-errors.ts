// The OpenAPI document names every status a route can answer. The answers
// that come from the framework or from Node (an unreadable body, a URL or
// header too large, the database gone) can reach any route, so they are added
// here, once, to every API route's schema rather than spelled out in each.
import type { RouteOptions } from 'fastify';
import { errorResponses, errorSchema } from '../../../shared/schemas/responses.ts';

/** Methods whose body Fastify reads (a DELETE's too), and so can find unreadable, too large or of a foreign type. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The media types a body may have; anything else is 415. */
export const BODY_TYPES = ['application/json', 'application/x-www-form-urlencoded'];

const everyRoute = {
  ...errorResponses,
  400: errorSchema.describe('The request could not be read: a malformed request line or URL (bad percent-encoding), '
    + 'or a body that is not valid JSON.'),
  431: errorSchema.describe('The request headers are too large (over 16 KB).'),
  503: errorSchema.describe('The database is unreachable (try again shortly; Retry-After says when), or the server is shutting down.'),
};
const withBody = {
  413: errorSchema.describe('The request body is too large (over 1 MB; a bulk request says its own limit).'),
  415: errorSchema.describe(`The body's Content-Type is not one of ${BODY_TYPES.join(', ')}.`),
};
const withParams = { 414: errorSchema.describe('A path segment (an id) is too long.') };

/** An onRoute hook: fills in the common error answers a route's schema does not already name. */
export function documentErrors(route: RouteOptions): void {
  const schema = route.schema as (RouteOptions['schema'] & { hide?: boolean; consumes?: string[] }) | undefined;
  if (!schema || schema.hide || !route.url.startsWith('/api/')) return;
  const methods = [route.method].flat().map((m) => m.toUpperCase());
  const hasBody = methods.some((m) => BODY_METHODS.has(m));
  const response = (schema.response ??= {}) as Record<string, unknown>;
  const add = (answers: Record<string, unknown>) => {
    for (const [status, s] of Object.entries(answers)) response[status] ??= s;
  };
  add(everyRoute);
  if (hasBody) add(withBody);
  if (route.url.includes(':')) add(withParams);
  if (hasBody && schema.body) schema.consumes ??= BODY_TYPES;
}

// How the API answers what went wrong: the contract's shapes (ApiError, zod's
// 422, framework errors), 503 while PostgreSQL is out of reach, and 500 with
// nothing of the cause in the body, which goes to the log instead.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, bodyOf, fromZod } from './errors.ts';
import { fromFramework } from './framework-errors.ts';

const SERVER_ERROR = { message: 'Server error.', status: 500 };
export const DATABASE_DOWN = { message: 'The database is unreachable; try again shortly.', status: 503 };

/** The path of a request without its query, which may carry secrets (?password=…). */
export const pathOf = (url: string) => url.split('?', 1)[0];

/** A failure to reach PostgreSQL (not a query's own error): the node answers 503 until it is back. */
function isDatabaseDown(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  if (!e) return false;
  if (typeof e.code === 'string' && (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'].includes(e.code)
    || /^(08|57P0[1-3])/.test(e.code))) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(e.message ?? '');
}

export function apiErrorHandler(err: FastifyError | ApiError | z.ZodError, req: FastifyRequest, reply: FastifyReply) {
  let e: ApiError | null = null;
  if (err instanceof ApiError) e = err;
  else if (err instanceof z.ZodError) e = fromZod(err);
  else e = fromFramework(err as FastifyError);
  if (!e && isDatabaseDown(err)) {
    req.log.error({ err, method: req.method, path: pathOf(req.url) }, 'database unreachable');
    return reply.code(503).header('retry-after', '1').send(DATABASE_DOWN);
  }
  if (!e) {
    req.log.error({ err, method: req.method, path: pathOf(req.url) }, 'request failed');
    return reply.code(500).send(SERVER_ERROR);
  }
  if (e.headers) reply.headers(e.headers);
  return reply.code(e.status).send(bodyOf(e));
}

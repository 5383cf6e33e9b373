// Errors Fastify raises itself (FST_ERR_*: unreadable JSON, a foreign media
// type, a body or path segment too large…) in the contract's words and shape,
// instead of the framework's {error, code, statusCode}.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { BODY_TYPES } from './documented-errors.ts';
import { ApiError, bodyOf } from './errors.ts';

const MESSAGES = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not have the length its Content-Length says.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: `Unsupported content type; send ${BODY_TYPES.join(' or ')}.`,
  FST_ERR_MAX_PARAM_LENGTH: 'A path segment of the URL is too long.',
  FST_ERR_BAD_URL: 'The URL could not be read (bad percent-encoding).',
  FST_ERR_INVALID_URL: 'The URL could not be read.',
} as const;
const BY_STATUS: Record<number, string> = { 413: MESSAGES.FST_ERR_CTP_BODY_TOO_LARGE, 414: MESSAGES.FST_ERR_MAX_PARAM_LENGTH, 415: MESSAGES.FST_ERR_CTP_INVALID_MEDIA_TYPE };

/** A client error the framework raised, as the contract's ApiError; null for anything else (a server error). */
export function fromFramework(err: FastifyError): ApiError | null {
  const status = err.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  // JSON.parse's SyntaxError carries no code, only the 400 Fastify gives it.
  const message = (MESSAGES as Record<string, string | undefined>)[err.code] || BY_STATUS[status]
    || (err instanceof SyntaxError ? MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY : 'The request could not be read.');
  return new ApiError(status, message);
}

/**
 * Fastify's frameworkErrors option: errors met while routing, before any
 * route's error handler (a path segment over maxParamLength, bad percent-encoding).
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const e = fromFramework(err) ?? new ApiError(500, 'Server error.');
  return reply.code(e.status).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(bodyOf(e)));
}

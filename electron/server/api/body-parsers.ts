// Request bodies: bracket forms through qs with limits (the contract's
// `country[0][key]=…`), and JSON, where an empty body is no body.
import type { FastifyInstance } from 'fastify';
import qs from 'qs';

export const QS_LIMITS = { depth: 5, arrayLimit: 100, parameterLimit: 1000, allowPrototypes: false, allowDots: false } as const;

export function registerBodyParsers(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, qs.parse(body as string, QS_LIMITS));
    } catch (err) {
      done(err as Error, undefined);
    }
  });

  // An empty JSON body is no body (a 422 naming what is missing), as it is without a Content-Type.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) =>
    ((body as string).trim() === '' ? done(null, undefined) : json(req, body as string, done)));
}

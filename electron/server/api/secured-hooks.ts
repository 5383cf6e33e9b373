// The hooks every /api/v1 route behind a key runs: the key check (with its per-address failure limit) and the
// audit entry of each change that succeeded.
import type { FastifyInstance } from 'fastify';
import type { Repositories } from './context.ts';
import { ApiError } from './errors.ts';
import { pathOf } from './error-handler.ts';
import type { createAuthenticator } from '../auth/authenticate.ts';
import { auditActionOf, fieldNamesOf, requireScope, requirementOf } from '../auth/policy.ts';
import type { KeyFailureLimit } from '../redirect/access.ts';

/**
 * Wrong and missing keys are limited per client address here, before the per-key limit, which only ever sees keys
 * that worked. Every key is checked, so a valid one is never refused for others' failures.
 */
export function checkKeys(secured: FastifyInstance, authenticate: ReturnType<typeof createAuthenticator>, keyFailures: KeyFailureLimit | null) {
  secured.addHook('onRequest', async (req) => {
    try {
      await authenticate(req);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401) || !keyFailures) throw err;
      const wait = keyFailures.wait(req.ip);
      if (!wait) {
        keyFailures.failed(req.ip);
        throw err;
      }
      // Past the limit the failure is not counted again, and does not say why the key was refused.
      throw new ApiError(429, `Too many requests without a valid API key. Retry in ${wait} seconds.`, undefined, {
        'retry-after': String(wait), 'x-ratelimit-limit': String(keyFailures.limit.max), 'x-ratelimit-remaining': '0',
      });
    }
    // Unknown routes have no pattern: they answer 404 whatever the key may do.
    if (req.routeOptions.url) requireScope(req.principal!, requirementOf(req.method, req.routeOptions.url));
  });
}

/** Every change that succeeded is an audit entry, written before the answer leaves. */
export function auditChanges(secured: FastifyInstance, audit: Repositories['audit'], now: () => number) {
  secured.addHook('onSend', async (req, reply, payload) => {
    const p = req.principal;
    const url = req.routeOptions.url;
    if (!p || !url || reply.statusCode >= 400) return payload;
    const what = auditActionOf(req.method, url);
    if (!what) return payload;
    try {
      // A route that said what its change was (audit-notes.ts) is recorded as it said.
      const notes = req.auditNotes ?? [{
        ...what, targetId: targetIdOf(req.params, payload, what.action),
        fields: [...new Set([...fieldNamesOf(req.body), ...fieldNamesOf(req.query)])].sort(),
      }];
      await audit.recordAll(notes.map((n) => ({ userId: p.userId, keyPrefix: p.keyPrefix, source: 'api' as const, ...n, ip: req.ip })), now());
    } catch (err) {
      req.log.error({ err, method: req.method, path: pathOf(req.url) }, 'could not write the audit entry of a change');
    }
    return payload;
  });
}

/** The record a change was about: the route's :id, or the id a create answered with. */
function targetIdOf(params: unknown, payload: unknown, action: string): number | null {
  const id = Number((params as { id?: unknown } | null)?.id);
  if (Number.isSafeInteger(id) && id > 0) return id;
  // Only a single create names its new record in the answer (a bulk answer is a list, and reading 1,000 items back costs).
  if (typeof payload !== 'string' || !action.endsWith('.create')) return null;
  try {
    const data = (JSON.parse(payload) as { data?: { id?: unknown } }).data;
    return typeof data?.id === 'number' ? data.id : null;
  } catch {
    return null;
  }
}

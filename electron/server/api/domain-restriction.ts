// A key restricted to one domain sees, creates and changes links only there
// (and sees only that domain). Records beyond it answer as if they were not
// there (404), like another user's.
import type { Principal } from '../auth/authenticate.ts';
import { invalid } from './errors.ts';

/** Whether a record on `domainId` (null: the instance's own host) is within the key's reach. */
export const withinDomain = (p: Principal, domainId: number | null | undefined) => p.domainId === null || domainId === p.domainId;

const outsideDomainMessage = (domainId: number) => `This key is restricted to domain ${domainId}; links can only be made there.`;

/**
 * A create body's domain as the key allows it: absent means the key's own
 * domain; another one is 422 on domain_id. Returns the body to create.
 */
export function restrictCreateBody<B extends { domain_id?: number | null; domain?: number | null }>(p: Principal, body: B): B {
  if (p.domainId === null) return body;
  const asked = body.domain_id ?? body.domain ?? null;
  if (asked !== null && asked !== p.domainId) throw invalid('domain_id', outsideDomainMessage(p.domainId));
  return { ...body, domain_id: p.domainId, domain: undefined };
}

/** restrictCreateBody for a body not yet validated (a bulk item): form values are strings. */
export function restrictRawBody(p: Principal, body: unknown): unknown {
  if (p.domainId === null || !body || typeof body !== 'object' || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  const asked = b.domain_id ?? b.domain;
  if (asked !== undefined && asked !== null && asked !== '' && Number(asked) !== p.domainId) throw invalid('domain_id', outsideDomainMessage(p.domainId));
  const { domain: _alias, ...rest } = b;
  return { ...rest, domain_id: p.domainId };
}

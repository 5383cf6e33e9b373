// GET /api/v1/domains/{id}/dns: a domain's DNS and HTTPS status, checked
// now (net/dns-check.ts), public answers only, kept a minute per domain
// (net/dns-cache.ts). Seen by whoever may see the domain itself. Each user
// may start --dns-checks-per-user lookups a minute (admins too: the limit
// spares the resolver and the network, whoever holds the key); answers from
// the cache are not counted.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../../../shared/schemas/resources.ts';
import { domainDnsSchema } from '../../../../shared/schemas/domain-dns.ts';
import { errorResponses, singleOf } from '../../../../shared/schemas/responses.ts';
import { principalOf } from '../../auth/authenticate.ts';
import { createAttemptLimiter } from '../../redirect/access.ts';
import { cacheDnsChecks, DNS_CACHE_MS } from '../../net/dns-cache.ts';
import type { DnsChecker } from '../../net/dns-check.ts';
import type { ApiContext } from '../context.ts';
import { withinDomain } from '../domain-restriction.ts';
import { ApiError, notFound } from '../errors.ts';
import { single } from '../responses.ts';

const DESCRIPTION = 'Resolves the domain\'s A, AAAA and CNAME records now and holds them against where the instance says domains should point '
  + '(--public-address, --public-cname); then reads the certificate the domain presents on HTTPS, connecting only to the addresses it resolved to. '
  + 'Takes up to a few seconds. Only public answers are shown: a private or reserved address, or a CNAME to an internal name, is counted in '
  + '`records.not_public` instead, unless the instance runs with --allow-private-addresses. An answer is kept for a minute per domain '
  + '(`checked_at` says when it was found); each user may start --dns-checks-per-user lookups a minute (default 60; 429 beyond, with Retry-After).';

export interface DnsRouteOptions {
  /** Lookups one user may start per minute. */
  perUser: number;
  now(): number;
}

export function domainDnsRoutes(app: FastifyInstance, ctx: ApiContext, checker: DnsChecker, o: DnsRouteOptions) {
  const cache = cacheDnsChecks(checker, o.now);
  const lookups = createAttemptLimiter({ max: o.perUser, windowMs: DNS_CACHE_MS }, o.now);
  const admit = (userId: number) => () => {
    const wait = lookups.attempt(String(userId));
    if (wait) {
      throw new ApiError(429, `Too many DNS checks: at most ${o.perUser} a minute per user (a domain checked in the last minute is answered from then). Retry in ${wait} seconds.`,
        undefined, { 'retry-after': String(wait) });
    }
  };

  app.withTypeProvider<ZodTypeProvider>().get('/domains/:id/dns', {
    schema: {
      tags: ['domains'], summary: "Check a domain's DNS and HTTPS", description: DESCRIPTION,
      params: idParamSchema, response: { 200: singleOf(domainDnsSchema), ...errorResponses },
    },
  }, async (req) => {
    const p = principalOf(req);
    const d = await ctx.repos.domains.find(p.userId, req.params.id);
    if (!d || !withinDomain(p, d.id)) throw notFound();
    return single(await cache.check(d.name, admit(p.userId)));
  });
}

// GET /api/v1/domains/{id}/dns: a domain's DNS and HTTPS status, checked
// now (net/dns-check.ts). Seen by whoever may see the domain itself.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../../../shared/schemas/resources.ts';
import { domainDnsSchema } from '../../../../shared/schemas/domain-dns.ts';
import { errorResponses, singleOf } from '../../../../shared/schemas/responses.ts';
import { principalOf } from '../../auth/authenticate.ts';
import type { DnsChecker } from '../../net/dns-check.ts';
import type { ApiContext } from '../context.ts';
import { withinDomain } from '../domain-restriction.ts';
import { notFound } from '../errors.ts';
import { single } from '../responses.ts';

const DESCRIPTION = 'Resolves the domain\'s A, AAAA and CNAME records now and holds them against where the instance says domains should point '
  + '(--public-address, --public-cname); then reads the certificate the domain presents on HTTPS, connecting only to the addresses it resolved to. '
  + 'Takes up to a few seconds.';

export function domainDnsRoutes(app: FastifyInstance, ctx: ApiContext, check: DnsChecker) {
  app.withTypeProvider<ZodTypeProvider>().get('/domains/:id/dns', {
    schema: {
      tags: ['domains'], summary: "Check a domain's DNS and HTTPS", description: DESCRIPTION,
      params: idParamSchema, response: { 200: singleOf(domainDnsSchema), ...errorResponses },
    },
  }, async (req) => {
    const p = principalOf(req);
    const d = await ctx.repos.domains.find(p.userId, req.params.id);
    if (!d || !withinDomain(p, d.id)) throw notFound();
    return single(await check(d.name));
  });
}

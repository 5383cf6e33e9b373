// POST /links/{id}/evaluate: where a described visitor would be sent, and
// why (the rule, target or default that applied). It runs the redirect's own
// decision (redirect/rules.ts decide) on the link as stored, so the rules
// editor's test box answers exactly what a real visit would get. A rotation
// takes no turn here: the answer lists its entries' weights and shares, and
// `url` is the entry the next turn of a fresh cycle would serve (the first).
// A read (links:read, auth/policy.ts), though a POST: the visitor is a body.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { instantOf } from '../../../../shared/schemas/fields.ts';
import { linkEvaluateSchema, type LinkEvaluation } from '../../../../shared/schemas/link-rules.ts';
import { idParamSchema } from '../../../../shared/schemas/resources.ts';
import { errorResponses, singleOf } from '../../../../shared/schemas/responses.ts';
import { principalOf } from '../../auth/authenticate.ts';
import { describedVisitor } from '../../redirect/rule-visitor.ts';
import { compileLink, decide, pickTurn, rotationShares } from '../../redirect/rules.ts';
import type { ApiContext } from '../context.ts';
import { withinDomain } from '../domain-restriction.ts';
import { notFound } from '../errors.ts';
import { single } from '../responses.ts';

const evaluationSchema = z.object({
  url: z.string().describe('Where the visitor would be sent (before their query string is passed on)'),
  matched: z.object({
    kind: z.enum(['rule', 'target', 'default']).describe('rule: a rule of `rules`; target: an entry of the targeting; default: the link url'),
    index: z.number().int().nullable().describe('The rule\'s or target\'s place in its list, from 0; null for default'),
    key: z.string().nullable().describe('The target\'s key (country, language, …); null for rules, rotations and default'),
  }),
  rotation: z.array(z.object({ url: z.string(), weight: z.number().int(), share: z.number() })).optional()
    .describe('When the link rotates: every entry with its weight and share of visits (0-1); no turn is taken'),
}).meta({ id: 'LinkEvaluation' });

export function linksEvaluateRoutes(app: FastifyInstance, ctx: ApiContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/links/:id/evaluate', {
    schema: {
      tags: ['links'], summary: 'Where a visitor would be sent',
      description: 'Runs the redirect\'s own rules, targeting and url order for a described visitor: country (the continent follows from it '
        + 'unless given), device, operating_system, browser, language, query and the instant `at` (ISO 8601, default now; `between` is read '
        + 'in the instance\'s time zone). Needs links:read.',
      params: idParamSchema, body: linkEvaluateSchema, response: { 200: singleOf(evaluationSchema), ...errorResponses },
    },
  }, async (req) => {
    const p = principalOf(req);
    const link = await ctx.repos.links.find(p.userId, req.params.id);
    if (!link || !withinDomain(p, link.domain_id)) throw notFound();
    const { at, ...visitor } = req.body;
    const k = compileLink(link, ctx.timeZone);
    const d = decide(link, k, describedVisitor(visitor, at === undefined ? ctx.now() : instantOf(at)!));
    const out: LinkEvaluation = d.kind === 'rotation'
      ? { url: pickTurn(k, 0).url, matched: { kind: 'target', index: null, key: null }, rotation: rotationShares(k) }
      : { url: d.url, matched: { kind: d.kind, index: d.index, key: d.key } };
    return single(out);
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../../../shared/schemas/resources.ts';
import { accountSchema, errorResponses, singleOf, statsSchema } from '../../../../shared/schemas/responses.ts';
import { principalOf } from '../../auth/authenticate.ts';
import type { ApiContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { single } from '../responses.ts';

export function accountStatsRoutes(app: FastifyInstance, ctx: ApiContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/account', { schema: { tags: ['account'], summary: 'The user behind the API key', response: { 200: singleOf(accountSchema), ...errorResponses } } }, async (req) => {
    const user = await ctx.repos.users.findUser(principalOf(req).userId);
    if (!user) throw notFound();
    return single({ id: user.id, name: user.name, created_at: user.created_at });
  });

  r.get('/stats/:id', { schema: { tags: ['stats'], summary: "A link's clicks by day, country, platform, browser, language and referrer", params: idParamSchema,
      response: { 200: singleOf(statsSchema), ...errorResponses } } },
    async (req) => {
      const link = await ctx.repos.links.find(principalOf(req).userId, req.params.id);
      if (!link) throw notFound();
      return single(await ctx.repos.stats.forLink(link.id, link.clicks));
    });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { linkCreateSchema, linkListQuerySchema, linkUpdateSchema } from '../../../../shared/schemas/links.ts';
import { idParamSchema } from '../../../../shared/schemas/resources.ts';
import { deletedSchema, errorResponses, errorSchema, linkSchema, pageOf, singleOf } from '../../../../shared/schemas/responses.ts';
import { principalOf, type Principal } from '../../auth/authenticate.ts';
import { restrictCreateBody, withinDomain } from '../domain-restriction.ts';
import { destinationChanged } from '../../health/destinations.ts';
import type { ApiContext } from '../context.ts';
import { ApiError, invalid, notFound, rejectFields } from '../errors.ts';
import { createColumns, updateColumns } from '../link-input.ts';
import { deleted, page, single } from '../responses.ts';
import { serializeLink } from '../serializers.ts';

const tags = ['links'];

export function linksRoutes(app: FastifyInstance, ctx: ApiContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const urls = () => ({ baseUrl: ctx.baseUrl(), timeZone: ctx.timeZone, generation: ctx.apiGeneration });
  /** The principal's link, within its key's domain. */
  const find = async (p: Principal, id: number) => {
    const link = await ctx.repos.links.find(p.userId, id);
    if (!link || !withinDomain(p, link.domain_id)) throw notFound();
    return link;
  };
  const show = async (p: Principal, id: number) => serializeLink(urls(), await find(p, id), ctx.now());

  r.get('/links', { schema: { tags, summary: 'List links', querystring: linkListQuerySchema, response: { 200: pageOf(linkSchema), ...errorResponses } } }, async (req) => {
    const p = principalOf(req);
    const now = ctx.now();
    if (p.domainId !== null && req.query.domain_id !== undefined && req.query.domain_id !== p.domainId) {
      return page(req, ctx.baseUrl(), [], 0, req.query);
    }
    const q = p.domainId === null ? req.query : { ...req.query, domain_id: p.domainId };
    const { rows, total } = await ctx.repos.links.list(p.userId, q, now);
    return page(req, ctx.baseUrl(), rows.map((l) => serializeLink(urls(), l, now)), total, req.query);
  });

  r.get('/links/:id', { schema: { tags, summary: 'Show a link', params: idParamSchema, response: { 200: singleOf(linkSchema), ...errorResponses } } }, async (req) =>
    single(await show(principalOf(req), req.params.id)));

  r.post('/links', { schema: { tags, summary: 'Create a link', body: linkCreateSchema, response: { 201: singleOf(linkSchema, 201), ...errorResponses } } }, async (req, reply) => {
    const p = principalOf(req);
    const { userId } = p;
    const { columns, pixelIds } = await createColumns({ userId, links: ctx.repos.links, timeZone: ctx.timeZone, generation: ctx.apiGeneration, abuse: ctx.abuse }, restrictCreateBody(p, req.body));
    // Counted once the body is valid: a refused body spends nothing. 429 past the user's limits.
    const release = await ctx.creationLimits?.reserve(userId, 1);
    let id: number;
    try {
      id = await ctx.repos.links.create(userId, columns, pixelIds);
    } catch (err) {
      await release?.(1);
      throw err;
    }
    ctx.scheduleTitle(id, columns.url);
    // Webhook deliveries are written right after the change, before the answer (not in its transaction).
    const data = await show(p, id);
    await ctx.webhooks.emit(userId, 'link.created', data);
    reply.code(201);
    return single(data, 201);
  });

  for (const method of ['PUT', 'PATCH'] as const) {
    r.route({
      method,
      url: '/links/:id',
      schema: {
        tags, summary: 'Update a link (domain_id cannot change)', params: idParamSchema, body: linkUpdateSchema,
        response: { 200: singleOf(linkSchema), ...errorResponses },
      },
      // A banned link stays banned whatever its owner sends: only an admin lifts a ban (DELETE /links/{id}/ban).
      preValidation: rejectFields(['banned'], 'here: a banned link stays banned until an admin lifts the ban'),
      handler: async (req) => {
        const p = principalOf(req);
        const { userId } = p;
        const stored = await find(p, req.params.id);
        // Clients echo the link's own domain back (phpShort's update ignores domain_id); another one is a 422.
        for (const f of ['domain_id', 'domain'] as const) {
          const sent = req.body[f];
          if (sent !== undefined && sent !== stored.domain_id) throw invalid(f, `The ${f} cannot be changed after a link is created.`);
        }
        const { columns, pixelIds } = await updateColumns({ userId, links: ctx.repos.links, timeZone: ctx.timeZone, generation: ctx.apiGeneration, abuse: ctx.abuse }, req.body, stored);
        await ctx.repos.links.update(userId, stored.id, columns, pixelIds, destinationChanged(stored, columns));
        if (columns.url !== undefined && columns.url !== stored.url) ctx.scheduleTitle(stored.id, columns.url);
        const data = await show(p, stored.id);
        await ctx.webhooks.emit(userId, 'link.updated', data);
        return single(data);
      },
    });
  }

  r.post('/links/:id/health-check', {
    schema: {
      tags, summary: "Check a link's destination and targets now", params: idParamSchema,
      description: 'Answers the link with its new health. 409 when the instance runs with --no-health-checks.',
      response: { 200: singleOf(linkSchema), 409: errorSchema, ...errorResponses },
    },
  }, async (req) => {
    const p = principalOf(req);
    const link = await find(p, req.params.id);
    if (!ctx.health) throw new ApiError(409, 'Destination health checks are turned off on this instance.');
    await ctx.health.checkNow(link);
    return single(await show(p, link.id));
  });

  r.delete('/links/:id', { schema: { tags, summary: 'Delete a link', params: idParamSchema, response: { 200: deletedSchema, ...errorResponses } } }, async (req) => {
    const p = principalOf(req);
    const { userId } = p;
    const link = await find(p, req.params.id);
    if (!(await ctx.repos.links.delete(userId, req.params.id))) throw notFound();
    await ctx.webhooks.emit(userId, 'link.deleted', serializeLink(urls(), link, ctx.now()));
    return deleted(req.params.id, 'link');
  });
}

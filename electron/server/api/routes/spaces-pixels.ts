// Spaces and pixels share one route shape over their own schemas.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  idParamSchema, pixelCreateSchema, pixelListQuerySchema, pixelUpdateSchema, spaceCreateSchema, spaceListQuerySchema, spaceUpdateSchema,
} from '../../../../shared/schemas/resources.ts';
import { deletedSchema, errorResponses, pageOf, pixelSchema, singleOf, spaceSchema } from '../../../../shared/schemas/responses.ts';
import { principalOf } from '../../auth/authenticate.ts';
import type { OwnedRepository } from '../../db/repositories/spaces-pixels-repository.ts';
import type { ApiContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { deleted, page, single } from '../responses.ts';
import { serializePixel, serializeSpace } from '../serializers.ts';

interface Resource<C extends z.ZodType, U extends z.ZodType, Q extends z.ZodType> {
  path: string;
  object: 'space' | 'pixel';
  repo: OwnedRepository;
  create: C;
  update: U;
  list: Q;
  serialize: (r: Record<string, unknown>) => unknown;
  shape: z.ZodType;
  defaults?: (body: z.output<C>) => Record<string, unknown>;
}

function ownedRoutes<C extends z.ZodType, U extends z.ZodType, Q extends z.ZodType>(
  app: FastifyInstance, ctx: ApiContext, res: Resource<C, U, Q>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [res.path];
  const show = async (userId: number, id: number) => {
    const row = await res.repo.find(userId, id);
    if (!row) throw notFound();
    return res.serialize(row);
  };
  r.get(`/${res.path}`, { schema: { tags, summary: `List ${res.path}`, querystring: res.list, response: { 200: pageOf(res.shape), ...errorResponses } } }, async (req) => {
    const q = req.query as { search?: string; sort_by: string; sort: 'asc' | 'desc'; page: number; per_page: number };
    const { rows, total } = await res.repo.list(principalOf(req).userId, q);
    return page(req, ctx.baseUrl(), rows.map(res.serialize), total, q);
  });
  r.get(`/${res.path}/:id`, { schema: { tags, summary: `Show a ${res.object}`, params: idParamSchema, response: { 200: singleOf(res.shape), ...errorResponses } } }, async (req) =>
    single(await show(principalOf(req).userId, req.params.id)));
  r.post(`/${res.path}`, { schema: { tags, summary: `Create a ${res.object}`, body: res.create, response: { 201: singleOf(res.shape, 201), ...errorResponses } } }, async (req, reply) => {
    const { userId } = principalOf(req);
    const body = req.body as z.output<C>;
    const id = await res.repo.create(userId, { ...(res.defaults?.(body) ?? {}), ...(body as object) });
    reply.code(201);
    return single(await show(userId, id), 201);
  });
  for (const method of ['PUT', 'PATCH'] as const) {
    r.route({
      method,
      url: `/${res.path}/:id`,
      schema: { tags, summary: `Update a ${res.object}`, params: idParamSchema, body: res.update, response: { 200: singleOf(res.shape), ...errorResponses } },
      handler: async (req) => {
        const { userId } = principalOf(req);
        await show(userId, req.params.id);
        const changes = Object.fromEntries(Object.entries(req.body as object).filter(([, v]) => v !== undefined));
        await res.repo.update(userId, req.params.id, changes);
        return single(await show(userId, req.params.id));
      },
    });
  }
  r.delete(`/${res.path}/:id`, { schema: { tags, summary: `Delete a ${res.object}`, params: idParamSchema, response: { 200: deletedSchema, ...errorResponses } } }, async (req) => {
    if (!(await res.repo.delete(principalOf(req).userId, req.params.id))) throw notFound();
    return deleted(req.params.id, res.object);
  });
}

export function spacesPixelsRoutes(app: FastifyInstance, ctx: ApiContext) {
  ownedRoutes(app, ctx, {
    path: 'spaces', object: 'space', repo: ctx.repos.spaces, create: spaceCreateSchema, update: spaceUpdateSchema,
    list: spaceListQuerySchema, serialize: serializeSpace, shape: spaceSchema, defaults: () => ({ color: '#1c7ed6' }),
  });
  ownedRoutes(app, ctx, {
    path: 'pixels', object: 'pixel', repo: ctx.repos.pixels, create: pixelCreateSchema, update: pixelUpdateSchema,
    list: pixelListQuerySchema, serialize: serializePixel, shape: pixelSchema,
  });
}

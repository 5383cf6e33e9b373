import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { domainToASCII } from 'node:url';
import { domainCreateSchema, domainListQuerySchema, domainUpdateSchema, idParamSchema } from '../../../../shared/schemas/resources.ts';
import { deletedSchema, domainSchema, errorResponses, errorSchema, pageOf, singleOf } from '../../../../shared/schemas/responses.ts';
import { principalOf } from '../../auth/authenticate.ts';
import type { ApiContext } from '../context.ts';
import { conflict, invalid, notFound, rejectFields } from '../errors.ts';
import { deleted, page, single } from '../responses.ts';
import { serializeDomain } from '../serializers.ts';

const tags = ['domains'];
const HOSTNAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** A hostname, IDN stored as punycode; schemes, paths and ports are refused. */
export function normalizeDomainName(raw: string): string {
  const name = raw.trim().replace(/\.$/, '').toLowerCase();
  // domainToASCII parses like a URL host and would quietly drop a path or port.
  const ascii = /[\s/\\:?#@[\]%]/.test(name) ? '' : domainToASCII(name);
  if (!ascii || !HOSTNAME.test(ascii) || /^[\d.]+$/.test(ascii)) {
    throw invalid('name', 'The name must be a domain name such as links.example.com, without scheme, port or path.');
  }
  return ascii;
}

export function domainsRoutes(app: FastifyInstance, ctx: ApiContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const urls = () => ({ baseUrl: ctx.baseUrl() });
  const show = async (userId: number, id: number) => {
    const d = await ctx.repos.domains.find(userId, id);
    if (!d) throw notFound();
    return serializeDomain(urls(), d);
  };

  r.get('/domains', { schema: { tags, summary: 'List domains', querystring: domainListQuerySchema, response: { 200: pageOf(domainSchema), ...errorResponses } } }, async (req) => {
    const { rows, total } = await ctx.repos.domains.list(principalOf(req).userId, req.query);
    return page(req, ctx.baseUrl(), rows.map((d) => serializeDomain(urls(), d)), total, req.query);
  });

  r.get('/domains/:id', { schema: { tags, summary: 'Show a domain', params: idParamSchema, response: { 200: singleOf(domainSchema), ...errorResponses } } }, async (req) =>
    single(await show(principalOf(req).userId, req.params.id)));

  r.post('/domains', { schema: { tags, summary: 'Create a domain', body: domainCreateSchema, response: { 201: singleOf(domainSchema, 201), ...errorResponses } } }, async (req, reply) => {
    const { userId } = principalOf(req);
    const name = normalizeDomainName(req.body.name);
    if (await ctx.repos.domains.nameTaken(name)) throw invalid('name', 'The name has already been taken.');
    const id = await ctx.repos.domains.create(userId, {
      name, index_page: req.body.index_page ?? null, not_found_page: req.body.not_found_page ?? null,
    });
    reply.code(201);
    return single(await show(userId, id), 201);
  });

  for (const method of ['PUT', 'PATCH'] as const) {
    r.route({
      method,
      url: '/domains/:id',
      schema: {
        tags, summary: 'Update a domain (name cannot change)', params: idParamSchema, body: domainUpdateSchema,
        response: { 200: singleOf(domainSchema), ...errorResponses },
      },
      preValidation: rejectFields(['name'], 'after a domain is created'),
      handler: async (req) => {
        const { userId } = principalOf(req);
        await show(userId, req.params.id);
        const { index_page, not_found_page } = req.body;
        await ctx.repos.domains.update(userId, req.params.id, {
          ...(index_page !== undefined ? { index_page } : {}),
          ...(not_found_page !== undefined ? { not_found_page } : {}),
        });
        return single(await show(userId, req.params.id));
      },
    });
  }

  r.delete('/domains/:id', { schema: { tags, summary: 'Delete a domain that has no links', params: idParamSchema, response: { 200: deletedSchema, 409: errorSchema, ...errorResponses } } }, async (req) => {
    const result = await ctx.repos.domains.delete(principalOf(req).userId, req.params.id);
    if (result === 'missing') throw notFound();
    if (result === 'has-links') throw conflict('The domain still has links; delete them first.');
    return deleted(req.params.id, 'domain');
  });
}

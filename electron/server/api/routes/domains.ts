import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { domainCreateSchema, domainListQuerySchema, domainUpdateSchema, idParamSchema } from '../../../../shared/schemas/resources.ts';
import { deletedSchema, domainSchema, errorResponses, errorSchema, pageOf, singleOf } from '../../../../shared/schemas/responses.ts';
import { principalOf, type Principal } from '../../auth/authenticate.ts';
import { restricted } from '../../auth/policy.ts';
import { withinDomain } from '../domain-restriction.ts';
import type { ApiContext } from '../context.ts';
import { conflict, invalid, notFound, rejectFields } from '../errors.ts';
import { deleted, page, single } from '../responses.ts';
import { serializeDomain } from '../serializers.ts';

const tags = ['domains'];
const HOSTNAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const SYNTAX = 'The name must be a domain name such as links.example.com, without scheme, port or path.';

/** A host as the redirect server compares it: lower case, no trailing dot. */
export const comparableHost = (host: string) => host.trim().toLowerCase().replace(/\.$/, '');

/** The host of a base URL (`[::1]` for IPv6), or '' when it is none. */
export function hostOfUrl(url: string): string {
  try {
    return comparableHost(new URL(url).hostname);
  } catch {
    return '';
  }
}

/**
 * Why `host` (comparable form) can never be a registered domain, or null.
 * A domain named like the instance's own host would take over the default
 * domain's aliases, and browsers reach localhost and IP literals without any
 * DNS an owner controls, so these all stay the default domain's.
 */
export function reservedHostReason(host: string, ownHost: string): string | null {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  // As a URL parser reads it: `2130706433`, `0x7f.1` and `127.1` are IPv4
  // addresses, full-width letters fold to ASCII.
  const ascii = domainToASCII(bare);
  if (isIP(bare) || isIP(ascii)) return 'The name may not be an IP address.';
  if ([bare, ascii].some((h) => h === 'localhost' || h.endsWith('.localhost'))) return 'The name may not be localhost.';
  if (ownHost && (host === ownHost || ascii === ownHost)) {
    return "The name may not be this instance's own host; links without a domain already use it.";
  }
  return null;
}

/** A hostname, IDN stored as punycode; schemes, paths, ports and reserved hosts are refused. */
export function normalizeDomainName(raw: string, ownHost: string): string {
  const name = comparableHost(raw);
  const reserved = reservedHostReason(name, ownHost);
  if (reserved) throw invalid('name', reserved);
  // domainToASCII parses like a URL host and would quietly drop a path or port.
  const ascii = /[\s/\\:?#@[\]%]/.test(name) ? '' : domainToASCII(name);
  if (!ascii || !HOSTNAME.test(ascii) || /^[\d.]+$/.test(ascii)) throw invalid('name', SYNTAX);
  return ascii;
}

export function domainsRoutes(app: FastifyInstance, ctx: ApiContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const urls = () => ({ baseUrl: ctx.baseUrl() });
  const show = async (p: Principal, id: number) => {
    const d = await ctx.repos.domains.find(p.userId, id);
    if (!d || !withinDomain(p, d.id)) throw notFound();
    return serializeDomain(urls(), d);
  };

  r.get('/domains', { schema: { tags, summary: 'List domains', querystring: domainListQuerySchema, response: { 200: pageOf(domainSchema), ...errorResponses } } }, async (req) => {
    const p = principalOf(req);
    // A domain-restricted key sees its domain alone.
    if (p.domainId !== null) {
      const d = req.query.page === 1 ? await ctx.repos.domains.find(p.userId, p.domainId) : undefined;
      return page(req, ctx.baseUrl(), d ? [serializeDomain(urls(), d)] : [], d || req.query.page > 1 ? 1 : 0, req.query);
    }
    const { rows, total } = await ctx.repos.domains.list(p.userId, req.query);
    return page(req, ctx.baseUrl(), rows.map((d) => serializeDomain(urls(), d)), total, req.query);
  });

  r.get('/domains/:id', { schema: { tags, summary: 'Show a domain', params: idParamSchema, response: { 200: singleOf(domainSchema), ...errorResponses } } }, async (req) =>
    single(await show(principalOf(req), req.params.id)));

  r.post('/domains', { schema: { tags, summary: 'Create a domain', body: domainCreateSchema, response: { 201: singleOf(domainSchema, 201), ...errorResponses } } }, async (req, reply) => {
    const p = principalOf(req);
    const { userId } = p;
    if (p.domainId !== null) throw restricted('create domains');
    const name = normalizeDomainName(req.body.name, hostOfUrl(ctx.baseUrl()));
    if (await ctx.repos.domains.nameTaken(name)) throw invalid('name', 'The name has already been taken.');
    const id = await ctx.repos.domains.create(userId, {
      name, index_page: req.body.index_page ?? null, not_found_page: req.body.not_found_page ?? null,
    });
    reply.code(201);
    return single(await show(p, id), 201);
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
        const p = principalOf(req);
        const { userId } = p;
        await show(p, req.params.id);
        const { index_page, not_found_page } = req.body;
        await ctx.repos.domains.update(userId, req.params.id, {
          ...(index_page !== undefined ? { index_page } : {}),
          ...(not_found_page !== undefined ? { not_found_page } : {}),
        });
        return single(await show(p, req.params.id));
      },
    });
  }

  r.delete('/domains/:id', { schema: { tags, summary: 'Delete a domain that has no links', params: idParamSchema, response: { 200: deletedSchema, 409: errorSchema, ...errorResponses } } }, async (req) => {
    const p = principalOf(req);
    if (p.domainId !== null) throw restricted('delete domains');
    const result = await ctx.repos.domains.delete(p.userId, req.params.id);
    if (result === 'missing') throw notFound();
    if (result === 'has-links') throw conflict('The domain still has links; delete them first.');
    return deleted(req.params.id, 'domain');
  });
}

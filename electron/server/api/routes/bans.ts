// Bans (issue 44), admins only: ban a link or lift its ban (with a reason), list the banned links, ban a host
// (every link to it, of every user, at once, and no new one). The work is abuse/bans.ts's; each change writes its own
// audit entries there (link.ban, link.unban, host.ban), so the generic entry app.ts would write is left out.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  banBodySchema, banListQuerySchema, bannedLinkSchema, hostBanBodySchema, hostBanSchema, unbanBodySchema, type BannedLink,
} from '../../../../shared/schemas/bans.ts';
import { idParamSchema } from '../../../../shared/schemas/resources.ts';
import { errorResponses, errorSchema, linkSchema, pageOf, singleOf, BAN_SOURCES } from '../../../../shared/schemas/responses.ts';
import { principalOf } from '../../auth/authenticate.ts';
import type { BanActor, Bans } from '../../abuse/bans.ts';
import { bannableHost } from '../../abuse/ban-hosts.ts';
import { noteAudit } from '../audit-notes.ts';
import type { ApiContext } from '../context.ts';
import { conflict, invalid, notFound } from '../errors.ts';
import { page, single } from '../responses.ts';
import { shortUrl } from '../serializers.ts';
import { isoNow } from '../../util/time.ts';

const ADMIN_ONLY = ' Needs a key with the `admin` scope, of a user whose role is admin.';
const tags = ['bans'];

/** The request's actor; its audit entries are written by abuse/bans.ts, not the generic hook. */
function actorOf(req: FastifyRequest): BanActor {
  const p = principalOf(req);
  noteAudit(req, []);
  return { userId: p.userId, keyPrefix: p.keyPrefix, source: 'api', ip: req.ip };
}

export function bansRoutes(app: FastifyInstance, ctx: ApiContext & { bans: Bans }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const urls = () => ({ baseUrl: ctx.baseUrl(), timeZone: ctx.timeZone, generation: ctx.apiGeneration });
  const db = ctx.bans.db;

  r.post('/links/:id/ban', {
    schema: {
      tags: ['links', ...tags], summary: 'Ban a link',
      description: 'The link stops redirecting at once, on every node: visitors get a page saying it was disabled for safety '
        + '(HTTP 451 when `legal`, 403 otherwise), no click is counted. Its owner is told through the `link.banned` webhook event '
        + `and sees \`banned\` on the link; only an admin lifts a ban. Banning a banned link replaces its reason.${ADMIN_ONLY}`,
      params: idParamSchema, body: banBodySchema, response: { 200: singleOf(linkSchema), ...errorResponses },
    },
  }, async (req) => {
    const link = await ctx.bans.banLink(req.params.id, { reason: req.body.reason, legal: req.body.legal === 1, source: 'admin' }, actorOf(req));
    if (!link) throw notFound();
    return single(link);
  });

  r.delete('/links/:id/ban', {
    schema: {
      tags: ['links', ...tags], summary: "Lift a link's ban",
      description: `The link redirects again at once; the reason is kept with the ban's history and sent with the \`link.unbanned\` event. 409 when the link is not banned.${ADMIN_ONLY}`,
      params: idParamSchema, body: unbanBodySchema, response: { 200: singleOf(linkSchema), 409: errorSchema, ...errorResponses },
    },
  }, async (req) => {
    const link = await ctx.bans.liftBan(req.params.id, req.body.reason, actorOf(req));
    if (!link) throw notFound();
    if (link === 'not-banned') throw conflict(`Link ${req.params.id} is not banned.`);
    return single(link);
  });

  r.get('/bans', {
    schema: {
      tags, summary: 'List banned links', description: `Every user's banned links with their reasons, the newest ban first.${ADMIN_ONLY}`,
      querystring: banListQuerySchema, response: { 200: pageOf(bannedLinkSchema), ...errorResponses },
    },
  }, async (req) => {
    const { per_page, page: n } = req.query;
    const base = db.selectFrom('links').where('links.banned_at', 'is not', null);
    const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const rows = await base
      .innerJoin('users', 'users.id', 'links.user_id')
      .leftJoin('domains', 'domains.id', 'links.domain_id')
      .leftJoin('link_clicks', 'link_clicks.link_id', 'links.id')
      .select(['links.id', 'links.user_id', 'users.name as user_name', 'links.alias', 'links.url', 'domains.name as domain',
        'link_clicks.clicks', 'links.banned_at', 'links.ban_reason', 'links.ban_legal', 'links.ban_source'])
      .orderBy('links.banned_at', 'desc').orderBy('links.id', 'desc').limit(per_page).offset((n - 1) * per_page).execute();
    const data = rows.map((l): BannedLink => ({
      id: l.id, user: { id: l.user_id, name: l.user_name }, alias: l.alias, short_url: shortUrl(urls(), l.domain, l.alias), url: l.url,
      clicks: Number(l.clicks ?? 0),
      banned: {
        at: isoNow(l.banned_at!), reason: l.ban_reason ?? '', legal: l.ban_legal === 1,
        source: (BAN_SOURCES as readonly string[]).includes(l.ban_source ?? '') ? l.ban_source as BannedLink['banned']['source'] : 'admin',
      },
    }));
    return page(req, ctx.baseUrl(), data, Number(total), req.query);
  });

  r.post('/bans/hosts', {
    schema: {
      tags, summary: 'Ban a host',
      description: 'Bans every link, of every user, with a destination (url, expiration_url, any target, any rule URL) on the host '
        + 'or a subdomain, at once; and remembers the host so that no new link may point there. Links banned already keep their ban. '
        + `Each link banned is an audit entry (link.ban) besides the host's (host.ban), and a \`link.banned\` event to its owner.${ADMIN_ONLY}`,
      body: hostBanBodySchema, response: { 201: singleOf(hostBanSchema, 201), ...errorResponses },
    },
  }, async (req, reply) => {
    const host = bannableHost(req.body.host);
    if (!host) throw invalid('host', 'The host must be a host name such as evil.example (an internationalised one in its xn-- form) or an http(s) URL on one.');
    const legal = req.body.legal === 1;
    const done = await ctx.bans.banHost(host, { reason: req.body.reason, legal }, actorOf(req));
    await ctx.abuse.refresh(true); // this node refuses new links to the host at once (the others within their poll)
    reply.code(201);
    return single({ id: done.id, host, reason: req.body.reason, legal, links_banned: done.links.length }, 201);
  });
}

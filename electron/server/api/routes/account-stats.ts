import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AccountStats } from '../../../../shared/api-types.ts';
import { idParamSchema } from '../../../../shared/schemas/resources.ts';
import { accountSchema, errorResponses, singleOf } from '../../../../shared/schemas/responses.ts';
import { accountStatsSchema, bucketCount, rangeTooLong, STATS_MAX_BUCKETS, statsQuerySchema, statsSchema, type StatsQuery } from '../../../../shared/schemas/stats.ts';
import { principalOf } from '../../auth/authenticate.ts';
import { restricted } from '../../auth/policy.ts';
import { withinDomain } from '../domain-restriction.ts';
import type { StatsRange } from '../../db/repositories/stats-repository.ts';
import { dateOfDay, dayOfDate, today } from '../../util/days.ts';
import type { ApiContext } from '../context.ts';
import { invalid, notFound } from '../errors.ts';
import { single } from '../responses.ts';
import { shortUrl } from '../serializers.ts';

const RANGE_HELP = ' `from`/`to` (YYYY-MM-DD, inclusive, instance time zone) pick the days; without them, all time. '
  + '`interval` sets the buckets of `series` (weeks start on Monday).';

export function accountStatsRoutes(app: FastifyInstance, ctx: ApiContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Dates to days; `from` alone runs to today (or to `from`, when that is later than today here). */
  const rangeOf = (q: StatsQuery): StatsRange => {
    const from = q.from === undefined ? undefined : dayOfDate(q.from);
    let to = q.to === undefined ? undefined : dayOfDate(q.to);
    if (from !== undefined && to === undefined) {
      to = Math.max(from, today(ctx.timeZone, ctx.now()));
      if (bucketCount(q.from!, dateOfDay(to), q.interval) > STATS_MAX_BUCKETS) throw invalid('from', rangeTooLong(q.interval));
    }
    return { from, to, interval: q.interval };
  };

  r.get('/account', { schema: { tags: ['account'], summary: 'The user behind the API key', response: { 200: singleOf(accountSchema), ...errorResponses } } }, async (req) => {
    const user = await ctx.repos.users.findUser(principalOf(req).userId);
    if (!user) throw notFound();
    return single({ id: user.id, name: user.name, created_at: user.created_at });
  });

  r.get('/stats', {
    schema: {
      tags: ['stats'], summary: "The account's clicks by day, country, platform, browser, language and referrer, and its top links",
      description: `Read from daily rollups.${RANGE_HELP} \`top_links\`: the 10 links with the most clicks in the range.`,
      querystring: statsQuerySchema, response: { 200: singleOf(accountStatsSchema), ...errorResponses },
    },
  }, async (req) => {
    const p = principalOf(req);
    if (p.domainId !== null) throw restricted("read the whole account's statistics (a link's are at /stats/{id})");
    const stats = await ctx.repos.stats.forAccount(p.userId, rangeOf(req.query));
    const urls = { baseUrl: ctx.baseUrl() };
    const data: AccountStats = {
      ...stats,
      top_links: stats.top_links.map((l) => ({
        id: l.id, alias: l.alias, short_url: shortUrl(urls, l.domain, l.alias), url: l.url, title: l.title, clicks: l.clicks,
      })),
    };
    return single(data);
  });

  r.get('/stats/:id', {
    schema: {
      tags: ['stats'], summary: "A link's clicks by day, country, platform, browser, language and referrer",
      description: `Read from daily rollups.${RANGE_HELP} \`clicks\` is the all-time counter.`,
      params: idParamSchema, querystring: statsQuerySchema, response: { 200: singleOf(statsSchema), ...errorResponses },
    },
  }, async (req) => {
    const p = principalOf(req);
    const link = await ctx.repos.links.find(p.userId, req.params.id);
    if (!link || !withinDomain(p, link.domain_id)) throw notFound();
    return single(await ctx.repos.stats.forLink(link.id, link.clicks, rangeOf(req.query)));
  });
}

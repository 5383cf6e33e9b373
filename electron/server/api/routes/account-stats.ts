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
import { phpShortAnswer, phpShortClickSchema, phpShortPageSchema, phpShortQueryShape } from '../stats-phpshort.ts';
import { statsCsv, wantsCsv } from '../stats-csv.ts';
import { z } from 'zod';
import type { FastifyReply } from 'fastify';

const CSV_HELP = ' With `Accept: text/csv`: the same as CSV, `dimension,value,clicks` rows for every value of every dimension and one row per bucket of '
  + 'the series (named day, week or month); cells a spreadsheet would run as formulas start with an apostrophe.';
const csvContent = { 'text/csv': { schema: z.string().describe('dimension,value,clicks rows, header first') } };
const linkStatsQuerySchema = statsQuerySchema.safeExtend(phpShortQueryShape);

function sendCsv(reply: FastifyReply, csv: string, name: string) {
  return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}.csv"`).send(csv);
}

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
    return single({ id: user.id, name: user.name, created_at: user.created_at, api_generation: ctx.apiGeneration });
  });

  r.get('/stats', {
    schema: {
      tags: ['stats'], summary: "The account's clicks by day, country, platform, browser, language and referrer, and its top links",
      description: `Read from daily rollups.${RANGE_HELP} \`top_links\`: the 10 links with the most clicks in the range.${CSV_HELP}`,
      querystring: statsQuerySchema,
      response: { 200: { description: 'The statistics', content: { 'application/json': { schema: singleOf(accountStatsSchema) }, ...csvContent } }, ...errorResponses },
    },
  }, async (req, reply) => {
    const p = principalOf(req);
    if (p.domainId !== null) throw restricted("read the whole account's statistics (a link's are at /stats/{id})");
    const csv = wantsCsv(req.headers.accept);
    const stats = await (csv ? ctx.repos.statsAll : ctx.repos.stats).forAccount(p.userId, rangeOf(req.query));
    const urls = { baseUrl: ctx.baseUrl() };
    const data: AccountStats = {
      ...stats,
      top_links: stats.top_links.map((l) => ({
        id: l.id, alias: l.alias, short_url: shortUrl(urls, l.domain, l.alias), url: l.url, title: l.title, clicks: l.clicks,
      })),
    };
    if (csv) return sendCsv(reply, statsCsv(data, data.top_links), `linkdesk-stats-${data.from ?? 'all'}-${data.to ?? 'all'}`);
    return single(data);
  });

  r.get('/stats/:id', {
    schema: {
      tags: ['stats'], summary: "A link's clicks by day, country, platform, browser, language and referrer",
      description: `Read from daily rollups.${RANGE_HELP} \`clicks\` is the all-time counter.${CSV_HELP} `
        + "With `name` (phpShort's call): `click` answers the clicks as `{data:[{value,count}],status}` by hour (`Y-m-d H`) for one day, "
        + 'by day (`Y-m-d`) under 90 days, by month (`Y-m`) under 730, else by year (`Y`), from `from` (default: the day the link was made) '
        + 'to `to` (default: today), ordered by `sort_by`/`sort` (default count, desc); the other names one '
        + 'dimension as a Laravel page (`search`, `sort_by`, `sort`, `per_page`, `page`), values as phpShort writes them '
        + '(country `US:United States`, city `US:Mountain View, California`, null for unknown).',
      params: idParamSchema, querystring: linkStatsQuerySchema,
      response: {
        200: {
          description: "The link's statistics; with `name`, phpShort's shape",
          content: { 'application/json': { schema: z.union([singleOf(statsSchema), phpShortClickSchema, phpShortPageSchema]) }, ...csvContent },
        },
        ...errorResponses,
      },
    },
  }, async (req, reply) => {
    const p = principalOf(req);
    const link = await ctx.repos.links.find(p.userId, req.params.id);
    if (!link || !withinDomain(p, link.domain_id)) throw notFound();
    const q = req.query;
    const csv = wantsCsv(req.headers.accept);
    const all = csv || q.name !== undefined;
    const stats = await (all ? ctx.repos.statsAll : ctx.repos.stats).forLink(link.id, link.clicks, rangeOf(q));
    if (csv) return sendCsv(reply, statsCsv(stats), `linkdesk-stats-${link.alias}-${stats.from ?? 'all'}-${stats.to ?? 'all'}`);
    if (q.name !== undefined) {
      // DateRangeTrait::range($link->created_at): without dates, from the link's creation day to today.
      const to = q.to ?? dateOfDay(Math.max(today(ctx.timeZone, ctx.now()), q.from === undefined ? 0 : dayOfDate(q.from)));
      const from = q.from ?? dateOfDay(Math.min(today(ctx.timeZone, Date.parse(link.created_at)), dayOfDate(to)));
      return phpShortAnswer(stats, { ...q, name: q.name }, `${ctx.baseUrl()}/api/v1/stats/${link.id}`, { from, to });
    }
    return single(stats);
  });
}

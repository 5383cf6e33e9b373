// /api/v1/reports: visitors' reports of links (the "Report this link" form of
// the redirect pages), for admins: the queue grouped by link, and dismissals.
// Admin-only by policy.ts (an unknown first segment needs `admin`). Each
// dismissal is an audit entry `report.dismiss` on its link.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../../../shared/schemas/resources.ts';
import {
  reportGroupSchema, reportLinkDismissSchema, reportListQuerySchema, reportsDismissedSchema, reportSchema, type LinkReport, type ReportGroup,
} from '../../../../shared/schemas/reports.ts';
import { errorResponses, errorSchema, pageOf, singleOf } from '../../../../shared/schemas/responses.ts';
import { reportJson } from '../../abuse/report-events.ts';
import type { ReportGroupRow, ReportRow } from '../../abuse/reports-repository.ts';
import { principalOf } from '../../auth/authenticate.ts';
import { isoNow } from '../../util/time.ts';
import type { ApiContext } from '../context.ts';
import { conflict, invalid, notFound } from '../errors.ts';
import { page, single } from '../responses.ts';
import { shortUrl } from '../serializers.ts';

const tags = ['reports'];
const ADMIN_ONLY = ' Needs a key with the `admin` scope, of a user whose role is admin.';

const serializeReport = (r: ReportRow) => reportJson(r) as LinkReport;

export function reportsRoutes(app: FastifyInstance, ctx: ApiContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = ctx.repos.reports;
  const audit = (req: FastifyRequest, linkId: number, ids: number[]) => {
    const p = principalOf(req);
    return ctx.repos.audit.recordAll(ids.map((id) => ({
      userId: p.userId, keyPrefix: p.keyPrefix, source: 'api' as const, action: 'report.dismiss', targetType: 'link', targetId: linkId,
      fields: [`report=${id}`], ip: req.ip,
    })), ctx.now());
  };
  const group = (g: ReportGroupRow, reports: ReportRow[]): ReportGroup => ({
    link: {
      id: g.link_id, alias: g.alias, short_url: shortUrl({ baseUrl: ctx.baseUrl() }, g.domain_name, g.alias), url: g.url, clicks: g.clicks,
      owner: { id: g.user_id, name: g.user_name },
    },
    report_count: g.reports, reporters: g.reporters, latest_at: isoNow(g.latest_at), reports: reports.map(serializeReport),
  });

  r.get('/reports', {
    schema: {
      tags, summary: 'Reported links, the most recently reported first',
      description: 'Links that visitors reported with the "Report this link" form, one entry per link: the link (short URL, destination, clicks, owner), '
        + 'how many reports and distinct reporters, and its newest reports. `status` picks the reports counted and shown: open (the default), '
        + `dismissed, actioned or all.${ADMIN_ONLY}`,
      querystring: reportListQuerySchema, response: { 200: pageOf(reportGroupSchema), ...errorResponses },
    },
  }, async (req) => {
    const { rows, total } = await repo.groups(req.query.status, req.query);
    const latest = await repo.latestOf(rows.map((g) => g.link_id), req.query.status);
    return page(req, ctx.baseUrl(), rows.map((g) => group(g, latest.get(g.link_id) ?? [])), total, req.query);
  });

  r.post('/reports/:id/dismiss', {
    schema: {
      tags, summary: 'Dismiss a report',
      description: `Marks an open report as looked at with nothing to do; a report dismissed already is answered as it is. 409 for a report that was acted on (its link banned).${ADMIN_ONLY}`,
      params: idParamSchema, response: { 200: singleOf(reportSchema), 409: errorSchema, ...errorResponses },
    },
  }, async (req) => {
    const done = await repo.dismiss(req.params.id, principalOf(req).userId, ctx.now());
    if (!done) throw notFound();
    if (!done.changed && done.row.status !== 'dismissed') throw conflict('This report was acted on already; it cannot be dismissed.');
    if (done.changed) await audit(req, done.row.link_id, [done.row.id]);
    return single(serializeReport(done.row));
  });

  r.post('/reports/dismiss', {
    schema: {
      tags, summary: 'Dismiss every open report of a link',
      description: `Body: \`link_id\`. Answers the ids of the reports dismissed (none when the link had no open report); 422 on link_id for a link that does not exist.${ADMIN_ONLY}`,
      body: reportLinkDismissSchema, response: { 200: singleOf(reportsDismissedSchema), ...errorResponses },
    },
  }, async (req) => {
    if (!(await repo.linkExists(req.body.link_id))) throw invalid('link_id', 'No link has this link_id.');
    const ids = await repo.dismissLink(req.body.link_id, principalOf(req).userId, ctx.now());
    await audit(req, req.body.link_id, ids);
    return single({ link_id: req.body.link_id, dismissed: ids });
  });
}

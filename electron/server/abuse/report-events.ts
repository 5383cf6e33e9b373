// What a new report sets off: an audit entry (`report.create`, its actor a
// visitor, no address) and the webhook event `report.created` to every admin's
// hooks that subscribe to it. Dismissals are recorded by the API routes
// (api/routes/reports.ts).
import type { Repositories, WebhookContext } from '../api/context.ts';
import { shortUrl } from '../api/serializers.ts';
import type { RedirectLink } from '../db/repositories/redirect-repository.ts';
import { isoNow } from '../util/time.ts';
import type { ReportRow } from './reports-repository.ts';
import type { ReportsRepository } from './reports-repository.ts';

/** The audit log's name for the actor of a report. */
export const VISITOR = 'Visitor (report form)';

export const reportJson = (r: ReportRow) => ({
  id: r.id, link_id: r.link_id, reason: r.reason, details: r.details, status: r.status, created_at: isoNow(r.created_at),
  resolved_by: r.resolved_by, resolved_at: r.resolved_at === null ? null : isoNow(r.resolved_at),
});

export interface ReportEventDeps {
  repos: Pick<Repositories, 'audit'>;
  reports: Pick<ReportsRepository, 'adminIds'>;
  webhooks: Pick<WebhookContext, 'emit'> | null;
  baseUrl(): string;
}

export function createReportEvents(d: ReportEventDeps) {
  return async (link: RedirectLink, host: string, report: ReportRow): Promise<void> => {
    await d.repos.audit.record({
      userId: null, userName: VISITOR, keyPrefix: null, source: 'api', action: 'report.create', targetType: 'link', targetId: link.id,
      fields: ['details', 'reason', `reason=${report.reason}`, `report=${report.id}`], ip: null,
    }, report.created_at);
    if (!d.webhooks) return;
    const data = {
      report: reportJson(report),
      link: {
        id: link.id, alias: link.alias, url: link.url, user_id: link.user_id,
        short_url: shortUrl({ baseUrl: d.baseUrl() }, link.domain_id === null ? null : host, link.alias),
      },
    };
    for (const admin of await d.reports.adminIds()) await d.webhooks.emit(admin, 'report.created', data);
  };
}

// `/<alias>/report`: where the "Report this link" form posts (a path no alias
// can take: an alias has no slash). GET shows the form on a page of its own
// (and the thank-you page after a report); POST stores a report. A report is
// no visit: no click is counted, no rotation turns, nothing is forwarded.
// Refused, in this order and storing nothing: a post from another site (403,
// same-site.ts, as the consent form), an address over its limit (429 with
// Retry-After, report-limits.ts), a reason or text that does not fit (422,
// the form again with what was written).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { linkStatus, shortUrl } from '../api/serializers.ts';
import type { RedirectLink } from '../db/repositories/redirect-repository.ts';
import { sendPage } from '../redirect/html.ts';
import { notFoundPage } from '../redirect/pages.ts';
import { elsewhere, elsewherePage } from '../redirect/same-site.ts';
export { reportForm } from './report-form.ts';
import { REPORT_DETAILS_MAX, REPORT_ERRORS, reportFormPage, reportLimitPage, reportPath, reportThanksPage, type ReportFormState } from './report-form.ts';
import { createReportLimits, type ReportLimit } from './report-limits.ts';
import { REPORT_REASONS, type ReportReason, type ReportRow, type ReportsRepository } from './reports-repository.ts';

type AliasRequest = FastifyRequest<{ Params: { alias: string } }>;

export interface ReportRouteDeps {
  /** The link of `/<alias>` on the request's host; undefined after the not-found answer was sent (plugin.ts lookup). */
  lookup(req: AliasRequest, reply: FastifyReply, stopped?: boolean): { link: RedirectLink | undefined; host: string } | Promise<{ link: RedirectLink | undefined; host: string }>;
  ownHost(): string;
  baseUrl(): string;
  now(): number;
  repo: ReportsRepository;
  /** The instance's key for hashing addresses (report-limits.ts). */
  secret: Buffer;
  limits?: readonly ReportLimit[];
  /** After a report is stored: its audit entry and webhooks (report-events.ts). */
  created?(link: RedirectLink, host: string, report: ReportRow): Promise<void>;
}

type Checked = { reason: ReportReason; details: string } | { errors: NonNullable<ReportFormState['errors']>; state: ReportFormState };

// Control characters but tab and newline are dropped (PostgreSQL's text takes no NUL); browsers send newlines as CRLF.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** The form's fields, read as a person would be told about them. */
export function checkReport(body: unknown): Checked {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const reason = typeof b.reason === 'string' ? b.reason : '';
  const details = typeof b.details === 'string' ? b.details.replace(/\r\n?/g, '\n').replace(CONTROL, '').trim() : '';
  const errors: NonNullable<ReportFormState['errors']> = {};
  if (!(REPORT_REASONS as readonly string[]).includes(reason)) errors.reason = { message: REPORT_ERRORS.noReason };
  if (b.details !== undefined && typeof b.details !== 'string') errors.details = { message: REPORT_ERRORS.notText };
  const length = [...details].length;
  if (length > REPORT_DETAILS_MAX) errors.details = { message: REPORT_ERRORS.tooLong, values: { max: REPORT_DETAILS_MAX, length } };
  if (errors.reason || errors.details) return { errors, state: { reason, details } };
  return { reason: reason as ReportReason, details };
}

export function registerReportRoutes(r: FastifyInstance, d: ReportRouteDeps): void {
  const hide = { schema: { hide: true } };
  const limits = createReportLimits(d.secret, d.repo, d.limits);
  // A disabled link is gone for visitors: nothing there to report.
  const gone = (link: RedirectLink) => linkStatus(link, d.now()) === 3;
  const short = (link: RedirectLink, host: string) => shortUrl({ baseUrl: d.baseUrl() }, link.domain_id === null ? null : host, link.alias);

  r.get<{ Params: { alias: string }; Querystring: Record<string, unknown> }>('/:alias/report', hide, async (req, reply) => {
    const { link, host } = await d.lookup(req, reply, true);
    if (!link) return reply;
    if (gone(link)) return sendPage(reply, notFoundPage);
    if (req.query.thanks !== undefined) return sendPage(reply, (t) => reportThanksPage(t, short(link, host)));
    return sendPage(reply, (t) => reportFormPage(t, link.alias, host, short(link, host)));
  });

  // 500 characters of 4-byte UTF-8, percent-encoded, fit with room to spare.
  r.post<{ Params: { alias: string } }>('/:alias/report', { ...hide, bodyLimit: 16_384 }, async (req, reply) => {
    const { link, host } = await d.lookup(req, reply, true);
    if (!link) return reply;
    if (gone(link)) return sendPage(reply, notFoundPage);
    if (elsewhere(req.headers, host, d.ownHost())) return sendPage(reply, (t) => elsewherePage(t, reportPath(link.alias)));
    const ipHash = limits.hashOf(req.ip);
    const now = d.now();
    const wait = await limits.wait(ipHash, now);
    if (wait) return sendPage(reply, (t) => reportLimitPage(t, wait));
    const checked = checkReport(req.body);
    if ('errors' in checked) return sendPage(reply, (t) => reportFormPage(t, link.alias, host, short(link, host), { ...checked.state, errors: checked.errors }, 422));
    const report = await d.repo.add({ linkId: link.id, reason: checked.reason, details: checked.details, ipHash, at: now });
    // The report is stored: the visitor is thanked even if its audit entry or webhooks could not be written.
    try {
      await d.created?.(link, host, report);
    } catch (err) {
      req.log.error({ err, report: report.id }, 'could not write the audit entry or webhooks of a report');
    }
    return reply.code(303).headers({ location: `${reportPath(link.alias)}?thanks`, 'cache-control': 'no-store' }).send();
  });
}

// /api/v1/audit: the audit log, for admins, read-only (no route changes or
// deletes an entry), as pages or as one CSV file.
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { neutralizeRows } from '../../../../shared/csv-safe.ts';
import { auditEntrySchema, auditExportQuerySchema, auditListQuerySchema, type AuditEntry } from '../../../../shared/schemas/admin.ts';
import { errorResponses, pageOf } from '../../../../shared/schemas/responses.ts';
import type { AuditFilter, AuditRow } from '../../db/repositories/audit-repository.ts';
import { isoNow, zonedToUtc } from '../../util/time.ts';
import type { ApiContext } from '../context.ts';
import { invalid } from '../errors.ts';
import { page } from '../responses.ts';

const tags = ['audit'];
const ADMIN_ONLY = ' Needs a key with the `admin` scope, of a user whose role is admin.';
const FILTERS = '`user_id`, `action` (link.create, key.revoke…), `target_type` and `target_id` match exactly; `from`/`to` (YYYY-MM-DD, inclusive, the instance\'s time zone) pick the days.';
const AUDIT_CSV_COLUMNS = ['id', 'at', 'user_id', 'user_name', 'key_prefix', 'source', 'action', 'target_type', 'target_id', 'fields', 'ip'] as const;

const serializeAudit = (r: AuditRow): AuditEntry => ({
  id: r.id, at: r.at, user: { id: r.user_id, name: r.user_name }, key_prefix: r.key_prefix, source: r.source === 'cli' || r.source === 'system' ? r.source : 'api',
  action: r.action, target_type: r.target_type, target_id: r.target_id, fields: JSON.parse(r.fields) as string[], ip: r.ip,
});

/** Rows of the audit CSV, header first; formula-like cells neutralized. */
function auditCsv(rows: AuditRow[], header = true): string {
  const body = rows.map((r) => [r.id, r.at, r.user_id ?? '', r.user_name ?? '', r.key_prefix ?? '', r.source, r.action, r.target_type,
    r.target_id ?? '', (JSON.parse(r.fields) as string[]).join(' '), r.ip ?? '']);
  return stringify(neutralizeRows(header ? [[...AUDIT_CSV_COLUMNS], ...body] : body));
}

export function auditRoutes(app: FastifyInstance, ctx: ApiContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const filterOf = (q: z.infer<typeof auditExportQuerySchema>): AuditFilter => {
    if (q.from !== undefined && q.to !== undefined && q.from > q.to) throw invalid('to', 'The to date may not be before the from date.');
    const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    return {
      user_id: q.user_id, action: q.action, target_type: q.target_type, target_id: q.target_id,
      fromAt: q.from === undefined ? undefined : isoNow(zonedToUtc(q.from, '00:00', ctx.timeZone)),
      toAt: q.to === undefined ? undefined : isoNow(zonedToUtc(nextDay(q.to), '00:00', ctx.timeZone)),
    };
  };

  r.get('/audit', {
    schema: {
      tags, summary: 'The audit log, newest first',
      description: `Every change made through the API or the command line: who, with which key (its prefix), the action, its target, the names of the fields it carried (never a value), the client's address and the time. ${FILTERS}${ADMIN_ONLY}`,
      querystring: auditListQuerySchema, response: { 200: pageOf(auditEntrySchema), ...errorResponses },
    },
  }, async (req) => {
    const { rows, total } = await ctx.repos.audit.list(filterOf(req.query), req.query);
    return page(req, ctx.baseUrl(), rows.map(serializeAudit), total, req.query);
  });

  r.get('/audit/export', {
    schema: {
      tags, summary: 'The audit log as CSV', description: `text/csv, newest first, with the filters of GET /audit (no pages). Cells a spreadsheet would run as formulas start with an apostrophe.${ADMIN_ONLY}`,
      querystring: auditExportQuerySchema, response: { 200: { description: 'The CSV file, header row first.', content: { 'text/csv': { schema: z.string() } } }, ...errorResponses },
    },
  }, async (req, reply) => {
    const parts: string[] = [auditCsv([])];
    let batch: AuditRow[] = [];
    for await (const row of ctx.repos.audit.each(filterOf(req.query))) {
      batch.push(row);
      if (batch.length === 1000) {
        parts.push(auditCsv(batch, false));
        batch = [];
      }
    }
    if (batch.length) parts.push(auditCsv(batch, false));
    return reply.header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="linkdesk-audit-${isoNow(ctx.now()).slice(0, 10)}.csv"`)
      .send(parts.join(''));
  });
}

// Visitors' reports of links (/api/v1/reports, admins only): request and
// response shapes. The reasons and statuses are the server's (link_reports).
import { z } from 'zod';
import { PER_PAGE_VALUES } from '../constants.ts';
import { id, int, oneOf, oneOfStrings } from './fields.ts';

export const REPORT_REASON_VALUES = ['phishing', 'malware', 'spam', 'other'] as const;
/** open: waiting for an admin; dismissed: looked at, nothing done; actioned: the link (or its host) was banned for it. */
export const REPORT_STATUS_VALUES = ['open', 'dismissed', 'actioned'] as const;
export const REPORT_FILTERS = [...REPORT_STATUS_VALUES, 'all'] as const;

const timestamp = z.string().describe('ISO 8601, UTC');

export const reportSchema = z.object({
  id: z.number().int(),
  link_id: z.number().int(),
  reason: z.enum(REPORT_REASON_VALUES),
  details: z.string().describe('What the visitor wrote, at most 500 characters, as written (escape it when you show it)'),
  status: z.enum(REPORT_STATUS_VALUES),
  created_at: timestamp,
  resolved_by: z.number().int().nullable().describe('The admin who dismissed or acted on it'),
  resolved_at: timestamp.nullable(),
}).meta({ id: 'LinkReport' });
export type LinkReport = z.infer<typeof reportSchema>;

export const reportGroupSchema = z.object({
  link: z.object({
    id: z.number().int(), alias: z.string(), short_url: z.string(), url: z.string().describe('The destination'),
    clicks: z.number().int(), owner: z.object({ id: z.number().int(), name: z.string().nullable() }),
  }),
  report_count: z.number().int().describe('Reports of the link with the status asked for'),
  reporters: z.number().int().describe('Distinct addresses among them (told apart by a keyed hash; no address is stored)'),
  latest_at: timestamp,
  reports: z.array(reportSchema).describe('The newest of them, at most 5, newest first'),
}).meta({ id: 'ReportGroup' });
export type ReportGroup = z.infer<typeof reportGroupSchema>;

export const reportListQuerySchema = z.object({
  status: oneOfStrings('status', REPORT_FILTERS).default('open'),
  per_page: oneOf('per_page', PER_PAGE_VALUES).default(10),
  page: int('page', 1).default(1),
});

export const reportLinkDismissSchema = z.object({ link_id: id('link_id') });
export const reportsDismissedSchema = z.object({
  link_id: z.number().int(), dismissed: z.array(z.number().int()).describe('The ids of the reports dismissed (those that were open)'),
});

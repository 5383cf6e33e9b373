// The CSV a bulk action or a copy offers when some links were not handled:
// one line per link, saying which link, which field and why.
import { stringify } from 'csv-stringify/sync';
import { neutralizeRows } from '../../../shared/csv-safe.ts';
import type { JobControl } from '../jobs.ts';

export const REPORT_MIME = 'text/csv';

/** Sets the report as the job's file, when there is anything to report. */
export function setReport(ctl: JobControl, name: string, header: string[], rows: (string | number)[][]): void {
  if (!rows.length) return;
  ctl.setFile({ name, mime: REPORT_MIME, content: stringify(neutralizeRows([header, ...rows])), rows: rows.length });
}

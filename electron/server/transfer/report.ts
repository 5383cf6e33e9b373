// The report of rows an import did not write: one line per rejection, so a
// person can fix the file and import those rows again.
import { stringify } from 'csv-stringify/sync';
import { neutralizeRows } from '../../../shared/csv-safe.ts';
import type { Rejection } from './types.ts';

export const reportCsv = (rejections: Rejection[]): string =>
  stringify(neutralizeRows([['row', 'field', 'reason'], ...rejections.map((r) => [String(r.row), r.field, r.reason])]));

// What the jobs list says about imports, exports, copies and bulk actions, in
// the user's language (the one current when the job starts or reports):
// ICU plurals, never a hand-written "link"/"links".
import { defineMessages, type IntlShape } from '@formatjs/intl';
import type { BulkAction } from './bulk-actions.ts';

type N = { count: number };
type NI = { count: number; instance: string };
type Progress = { updated: number; rejected: number };

const titles = defineMessages<{
  deleteTitle: NI; disableTitle: NI; enableTitle: NI; moveToSpaceTitle: NI; moveOutOfSpaceTitle: NI; setExpiryTitle: NI; clearExpiryTitle: NI;
  exportSelectedTitle: NI & { format: string }; exportFilteredTitle: { instance: string; format: string }; exportAllTitle: { instance: string; format: string };
  copyTitle: N & { source: string; target: string }; importTitle: { file: string; instance: string };
}>({
  deleteTitle: { id: 'desktop.jobs.bulk.deleteTitle', defaultMessage: 'Delete {count, plural, one {# link} other {# links}} in {instance}', description: 'Job title; instance: the instance\'s name' },
  disableTitle: { id: 'desktop.jobs.bulk.disableTitle', defaultMessage: 'Disable {count, plural, one {# link} other {# links}} in {instance}' },
  enableTitle: { id: 'desktop.jobs.bulk.enableTitle', defaultMessage: 'Enable {count, plural, one {# link} other {# links}} in {instance}' },
  moveToSpaceTitle: { id: 'desktop.jobs.bulk.moveToSpaceTitle', defaultMessage: 'Move {count, plural, one {# link} other {# links}} to a space in {instance}' },
  moveOutOfSpaceTitle: { id: 'desktop.jobs.bulk.moveOutOfSpaceTitle', defaultMessage: 'Move {count, plural, one {# link} other {# links}} out of their space in {instance}' },
  setExpiryTitle: { id: 'desktop.jobs.bulk.setExpiryTitle', defaultMessage: 'Set the expiry of {count, plural, one {# link} other {# links}} in {instance}' },
  clearExpiryTitle: { id: 'desktop.jobs.bulk.clearExpiryTitle', defaultMessage: 'Clear the expiry of {count, plural, one {# link} other {# links}} in {instance}' },
  exportSelectedTitle: { id: 'desktop.jobs.export.selectedTitle', defaultMessage: 'Export {count, plural, one {# link} other {# links}} of {instance} as {format}', description: 'format: CSV or JSON' },
  exportFilteredTitle: { id: 'desktop.jobs.export.filteredTitle', defaultMessage: 'Export the filtered links of {instance} as {format}' },
  exportAllTitle: { id: 'desktop.jobs.export.allTitle', defaultMessage: 'Export all links of {instance} as {format}' },
  copyTitle: { id: 'desktop.jobs.copy.title', defaultMessage: 'Copy {count, plural, one {# link} other {# links}} from {source} to {target}', description: 'source, target: instance names' },
  importTitle: { id: 'desktop.jobs.import.title', defaultMessage: 'Import {file} into {instance}', description: 'file: the imported file\'s name; instance: the instance\'s name' },
});

const progress = defineMessages<{
  deleted: Progress; disabled: Progress; enabled: Progress; moved: Progress; expiryChanged: Progress;
  exported: N; protectedArrivedDisabled: N; pausedAt: { row: number }; closedDuring: { row: number };
  stoppedBefore: { row: number; count: number }; lockedForPassword: N; pixelNotCreated: { name: string; reason: string };
}>({
  deleted: { id: 'desktop.jobs.bulk.deleted', defaultMessage: '{updated, plural, one {# link deleted} other {# links deleted}}{rejected, plural, =0 {} other {, # not}}.', description: 'Bulk action progress; rejected: links the server refused' },
  disabled: { id: 'desktop.jobs.bulk.disabled', defaultMessage: '{updated, plural, one {# link disabled} other {# links disabled}}{rejected, plural, =0 {} other {, # not}}.' },
  enabled: { id: 'desktop.jobs.bulk.enabled', defaultMessage: '{updated, plural, one {# link enabled} other {# links enabled}}{rejected, plural, =0 {} other {, # not}}.' },
  moved: { id: 'desktop.jobs.bulk.moved', defaultMessage: '{updated, plural, one {# link moved} other {# links moved}}{rejected, plural, =0 {} other {, # not}}.' },
  expiryChanged: { id: 'desktop.jobs.bulk.expiryChanged', defaultMessage: '{updated, plural, one {# link changed} other {# links changed}}{rejected, plural, =0 {} other {, # not}}.' },
  exported: { id: 'desktop.jobs.export.done', defaultMessage: '{count, plural, one {# link exported} other {# links exported}}.' },
  protectedArrivedDisabled: { id: 'desktop.jobs.copy.protectedDisabled', defaultMessage: '{count, plural, one {# password-protected link arrived disabled} other {# password-protected links arrived disabled}}: passwords never leave an instance.' },
  pausedAt: { id: 'desktop.jobs.import.pausedAt', defaultMessage: 'Paused at row {row, number}.' },
  closedDuring: { id: 'desktop.jobs.import.closedDuring', defaultMessage: 'Linkdesk closed during this import; Resume continues from row {row, number}.' },
  stoppedBefore: { id: 'desktop.jobs.import.stoppedBefore', defaultMessage: 'Stopped before row {row, number}: {count, plural, one {the # link written until then is kept} other {the # links written until then are kept}}.' },
  lockedForPassword: { id: 'desktop.jobs.import.lockedForPassword', defaultMessage: '{count, plural, one {# link asks for a password none was given for: it was imported disabled (or with private statistics).} other {# links ask for a password none was given for: they were imported disabled (or with private statistics).}}' },
  pixelNotCreated: { id: 'desktop.jobs.import.pixelNotCreated', defaultMessage: 'The pixel “{name}” could not be created ({reason}); links were imported without it.', description: 'reason: the server\'s own words, in English' },
});

const plain = defineMessages({
  findingLinks: { id: 'desktop.jobs.findingLinks', defaultMessage: 'Finding the links…' },
  readingLinks: { id: 'desktop.jobs.readingLinks', defaultMessage: 'Reading the links…' },
});

/** A bulk action's job title ("Disable 120 links in Marketing"). */
export function bulkTitle(intl: IntlShape, action: BulkAction, count: number, instance: string): string {
  const v = { count, instance };
  switch (action.type) {
    case 'delete': return intl.formatMessage(titles.deleteTitle, v);
    case 'disable': return action.disabled ? intl.formatMessage(titles.disableTitle, v) : intl.formatMessage(titles.enableTitle, v);
    case 'space': return action.space_id === null ? intl.formatMessage(titles.moveOutOfSpaceTitle, v) : intl.formatMessage(titles.moveToSpaceTitle, v);
    case 'expiry': return action.expiration_date === null ? intl.formatMessage(titles.clearExpiryTitle, v) : intl.formatMessage(titles.setExpiryTitle, v);
  }
}

/** A bulk action's progress ("120 links disabled, 3 not."). */
export function bulkProgress(intl: IntlShape, action: BulkAction, updated: number, rejected: number): string {
  const v = { updated, rejected };
  switch (action.type) {
    case 'delete': return intl.formatMessage(progress.deleted, v);
    case 'disable': return action.disabled ? intl.formatMessage(progress.disabled, v) : intl.formatMessage(progress.enabled, v);
    case 'space': return intl.formatMessage(progress.moved, v);
    case 'expiry': return intl.formatMessage(progress.expiryChanged, v);
  }
}

/** An export's title: chosen links (their count), the list's filter, or every link. */
export function exportTitle(intl: IntlShape, what: { count: number } | 'filtered' | 'all', instance: string, format: string): string {
  if (what === 'filtered') return intl.formatMessage(titles.exportFilteredTitle, { instance, format });
  if (what === 'all') return intl.formatMessage(titles.exportAllTitle, { instance, format });
  return intl.formatMessage(titles.exportSelectedTitle, { count: what.count, instance, format });
}

export const jobWords = (intl: IntlShape) => ({
  copyTitle: (count: number, source: string, target: string) => intl.formatMessage(titles.copyTitle, { count, source, target }),
  importTitle: (file: string, instance: string) => intl.formatMessage(titles.importTitle, { file, instance }),
  exported: (count: number) => intl.formatMessage(progress.exported, { count }),
  protectedArrivedDisabled: (count: number) => intl.formatMessage(progress.protectedArrivedDisabled, { count }),
  pausedAt: (row: number) => intl.formatMessage(progress.pausedAt, { row }),
  closedDuring: (row: number) => intl.formatMessage(progress.closedDuring, { row }),
  stoppedBefore: (row: number, count: number) => intl.formatMessage(progress.stoppedBefore, { row, count }),
  lockedForPassword: (count: number) => intl.formatMessage(progress.lockedForPassword, { count }),
  pixelNotCreated: (name: string, reason: string) => intl.formatMessage(progress.pixelNotCreated, { name, reason }),
  findingLinks: () => intl.formatMessage(plain.findingLinks),
  readingLinks: () => intl.formatMessage(plain.readingLinks),
});

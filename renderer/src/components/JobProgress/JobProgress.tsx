// A job in main (import, export, copy, bulk action) as the screens show it:
// a progress bar with its counts, Pause/Resume/Cancel, and the file it made
// (an export, or the report of rejected rows) to save. The job's view is read
// once with `jobs.get`; every change after that is pushed by main into the
// query cache (api/pushes.ts). The parent hears once that it ended.
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import type { JobView } from '../../../../shared/transfer.ts';
import { call, toIpcError } from '../../api/api.ts';
import { jobEnded, jobKey, newerJob, storeJob } from '../../api/pushes.ts';
import { queryClient } from '../../api/query.ts';
import { saveFile } from '../../api/save-file.ts';
import { getIntl } from '../../i18n/current.ts';
import { notify } from '../../notify.ts';

export { jobEnded } from '../../api/pushes.ts';

/** Saves the job's file through the browser's download (Electron asks where). */
export async function saveJobFile(jobId: string): Promise<void> {
  saveFile(await call('jobs.file', { id: jobId }));
}


export function jobSummary(j: JobView, intl: IntlShape = getIntl()): string {
  const values = { created: j.created, updated: j.updated, skipped: j.skipped, rejected: j.rejected };
  return j.updated
    ? intl.formatMessage({
      id: 'app.job.summaryUpdated',
      defaultMessage: '{created, number} created, {updated, number} updated, {skipped, number} skipped, {rejected, number} rejected',
      description: 'Counts of an import or copy job: rows (links) created, updated, skipped, rejected',
    }, values)
    : intl.formatMessage({
      id: 'app.job.summary',
      defaultMessage: '{created, number} created, {skipped, number} skipped, {rejected, number} rejected',
      description: 'Counts of an import or copy job: rows (links) created, skipped, rejected',
    }, values);
}

const STATUS = defineMessages({
  running: { id: 'app.job.status.running', defaultMessage: 'Running' },
  paused: { id: 'app.job.status.paused', defaultMessage: 'Paused' },
  cancelled: { id: 'app.job.status.cancelled', defaultMessage: 'Cancelled' },
  done: { id: 'app.job.status.done', defaultMessage: 'Done' },
  failed: { id: 'app.job.status.failed', defaultMessage: 'Failed' },
});

interface Props {
  jobId: string;
  /** Offer Pause/Resume (imports and copies); Cancel is always offered while it runs. */
  pausable?: boolean;
  /** Counters in words under the bar; off for jobs whose counts say nothing (exports). */
  counts?: boolean;
  /** What saving the job's file is called ("Save report", "Save export"). */
  fileLabel?: string;
  onEnd?(job: JobView): void;
}

export function JobProgress({ jobId, pausable = false, counts = true, fileLabel, onEnd }: Props) {
  const intl = useIntl();
  const q = useQuery({
    queryKey: jobKey(jobId),
    queryFn: async () => newerJob(queryClient.getQueryData<JobView>(jobKey(jobId)), await call('jobs.get', { id: jobId }, { quiet: true })),
    // Main pushes every change: the cache is never out of date while main runs.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const job = q.data ?? null;
  const ended = useRef<string | null>(null);
  const onEndRef = useRef(onEnd);
  onEndRef.current = onEnd;
  useEffect(() => {
    if (job && jobEnded(job) && ended.current !== job.id) {
      ended.current = job.id;
      onEndRef.current?.(job);
    }
  }, [job]);
  useEffect(() => {
    if (q.error) notify({ title: intl.formatMessage({ id: 'app.job.progressUnavailable', defaultMessage: 'Progress unavailable' }), message: toIpcError(q.error).message, color: 'red' });
  }, [q.error]);

  const act = (name: 'jobs.pause' | 'jobs.resume' | 'jobs.cancel') => async () => {
    try {
      storeJob(await call(name, { id: jobId }));
    } catch (e) {
      notify({ title: intl.formatMessage({ id: 'app.job.changeFailed', defaultMessage: 'Could not change the job' }), message: toIpcError(e).message, color: 'red' });
    }
  };

  if (!job) return <Progress value={0} aria-label={intl.formatMessage({ id: 'app.job.progress', defaultMessage: 'Progress' })} animated />;
  const value = job.total ? Math.min(100, (job.done / job.total) * 100) : jobEnded(job) ? 100 : 0;
  const live = !jobEnded(job);
  return (
    <Stack gap="xs" data-testid="job-progress" data-status={job.status}>
      <Group justify="space-between">
        <Text fw={500}>{job.title}</Text>
        <Text size="sm" c="dimmed" aria-live="polite">
          {job.total !== null
            ? intl.formatMessage({ id: 'app.job.doneOfTotal', defaultMessage: '{status} · {done, number} of {total, number}', description: 'A job\'s state and how many of its rows are done' },
              { status: intl.formatMessage(STATUS[job.status]), done: job.done, total: job.total })
            : intl.formatMessage({ id: 'app.job.done', defaultMessage: '{status} · {done, number}', description: 'A job\'s state and how many rows are done (total unknown)' },
              { status: intl.formatMessage(STATUS[job.status]), done: job.done })}
        </Text>
      </Group>
      <Progress
        value={value}
        animated={job.status === 'running'}
        color={job.status === 'failed' ? 'red' : job.status === 'done' ? 'teal' : undefined}
        aria-label={intl.formatMessage({ id: 'app.job.barLabel', defaultMessage: '{title}: {percent, number, percent}' }, { title: job.title, percent: Math.round(value) / 100 })}
      />
      {counts && <Text size="sm" data-testid="job-counts">{jobSummary(job, intl)}</Text>}
      {job.message && <Text size="sm" c={job.status === 'failed' ? 'red' : 'dimmed'}>{job.message}</Text>}
      <Group gap="xs">
        {pausable && live && (job.status === 'paused'
          ? <Button size="xs" onClick={act('jobs.resume')}>{intl.formatMessage({ id: 'app.job.resume', defaultMessage: 'Resume' })}</Button>
          : <Button size="xs" variant="default" onClick={act('jobs.pause')}>{intl.formatMessage({ id: 'app.job.pause', defaultMessage: 'Pause' })}</Button>)}
        {live && <Button size="xs" variant="default" color="red" onClick={act('jobs.cancel')}>{intl.formatMessage({ id: 'app.job.cancel', defaultMessage: 'Cancel', description: 'Stops a running job' })}</Button>}
        {job.file && (
          <Button size="xs" variant={live ? 'default' : 'filled'} onClick={() => void saveJobFile(jobId).catch((e) =>
            notify({ title: intl.formatMessage({ id: 'app.job.saveFailed', defaultMessage: 'Could not save' }), message: toIpcError(e).message, color: 'red' }))}>
            {intl.formatMessage({ id: 'app.job.fileButton', defaultMessage: '{label} ({rows, plural, one {# row} other {# rows}})', description: 'label: e.g. "Save report"' },
              { label: fileLabel ?? intl.formatMessage({ id: 'app.job.saveReport', defaultMessage: 'Save report' }), rows: job.file.rows })}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

// A job in main (import, export, copy, bulk action) as the screens show it:
// a progress bar with its counts, Pause/Resume/Cancel, and the file it made
// (an export, or the report of rejected rows) to save. The job's view is read
// once with `jobs.get`; every change after that is pushed by main into the
// query cache (api/pushes.ts). The parent hears once that it ended.
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { JobView } from '../../../../shared/transfer.ts';
import { call, toIpcError } from '../../api/api.ts';
import { jobEnded, jobKey, newerJob, storeJob } from '../../api/pushes.ts';
import { queryClient } from '../../api/query.ts';
import { saveFile } from '../../api/save-file.ts';
import { formatCount } from '../../format.ts';
import { notify } from '../../notify.ts';

export { jobEnded } from '../../api/pushes.ts';

/** Saves the job's file through the browser's download (Electron asks where). */
export async function saveJobFile(jobId: string): Promise<void> {
  saveFile(await call('jobs.file', { id: jobId }));
}

const n = formatCount;

export function jobSummary(j: JobView): string {
  const parts = [`${n(j.created)} created`];
  if (j.updated) parts.push(`${n(j.updated)} updated`);
  parts.push(`${n(j.skipped)} skipped`, `${n(j.rejected)} rejected`);
  return parts.join(', ');
}

const STATUS: Record<JobView['status'], string> = {
  running: 'Running', paused: 'Paused', cancelled: 'Cancelled', done: 'Done', failed: 'Failed',
};

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

export function JobProgress({ jobId, pausable = false, counts = true, fileLabel = 'Save report', onEnd }: Props) {
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
    if (q.error) notify({ title: 'Progress unavailable', message: toIpcError(q.error).message, color: 'red' });
  }, [q.error]);

  const act = (name: 'jobs.pause' | 'jobs.resume' | 'jobs.cancel') => async () => {
    try {
      storeJob(await call(name, { id: jobId }));
    } catch (e) {
      notify({ title: 'Could not change the job', message: toIpcError(e).message, color: 'red' });
    }
  };

  if (!job) return <Progress value={0} aria-label="Progress" animated />;
  const value = job.total ? Math.min(100, (job.done / job.total) * 100) : jobEnded(job) ? 100 : 0;
  const live = !jobEnded(job);
  return (
    <Stack gap="xs" data-testid="job-progress" data-status={job.status}>
      <Group justify="space-between">
        <Text fw={500}>{job.title}</Text>
        <Text size="sm" c="dimmed" aria-live="polite">
          {STATUS[job.status]} · {n(job.done)}{job.total !== null ? ` of ${n(job.total)}` : ''}
        </Text>
      </Group>
      <Progress
        value={value}
        animated={job.status === 'running'}
        color={job.status === 'failed' ? 'red' : job.status === 'done' ? 'teal' : undefined}
        aria-label={`${job.title}: ${Math.round(value)}%`}
      />
      {counts && <Text size="sm" data-testid="job-counts">{jobSummary(job)}</Text>}
      {job.message && <Text size="sm" c={job.status === 'failed' ? 'red' : 'dimmed'}>{job.message}</Text>}
      <Group gap="xs">
        {pausable && live && (job.status === 'paused'
          ? <Button size="xs" onClick={act('jobs.resume')}>Resume</Button>
          : <Button size="xs" variant="default" onClick={act('jobs.pause')}>Pause</Button>)}
        {live && <Button size="xs" variant="default" color="red" onClick={act('jobs.cancel')}>Cancel</Button>}
        {job.file && (
          <Button size="xs" variant={live ? 'default' : 'filled'} onClick={() => void saveJobFile(jobId).catch((e) =>
            notify({ title: 'Could not save', message: toIpcError(e).message, color: 'red' }))}>
            {fileLabel} ({n(job.file.rows)} rows)
          </Button>
        )}
      </Group>
    </Stack>
  );
}

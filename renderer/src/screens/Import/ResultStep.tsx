import { formatCount } from '../../format.ts';
import { Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import type { JobView } from '../../../../shared/transfer.ts';
import { toIpcError } from '../../api/api.ts';
import { saveJobFile } from '../../components/JobProgress/JobProgress.tsx';
import { IconDownload } from '../../components/Icons/Icons.tsx';
import { notify } from '../../notify.ts';
import { ImportOutcome } from './ImportOutcome.tsx';
import { StepHeading } from './StepHeading.tsx';

const HEADLINE: Partial<Record<JobView['status'], string>> = {
  done: 'Import finished', cancelled: 'Import cancelled', failed: 'Import failed',
};

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text size="sm" c="dimmed">{label}</Text>
      <Text size="xl" fw={600} data-testid={`import-${label.toLowerCase()}`}>{formatCount(value)}</Text>
    </div>
  );
}

/** Step 4: what the import did: counts, the rejected rows with their reasons, the links written, and the report to save. */
export function ResultStep({ job, onAgain }: { job: JobView; onAgain(): void }) {
  const save = () => void saveJobFile(job.id).catch((e) => notify({ title: 'Could not save', message: toIpcError(e).message, color: 'red' }));
  return (
    <Paper withBorder p="md" mb="md" component="section" aria-labelledby="import-step-result" data-testid="import-result" data-status={job.status}>
      <StepHeading id="import-step-result">4. {HEADLINE[job.status] ?? 'Import stopped'}</StepHeading>
      <Text size="sm" mb="sm">{job.title}</Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} mb="sm">
        <Count label="Created" value={job.created} />
        <Count label="Updated" value={job.updated} />
        <Count label="Skipped" value={job.skipped} />
        <Count label="Rejected" value={job.rejected} />
      </SimpleGrid>
      {job.message && <Text size="sm" c={job.status === 'failed' ? 'red' : undefined} mb="sm">{job.message}</Text>}
      <Group>
        {job.file && <Button leftSection={<IconDownload />} onClick={save}>Save report ({formatCount(job.file.rows)} rows)</Button>}
        <Button variant="default" onClick={onAgain}>Import another file</Button>
      </Group>
      <ImportOutcome job={job} />
    </Paper>
  );
}

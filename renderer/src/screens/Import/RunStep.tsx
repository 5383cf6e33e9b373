import { Paper, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import type { JobView } from '../../../../shared/transfer.ts';
import { JobProgress } from '../../components/JobProgress/JobProgress.tsx';
import { StepHeading } from './StepHeading.tsx';

/** Step 3: the import running, with Pause, Resume and Cancel. */
export function RunStep({ jobId, onEnd }: { jobId: string; onEnd(job: JobView): void }) {
  return (
    <Paper withBorder p="md" mb="md" component="section" aria-labelledby="import-step-run">
      <StepHeading id="import-step-run"><FormattedMessage id="app.import.run.heading" defaultMessage="3. Importing" /></StepHeading>
      <Text size="sm" c="dimmed" mb="sm">
        <FormattedMessage id="app.import.run.hint" defaultMessage="Pausing or cancelling stops between batches; links already written stay. A paused import also continues after Linkdesk restarts." />
      </Text>
      <JobProgress jobId={jobId} pausable onEnd={onEnd} />
    </Paper>
  );
}

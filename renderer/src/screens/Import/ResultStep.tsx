import { Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import type { JobView } from '../../../../shared/transfer.ts';
import { toIpcError } from '../../api/api.ts';
import { saveJobFile } from '../../components/JobProgress/JobProgress.tsx';
import { IconDownload } from '../../components/Icons/Icons.tsx';
import { notify } from '../../notify.ts';
import { ImportOutcome } from './ImportOutcome.tsx';
import { StepHeading } from './StepHeading.tsx';

const COUNTS: Record<'created' | 'updated' | 'skipped' | 'rejected', MessageDescriptor> = defineMessages({
  created: { id: 'app.import.result.created', defaultMessage: 'Created', description: 'How many links an import created' },
  updated: { id: 'app.import.result.updated', defaultMessage: 'Updated', description: 'How many links an import updated' },
  skipped: { id: 'app.import.result.skipped', defaultMessage: 'Skipped', description: 'How many rows an import skipped' },
  rejected: { id: 'app.import.result.rejected', defaultMessage: 'Rejected', description: 'How many rows an import rejected' },
});

function Count({ kind, value }: { kind: keyof typeof COUNTS; value: number }) {
  const intl = useIntl();
  return (
    <div>
      <Text size="sm" c="dimmed">{intl.formatMessage(COUNTS[kind])}</Text>
      <Text size="xl" fw={600} data-testid={`import-${kind}`}>{intl.formatNumber(value)}</Text>
    </div>
  );
}

/** Step 4: what the import did: counts, the rejected rows with their reasons, the links written, and the report to save. */
export function ResultStep({ job, onAgain }: { job: JobView; onAgain(): void }) {
  const intl = useIntl();
  const save = () => void saveJobFile(job.id).catch((e) => notify({ title: intl.formatMessage({ id: 'app.job.saveFailed', defaultMessage: 'Could not save' }), message: toIpcError(e).message, color: 'red' }));
  return (
    <Paper withBorder p="md" mb="md" component="section" aria-labelledby="import-step-result" data-testid="import-result" data-status={job.status}>
      <StepHeading id="import-step-result">
        {intl.formatMessage({
          id: 'app.import.result.heading', defaultMessage: '4. {status, select, done {Import finished} cancelled {Import cancelled} failed {Import failed} other {Import stopped}}',
          description: 'The fourth step\'s heading',
        }, { status: job.status })}
      </StepHeading>
      <Text size="sm" mb="sm">{job.title}</Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} mb="sm">
        <Count kind="created" value={job.created} />
        <Count kind="updated" value={job.updated} />
        <Count kind="skipped" value={job.skipped} />
        <Count kind="rejected" value={job.rejected} />
      </SimpleGrid>
      {job.message && <Text size="sm" c={job.status === 'failed' ? 'red' : undefined} mb="sm">{job.message}</Text>}
      <Group>
        {job.file && <Button leftSection={<IconDownload />} onClick={save}><FormattedMessage id="app.job.fileButton" defaultMessage="{label} ({rows, plural, one {# row} other {# rows}})"
          description='label: e.g. "Save report"'
          values={{ label: intl.formatMessage({ id: 'app.job.saveReport', defaultMessage: 'Save report' }), rows: job.file.rows }} /></Button>}
        <Button variant="default" onClick={onAgain}><FormattedMessage id="app.import.result.again" defaultMessage="Import another file" /></Button>
      </Group>
      <ImportOutcome job={job} />
    </Paper>
  );
}

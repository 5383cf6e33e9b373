// The import wizard: choose a file, check what was read from it, run, and see
// the result. Imports that are still open (paused, or stopped by a restart of
// the app) are listed first, to resume or discard.
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ImportPreview, JobView } from '../../../../shared/transfer.ts';
import { call, toIpcError } from '../../api/api.ts';
import { ScreenHeader } from '../../components/ScreenHeader/ScreenHeader.tsx';
import { notify } from '../../notify.ts';
import { ChooseFile } from './ChooseFile.tsx';
import { PreviewStep } from './PreviewStep.tsx';
import { ResultStep } from './ResultStep.tsx';
import { RunStep } from './RunStep.tsx';

type Step =
  | { kind: 'choose'; again: boolean }
  | { kind: 'preview'; preview: ImportPreview }
  | { kind: 'run'; jobId: string }
  | { kind: 'result'; job: JobView };

const open = (j: JobView) => j.kind === 'import' && (j.status === 'running' || j.status === 'paused');

function OpenImports({ jobs, onShow, onChange }: { jobs: JobView[]; onShow(id: string): void; onChange(): void }) {
  const intl = useIntl();
  const act = (name: 'jobs.resume' | 'jobs.cancel', j: JobView) => async () => {
    try {
      await call(name, { id: j.id });
      if (name === 'jobs.resume') onShow(j.id);
    } catch (e) {
      notify({ title: intl.formatMessage({ id: 'app.import.open.changeFailed', defaultMessage: 'Could not change the import' }), message: toIpcError(e).message, color: 'red' });
    }
    onChange();
  };
  return (
    <Paper withBorder p="md" mb="md" component="section" aria-labelledby="open-imports">
      <Title order={2} size="h4" mb="sm" id="open-imports"><FormattedMessage id="app.import.open.title" defaultMessage="Unfinished imports" /></Title>
      <Stack gap="sm">
        {jobs.map((j) => (
          <Group key={j.id} justify="space-between" data-testid="open-import">
            <div>
              <Text fw={500}>{j.title}</Text>
              <Text size="sm" c="dimmed">
                {j.total !== null
                  ? intl.formatMessage({
                    id: 'app.import.open.stateOf', defaultMessage: '{status, select, running {Running} other {Paused}} at row {done, number} of {total, number} · {created, number} created',
                  }, { status: j.status, done: j.done, total: j.total, created: j.created })
                  : intl.formatMessage({
                    id: 'app.import.open.state', defaultMessage: '{status, select, running {Running} other {Paused}} at row {done, number} · {created, number} created',
                  }, { status: j.status, done: j.done, created: j.created })}
              </Text>
            </div>
            <Group gap="xs">
              {j.resumable
                ? <Button size="xs" onClick={act('jobs.resume', j)} aria-label={intl.formatMessage({ id: 'app.import.open.resumeNamed', defaultMessage: 'Resume {title}' }, { title: j.title })}>
                  {intl.formatMessage({ id: 'app.job.resume', defaultMessage: 'Resume' })}
                </Button>
                : <Button size="xs" variant="default" onClick={() => onShow(j.id)} aria-label={intl.formatMessage({ id: 'app.import.open.showNamed', defaultMessage: 'Show {title}' }, { title: j.title })}>
                  {intl.formatMessage({ id: 'app.import.open.show', defaultMessage: 'Show' })}
                </Button>}
              {j.resumable && <Button size="xs" variant="default" color="red" onClick={act('jobs.cancel', j)} aria-label={intl.formatMessage({ id: 'app.import.open.discardNamed', defaultMessage: 'Discard {title}' }, { title: j.title })}>
                {intl.formatMessage({ id: 'app.import.open.discard', defaultMessage: 'Discard' })}
              </Button>}
            </Group>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

const OPEN_IMPORTS = ['jobs', 'open-imports'] as const;

export default function ImportScreen() {
  const intl = useIntl();
  const [step, setStep] = useState<Step>({ kind: 'choose', again: false });
  const client = useQueryClient();
  // Jobs live in main, not on an instance: one list for the window.
  const jobs = useQuery({ queryKey: OPEN_IMPORTS, queryFn: async () => (await call('jobs.list', undefined, { quiet: true })).filter(open) });
  const others = jobs.data ?? [];
  const reload = () => void client.invalidateQueries({ queryKey: OPEN_IMPORTS });

  const shownId = step.kind === 'run' ? step.jobId : step.kind === 'result' ? step.job.id : null;
  const listed = others.filter((j) => j.id !== shownId);
  return (
    <>
      <ScreenHeader title={intl.formatMessage({ id: 'app.import.title', defaultMessage: 'Import' })}
        description={intl.formatMessage({ id: 'app.import.description', defaultMessage: 'Bring links from a file into an instance.' })} />
      {listed.length > 0 && <OpenImports jobs={listed} onShow={(jobId) => setStep({ kind: 'run', jobId })} onChange={reload} />}
      {step.kind === 'choose' && <ChooseFile focus={step.again} onStaged={(preview) => setStep({ kind: 'preview', preview })} />}
      {step.kind === 'preview' && (
        <PreviewStep
          preview={step.preview}
          onPreview={(preview) => setStep({ kind: 'preview', preview })}
          onStart={(job) => setStep({ kind: 'run', jobId: job.id })}
          onCancel={() => setStep({ kind: 'choose', again: true })}
        />
      )}
      {step.kind === 'run' && <RunStep key={step.jobId} jobId={step.jobId} onEnd={(job) => { setStep({ kind: 'result', job }); reload(); }} />}
      {step.kind === 'result' && <ResultStep job={step.job} onAgain={() => setStep({ kind: 'choose', again: true })} />}
    </>
  );
}

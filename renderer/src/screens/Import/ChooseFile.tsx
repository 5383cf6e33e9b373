import { Button, FileButton, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ImportPreview } from '../../../../shared/transfer.ts';
import { call, toIpcError } from '../../api/api.ts';
import { IconUpload } from '../../components/Icons/Icons.tsx';
import { fileBase64 } from './file-base64.ts';
import { StepHeading } from './StepHeading.tsx';

const ACCEPT = '.csv,.tsv,.txt,.json,text/csv,application/json,text/plain';

/** Step 1: the file. Main keeps a copy (so a restart can resume) and answers what it found in it. */
export function ChooseFile({ focus, onStaged }: { focus: boolean; onStaged(preview: ImportPreview): void }) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const choose = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      onStaged(await call('transfer.stage', { fileName: file.name, base64: await fileBase64(file) }));
    } catch (e) {
      setError(intl.formatMessage({ id: 'app.import.choose.error', defaultMessage: '{file}: {reason}' }, { file: file.name, reason: toIpcError(e).message }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="md" mb="md" component="section" aria-labelledby="import-step-file">
      <StepHeading id="import-step-file" focus={focus}><FormattedMessage id="app.import.choose.heading" defaultMessage="1. Choose a file" /></StepHeading>
      <Text size="sm" c="dimmed" mb="sm">
        <FormattedMessage id="app.import.choose.hint"
          defaultMessage="A Linkdesk CSV or JSON export; an export from Bitly, Dub, Shlink, Short.io, YOURLS or Kutt; or any CSV, whose columns you choose next. Nothing is written until you start the import." />
      </Text>
      <Group>
        <FileButton onChange={(f) => void choose(f)} accept={ACCEPT}>
          {(props) => <Button {...props} leftSection={<IconUpload />} loading={busy}><FormattedMessage id="app.import.choose.button" defaultMessage="Choose file…" /></Button>}
        </FileButton>
      </Group>
      {error && <Text c="red" size="sm" mt="sm" role="alert">{error}</Text>}
    </Paper>
  );
}

import { Alert, Badge, Group, Paper, SimpleGrid, Table, Text, Title, Select } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { ColumnMapping as Mapping, ImportFormat, ImportPreview, JobView } from '../../../../shared/transfer.ts';
import { call, toIpcError } from '../../api/api.ts';
import { formatDate } from '../../format.ts';
import { ColumnMapping, sameMapping } from './ColumnMapping.tsx';
import { formats } from './fields.ts';
import { ImportOptionsForm } from './ImportOptionsForm.tsx';
import { StepHeading } from './StepHeading.tsx';

const delimiterName = (intl: IntlShape, d: string | null) => intl.formatMessage({
  id: 'app.import.delimiter',
  defaultMessage: '{kind, select, none {none (JSON)} tab {tab} comma {comma} semicolon {semicolon} other {"{char}"}}',
  description: 'The CSV delimiter found in a file',
}, { kind: d === null ? 'none' : d === '\t' ? 'tab' : d === ',' ? 'comma' : d === ';' ? 'semicolon' : 'other', char: d ?? '' });

/** Step 2: what the file holds and how its columns map (the person may change that), then where and how to import it. */
export function PreviewStep({ preview, onPreview, onStart, onCancel }: {
  preview: ImportPreview;
  onPreview(p: ImportPreview): void;
  onStart(job: JobView): void;
  onCancel(): void;
}) {
  const intl = useIntl();
  const formatChoices = useMemo(() => formats(intl), [intl]);
  const [error, setError] = useState<string | null>(null);
  const reread = useMutation({
    mutationFn: (args: { format?: ImportFormat; mapping?: Mapping }) => call('transfer.preview', { stageId: preview.stageId, ...args }),
    onMutate: () => setError(null),
    onSuccess: onPreview,
    onError: (e) => setError(toIpcError(e).message),
  });
  const changed = !sameMapping(preview.mapping, preview.detectedMapping);

  return (
    <Paper withBorder p="md" mb="md" component="section" aria-labelledby="import-step-preview">
      <StepHeading id="import-step-preview">
        <FormattedMessage id="app.import.preview.heading" defaultMessage="2. Check the file: {file}" values={{ file: preview.fileName }} />
      </StepHeading>
      <SimpleGrid cols={{ base: 1, sm: 4 }} mb="md">
        <Select
          label={intl.formatMessage({ id: 'app.import.preview.format', defaultMessage: 'Format' })} data={formatChoices} value={preview.format} allowDeselect={false} disabled={reread.isPending}
          description={preview.detected
            ? intl.formatMessage({ id: 'app.import.preview.detected', defaultMessage: 'Detected from the file' })
            : intl.formatMessage({ id: 'app.import.preview.chosen', defaultMessage: 'As chosen' })}
          onChange={(v) => { if (v && v !== preview.format) reread.mutate({ format: v as ImportFormat }); }}
        />
        <div>
          <Text size="sm" fw={500}><FormattedMessage id="app.import.preview.encoding" defaultMessage="Encoding" /></Text>
          <Text data-testid="import-encoding">{preview.encoding}</Text>
        </div>
        <div>
          <Text size="sm" fw={500}><FormattedMessage id="app.import.preview.delimiterLabel" defaultMessage="Delimiter" /></Text>
          <Text>{delimiterName(intl, preview.delimiter)}</Text>
        </div>
        <div>
          <Text size="sm" fw={500}><FormattedMessage id="app.import.preview.rows" defaultMessage="Rows" /></Text>
          <Text data-testid="import-rows">{intl.formatNumber(preview.rows)}</Text>
        </div>
      </SimpleGrid>

      <ColumnMapping mapping={preview.mapping} detected={preview.detectedMapping} busy={reread.isPending}
        onChange={(mapping) => reread.mutate({ format: preview.detected ? undefined : preview.format, mapping })} />
      {preview.missing ? <Alert color="orange" mb="md" role="alert" title={intl.formatMessage({ id: 'app.import.preview.chooseColumns', defaultMessage: 'Choose the columns' })}>{preview.missing}</Alert> : null}
      {error ? <Text c="red" size="sm" mb="sm" role="alert">{error}</Text> : null}

      <Title order={3} size="h5" mb="xs"><FormattedMessage id="app.import.preview.firstRows" defaultMessage="First rows" /></Title>
      <Table mb="md" withTableBorder aria-label={intl.formatMessage({ id: 'app.import.preview.firstRows', defaultMessage: 'First rows' })} data-testid="import-sample">
        <Table.Thead>
          <Table.Tr>
            <Table.Th><FormattedMessage id="app.import.outcome.row" defaultMessage="Row" /></Table.Th>
            <Table.Th><FormattedMessage id="app.import.preview.url" defaultMessage="URL" /></Table.Th>
            <Table.Th><FormattedMessage id="app.import.preview.alias" defaultMessage="Alias" /></Table.Th>
            <Table.Th><FormattedMessage id="app.import.domain" defaultMessage="Domain" /></Table.Th>
            <Table.Th><FormattedMessage id="app.import.outcome.title" defaultMessage="Title" /></Table.Th>
            <Table.Th><FormattedMessage id="app.import.outcome.created" defaultMessage="Created" /></Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.sample.map((r) => (
            <Table.Tr key={r.row}>
              <Table.Td>{r.row}</Table.Td>
              {r.problem
                ? <Table.Td colSpan={5}><Badge color="red" variant="light" mr="xs"><FormattedMessage id="app.import.preview.rejected" defaultMessage="Rejected" /></Badge>{r.problem}</Table.Td>
                : (
                  <>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{r.url}</Table.Td><Table.Td>{r.alias ?? intl.formatMessage({ id: 'app.import.preview.generated', defaultMessage: '(generated)', description: 'No alias in the file: one is generated' })}</Table.Td>
                    <Table.Td>{r.domain ?? intl.formatMessage({ id: 'app.import.preview.defaultDomain', defaultMessage: '(default)', description: 'No domain in the file: the default one' })}</Table.Td><Table.Td>{r.title ?? '—'}</Table.Td>
                    <Table.Td>{r.created_at ? formatDate(r.created_at) : intl.formatMessage({ id: 'app.import.preview.now', defaultMessage: '(now)', description: 'No creation date in the file: the time of the import' })}</Table.Td>
                  </>
                )}
            </Table.Tr>
          ))}
          {preview.sample.length === 0 ? (
            <Table.Tr><Table.Td colSpan={6}><Text size="sm" c="dimmed"><FormattedMessage id="app.import.preview.nothing" defaultMessage="Nothing to show until a column holds the destination URLs." /></Text></Table.Td></Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>

      <Group mb="xs"><Title order={3} size="h5"><FormattedMessage id="app.import.preview.options" defaultMessage="Options" /></Title></Group>
      <ImportOptionsForm preview={preview} mapping={changed ? preview.mapping : undefined} blocked={preview.missing !== null || reread.isPending}
        onStart={onStart} onCancel={onCancel} />
    </Paper>
  );
}

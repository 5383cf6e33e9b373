import { formatCount } from '../../format.ts';
import { Alert, Badge, Group, Paper, SimpleGrid, Table, Text, Title, Select } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { ColumnMapping as Mapping, ImportFormat, ImportPreview, JobView } from '../../../../shared/transfer.ts';
import { call, toIpcError } from '../../api/api.ts';
import { formatDate } from '../../format.ts';
import { ColumnMapping, sameMapping } from './ColumnMapping.tsx';
import { FORMATS } from './fields.ts';
import { ImportOptionsForm } from './ImportOptionsForm.tsx';
import { StepHeading } from './StepHeading.tsx';

const delimiterName = (d: string | null) => (d === null ? 'none (JSON)' : d === '\t' ? 'tab' : d === ',' ? 'comma' : d === ';' ? 'semicolon' : `"${d}"`);

/** Step 2: what the file holds and how its columns map (the person may change that), then where and how to import it. */
export function PreviewStep({ preview, onPreview, onStart, onCancel }: {
  preview: ImportPreview;
  onPreview(p: ImportPreview): void;
  onStart(job: JobView): void;
  onCancel(): void;
}) {
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
      <StepHeading id="import-step-preview">2. Check the file: {preview.fileName}</StepHeading>
      <SimpleGrid cols={{ base: 1, sm: 4 }} mb="md">
        <Select
          label="Format" data={FORMATS} value={preview.format} allowDeselect={false} disabled={reread.isPending}
          description={preview.detected ? 'Detected from the file' : 'As chosen'}
          onChange={(v) => { if (v && v !== preview.format) reread.mutate({ format: v as ImportFormat }); }}
        />
        <div><Text size="sm" fw={500}>Encoding</Text><Text data-testid="import-encoding">{preview.encoding}</Text></div>
        <div><Text size="sm" fw={500}>Delimiter</Text><Text>{delimiterName(preview.delimiter)}</Text></div>
        <div><Text size="sm" fw={500}>Rows</Text><Text data-testid="import-rows">{formatCount(preview.rows)}</Text></div>
      </SimpleGrid>

      <ColumnMapping mapping={preview.mapping} detected={preview.detectedMapping} busy={reread.isPending}
        onChange={(mapping) => reread.mutate({ format: preview.detected ? undefined : preview.format, mapping })} />
      {preview.missing ? <Alert color="orange" mb="md" role="alert" title="Choose the columns">{preview.missing}</Alert> : null}
      {error ? <Text c="red" size="sm" mb="sm" role="alert">{error}</Text> : null}

      <Title order={3} size="h5" mb="xs">First rows</Title>
      <Table mb="md" withTableBorder aria-label="First rows" data-testid="import-sample">
        <Table.Thead>
          <Table.Tr><Table.Th>Row</Table.Th><Table.Th>URL</Table.Th><Table.Th>Alias</Table.Th><Table.Th>Domain</Table.Th><Table.Th>Title</Table.Th><Table.Th>Created</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.sample.map((r) => (
            <Table.Tr key={r.row}>
              <Table.Td>{r.row}</Table.Td>
              {r.problem
                ? <Table.Td colSpan={5}><Badge color="red" variant="light" mr="xs">Rejected</Badge>{r.problem}</Table.Td>
                : (
                  <>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{r.url}</Table.Td><Table.Td>{r.alias ?? '(generated)'}</Table.Td>
                    <Table.Td>{r.domain ?? '(default)'}</Table.Td><Table.Td>{r.title ?? '—'}</Table.Td>
                    <Table.Td>{r.created_at ? formatDate(r.created_at) : '(now)'}</Table.Td>
                  </>
                )}
            </Table.Tr>
          ))}
          {preview.sample.length === 0 ? (
            <Table.Tr><Table.Td colSpan={6}><Text size="sm" c="dimmed">Nothing to show until a column holds the destination URLs.</Text></Table.Td></Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>

      <Group mb="xs"><Title order={3} size="h5">Options</Title></Group>
      <ImportOptionsForm preview={preview} mapping={changed ? preview.mapping : undefined} blocked={preview.missing !== null || reread.isPending}
        onStart={onStart} onCancel={onCancel} />
    </Paper>
  );
}

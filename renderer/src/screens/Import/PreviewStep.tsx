import { Badge, Button, Group, Paper, PasswordInput, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { CallArgs } from '../../../../shared/contract.ts';
import type { ImportPreview, JobView } from '../../../../shared/transfer.ts';
import { call, toIpcError } from '../../api/api.ts';
import { useInstances } from '../../state/instances-store.ts';
import { StepHeading } from './StepHeading.tsx';

type Format = ImportPreview['format'];
const FORMATS: { value: Format; label: string }[] = [
  { value: 'linkdesk', label: 'Linkdesk (CSV or JSON)' },
  { value: 'yourls', label: 'YOURLS' },
  { value: 'shlink', label: 'Shlink' },
  { value: 'kutt', label: 'Kutt' },
  { value: 'bitly', label: 'Bitly' },
];
const CONFLICTS: { value: NonNullable<CallArgs<'transfer.import'>['onConflict']>; label: string }[] = [
  { value: 'error', label: 'Report it as rejected' },
  { value: 'skip', label: 'Skip the row' },
  { value: 'rename', label: 'Import under a new alias (alias-2, alias-3…)' },
  { value: 'update', label: 'Update the existing link' },
];
const delimiterName = (d: string | null) => (d === null ? 'none (JSON)' : d === '\t' ? 'tab' : d === ',' ? 'comma' : d === ';' ? 'semicolon' : `"${d}"`);

interface Named { id: number; name: string }

/** Step 2: what the file holds and how it maps, then where and how to import it. */
export function PreviewStep({ preview, onPreview, onStart, onCancel }: {
  preview: ImportPreview;
  onPreview(p: ImportPreview): void;
  onStart(job: JobView): void;
  onCancel(): void;
}) {
  const { instances, selectedId } = useInstances();
  const [instanceId, setInstanceId] = useState(selectedId ?? '');
  const [domain, setDomain] = useState('file');
  const [space, setSpace] = useState('file');
  const [onConflict, setOnConflict] = useState<string>('error');
  const [password, setPassword] = useState('');
  const [domains, setDomains] = useState<Named[]>([]);
  const [spaces, setSpaces] = useState<Named[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // The target's own domains and spaces; a choice made for another instance means nothing here.
    let stale = false;
    setDomain('file');
    setSpace('file');
    call('transfer.targetOptions', instanceId ? { instanceId } : {}).then((o) => {
      if (stale) return;
      setDomains(o.domains);
      setSpaces(o.spaces ?? []);
    }, (e) => {
      if (stale) return;
      setDomains([]);
      setSpaces([]);
      setError(`The domains and spaces of that instance could not be read: ${toIpcError(e).message}`);
    });
    return () => { stale = true; };
  }, [instanceId]);

  const changeFormat = async (format: string | null) => {
    if (!format || format === preview.format) return;
    setError(null);
    try {
      onPreview(await call('transfer.preview', { stageId: preview.stageId, format: format as Format }));
    } catch (e) {
      setError(toIpcError(e).message);
    }
  };

  const start = async () => {
    setBusy(true);
    setError(null);
    const pick = (v: string, none: string) => (v === 'file' ? undefined : v === none ? null : Number(v));
    try {
      onStart(await call('transfer.import', {
        stageId: preview.stageId,
        format: preview.format,
        instanceId,
        domainId: pick(domain, 'default'),
        spaceId: pick(space, 'none'),
        onConflict: onConflict as CallArgs<'transfer.import'>['onConflict'],
        password: password || undefined,
      }));
    } catch (e) {
      setError(toIpcError(e).message);
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="md" mb="md" component="section" aria-labelledby="import-step-preview">
      <StepHeading id="import-step-preview">2. Check the file: {preview.fileName}</StepHeading>
      <SimpleGrid cols={{ base: 1, sm: 4 }} mb="md">
        <Select
          label="Format" data={FORMATS} value={preview.format} allowDeselect={false}
          description={preview.detected ? 'Detected from the file' : 'As chosen'}
          onChange={(v) => void changeFormat(v)}
        />
        <div><Text size="sm" fw={500}>Encoding</Text><Text data-testid="import-encoding">{preview.encoding}</Text></div>
        <div><Text size="sm" fw={500}>Delimiter</Text><Text>{delimiterName(preview.delimiter)}</Text></div>
        <div><Text size="sm" fw={500}>Rows</Text><Text data-testid="import-rows">{preview.rows.toLocaleString('en')}</Text></div>
      </SimpleGrid>

      <Title order={3} size="h5" mb="xs">Columns</Title>
      <Table mb="md" withTableBorder aria-label="Column mapping" data-testid="import-mapping">
        <Table.Thead><Table.Tr><Table.Th>File column</Table.Th><Table.Th>Linkdesk field</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>
          {preview.mapping.map((m) => (
            <Table.Tr key={m.column}>
              <Table.Td>{m.column}</Table.Td>
              <Table.Td>{m.field ?? <Text span c="dimmed" size="sm">not imported</Text>}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>

      <Title order={3} size="h5" mb="xs">First rows</Title>
      <Table mb="md" withTableBorder aria-label="First rows" data-testid="import-sample">
        <Table.Thead><Table.Tr><Table.Th>Row</Table.Th><Table.Th>URL</Table.Th><Table.Th>Alias</Table.Th><Table.Th>Domain</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>
          {preview.sample.map((r) => (
            <Table.Tr key={r.row}>
              <Table.Td>{r.row}</Table.Td>
              {r.problem
                ? <Table.Td colSpan={3}><Badge color="red" variant="light" mr="xs">Rejected</Badge>{r.problem}</Table.Td>
                : <><Table.Td style={{ wordBreak: 'break-all' }}>{r.url}</Table.Td><Table.Td>{r.alias ?? '(generated)'}</Table.Td><Table.Td>{r.domain ?? '(default)'}</Table.Td></>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>

      <Title order={3} size="h5" mb="xs">Options</Title>
      <Stack gap="sm" maw={520}>
        <Select
          label="Import into" data={instances.map((i) => ({ value: i.id, label: i.name }))} value={instanceId}
          allowDeselect={false} onChange={(v) => { if (v) { setError(null); setInstanceId(v); } }}
        />
        <Select
          label="Domain" value={domain} allowDeselect={false} onChange={(v) => v && setDomain(v)}
          data={[
            { value: 'file', label: 'Each row\'s own domain (from the file)' },
            { value: 'default', label: 'The instance\'s default domain' },
            ...domains.map((d) => ({ value: String(d.id), label: d.name })),
          ]}
        />
        <Select
          label="Space" value={space} allowDeselect={false} onChange={(v) => v && setSpace(v)}
          data={[
            { value: 'file', label: 'Each row\'s own space (from the file)' },
            { value: 'none', label: 'No space' },
            ...spaces.map((s) => ({ value: String(s.id), label: s.name })),
          ]}
        />
        <Select label="When an alias already exists" data={CONFLICTS} value={onConflict} allowDeselect={false} onChange={(v) => v && setOnConflict(v)} />
        <PasswordInput
          label="Password for protected links" value={password} onChange={(e) => setPassword(e.currentTarget.value)}
          description="Optional. Files never hold passwords: links marked as protected get this one, or are imported disabled until you set one."
        />
      </Stack>
      {error && <Text c="red" size="sm" mt="sm" role="alert">{error}</Text>}
      <Group mt="md">
        <Button onClick={() => void start()} loading={busy} disabled={preview.rows === 0}>Import {preview.rows.toLocaleString('en')} rows</Button>
        <Button variant="default" onClick={onCancel}>Choose another file</Button>
      </Group>
    </Paper>
  );
}

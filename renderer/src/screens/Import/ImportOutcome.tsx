// What an import left behind, on its result: the rows it refused with each
// reason (the saved report has them all), and the links it wrote.
import { Anchor, Badge, Box, Button, Group, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { JobView } from '../../../../shared/transfer.ts';
import { call, toIpcError } from '../../api/api.ts';
import { formatCount, formatDate } from '../../format.ts';
import { useInstances } from '../../state/instances-store.ts';

export function ImportOutcome({ job }: { job: JobView }) {
  const outcome = useQuery({ queryKey: ['import-outcome', job.id, job.updated, job.rejected], queryFn: () => call('transfer.importResult', { id: job.id }) });
  const { selectedId, select } = useInstances();
  if (outcome.error) return <Text size="sm" c="red" role="alert">The rows and links of this import could not be read: {toIpcError(outcome.error).message}</Text>;
  if (!outcome.data) return <Text size="sm" c="dimmed">Reading what the import did…</Text>;
  const { rejections, rejected, links, linkCount, instanceId } = outcome.data;
  const openLinks = async () => {
    if (instanceId !== selectedId) await select(instanceId);
    window.location.hash = '#/links';
  };
  return (
    <>
      {rejected > 0 ? (
        <section aria-labelledby="import-rejections">
          <Title order={3} size="h5" mt="md" mb="xs" id="import-rejections">Rejected rows</Title>
          <Text size="sm" c="dimmed" mb="xs">
            {rejected > rejections.length ? `The first ${formatCount(rejections.length)} of ${formatCount(rejected)} (the report holds them all). ` : ''}
            Fix these rows in the file and import them again.
          </Text>
          {/* Focusable, so a keyboard can scroll a long list. */}
          <Box mah={320} style={{ overflow: 'auto' }} tabIndex={0} role="region" aria-label="Rejected rows, scrollable">
            <Table withTableBorder striped data-testid="import-rejections" aria-label="Rejected rows" verticalSpacing={4}>
              <Table.Thead><Table.Tr><Table.Th w={70}>Row</Table.Th><Table.Th w={140}>Field</Table.Th><Table.Th>Reason</Table.Th></Table.Tr></Table.Thead>
              <Table.Tbody>
                {rejections.map((r) => (
                  <Table.Tr key={`${r.row}-${r.field}`} data-row={r.row}>
                    <Table.Td>{r.row}</Table.Td><Table.Td><Badge variant="light" color="red" tt="none">{r.field}</Badge></Table.Td><Table.Td>{r.reason}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        </section>
      ) : null}
      {linkCount > 0 ? (
        <section aria-labelledby="import-links">
          <Group justify="space-between" mt="md" mb="xs">
            <Title order={3} size="h5" id="import-links">Imported links</Title>
            <Button size="xs" variant="light" onClick={() => void openLinks()}>Open the Links screen</Button>
          </Group>
          <Text size="sm" c="dimmed" mb="xs">
            {linkCount > links.length ? `The first ${formatCount(links.length)} of ${formatCount(linkCount)} links written.` : `${formatCount(linkCount)} ${linkCount === 1 ? 'link' : 'links'} written.`}
          </Text>
          <Table withTableBorder data-testid="import-links" aria-label="Imported links" verticalSpacing={4} style={{ tableLayout: 'fixed' }}>
            <Table.Thead><Table.Tr><Table.Th w="28%">Short URL</Table.Th><Table.Th>Destination</Table.Th><Table.Th w="22%">Title</Table.Th><Table.Th w={130}>Created</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {links.map((l) => (
                <Table.Tr key={l.id} data-link={l.id}>
                  <Table.Td><Anchor size="sm" href={l.short_url} target="_blank" rel="noreferrer" truncate="end" display="block">{l.short_url.replace(/^https?:\/\//, '')}</Anchor></Table.Td>
                  <Table.Td><Text size="sm" truncate="end" title={l.url}>{l.url}</Text></Table.Td>
                  <Table.Td><Text size="sm" truncate="end" title={l.title ?? undefined}>{l.title ?? '—'}</Text></Table.Td>
                  <Table.Td><Text size="sm">{formatDate(l.created_at)}</Text></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
      ) : null}
    </>
  );
}

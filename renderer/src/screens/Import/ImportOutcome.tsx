// What an import left behind, on its result: the rows it refused with each
// reason (the saved report has them all), and the links it wrote.
import { Anchor, Badge, Box, Button, Group, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import type { JobView } from '../../../../shared/transfer.ts';
import { call, toIpcError } from '../../api/api.ts';
import { formatDate } from '../../format.ts';
import { useInstances } from '../../state/instances-store.ts';

export function ImportOutcome({ job }: { job: JobView }) {
  const intl = useIntl();
  const outcome = useQuery({ queryKey: ['import-outcome', job.id, job.updated, job.rejected], queryFn: () => call('transfer.importResult', { id: job.id }) });
  const { selectedId, select } = useInstances();
  if (outcome.error) return <Text size="sm" c="red" role="alert">
    <FormattedMessage id="app.import.outcome.unreadable" defaultMessage="The rows and links of this import could not be read: {reason}" values={{ reason: toIpcError(outcome.error).message }} />
  </Text>;
  if (!outcome.data) return <Text size="sm" c="dimmed"><FormattedMessage id="app.import.outcome.reading" defaultMessage="Reading what the import did…" /></Text>;
  const { rejections, rejected, links, linkCount, instanceId } = outcome.data;
  const openLinks = async () => {
    if (instanceId !== selectedId) await select(instanceId);
    window.location.hash = '#/links';
  };
  return (
    <>
      {rejected > 0 ? (
        <section aria-labelledby="import-rejections">
          <Title order={3} size="h5" mt="md" mb="xs" id="import-rejections"><FormattedMessage id="app.import.outcome.rejected" defaultMessage="Rejected rows" /></Title>
          <Text size="sm" c="dimmed" mb="xs">
            {rejected > rejections.length
              ? <FormattedMessage id="app.import.outcome.rejectedSome" defaultMessage="The first {shown, number} of {count, number} (the report holds them all). Fix these rows in the file and import them again."
                values={{ shown: rejections.length, count: rejected }} />
              : <FormattedMessage id="app.import.outcome.rejectedAll" defaultMessage="Fix these rows in the file and import them again." />}
          </Text>
          {/* Focusable, so a keyboard can scroll a long list. */}
          <Box mah={320} style={{ overflow: 'auto' }} tabIndex={0} role="region" aria-label={intl.formatMessage({ id: 'app.import.outcome.rejectedScroll', defaultMessage: 'Rejected rows, scrollable' })}>
            <Table withTableBorder striped data-testid="import-rejections" aria-label={intl.formatMessage({ id: 'app.import.outcome.rejected', defaultMessage: 'Rejected rows' })} verticalSpacing={4}>
              <Table.Thead><Table.Tr>
                <Table.Th w={70}><FormattedMessage id="app.import.outcome.row" defaultMessage="Row" /></Table.Th>
                <Table.Th w={140}><FormattedMessage id="app.import.outcome.field" defaultMessage="Field" /></Table.Th>
                <Table.Th><FormattedMessage id="app.import.outcome.reason" defaultMessage="Reason" /></Table.Th>
              </Table.Tr></Table.Thead>
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
            <Title order={3} size="h5" id="import-links"><FormattedMessage id="app.import.outcome.links" defaultMessage="Imported links" /></Title>
            <Button size="xs" variant="light" onClick={() => void openLinks()}><FormattedMessage id="app.import.outcome.openLinks" defaultMessage="Open the Links screen" /></Button>
          </Group>
          <Text size="sm" c="dimmed" mb="xs">
            {linkCount > links.length
              ? intl.formatMessage({ id: 'app.import.outcome.linksSome', defaultMessage: 'The first {shown, number} of {count, plural, one {# link} other {# links}} written.' }, { shown: links.length, count: linkCount })
              : intl.formatMessage({ id: 'app.import.outcome.linksAll', defaultMessage: '{count, plural, one {# link} other {# links}} written.' }, { count: linkCount })}
          </Text>
          <Table withTableBorder data-testid="import-links" aria-label={intl.formatMessage({ id: 'app.import.outcome.links', defaultMessage: 'Imported links' })} verticalSpacing={4} style={{ tableLayout: 'fixed' }}>
            <Table.Thead><Table.Tr>
              <Table.Th w="28%"><FormattedMessage id="app.import.outcome.shortUrl" defaultMessage="Short URL" /></Table.Th>
              <Table.Th><FormattedMessage id="app.import.outcome.destination" defaultMessage="Destination" /></Table.Th>
              <Table.Th w="22%"><FormattedMessage id="app.import.outcome.title" defaultMessage="Title" /></Table.Th>
              <Table.Th w={130}><FormattedMessage id="app.import.outcome.created" defaultMessage="Created" /></Table.Th>
            </Table.Tr></Table.Thead>
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

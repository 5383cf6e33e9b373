// The offline threat lists a server holds (URLhaus, PhishTank, hosts files):
// entries and last import per source. They are loaded on the server's machine
// with its command line; the API offers no upload.
import { Box, Code, Table, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { importedName, type Blocklist } from '../../api/safety-types.ts';
import { NothingHere } from '../../components/DataStates/DataStates.tsx';
import { fmt } from '../../format.ts';

export const IMPORT_COMMAND = 'linkdesk blocklist import FILE --format urlhaus|phishtank|hosts';

export function ImportedLists({ blocklist: b }: { blocklist: Blocklist }) {
  const intl = useIntl();
  return (
    <Box component="section" aria-labelledby="imported-lists">
      <Title order={2} size="h4" id="imported-lists" mb={4}><FormattedMessage id="app.safety.imported.title" defaultMessage="Imported lists" /></Title>
      <Text size="sm" c="dimmed" mb="sm">
        <FormattedMessage id="app.safety.imported.how"
          defaultMessage="Import with <code>{command}</code> on the server's machine (URLhaus CSV, PhishTank CSV or one host a line): this server takes no upload from the app. Each import replaces its source's entries."
          description="command: a command line, kept as is" values={{ command: IMPORT_COMMAND, code: (c) => <Code>{c}</Code> }} />
      </Text>
      {b.imported.length ? (
        <Table striped verticalSpacing="xs" maw={720} data-testid="imported-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th><FormattedMessage id="app.safety.imported.source" defaultMessage="Source" /></Table.Th>
              <Table.Th ta="right"><FormattedMessage id="app.safety.imported.entries" defaultMessage="Entries" /></Table.Th>
              <Table.Th><FormattedMessage id="app.safety.imported.lastImport" defaultMessage="Last import" /></Table.Th>
              <Table.Th><FormattedMessage id="app.safety.imported.file" defaultMessage="File" /></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {b.imported.map((i) => (
              <Table.Tr key={i.source} data-source={i.source}>
                <Table.Td>{importedName(intl, i.source)}</Table.Td>
                <Table.Td ta="right" data-testid="imported-entries">{fmt.count(i.entries)}</Table.Td>
                <Table.Td>{i.imported_at ? fmt.dateTime(i.imported_at) : intl.formatMessage({ id: 'app.safety.imported.notRecorded', defaultMessage: 'Not recorded' })}</Table.Td>
                <Table.Td><Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>{i.file ?? '—'}</Text></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <NothingHere title={intl.formatMessage({ id: 'app.safety.imported.none', defaultMessage: 'No list imported' })}
          description={intl.formatMessage({ id: 'app.safety.imported.noneHint', defaultMessage: 'Only the manual entries above and Safe Browsing (when its key is set) are checked.' })} />
      )}
    </Box>
  );
}

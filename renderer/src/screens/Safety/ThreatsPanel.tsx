// Threat lists' status: whether Google Safe Browsing is asked (its key set),
// the offline lists with their entries and last import, and the shorteners
// whose links are followed one hop. What a server does not report is said so.
import { Alert, Box, Code, Group, SimpleGrid, Paper, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { safeBrowsingSet } from '../../api/safety-types.ts';
import { ErrorState, LoadingState, NotOffered } from '../../components/DataStates/DataStates.tsx';
import { fmt } from '../../format.ts';
import { useBlocklist } from './BlocklistPanel.tsx';
import { ImportedLists } from './ImportedLists.tsx';

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">{label}</Text>
      <Text size="md" fw={600} data-testid={testId}>{value}</Text>
    </Paper>
  );
}

export function ThreatsPanel() {
  const intl = useIntl();
  const list = useBlocklist();
  if (list.error?.kind === 'unsupported') return <NotOffered message={list.error.message} />;
  const b = list.data;
  const sb = b ? safeBrowsingSet(b) : null;
  const imported = b?.imported.reduce((n, i) => n + i.entries, 0) ?? 0;
  const last = b?.imported.map((i) => i.imported_at).filter((a): a is string => a !== null).sort().at(-1) ?? null;

  return (
    <Stack gap="lg">
      {list.error ? <ErrorState error={list.error} onRetry={list.reload} kept={b !== undefined} /> : null}
      {!b && list.loading ? <LoadingState label={intl.formatMessage({ id: 'app.safety.threats.loading', defaultMessage: 'Loading the threat lists…' })} /> : null}
      {b ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" maw={960}>
            <Fact label="Safe Browsing" testId="safe-browsing"
              value={intl.formatMessage({ id: 'app.safety.threats.safeBrowsingState', defaultMessage: '{state, select, unknown {Not reported} set {Key set} other {No key}}', description: 'Whether a Google Safe Browsing key is set' },
                { state: sb === null ? 'unknown' : sb ? 'set' : 'none' })} />
            <Fact label={intl.formatMessage({ id: 'app.safety.threats.imported', defaultMessage: 'Entries imported' })} testId="imported-total" value={fmt.count(imported)} />
            <Fact label={intl.formatMessage({ id: 'app.safety.threats.lastImport', defaultMessage: 'Last offline import' })} testId="last-import"
              value={last ? fmt.dateTime(last) : intl.formatMessage({ id: 'app.safety.threats.never', defaultMessage: 'Never' })} />
            <Fact label={intl.formatMessage({ id: 'app.safety.threats.manual', defaultMessage: 'Manual entries' })} testId="manual-total" value={fmt.count(b.hosts.length + b.keywords.length)} />
          </SimpleGrid>
          <Box component="section" aria-labelledby="safe-browsing-about" maw={960}>
            <Title order={2} size="h4" id="safe-browsing-about" mb={4}>Google Safe Browsing</Title>
            {sb === null ? (
              <Alert color="gray" variant="light" data-testid="safe-browsing-unknown">
                <FormattedMessage id="app.safety.threats.unknown"
                  defaultMessage="This server does not say whether a Safe Browsing key is set. When one is (<code>--safe-browsing-key</code> or <code>LINKDESK_SAFE_BROWSING_KEY</code>), every new or changed link is asked about; when Google cannot be reached the link is saved and checked again later."
                  values={{ code: (c) => <Code>{c}</Code> }} />
              </Alert>
            ) : (
              <Text size="sm">
                {sb ? intl.formatMessage({ id: 'app.safety.threats.keySet', defaultMessage: 'Every new or changed link is asked about, the answer cached as long as Google says; when Google cannot be reached the link is saved and checked again later.' })
                  : intl.formatMessage({ id: 'app.safety.threats.noKey', defaultMessage: 'No key is set: only the blocklist and the imported lists are checked. Set one with --safe-browsing-key or LINKDESK_SAFE_BROWSING_KEY.' })}
              </Text>
            )}
          </Box>
          <ImportedLists blocklist={b} />
          <Box component="section" aria-labelledby="shorteners" maw={960}>
            <Title order={2} size="h4" id="shorteners" mb={4}><FormattedMessage id="app.safety.threats.shorteners" defaultMessage="Shorteners followed" /></Title>
            <Text size="sm" c="dimmed" mb="xs"><FormattedMessage id="app.safety.threats.shortenersHint" defaultMessage="A destination on one of these hosts is resolved one hop and where it leads is checked too." /></Text>
            <Group gap={6}>
              {b.known_shorteners.length
                ? b.known_shorteners.map((h) => <Code key={h}>{h}</Code>)
                : <Text size="sm" c="dimmed"><FormattedMessage id="app.safety.threats.noShorteners" defaultMessage="None." /></Text>}
            </Group>
          </Box>
        </>
      ) : null}
    </Stack>
  );
}

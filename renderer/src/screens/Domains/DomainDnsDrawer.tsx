// "Point go.example.com here": the records to create at the DNS provider, with
// copy buttons, then DNS and HTTPS as the server finds them now, and Check again.
import { ActionIcon, Alert, Button, Code, CopyButton, Drawer, Group, Loader, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useEffect } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { Domain } from '../../../../shared/api-types.ts';
import type { DomainDns } from '../../../../shared/schemas/domain-dns.ts';
import { ErrorState } from '../../components/DataStates/DataStates.tsx';
import { IconCheck, IconCopy, IconRefresh } from '../../components/Icons/Icons.tsx';
import { formatDateTime } from '../../format.ts';
import { DnsStatusBadge } from './DomainDnsBadge.tsx';
import { useDnsChecks, useDnsEntry } from './dns-checks.ts';
import { dnsSteps, SUGGESTED_TTL, type DnsRecord } from './dns-steps.ts';

function Copyable({ what, value }: { what: 'name' | 'value'; value: string }) {
  const intl = useIntl();
  const copyLabel = (copied: boolean) => intl.formatMessage({
    id: 'app.dns.copyLabel',
    defaultMessage: '{copied, select, true {Copied} other {Copy}} {what, select, name {name} other {value}} {value}',
    description: 'Screen-reader label of a copy button beside a DNS record\'s name or value',
  }, { copied: String(copied), what, value });
  return (
    <Group gap={4} wrap="nowrap">
      <Code style={{ overflowWrap: 'anywhere' }}>{value}</Code>
      <CopyButton value={value} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip withArrow label={intl.formatMessage({
            id: 'app.dns.copyTip', defaultMessage: '{copied, select, true {Copied} other {Copy {what, select, name {name} other {value}}}}',
            description: 'Tooltip of a copy button beside a DNS record\'s name or value',
          }, { copied: String(copied), what })}>
            <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} size="sm" onClick={copy}
              aria-label={copyLabel(copied)}>
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

function RecordsTable({ records, label }: { records: DnsRecord[]; label: string }) {
  const intl = useIntl();
  return (
    <Table withTableBorder verticalSpacing="xs" aria-label={label} data-testid="dns-records">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{intl.formatMessage({ id: 'app.dns.column.type', defaultMessage: 'Type', description: 'A DNS record\'s type (A, AAAA, CNAME)' })}</Table.Th>
          <Table.Th>{intl.formatMessage({ id: 'app.dns.column.name', defaultMessage: 'Name', description: 'A DNS record\'s name' })}</Table.Th>
          <Table.Th>{intl.formatMessage({ id: 'app.dns.column.value', defaultMessage: 'Value', description: 'A DNS record\'s value' })}</Table.Th>
          <Table.Th>{intl.formatMessage({ id: 'app.dns.column.ttl', defaultMessage: 'TTL', description: 'A DNS record\'s time to live' })}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {records.map((r) => (
          <Table.Tr key={`${r.type} ${r.value}`} data-record={`${r.type} ${r.value}`}>
            <Table.Td><Text size="sm" fw={600}>{r.type}</Text></Table.Td>
            <Table.Td><Copyable what="name" value={r.name} /></Table.Td>
            <Table.Td><Copyable what="value" value={r.value} /></Table.Td>
            <Table.Td><Text size="sm">{intl.formatNumber(SUGGESTED_TTL)}</Text></Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Steps({ dns }: { dns: DomainDns }) {
  const intl = useIntl();
  const { addresses, cname } = dnsSteps(dns);
  if (!addresses.length && !cname) {
    return <Alert color="gray" variant="light" title={intl.formatMessage({ id: 'app.dns.noAddress', defaultMessage: 'The server does not know its public address' })}>{dns.message}</Alert>;
  }
  const addressLabel = intl.formatMessage({ id: 'app.dns.addressRecords', defaultMessage: 'Address records to create' });
  // The CNAME first when there is one, as the server's own advice: it follows the instance if its addresses change.
  const first = cname ? [cname] : addresses;
  const alternative = cname && addresses.length ? addresses : null;
  return (
    <Stack gap="xs">
      <Text size="sm">
        <FormattedMessage id="app.dns.stepsIntro"
          defaultMessage="Create {count, plural, one {this record} other {these records}} at the company that hosts the DNS of {domain}. A TTL of {ttl, plural, one {# second} other {# seconds}} lets a mistake be mended quickly; raise it once the domain works."
          values={{ count: first.length, domain: dns.domain, ttl: SUGGESTED_TTL }} />
      </Text>
      <RecordsTable records={first} label={cname ? intl.formatMessage({ id: 'app.dns.cnameRecord', defaultMessage: 'CNAME record to create' }) : addressLabel} />
      {alternative ? (
        <>
          <Text size="sm">
            <FormattedMessage id="app.dns.alternative"
              defaultMessage="Or, where a CNAME cannot be (at the top of a zone, such as example.com itself), {count, plural, one {this record} other {these records}} instead:"
              values={{ count: alternative.length }} />
          </Text>
          <RecordsTable records={alternative} label={addressLabel} />
        </>
      ) : null}
    </Stack>
  );
}

const list = (intl: IntlShape, values: string[]) => (values.length
  ? values.join(', ') // addresses and names: technical values, listed as written
  : intl.formatMessage({ id: 'app.dns.none', defaultMessage: 'none', description: 'No DNS records (or certificate names) found' }));

function Found({ dns }: { dns: DomainDns }) {
  const intl = useIntl();
  const { records, https } = dns;
  return (
    <>
      <Title order={3} size="h5">{intl.formatMessage({ id: 'app.dns.found', defaultMessage: 'DNS as found' })}</Title>
      <Table variant="vertical" withTableBorder data-testid="dns-found">
        <Table.Tbody>
          <Table.Tr><Table.Th w={90}>A</Table.Th><Table.Td>{list(intl, records.a)}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>AAAA</Table.Th><Table.Td>{list(intl, records.aaaa)}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>CNAME</Table.Th><Table.Td>{list(intl, records.cname)}</Table.Td></Table.Tr>
          {records.not_public ? (
            <Table.Tr data-testid="dns-not-public"><Table.Th>{intl.formatMessage({ id: 'app.dns.notPublic', defaultMessage: 'Not public' })}</Table.Th><Table.Td>
              <FormattedMessage id="app.dns.notPublicBody"
                defaultMessage="{count, plural, one {One answer} other {# answers}} not shown: private or reserved addresses, or internal names, which the server does not tell"
                values={{ count: records.not_public }} />
            </Table.Td></Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>
      <Title order={3} size="h5">{intl.formatMessage({ id: 'app.dns.httpsFound', defaultMessage: 'HTTPS as found' })}</Title>
      {https.status === 'ok' ? (
        <Table variant="vertical" withTableBorder data-testid="https-found">
          <Table.Tbody>
            <Table.Tr><Table.Th w={90}>{intl.formatMessage({ id: 'app.dns.issuer', defaultMessage: 'Issuer', description: 'A certificate\'s issuer' })}</Table.Th><Table.Td>{https.issuer ?? '—'}</Table.Td></Table.Tr>
            <Table.Tr><Table.Th>{intl.formatMessage({ id: 'app.dns.validUntil', defaultMessage: 'Valid until', description: 'A certificate\'s end date' })}</Table.Th><Table.Td>{formatDateTime(https.valid_until)}</Table.Td></Table.Tr>
            <Table.Tr><Table.Th>{intl.formatMessage({ id: 'app.dns.names', defaultMessage: 'Names', description: 'The host names a certificate covers' })}</Table.Th><Table.Td>{list(intl, https.names)}</Table.Td></Table.Tr>
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" data-testid="https-found">
          {https.error
            ? intl.formatMessage({ id: 'app.dns.noCertificateWhy', defaultMessage: 'No certificate: {error}', description: 'error: the server\'s English reason' }, { error: https.error })
            : intl.formatMessage({ id: 'app.dns.noCertificate', defaultMessage: 'No certificate: none was presented.' })}
        </Text>
      )}
    </>
  );
}

export function DomainDnsDrawer({ instanceId, domain, onClose }: { instanceId: string; domain: Domain; onClose(): void }) {
  const entry = useDnsEntry(instanceId, domain.id);
  const check = () => void useDnsChecks.getState().check(instanceId, domain.id);
  // Opened on a domain never checked (just added): its steps at once.
  useEffect(() => {
    if (!entry?.dns && !entry?.error && !entry?.checking) check();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per domain opened
  }, [instanceId, domain.id]);
  const dns = entry?.dns ?? null;
  const checking = entry?.checking ?? false;
  const intl = useIntl();

  return (
    <Drawer opened onClose={onClose} position="right" size="xl" title={intl.formatMessage({ id: 'app.dns.title', defaultMessage: 'Point {domain} here' }, { domain: domain.name })}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4} style={{ flex: 1 }}>
            {/* For unknown, the steps below say it once. */}
            <Group gap="xs"><DnsStatusBadge entry={entry} />{dns && dns.status !== 'unknown' ? <Text size="sm" data-testid="dns-message">{dns.message}</Text> : null}</Group>
            <Text size="xs" c="dimmed" role="status" data-testid="dns-checked">
              {checking
                ? intl.formatMessage({ id: 'app.dns.checking', defaultMessage: 'Checking DNS and HTTPS of {domain}…' }, { domain: domain.name })
                : dns && entry?.repeated
                  ? intl.formatMessage({
                    id: 'app.dns.checkedRepeated',
                    defaultMessage: 'Checked {when}. The server keeps a domain\'s answer for a minute: this is the one it found then; check again after the minute for a new one.',
                  }, { when: formatDateTime(dns.checked_at) })
                  : dns ? intl.formatMessage({ id: 'app.dns.checked', defaultMessage: 'Checked {when}', description: 'when: a date and time' }, { when: formatDateTime(dns.checked_at) }) : ''}
            </Text>
          </Stack>
          {/* Not `loading`: a disabled button would drop the keyboard focus mid-check. */}
          <Button variant="default" size="xs" aria-busy={checking} style={{ flexShrink: 0 }} leftSection={checking ? <Loader size={12} aria-hidden /> : <IconRefresh />}
            onClick={() => { if (!checking) check(); }}>
            {checking
              ? intl.formatMessage({ id: 'app.dns.checkingButton', defaultMessage: 'Checking…' })
              : intl.formatMessage({ id: 'app.dns.checkAgain', defaultMessage: 'Check again' })}
          </Button>
        </Group>
        {entry?.error ? <ErrorState error={entry.error} onRetry={check} kept={dns !== null} /> : null}
        {dns ? (
          <>
            <Title order={3} size="h5">{intl.formatMessage({ id: 'app.dns.recordsToCreate', defaultMessage: 'Records to create' })}</Title>
            <Steps dns={dns} />
            <Found dns={dns} />
          </>
        ) : null}
        {!dns && checking ? <Text size="sm" c="dimmed">{intl.formatMessage({ id: 'app.dns.lookingUp', defaultMessage: 'Looking up {domain}…' }, { domain: domain.name })}</Text> : null}
      </Stack>
    </Drawer>
  );
}

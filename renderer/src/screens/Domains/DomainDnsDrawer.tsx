// "Point go.example.com here": the records to create at the DNS provider, with
// copy buttons, then DNS and HTTPS as the server finds them now, and Check again.
import { ActionIcon, Alert, Button, Code, CopyButton, Drawer, Group, Loader, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useEffect } from 'react';
import type { Domain } from '../../../../shared/api-types.ts';
import type { DomainDns } from '../../../../shared/schemas/domain-dns.ts';
import { ErrorState } from '../../components/DataStates/DataStates.tsx';
import { IconCheck, IconCopy, IconRefresh } from '../../components/Icons/Icons.tsx';
import { formatDateTime } from '../../format.ts';
import { DnsStatusBadge } from './DomainDnsBadge.tsx';
import { useDnsChecks, useDnsEntry } from './dns-checks.ts';
import { dnsSteps, SUGGESTED_TTL, type DnsRecord } from './dns-steps.ts';

function Copyable({ what, value }: { what: string; value: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Code style={{ overflowWrap: 'anywhere' }}>{value}</Code>
      <CopyButton value={value} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : `Copy ${what}`} withArrow>
            <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} size="sm" onClick={copy}
              aria-label={copied ? `Copied ${what} ${value}` : `Copy ${what} ${value}`}>
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

function RecordsTable({ records, label }: { records: DnsRecord[]; label: string }) {
  return (
    <Table withTableBorder verticalSpacing="xs" aria-label={label} data-testid="dns-records">
      <Table.Thead>
        <Table.Tr><Table.Th>Type</Table.Th><Table.Th>Name</Table.Th><Table.Th>Value</Table.Th><Table.Th>TTL</Table.Th></Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {records.map((r) => (
          <Table.Tr key={`${r.type} ${r.value}`} data-record={`${r.type} ${r.value}`}>
            <Table.Td><Text size="sm" fw={600}>{r.type}</Text></Table.Td>
            <Table.Td><Copyable what="name" value={r.name} /></Table.Td>
            <Table.Td><Copyable what="value" value={r.value} /></Table.Td>
            <Table.Td><Text size="sm">{SUGGESTED_TTL}</Text></Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Steps({ dns }: { dns: DomainDns }) {
  const { addresses, cname } = dnsSteps(dns);
  if (!addresses.length && !cname) {
    return <Alert color="gray" variant="light" title="The server does not know its public address">{dns.message}</Alert>;
  }
  // The CNAME first when there is one, as the server's own advice: it follows the instance if its addresses change.
  const first = cname ? [cname] : addresses;
  const alternative = cname && addresses.length ? addresses : null;
  return (
    <Stack gap="xs">
      <Text size="sm">Create {first.length === 1 ? 'this record' : 'these records'} at the company that hosts the DNS of {dns.domain}. A TTL of {SUGGESTED_TTL} seconds lets a mistake be mended quickly; raise it once the domain works.</Text>
      <RecordsTable records={first} label={cname ? 'CNAME record to create' : 'Address records to create'} />
      {alternative ? (
        <>
          <Text size="sm">Or, where a CNAME cannot be (at the top of a zone, such as example.com itself), {alternative.length === 1 ? 'this record' : 'these records'} instead:</Text>
          <RecordsTable records={alternative} label="Address records to create" />
        </>
      ) : null}
    </Stack>
  );
}

const list = (values: string[]) => (values.length ? values.join(', ') : 'none');

function Found({ dns }: { dns: DomainDns }) {
  const { records, https } = dns;
  return (
    <>
      <Title order={3} size="h5">DNS as found</Title>
      <Table variant="vertical" withTableBorder data-testid="dns-found">
        <Table.Tbody>
          <Table.Tr><Table.Th w={90}>A</Table.Th><Table.Td>{list(records.a)}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>AAAA</Table.Th><Table.Td>{list(records.aaaa)}</Table.Td></Table.Tr>
          <Table.Tr><Table.Th>CNAME</Table.Th><Table.Td>{list(records.cname)}</Table.Td></Table.Tr>
          {records.not_public ? (
            <Table.Tr data-testid="dns-not-public"><Table.Th>Not public</Table.Th><Table.Td>{records.not_public === 1 ? 'One answer' : `${records.not_public} answers`} not shown: private or reserved addresses, or internal names, which the server does not tell</Table.Td></Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>
      <Title order={3} size="h5">HTTPS as found</Title>
      {https.status === 'ok' ? (
        <Table variant="vertical" withTableBorder data-testid="https-found">
          <Table.Tbody>
            <Table.Tr><Table.Th w={90}>Issuer</Table.Th><Table.Td>{https.issuer ?? '—'}</Table.Td></Table.Tr>
            <Table.Tr><Table.Th>Valid until</Table.Th><Table.Td>{formatDateTime(https.valid_until)}</Table.Td></Table.Tr>
            <Table.Tr><Table.Th>Names</Table.Th><Table.Td>{list(https.names)}</Table.Td></Table.Tr>
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" data-testid="https-found">No certificate: {https.error ?? 'none was presented.'}</Text>
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

  return (
    <Drawer opened onClose={onClose} position="right" size="xl" title={`Point ${domain.name} here`}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4} style={{ flex: 1 }}>
            {/* For unknown, the steps below say it once. */}
            <Group gap="xs"><DnsStatusBadge entry={entry} />{dns && dns.status !== 'unknown' ? <Text size="sm" data-testid="dns-message">{dns.message}</Text> : null}</Group>
            <Text size="xs" c="dimmed" role="status" data-testid="dns-checked">
              {checking ? `Checking DNS and HTTPS of ${domain.name}…` : dns ? `Checked ${formatDateTime(dns.checked_at)}` : ''}
              {!checking && dns && entry?.repeated ? '. The server keeps a domain\'s answer for a minute: this is the one it found then; check again after the minute for a new one.' : ''}
            </Text>
          </Stack>
          {/* Not `loading`: a disabled button would drop the keyboard focus mid-check. */}
          <Button variant="default" size="xs" aria-busy={checking} style={{ flexShrink: 0 }} leftSection={checking ? <Loader size={12} aria-hidden /> : <IconRefresh />}
            onClick={() => { if (!checking) check(); }}>
            {checking ? 'Checking…' : 'Check again'}
          </Button>
        </Group>
        {entry?.error ? <ErrorState error={entry.error} onRetry={check} kept={dns !== null} /> : null}
        {dns ? (
          <>
            <Title order={3} size="h5">Records to create</Title>
            <Steps dns={dns} />
            <Found dns={dns} />
          </>
        ) : null}
        {!dns && checking ? <Text size="sm" c="dimmed">Looking up {domain.name}…</Text> : null}
      </Stack>
    </Drawer>
  );
}

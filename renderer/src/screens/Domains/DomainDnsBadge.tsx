// A domain's DNS status in words (colour only repeats them), as a button that
// opens the steps to point the domain here.
import { Badge, Loader, UnstyledButton } from '@mantine/core';
import { defineMessages, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { checkedState, type DnsEntry } from './dns-checks.ts';

type Shown = NonNullable<ReturnType<typeof checkedState>> | 'unchecked' | 'checking';

const COLOR: Record<Shown, string> = {
  ok: 'teal', pending: 'orange', wrong: 'red', unknown: 'gray', failed: 'grape', unsupported: 'gray', unchecked: 'gray', checking: 'gray',
};

const LABEL: Record<Shown, MessageDescriptor> = defineMessages({
  ok: { id: 'app.dns.status.ok', defaultMessage: 'Points here', description: 'A domain\'s DNS status' },
  pending: { id: 'app.dns.status.pending', defaultMessage: 'Pending', description: 'A domain\'s DNS status' },
  wrong: { id: 'app.dns.status.wrong', defaultMessage: 'Points elsewhere', description: 'A domain\'s DNS status' },
  unknown: { id: 'app.dns.status.unknown', defaultMessage: 'Unknown', description: 'A domain\'s DNS status' },
  failed: { id: 'app.dns.status.failed', defaultMessage: 'Check failed', description: 'A domain\'s DNS status' },
  unsupported: { id: 'app.dns.status.unsupported', defaultMessage: 'Not offered', description: 'A domain\'s DNS status: the server has no DNS check' },
  unchecked: { id: 'app.dns.status.unchecked', defaultMessage: 'Not checked', description: 'A domain\'s DNS status' },
  checking: { id: 'app.dns.status.checking', defaultMessage: 'Checking…', description: 'A domain\'s DNS status' },
});

export function dnsLook(entry: DnsEntry | undefined, intl: IntlShape): { shown: Shown; label: string; color: string } {
  const state = checkedState(entry);
  const shown: Shown = state ?? (entry?.checking ? 'checking' : 'unchecked');
  return { shown, label: intl.formatMessage(LABEL[shown]), color: COLOR[shown] };
}

/** The status badge alone (the drawer's heading uses it too). */
export function DnsStatusBadge({ entry }: { entry: DnsEntry | undefined }) {
  const look = dnsLook(entry, useIntl());
  return (
    <Badge color={look.color} variant="light" data-dns-status={look.shown}
      leftSection={entry?.checking ? <Loader size={10} color="gray" aria-hidden /> : undefined}>
      {look.label}
    </Badge>
  );
}

export function DomainDnsBadge({ name, entry, onOpen }: { name: string; entry: DnsEntry | undefined; onOpen(): void }) {
  const intl = useIntl();
  const detail = entry?.error?.message ?? entry?.dns?.message;
  const label = intl.formatMessage({ id: 'app.dns.badgeLabel', defaultMessage: '{status}: DNS and HTTPS of {name}', description: 'status: a DNS status such as "Points here"; name: a domain' },
    { status: dnsLook(entry, intl).label, name });
  return (
    <UnstyledButton onClick={onOpen} aria-label={label} title={detail} data-testid="dns-badge">
      <DnsStatusBadge entry={entry} />
    </UnstyledButton>
  );
}

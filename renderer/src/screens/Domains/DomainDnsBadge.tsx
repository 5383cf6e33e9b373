// A domain's DNS status in words (colour only repeats them), as a button that
// opens the steps to point the domain here.
import { Badge, Loader, UnstyledButton } from '@mantine/core';
import { checkedState, type DnsEntry } from './dns-checks.ts';

type Shown = NonNullable<ReturnType<typeof checkedState>> | 'unchecked' | 'checking';

const LOOK: Record<Shown, { label: string; color: string }> = {
  ok: { label: 'Points here', color: 'teal' },
  pending: { label: 'Pending', color: 'orange' },
  wrong: { label: 'Points elsewhere', color: 'red' },
  unknown: { label: 'Unknown', color: 'gray' },
  failed: { label: 'Check failed', color: 'grape' },
  unsupported: { label: 'Not offered', color: 'gray' },
  unchecked: { label: 'Not checked', color: 'gray' },
  checking: { label: 'Checking…', color: 'gray' },
};

export function dnsLook(entry: DnsEntry | undefined): { shown: Shown; label: string; color: string } {
  const state = checkedState(entry);
  const shown: Shown = state ?? (entry?.checking ? 'checking' : 'unchecked');
  return { shown, ...LOOK[shown] };
}

/** The status badge alone (the drawer's heading uses it too). */
export function DnsStatusBadge({ entry }: { entry: DnsEntry | undefined }) {
  const look = dnsLook(entry);
  return (
    <Badge color={look.color} variant="light" data-dns-status={look.shown}
      leftSection={entry?.checking ? <Loader size={10} color="gray" aria-hidden /> : undefined}>
      {look.label}
    </Badge>
  );
}

export function DomainDnsBadge({ name, entry, onOpen }: { name: string; entry: DnsEntry | undefined; onOpen(): void }) {
  const detail = entry?.error?.message ?? entry?.dns?.message;
  return (
    <UnstyledButton onClick={onOpen} aria-label={`${dnsLook(entry).label}: DNS and HTTPS of ${name}`} title={detail} data-testid="dns-badge">
      <DnsStatusBadge entry={entry} />
    </UnstyledButton>
  );
}

import { Badge, Loader, Tooltip } from '@mantine/core';
import type { ReachState } from '../../state/instances-store.ts';

const LOOK: Record<ReachState['state'], { label: string; color: string }> = {
  connected: { label: 'Connected', color: 'teal' },
  'invalid-key': { label: 'Invalid key', color: 'red' },
  'no-key': { label: 'No key', color: 'gray' },
  unreachable: { label: 'Unreachable', color: 'orange' },
  error: { label: 'Error', color: 'red' },
  checking: { label: 'Checking…', color: 'gray' },
  unknown: { label: 'Not checked', color: 'gray' },
};

export function reachLabel(reach: ReachState | undefined): string {
  return LOOK[reach?.state ?? 'unknown'].label;
}

/** What the last check learned beyond the state: whose key it is, or why there is no connection. */
export function reachDetail(reach: ReachState | undefined): string | null {
  if (!reach) return null;
  if (reach.state === 'connected') {
    return reach.account ? `Signed in as ${reach.account.name}` : 'The key works; this server does not offer account details';
  }
  return 'message' in reach ? reach.message : null;
}

/** The state is always spelled out; color only repeats it. */
export function ReachabilityBadge({ reach }: { reach: ReachState | undefined }) {
  const r = reach ?? { state: 'unknown' as const };
  const look = LOOK[r.state];
  const detail = reachDetail(r);
  const badge = (
    <Badge color={look.color} variant="light" data-reach={r.state}
      leftSection={r.state === 'checking' ? <Loader size={10} color="gray" /> : undefined}>
      {look.label}
    </Badge>
  );
  return detail ? <Tooltip label={detail} multiline maw={320} withinPortal>{badge}</Tooltip> : badge;
}

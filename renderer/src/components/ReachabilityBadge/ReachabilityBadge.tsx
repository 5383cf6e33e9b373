import { Badge, Loader, Tooltip } from '@mantine/core';
import { PASSWORD_MEANS } from '../../../../shared/api-generation.ts';
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
    if (!reach.account) return 'The key works; this server does not offer account details';
    const g = reach.account.api_generation;
    // Servers before api_generation do not say it.
    return `Signed in as ${reach.account.name}${g ? ` · phpShort API: ${g} (${PASSWORD_MEANS[g]})` : ''}`;
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

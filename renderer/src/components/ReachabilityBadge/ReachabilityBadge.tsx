import { Badge, Loader, Tooltip } from '@mantine/core';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import type { ReachState } from '../../state/instances-store.ts';
import { getIntl } from '../../i18n/current.ts';

const COLOR: Record<ReachState['state'], string> = {
  connected: 'teal', 'invalid-key': 'red', 'no-key': 'gray', unreachable: 'orange', error: 'red', checking: 'gray', unknown: 'gray',
};

const LABEL = defineMessages({
  connected: { id: 'app.reach.connected', defaultMessage: 'Connected', description: 'An instance\'s connection state' },
  'invalid-key': { id: 'app.reach.invalidKey', defaultMessage: 'Invalid key', description: 'An instance\'s connection state' },
  'no-key': { id: 'app.reach.noKey', defaultMessage: 'No key', description: 'An instance\'s connection state' },
  unreachable: { id: 'app.reach.unreachable', defaultMessage: 'Unreachable', description: 'An instance\'s connection state' },
  error: { id: 'app.reach.error', defaultMessage: 'Error', description: 'An instance\'s connection state' },
  checking: { id: 'app.reach.checking', defaultMessage: 'Checking…', description: 'An instance\'s connection state' },
  unknown: { id: 'app.reach.unknown', defaultMessage: 'Not checked', description: 'An instance\'s connection state' },
});


export function reachLabel(reach: ReachState | undefined, intl: IntlShape = getIntl()): string {
  return intl.formatMessage(LABEL[reach?.state ?? 'unknown']);
}

/** What the last check learned beyond the state: whose key it is, or why there is no connection. */
export function reachDetail(reach: ReachState | undefined, intl: IntlShape = getIntl()): string | null {
  if (!reach) return null;
  if (reach.state === 'connected') {
    if (!reach.account) return intl.formatMessage({ id: 'app.reach.noAccount', defaultMessage: 'The key works; this server does not offer account details' });
    const g = reach.account.api_generation;
    // Servers before api_generation do not say it.
    return g
      ? intl.formatMessage({
        id: 'app.reach.signedInApi',
        defaultMessage: 'Signed in as {name} · phpShort API: {generation} ({generation, select, seed {password = link password} other {password = statistics password}})',
        description: 'generation: the API generation name (seed or current, kept as is); "password" is the API field name',
      }, { name: reach.account.name, generation: g })
      : intl.formatMessage({ id: 'app.reach.signedIn', defaultMessage: 'Signed in as {name}' }, { name: reach.account.name });
  }
  return 'message' in reach ? reach.message : null;
}

/** The state is always spelled out; color only repeats it. */
export function ReachabilityBadge({ reach }: { reach: ReachState | undefined }) {
  const intl = useIntl();
  const r = reach ?? { state: 'unknown' as const };
  const detail = reachDetail(r, intl);
  const badge = (
    <Badge color={COLOR[r.state]} variant="light" data-reach={r.state}
      leftSection={r.state === 'checking' ? <Loader size={10} color="gray" /> : undefined}>
      {reachLabel(r, intl)}
    </Badge>
  );
  return detail ? <Tooltip label={detail} multiline maw={320} withinPortal>{badge}</Tooltip> : badge;
}

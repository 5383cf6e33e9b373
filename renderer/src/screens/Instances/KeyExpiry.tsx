// A key that stops working within KEY_EXPIRY_WARNING_DAYS is said on its
// instance's row, in time to rotate it or ask for another. Asked only of
// instances whose key was accepted; servers without /keys say nothing.
import { Badge, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import type { InstanceView } from '../../../../shared/contract.ts';
import { call } from '../../api/api.ts';
import { instanceKey } from '../../api/query.ts';
import { fmt } from '../../format.ts';
import { KEYS_RESOURCE } from '../../state/key-access.ts';

export function KeyExpiry({ instance, connected }: { instance: InstanceView; connected: boolean }) {
  const intl = useIntl();
  const info = useQuery({
    queryKey: instanceKey(instance.id, KEYS_RESOURCE, 'info'),
    queryFn: () => call('instances.keyInfo', { id: instance.id }, { quiet: true }),
    enabled: connected && instance.hasApiKey,
    staleTime: 60_000,
  });
  const k = info.data;
  if (!k?.expiresSoon || k.daysLeft === null) return null;
  return (
    <Tooltip multiline w={260} label={intl.formatMessage({
      id: 'app.instances.keyExpiry.tip',
      defaultMessage: 'It stops working {when}. Rotate key makes a new one that expires no later; ask an admin for a longer-lived key.',
      description: 'when: a date and time',
    }, { when: fmt.dateTime(k.expiresAt) })}>
      <Badge variant="light" color="orange" tabIndex={0} data-testid="key-expiry" mt={4} style={{ display: 'block', width: 'fit-content' }}>
        {intl.formatMessage({
          id: 'app.instances.keyExpiry.badge', defaultMessage: '{days, plural, =0 {Key expires today} one {Key expires in # day} other {Key expires in # days}}',
        }, { days: k.daysLeft })}
      </Badge>
    </Tooltip>
  );
}

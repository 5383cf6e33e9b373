// A key that stops working within KEY_EXPIRY_WARNING_DAYS is said on its
// instance's row, in time to rotate it or ask for another. Asked only of
// instances whose key was accepted; servers without /keys say nothing.
import { Badge, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { InstanceView } from '../../../../shared/contract.ts';
import { call } from '../../api/api.ts';
import { instanceKey } from '../../api/query.ts';
import { fmt } from '../../format.ts';
import { KEYS_RESOURCE } from '../../state/key-access.ts';

export function KeyExpiry({ instance, connected }: { instance: InstanceView; connected: boolean }) {
  const info = useQuery({
    queryKey: instanceKey(instance.id, KEYS_RESOURCE, 'info'),
    queryFn: () => call('instances.keyInfo', { id: instance.id }, { quiet: true }),
    enabled: connected && instance.hasApiKey,
    staleTime: 60_000,
  });
  const k = info.data;
  if (!k?.expiresSoon || k.daysLeft === null) return null;
  const when = k.daysLeft === 0 ? 'today' : `in ${fmt.plural(k.daysLeft, { one: 'day', other: 'days' })}`;
  return (
    <Tooltip label={`It stops working ${fmt.dateTime(k.expiresAt)}. Rotate key makes a new one that expires no later; ask an admin for a longer-lived key.`} multiline w={260}>
      <Badge variant="light" color="orange" tabIndex={0} data-testid="key-expiry" mt={4} style={{ display: 'block', width: 'fit-content' }}>
        Key expires {when}
      </Badge>
    </Tooltip>
  );
}

import { Badge } from '@mantine/core';
import type { LinkStatus } from '../../../../shared/constants.ts';

const LOOK: Record<LinkStatus, { label: string; color: string }> = {
  1: { label: 'Active', color: 'teal' },
  2: { label: 'Expired', color: 'orange' },
  3: { label: 'Disabled', color: 'gray' },
};

export function LinkStatusBadge({ status }: { status: LinkStatus }) {
  const look = LOOK[status];
  return <Badge variant="light" color={look.color} data-status={status}>{look.label}</Badge>;
}

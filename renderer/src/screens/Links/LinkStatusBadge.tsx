import { Badge } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { LinkStatus } from '../../../../shared/constants.ts';
import { statusWord } from './link-words.ts';

const COLOR: Record<LinkStatus, string> = { 1: 'teal', 2: 'orange', 3: 'gray' };

export function LinkStatusBadge({ status }: { status: LinkStatus }) {
  const intl = useIntl();
  return <Badge variant="light" color={COLOR[status]} data-status={status}>{statusWord(intl, status)}</Badge>;
}

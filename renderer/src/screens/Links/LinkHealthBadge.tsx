import { Badge, Stack, Text } from '@mantine/core';
import type { Link } from '../../../../shared/api-types.ts';
import { useIntl } from 'react-intl';
import { formatDateTime } from '../../format.ts';
import { healthWords } from './link-words.ts';

/** Broken stands out with its reason under it; OK stays quiet; never checked is a dash. */
export function LinkHealthBadge({ link }: { link: Pick<Link, 'health' | 'health_detail' | 'health_checked_at'> }) {
  const intl = useIntl();
  const checked = link.health_checked_at
    ? intl.formatMessage({ id: 'app.links.health.checkedAt', defaultMessage: 'Checked {when}' }, { when: formatDateTime(link.health_checked_at) })
    : undefined;
  if (link.health === 'broken') {
    return (
      <Stack gap={2} title={[link.health_detail, checked].filter(Boolean).join(' · ')} data-health="broken">
        <Badge color="red" variant="filled">{intl.formatMessage(healthWords.broken)}</Badge>
        {link.health_detail ? <Text size="xs" c="red.8" truncate="end" data-testid="health-detail">{link.health_detail}</Text> : null}
      </Stack>
    );
  }
  if (link.health === 'ok') return <Badge color="teal" variant="dot" title={checked} data-health="ok">{intl.formatMessage(healthWords.ok)}</Badge>;
  return <Text size="sm" c="dimmed" title={intl.formatMessage({ id: 'app.links.health.notYet', defaultMessage: 'Not checked yet' })} data-health="unknown">—</Text>;
}

// A banned link (issue 44): it does not redirect, and its owner sees why. The
// ban is read defensively from the link (servers before bans send none).
import { Alert, Badge, Stack, Text } from '@mantine/core';
import type { Link } from '../../../../shared/api-types.ts';
import { BAN_SOURCE_WORDS, banOf, type LinkBan } from '../../api/safety-types.ts';
import { fmt } from '../../format.ts';

/** "Banned 28 Nov 2026, 12:40 by a visitor report (legal block, HTTP 451)". */
export function banSummary(ban: LinkBan): string {
  return `Banned ${fmt.dateTime(ban.at)} · ${BAN_SOURCE_WORDS[ban.source]}${ban.legal ? ' · legal block (HTTP 451)' : ''}`;
}

/** In the table's status cell: the badge, its reason under it (whole on hover, and for screen readers). */
export function LinkBanBadge({ ban }: { ban: LinkBan }) {
  const title = [ban.reason, banSummary(ban)].filter(Boolean).join(' · ');
  return (
    <Stack gap={2} title={title} data-testid="ban-badge">
      <Badge color="red" variant="filled">Banned</Badge>
      {ban.reason ? <Text size="xs" c="red.8" truncate="end" data-testid="ban-reason">{ban.reason}</Text> : null}
    </Stack>
  );
}

/** In the link's drawer and row detail: what the ban means for the owner, in words. */
export function LinkBanNotice({ link }: { link: Link }) {
  const ban = banOf(link);
  if (!ban) return null;
  return (
    <Alert color="red" variant="light" title="This link is banned" data-testid="ban-notice">
      <Stack gap={4}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{ban.reason ? `Reason: ${ban.reason}` : 'No reason was given.'}</Text>
        <Text size="sm">{banSummary(ban)}.</Text>
        <Text size="sm">
          It does not redirect: visitors get a page saying it was disabled for their safety, and no click is counted.
          Only an admin can lift the ban; you may still edit it.
        </Text>
      </Stack>
    </Alert>
  );
}

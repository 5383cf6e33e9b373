// A banned link (issue 44): it does not redirect, and its owner sees why. The
// ban is read defensively from the link (servers before bans send none).
import { Alert, Badge, Stack, Text } from '@mantine/core';
import type { Link } from '../../../../shared/api-types.ts';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import { banOf, type LinkBan } from '../../api/safety-types.ts';
import { fmt } from '../../format.ts';
import { getIntl } from '../../i18n/current.ts';
import { plain } from '../../i18n/plain.ts';

const m = plain(defineMessages({
  summary: {
    id: 'app.links.ban.summary',
    defaultMessage: 'Banned {when} · {source, select, blocklist {Blocklist} threat {Threat list} report {Visitor report} admin {An admin} host {Host ban} other {{source}}}{legal, select, yes { · legal block (HTTP 451)} other {}}',
    description: 'When and by what a link was banned; the legal part only for a legal block',
  },
  banned: { id: 'app.links.ban.badge', defaultMessage: 'Banned' },
  noticeTitle: { id: 'app.links.ban.notice.title', defaultMessage: 'This link is banned' },
  reason: { id: 'app.links.ban.notice.reason', defaultMessage: 'Reason: {reason}' },
  noReason: { id: 'app.links.ban.notice.noReason', defaultMessage: 'No reason was given.' },
  sentence: { id: 'app.links.ban.notice.sentence', defaultMessage: '{summary}.' },
  meaning: {
    id: 'app.links.ban.notice.meaning',
    defaultMessage: 'It does not redirect: visitors get a page saying it was disabled for their safety, and no click is counted. Only an admin can lift the ban; you may still edit it.',
  },
}));

/** "Banned 28 Nov 2026, 12:40 · Visitor report · legal block (HTTP 451)". */
export function banSummary(ban: LinkBan, intl: IntlShape = getIntl()): string {
  return intl.formatMessage(m.summary, { when: fmt.dateTime(ban.at), source: ban.source, legal: ban.legal ? 'yes' : 'no' });
}

/** In the table's status cell: the badge, its reason under it (whole on hover, and for screen readers). */
export function LinkBanBadge({ ban }: { ban: LinkBan }) {
  const intl = useIntl();
  const title = [ban.reason, banSummary(ban, intl)].filter(Boolean).join(' · ');
  return (
    <Stack gap={2} title={title} data-testid="ban-badge">
      <Badge color="red" variant="filled">{intl.formatMessage(m.banned)}</Badge>
      {ban.reason ? <Text size="xs" c="red.8" truncate="end" data-testid="ban-reason">{ban.reason}</Text> : null}
    </Stack>
  );
}

/** In the link's drawer and row detail: what the ban means for the owner, in words. */
export function LinkBanNotice({ link }: { link: Link }) {
  const intl = useIntl();
  const ban = banOf(link);
  if (!ban) return null;
  return (
    <Alert color="red" variant="light" title={intl.formatMessage(m.noticeTitle)} data-testid="ban-notice">
      <Stack gap={4}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{ban.reason ? intl.formatMessage(m.reason, { reason: ban.reason }) : intl.formatMessage(m.noReason)}</Text>
        <Text size="sm">{intl.formatMessage(m.sentence, { summary: banSummary(ban, intl) })}</Text>
        <Text size="sm">{intl.formatMessage(m.meaning)}</Text>
      </Stack>
    </Alert>
  );
}

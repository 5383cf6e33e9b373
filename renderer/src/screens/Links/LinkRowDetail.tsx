// A row's detail, opened under it: everything the narrow cells cut short or
// leave out (the whole destination, title, domain, pixels, expiry, access,
// health, dates).
import { Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import type { Link } from '../../../../shared/api-types.ts';
import { fmt } from '../../format.ts';
import { LinkBanNotice } from './LinkBanBadge.tsx';
import { LinkHealthBadge } from './LinkHealthBadge.tsx';
import { plain } from '../../i18n/plain.ts';
import { columnWords } from './link-words.ts';

const m = plain(defineMessages({
  atDate: { id: 'app.links.detail.expires.date', defaultMessage: "{when} (the instance's time)" },
  afterClicks: { id: 'app.links.detail.expires.clicks', defaultMessage: 'after {count, plural, one {# click} other {# clicks}}' },
  either: { id: 'app.links.detail.expires.either', defaultMessage: '{date}, or {clicks}', description: 'A link expires at a date or after a number of clicks, whichever comes first' },
  never: { id: 'app.links.detail.expires.never', defaultMessage: 'Never' },
  title: { id: 'app.links.detail.title', defaultMessage: 'Title' },
  noneYet: { id: 'app.links.detail.title.none', defaultMessage: 'None yet' },
  domain: { id: 'app.links.detail.domain', defaultMessage: 'Domain' },
  defaultDomain: { id: 'app.links.detail.domain.default', defaultMessage: 'Default (this instance)' },
  pixels: { id: 'app.links.detail.pixels', defaultMessage: 'Pixels' },
  none: { id: 'app.links.detail.pixels.none', defaultMessage: 'None' },
  expires: { id: 'app.links.detail.expires', defaultMessage: 'Expires' },
  access: { id: 'app.links.detail.access', defaultMessage: 'Access' },
  accessText: {
    id: 'app.links.detail.access.text',
    defaultMessage: '{password, select, yes {Password to follow} other {Open}}; statistics {privacy, select, 0 {public} 1 {private} 2 {password} other {{privacy}}}',
  },
  updated: { id: 'app.links.detail.updated', defaultMessage: 'Updated' },
}));

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">{label}</Text>
      <div>{children}</div>
    </Stack>
  );
}

function expiry(l: Link, intl: IntlShape): string {
  const date = l.expiration_date ? intl.formatMessage(m.atDate, { when: fmt.dayTime(l.expiration_date, l.expiration_time) }) : null;
  const clicks = l.expiration_clicks ? intl.formatMessage(m.afterClicks, { count: l.expiration_clicks }) : null;
  if (date && clicks) return intl.formatMessage(m.either, { date, clicks });
  return date ?? clicks ?? intl.formatMessage(m.never);
}

export function LinkRowDetail({ link: l }: { link: Link }) {
  const intl = useIntl();
  const t = (d: (typeof m)[keyof typeof m]) => intl.formatMessage(d);
  return (
    <Stack gap="sm" py="xs" data-testid="row-detail">
      <LinkBanNotice link={l} />
      <Item label={intl.formatMessage(columnWords.destination)}>
        <Anchor size="sm" href={l.url} target="_blank" rel="noreferrer" style={{ overflowWrap: 'anywhere' }} data-testid="detail-url" dir="ltr">{l.url}</Anchor>
      </Item>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <Item label={t(m.title)}><Text size="sm" c={l.title ? undefined : 'dimmed'}>{l.title ?? t(m.noneYet)}</Text></Item>
        <Item label={t(m.domain)}><Text size="sm">{l.domain?.name ?? t(m.defaultDomain)}</Text></Item>
        <Item label={t(m.pixels)}><Text size="sm" c={l.pixels.length ? undefined : 'dimmed'}>{l.pixels.length ? intl.formatList(l.pixels.map((p) => p.name), { type: 'unit' }) : t(m.none)}</Text></Item>
        <Item label={t(m.expires)}><Text size="sm">{expiry(l, intl)}</Text></Item>
        <Item label={t(m.access)}>
          <Text size="sm">{intl.formatMessage(m.accessText, { password: (l.redirect_password ?? l.password) ? 'yes' : 'no', privacy: String(l.privacy) })}</Text>
        </Item>
        <Item label={intl.formatMessage(columnWords.health)}><Group gap={6}><LinkHealthBadge link={l} /></Group></Item>
        <Item label={intl.formatMessage(columnWords.created)}><Text size="sm">{fmt.dateTime(l.created_at)}</Text></Item>
        <Item label={t(m.updated)}><Text size="sm">{fmt.dateTime(l.updated_at)}</Text></Item>
      </SimpleGrid>
    </Stack>
  );
}

// A row's detail, opened under it: everything the narrow cells cut short or
// leave out (the whole destination, title, domain, pixels, expiry, access,
// health, dates).
import { Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Link } from '../../../../shared/api-types.ts';
import { fmt } from '../../format.ts';
import { LinkBanNotice } from './LinkBanBadge.tsx';
import { LinkHealthBadge } from './LinkHealthBadge.tsx';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">{label}</Text>
      <div>{children}</div>
    </Stack>
  );
}

const PRIVACY = ['Public', 'Private', 'Password'] as const;

function expiry(l: Link): string {
  const parts: string[] = [];
  if (l.expiration_date) parts.push(`${fmt.dayTime(l.expiration_date, l.expiration_time)} (the instance's time)`);
  if (l.expiration_clicks) parts.push(`after ${fmt.plural(l.expiration_clicks, { one: 'click', other: 'clicks' })}`);
  return parts.length ? parts.join(', or ') : 'Never';
}

export function LinkRowDetail({ link: l }: { link: Link }) {
  return (
    <Stack gap="sm" py="xs" data-testid="row-detail">
      <LinkBanNotice link={l} />
      <Item label="Destination">
        <Anchor size="sm" href={l.url} target="_blank" rel="noreferrer" style={{ overflowWrap: 'anywhere' }} data-testid="detail-url">{l.url}</Anchor>
      </Item>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <Item label="Title"><Text size="sm" c={l.title ? undefined : 'dimmed'}>{l.title ?? 'None yet'}</Text></Item>
        <Item label="Domain"><Text size="sm">{l.domain?.name ?? 'Default (this instance)'}</Text></Item>
        <Item label="Pixels"><Text size="sm" c={l.pixels.length ? undefined : 'dimmed'}>{l.pixels.map((p) => p.name).join(', ') || 'None'}</Text></Item>
        <Item label="Expires"><Text size="sm">{expiry(l)}</Text></Item>
        <Item label="Access">
          <Text size="sm">{(l.redirect_password ?? l.password) ? 'Password to follow' : 'Open'}; statistics {PRIVACY[l.privacy]?.toLowerCase()}</Text>
        </Item>
        <Item label="Health"><Group gap={6}><LinkHealthBadge link={l} /></Group></Item>
        <Item label="Created"><Text size="sm">{fmt.dateTime(l.created_at)}</Text></Item>
        <Item label="Updated"><Text size="sm">{fmt.dateTime(l.updated_at)}</Text></Item>
      </SimpleGrid>
    </Stack>
  );
}

import { Anchor, Card, Table, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TopLink } from '../../../../shared/api-types.ts';
import { formatCount } from '../../format.ts';
import { formatHash } from '../../state/route.ts';

/** The links with the most clicks in the range, most first; each opens its own statistics. */
export function TopLinks({ links }: { links: TopLink[] }) {
  const intl = useIntl();
  return (
    <Card withBorder mb="md" data-testid="top-links">
      <Title order={2} size="h4" mb="sm"><FormattedMessage id="app.dashboard.topLinks" defaultMessage="Top links" /></Title>
      {links.length ? (
        <Table striped verticalSpacing="xs" layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={48}>#</Table.Th>
              <Table.Th w="30%"><FormattedMessage id="app.dashboard.column.link" defaultMessage="Link" /></Table.Th>
              <Table.Th><FormattedMessage id="app.dashboard.column.destination" defaultMessage="Destination" /></Table.Th>
              <Table.Th w={110} ta="right"><FormattedMessage id="app.dashboard.column.clicks" defaultMessage="Clicks" /></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {links.map((l, i) => (
              <Table.Tr key={l.id} data-alias={l.alias}>
                <Table.Td>{intl.formatNumber(i + 1)}</Table.Td>
                <Table.Td>
                  <Anchor href={formatHash({ screen: 'stats', id: l.id })} fw={600} size="sm" truncate="end" display="block"
                    title={intl.formatMessage({ id: 'app.dashboard.statsFor', defaultMessage: 'Statistics for {url}' }, { url: l.short_url })}>{l.alias}</Anchor>
                </Table.Td>
                <Table.Td><Text size="sm" truncate="end" title={l.url}>{l.title ?? l.url}</Text></Table.Td>
                <Table.Td ta="right" data-testid="clicks">{formatCount(l.clicks)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : <Text size="sm" c="dimmed"><FormattedMessage id="app.dashboard.noClicks" defaultMessage="No clicks in this range." /></Text>}
    </Card>
  );
}

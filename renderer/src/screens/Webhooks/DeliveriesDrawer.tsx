// A hook's recent deliveries, newest first: what the receiver answered, how
// many attempts, and when the next one is due. Refreshed by hand.
import { Badge, Box, Button, Drawer, Group, LoadingOverlay, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { DeliveryState, Webhook, WebhookDelivery } from '../../../../shared/schemas/webhooks.ts';
import { api } from '../../api/api.ts';
import { useRemote } from '../../api/use-remote.ts';
import { ErrorState, LoadingState, NothingHere } from '../../components/DataStates/DataStates.tsx';
import { IconRefresh } from '../../components/Icons/Icons.tsx';
import { ListFooter } from '../../components/ListFooter/ListFooter.tsx';
import { formatDateTime } from '../../format.ts';

const STATE_COLORS: Record<DeliveryState, string> = { delivered: 'teal', pending: 'yellow', failed: 'red' };

function when(d: WebhookDelivery): string {
  if (d.state === 'pending') return d.next_attempt_at ? `Next try ${formatDateTime(d.next_attempt_at)}` : 'Due';
  return `${d.state === 'delivered' ? 'Delivered' : 'Gave up'} ${formatDateTime(d.finished_at)}`;
}

export function DeliveriesDrawer({ hook, onClose }: { hook: Webhook; onClose(): void }) {
  const [paging, setPaging] = useState({ page: 1, per_page: 10 });
  const list = useRemote(() => api.webhooks.deliveries(hook.id, paging), [hook.id, paging]);
  const rows = list.data?.data ?? [];
  return (
    <Drawer opened onClose={onClose} position="right" size="xl" title={<Text fw={600} truncate="end">Deliveries to {hook.url}</Text>}>
      <Group justify="flex-end" mb="sm">
        <Button variant="default" size="xs" leftSection={<IconRefresh />} onClick={list.reload} loading={list.loading && !!list.data}>Refresh</Button>
      </Group>
      {list.error ? <ErrorState error={list.error} onRetry={list.reload} /> : null}
      {!list.data && list.loading ? <LoadingState label="Loading deliveries…" /> : null}
      {list.data ? (
        <Box pos="relative">
          <LoadingOverlay visible={list.loading} zIndex={5} overlayProps={{ blur: 1 }} />
          {rows.length ? (
            <Table striped verticalSpacing="xs" data-testid="deliveries-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Event</Table.Th><Table.Th>State</Table.Th><Table.Th ta="right">Status</Table.Th>
                  <Table.Th ta="right">Attempts</Table.Th><Table.Th>Created</Table.Th><Table.Th>Outcome</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((d) => (
                  <Table.Tr key={d.id} data-delivery={d.id}>
                    <Table.Td><Text size="sm" ff="monospace">{d.event}</Text></Table.Td>
                    <Table.Td><Badge color={STATE_COLORS[d.state]} variant="light">{d.state}</Badge></Table.Td>
                    <Table.Td ta="right" data-testid="delivery-status">{d.last_status ?? '—'}</Table.Td>
                    <Table.Td ta="right">{d.attempts}</Table.Td>
                    <Table.Td><Text size="sm">{formatDateTime(d.created_at)}</Text></Table.Td>
                    <Table.Td>
                      <Text size="sm">{when(d)}</Text>
                      {d.last_error ? <Text size="xs" c="red.8" title={d.last_error} lineClamp={2}>{d.last_error}</Text> : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : <NothingHere title="No deliveries yet" description="Send a test event, or change a link, to see one here." />}
          <ListFooter meta={list.data.meta} noun="deliveries" perPage={paging.per_page}
            onPerPage={(per_page) => setPaging({ page: 1, per_page })} onPage={(page) => setPaging((p) => ({ ...p, page }))} />
        </Box>
      ) : null}
    </Drawer>
  );
}

// A hook's deliveries as GitHub shows a webhook's: newest first, each opening
// onto every attempt (time, status, duration, the start of the receiver's
// answer) and the body it sends, with Redeliver on any of them.
import { Accordion, Badge, Box, Button, Drawer, Group, LoadingOverlay, Text } from '@mantine/core';
import { useState } from 'react';
import type { DeliveryState, Webhook, WebhookDelivery } from '../../../../shared/schemas/webhooks.ts';
import { toIpcError } from '../../api/api.ts';
import { ErrorState, LoadingState, NothingHere } from '../../components/DataStates/DataStates.tsx';
import { IconRefresh } from '../../components/Icons/Icons.tsx';
import { ListFooter } from '../../components/ListFooter/ListFooter.tsx';
import { formatDateTime } from '../../format.ts';
import { DeliveryPanel } from './DeliveryPanel.tsx';
import { useDeliveries } from './webhook-queries.ts';

const STATE_COLORS: Record<DeliveryState, string> = { delivered: 'teal', pending: 'yellow', failed: 'red' };
const STATE_WORDS: Record<DeliveryState, string> = { delivered: 'Delivered', pending: 'Trying', failed: 'Failed' };

function DeliveryControl({ d }: { d: WebhookDelivery }) {
  return (
    <Group gap="sm" wrap="nowrap" data-delivery={d.id}>
      <Badge color={STATE_COLORS[d.state]} variant="light" w={92}>{STATE_WORDS[d.state]}</Badge>
      <Text size="sm" ff="monospace" miw={110}>{d.event}</Text>
      <Text size="sm" c="dimmed" miw={48}>#{d.id}</Text>
      <Text size="sm" style={{ flex: 1 }}>{formatDateTime(d.created_at)}</Text>
      <Text size="sm" c="dimmed">{d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'}</Text>
      <Text size="sm" fw={600} ta="right" w={40} data-testid="delivery-status">{d.last_status ?? '—'}</Text>
    </Group>
  );
}

export function DeliveriesDrawer({ hook, onClose }: { hook: Webhook; onClose(): void }) {
  const [paging, setPaging] = useState({ page: 1, per_page: 10 });
  const [open, setOpen] = useState<string | null>(null);
  const list = useDeliveries(hook.id, paging);
  const rows = list.data?.data ?? [];
  const error = list.error ? toIpcError(list.error) : null;
  return (
    <Drawer opened onClose={onClose} position="right" size="xl" title={<Text fw={600} truncate="end">Deliveries to {hook.url}</Text>}>
      <Group justify="space-between" mb="sm">
        <Text size="sm" c="dimmed">Open a delivery to see each attempt and the receiver&apos;s answer.</Text>
        <Button variant="default" size="xs" leftSection={<IconRefresh />} onClick={() => void list.refetch()} loading={list.isFetching && !!list.data}>Refresh</Button>
      </Group>
      {error ? <ErrorState error={error} onRetry={() => void list.refetch()} /> : null}
      {!list.data && list.isPending ? <LoadingState label="Loading deliveries…" /> : null}
      {list.data ? (
        <Box pos="relative">
          <LoadingOverlay visible={list.isPlaceholderData} zIndex={5} overlayProps={{ blur: 1 }} />
          {rows.length ? (
            <Accordion variant="separated" value={open} onChange={setOpen} data-testid="deliveries-list" chevronPosition="left">
              {rows.map((d) => (
                <Accordion.Item key={d.id} value={String(d.id)} data-testid="delivery">
                  <Accordion.Control aria-label={`Delivery ${d.id}: ${d.event}, ${STATE_WORDS[d.state].toLowerCase()}`}>
                    <DeliveryControl d={d} />
                  </Accordion.Control>
                  <Accordion.Panel>
                    <DeliveryPanel hook={hook} delivery={d} opened={open === String(d.id)} />
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          ) : <NothingHere title="No deliveries yet" description="Send a test event, or change a link, to see one here." />}
          <ListFooter meta={list.data.meta} noun="deliveries" perPage={paging.per_page}
            onPerPage={(per_page) => setPaging({ page: 1, per_page })} onPage={(page) => setPaging((p) => ({ ...p, page }))} />
        </Box>
      ) : null}
    </Drawer>
  );
}

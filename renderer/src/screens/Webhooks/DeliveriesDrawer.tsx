// A hook's deliveries as GitHub shows a webhook's: newest first, each opening
// onto every attempt (time, status, duration, the start of the receiver's
// answer) and the body it sends, with Redeliver on any of them.
import { Accordion, Badge, Box, Button, Drawer, Group, LoadingOverlay, Text } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import type { DeliveryState, Webhook, WebhookDelivery } from '../../../../shared/schemas/webhooks.ts';
import { toIpcError } from '../../api/api.ts';
import { ErrorState, LoadingState, NothingHere } from '../../components/DataStates/DataStates.tsx';
import { IconRefresh } from '../../components/Icons/Icons.tsx';
import { ListFooter } from '../../components/ListFooter/ListFooter.tsx';
import { formatDateTime } from '../../format.ts';
import { DeliveryPanel } from './DeliveryPanel.tsx';
import { useDeliveries } from './webhook-queries.ts';

const STATE_COLORS: Record<DeliveryState, string> = { delivered: 'teal', pending: 'yellow', failed: 'red' };
const STATE_WORDS: Record<DeliveryState, MessageDescriptor> = defineMessages({
  delivered: { id: 'app.delivery.state.delivered', defaultMessage: 'Delivered' },
  pending: { id: 'app.delivery.state.pending', defaultMessage: 'Trying' },
  failed: { id: 'app.delivery.state.failed', defaultMessage: 'Failed' },
});

function DeliveryControl({ d }: { d: WebhookDelivery }) {
  const intl = useIntl();
  return (
    <Group gap="sm" wrap="nowrap" data-delivery={d.id}>
      <Badge color={STATE_COLORS[d.state]} variant="light" w={92}>{intl.formatMessage(STATE_WORDS[d.state])}</Badge>
      <Text size="sm" ff="monospace" miw={110}>{d.event}</Text>
      <Text size="sm" c="dimmed" miw={48}>#{d.id}</Text>
      <Text size="sm" style={{ flex: 1 }}>{formatDateTime(d.created_at)}</Text>
      <Text size="sm" c="dimmed">{intl.formatMessage({ id: 'app.delivery.attempts', defaultMessage: '{count, plural, one {# attempt} other {# attempts}}' }, { count: d.attempts })}</Text>
      <Text size="sm" fw={600} ta="right" w={40} data-testid="delivery-status">{d.last_status ?? '—'}</Text>
    </Group>
  );
}

export function DeliveriesDrawer({ hook, onClose }: { hook: Webhook; onClose(): void }) {
  const intl = useIntl();
  const [paging, setPaging] = useState({ page: 1, per_page: 10 });
  const [open, setOpen] = useState<string | null>(null);
  const list = useDeliveries(hook.id, paging);
  const rows = list.data?.data ?? [];
  const error = list.error ? toIpcError(list.error) : null;
  return (
    <Drawer opened onClose={onClose} position="right" size="xl" title={<Text fw={600} truncate="end">{intl.formatMessage({ id: 'app.webhooks.deliveriesTo', defaultMessage: 'Deliveries to {url}' }, { url: hook.url })}</Text>}>
      <Group justify="space-between" mb="sm">
        <Text size="sm" c="dimmed"><FormattedMessage id="app.delivery.openHint" defaultMessage="Open a delivery to see each attempt and the receiver's answer." /></Text>
        <Button variant="default" size="xs" leftSection={<IconRefresh />} onClick={() => void list.refetch()} loading={list.isFetching && !!list.data}><FormattedMessage id="app.delivery.refresh" defaultMessage="Refresh" /></Button>
      </Group>
      {error ? <ErrorState error={error} onRetry={() => void list.refetch()} /> : null}
      {!list.data && list.isPending ? <LoadingState label={intl.formatMessage({ id: 'app.delivery.loading', defaultMessage: 'Loading deliveries…' })} /> : null}
      {list.data ? (
        <Box pos="relative">
          <LoadingOverlay visible={list.isPlaceholderData} zIndex={5} overlayProps={{ blur: 1 }} />
          {rows.length ? (
            <Accordion variant="separated" value={open} onChange={setOpen} data-testid="deliveries-list" chevronPosition="left">
              {rows.map((d) => (
                <Accordion.Item key={d.id} value={String(d.id)} data-testid="delivery">
                  <Accordion.Control aria-label={intl.formatMessage({
                    id: 'app.delivery.label', defaultMessage: 'Delivery {id}: {event}, {state, select, delivered {delivered} pending {trying} other {failed}}',
                    description: 'event: an event name such as link.created, kept as is',
                  }, { id: d.id, event: d.event, state: d.state })}>
                    <DeliveryControl d={d} />
                  </Accordion.Control>
                  <Accordion.Panel>
                    <DeliveryPanel hook={hook} delivery={d} opened={open === String(d.id)} />
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          ) : <NothingHere title={intl.formatMessage({ id: 'app.delivery.none', defaultMessage: 'No deliveries yet' })}
            description={intl.formatMessage({ id: 'app.delivery.noneHint', defaultMessage: 'Send a test event, or change a link, to see one here.' })} />}
          <ListFooter meta={list.data.meta} noun="deliveries" perPage={paging.per_page}
            onPerPage={(per_page) => setPaging({ page: 1, per_page })} onPage={(page) => setPaging((p) => ({ ...p, page }))} />
        </Box>
      ) : null}
    </Drawer>
  );
}

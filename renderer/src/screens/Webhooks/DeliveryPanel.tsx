// One delivery opened: Redeliver, every attempt (oldest first) with what the
// receiver answered, and the body sent.
import { Badge, Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { DeliveryAttempt, Webhook, WebhookDelivery } from '../../../../shared/schemas/webhooks.ts';
import { call, toIpcError } from '../../api/api.ts';
import { IconSend } from '../../components/Icons/Icons.tsx';
import { formatDateTime } from '../../format.ts';
import { notify } from '../../notify.ts';
import { refreshWebhooks, useDeliveryDetail } from './webhook-queries.ts';

const ANSWER_SHOWN = 300;

function outcome(d: WebhookDelivery, intl: IntlShape): string {
  if (d.state === 'pending') {
    return d.next_attempt_at
      ? intl.formatMessage({ id: 'app.delivery.nextTry', defaultMessage: 'Next try {when}' }, { when: formatDateTime(d.next_attempt_at) })
      : intl.formatMessage({ id: 'app.delivery.beingSent', defaultMessage: 'Being sent' });
  }
  return intl.formatMessage({ id: 'app.delivery.finished', defaultMessage: '{state, select, delivered {Delivered} other {Gave up}} {when}', description: 'when: a date and time' },
    { state: d.state, when: formatDateTime(d.finished_at) });
}

function pretty(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

function StatusBadge({ a }: { a: DeliveryAttempt }) {
  if (a.status === null) return <Badge color="red" variant="light"><FormattedMessage id="app.delivery.noAnswer" defaultMessage="No answer" /></Badge>;
  const ok = a.status >= 200 && a.status < 300;
  return <Badge color={ok ? 'teal' : 'red'} variant="light">{a.status}</Badge>;
}

function Answer({ a }: { a: DeliveryAttempt }) {
  const text = a.response ?? '';
  return (
    <Stack gap={2}>
      {a.error && a.status === null ? <Text size="xs" c="red.8">{a.error}</Text> : null}
      {text ? (
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 120, overflow: 'auto' }} title={text}>
          {text.length > ANSWER_SHOWN ? `${text.slice(0, ANSWER_SHOWN)}…` : text}
        </Code>
      ) : a.status !== null ? <Text size="xs" c="dimmed"><FormattedMessage id="app.delivery.emptyAnswer" defaultMessage="(empty answer)" /></Text> : null}
    </Stack>
  );
}

export function DeliveryPanel({ hook, delivery: d, opened }: { hook: Webhook; delivery: WebhookDelivery; opened: boolean }) {
  const intl = useIntl();
  const detail = useDeliveryDetail(hook.id, d.id, opened, d.attempts);
  const redeliver = useMutation({
    mutationFn: () => call('webhooks.redeliver', { id: hook.id, deliveryId: d.id }),
    onSuccess: () => {
      notify({ color: 'teal', message: intl.formatMessage({ id: 'app.delivery.resent', defaultMessage: 'Delivery {id} is being sent again.' }, { id: d.id }) });
      void refreshWebhooks();
    },
    onError: (e) => notify({ color: 'red', title: intl.formatMessage({ id: 'app.delivery.notResent', defaultMessage: 'Not redelivered' }), message: toIpcError(e).message }),
  });
  return (
    <Stack gap="sm" data-testid="delivery-panel">
      <Group justify="space-between">
        <Text size="sm">{outcome(d, intl)}</Text>
        <Button size="xs" leftSection={<IconSend />} onClick={() => redeliver.mutate()} loading={redeliver.isPending}
          disabled={hook.disabled === 1} aria-label={intl.formatMessage({ id: 'app.delivery.redeliverNamed', defaultMessage: 'Redeliver delivery {id}' }, { id: d.id })}
          title={hook.disabled
            ? intl.formatMessage({ id: 'app.delivery.enableFirst', defaultMessage: 'Enable the webhook to redeliver' })
            : intl.formatMessage({ id: 'app.delivery.redeliverTip', defaultMessage: 'Send this delivery again now' })}>
          {intl.formatMessage({ id: 'app.delivery.redeliver', defaultMessage: 'Redeliver' })}
        </Button>
      </Group>
      {d.attempt_log.length ? (
        <Table verticalSpacing={6} withTableBorder data-testid="attempts" aria-label={intl.formatMessage({ id: 'app.delivery.attemptsOf', defaultMessage: 'Attempts of delivery {id}' }, { id: d.id })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36}>#</Table.Th>
              <Table.Th w={170}><FormattedMessage id="app.delivery.column.time" defaultMessage="Time" /></Table.Th>
              <Table.Th w={90}><FormattedMessage id="app.delivery.column.status" defaultMessage="Status" description="The HTTP status the receiver answered" /></Table.Th>
              <Table.Th w={80} ta="right"><FormattedMessage id="app.delivery.column.duration" defaultMessage="Duration" /></Table.Th>
              <Table.Th><FormattedMessage id="app.delivery.column.answer" defaultMessage="Answer" /></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...d.attempt_log].reverse().map((a) => (
              <Table.Tr key={a.number} data-attempt={a.number}>
                <Table.Td>{a.number}</Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(a.at)}</Text>
                  {a.redelivery ? <Badge size="xs" variant="outline" color="gray"><FormattedMessage id="app.delivery.redelivery" defaultMessage="Redelivery" /></Badge> : null}
                </Table.Td>
                <Table.Td data-testid="attempt-status"><StatusBadge a={a} /></Table.Td>
                <Table.Td ta="right"><Text size="sm">{intl.formatNumber(a.duration_ms, { style: 'unit', unit: 'millisecond', unitDisplay: 'short' })}</Text></Table.Td>
                <Table.Td><Answer a={a} /></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : <Text size="sm" c="dimmed"><FormattedMessage id="app.delivery.notTried" defaultMessage="Not tried yet." /></Text>}
      <div>
        <Title order={4} size="h6" mb={4}><FormattedMessage id="app.delivery.body" defaultMessage="Request body" /></Title>
        {detail.data ? (
          <Code block style={{ maxHeight: 220, overflow: 'auto' }} data-testid="delivery-payload">{pretty(detail.data.payload)}</Code>
        ) : detail.error ? <Text size="sm" c="red.8">{toIpcError(detail.error).message}</Text> : <Text size="sm" c="dimmed"><FormattedMessage id="app.loading" defaultMessage="Loading…" /></Text>}
      </div>
    </Stack>
  );
}

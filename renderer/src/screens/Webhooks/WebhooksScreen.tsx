// Webhooks: the instance's hooks for this key's user. Creating one shows its
// signing secret once; each row can send a test event and open its deliveries.
import { Badge, Box, Button, Group, LoadingOverlay, Table, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Webhook, WebhookCreated } from '../../../../shared/schemas/webhooks.ts';
import { api, toIpcError } from '../../api/api.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete/ConfirmDelete.tsx';
import { ErrorState, LoadingState, NothingHere } from '../../components/DataStates/DataStates.tsx';
import { IconList, IconPlus, IconSend } from '../../components/Icons/Icons.tsx';
import { ListFooter } from '../../components/ListFooter/ListFooter.tsx';
import { RowAction, RowActions } from '../../components/RowActions/RowActions.tsx';
import { ScreenHeader } from '../../components/ScreenHeader/ScreenHeader.tsx';
import { useDialog } from '../../components/use-dialog.ts';
import { formatDate } from '../../format.ts';
import { notify } from '../../notify.ts';
import { PAGING, useListParams } from '../../state/list-params.ts';
import { DeliveriesDrawer } from './DeliveriesDrawer.tsx';
import { SecretDialog } from './SecretDialog.tsx';
import { refreshWebhooks, useWebhooks } from './webhook-queries.ts';
import { WebhookModal } from './WebhookModal.tsx';

const SPEC = { per_page: PAGING.per_page, page: PAGING.page };

export default function WebhooksScreen() {
  const intl = useIntl();
  const { values, query, update } = useListParams(SPEC);
  const list = useWebhooks(query);
  const editing = useDialog<Webhook | 'new'>();
  const deleting = useDialog<Webhook>();
  const watching = useDialog<Webhook>();
  const [secret, setSecret] = useState<WebhookCreated | null>(null);
  const rows = list.data?.data ?? [];
  const error = list.error ? toIpcError(list.error) : null;
  const offered = error?.kind !== 'unsupported';

  const sendTest = useMutation({
    mutationFn: (h: Webhook) => api.webhooks.test(h.id),
    onSuccess: () => {
      notify({ color: 'teal', message: intl.formatMessage({ id: 'app.webhooks.testQueued', defaultMessage: 'Test event queued; its delivery shows under Deliveries.' }) });
      void refreshWebhooks();
    },
    onError: (e) => notify({ color: 'red', title: intl.formatMessage({ id: 'app.webhooks.testFailed', defaultMessage: 'Test event not sent' }), message: toIpcError(e).message }),
  });

  return (
    <>
      <ScreenHeader title={intl.formatMessage({ id: 'app.webhooks.title', defaultMessage: 'Webhooks' })}
        description={intl.formatMessage({ id: 'app.webhooks.description', defaultMessage: 'Signed POSTs to your own server when links are created, changed, deleted or clicked.' })}>
        {offered ? <Button leftSection={<IconPlus />} onClick={() => editing.open('new')}><FormattedMessage id="app.webhooks.new" defaultMessage="New webhook" /></Button> : null}
      </ScreenHeader>
      {/* A failed refetch keeps the rows on screen, with the reason above them. */}
      {error ? <ErrorState error={error} onRetry={() => void list.refetch()} /> : null}
      {!list.data && list.isPending ? <LoadingState label={intl.formatMessage({ id: 'app.webhooks.loading', defaultMessage: 'Loading webhooks…' })} /> : null}
      {list.data ? (
        <Box pos="relative">
          <LoadingOverlay visible={list.isPlaceholderData} zIndex={5} overlayProps={{ blur: 1 }} />
          {rows.length ? (
            <Table striped highlightOnHover verticalSpacing="xs" data-testid="webhooks-table" style={{ tableLayout: 'fixed' }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th><FormattedMessage id="app.webhooks.payloadUrl" defaultMessage="Payload URL" /></Table.Th>
                  <Table.Th w="32%"><FormattedMessage id="app.webhooks.events" defaultMessage="Events" /></Table.Th>
                  <Table.Th w={100}><FormattedMessage id="app.webhooks.column.state" defaultMessage="State" /></Table.Th>
                  <Table.Th w={110}><FormattedMessage id="app.webhooks.column.created" defaultMessage="Created" /></Table.Th>
                  <Table.Th w={150}><FormattedMessage id="app.webhooks.column.actions" defaultMessage="Actions" /></Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((h) => (
                  <Table.Tr key={h.id} data-webhook={h.id}>
                    <Table.Td><Text size="sm" fw={600} truncate="end" title={h.url}>{h.url}</Text></Table.Td>
                    <Table.Td>
                      <Group gap={4}>{h.events.map((e) => <Badge key={e} variant="outline" size="sm" tt="none">{e}</Badge>)}</Group>
                    </Table.Td>
                    <Table.Td><Badge color={h.disabled ? 'gray' : 'teal'} variant="light">{intl.formatMessage({ id: 'app.webhooks.state', defaultMessage: '{disabled, select, true {Disabled} other {Enabled}}' }, { disabled: String(Boolean(h.disabled)) })}</Badge></Table.Td>
                    <Table.Td><Text size="sm">{formatDate(h.created_at)}</Text></Table.Td>
                    <Table.Td>
                      <RowActions name={h.url} onEdit={() => editing.open(h)} onDelete={() => deleting.open(h)}>
                        <RowAction tip={intl.formatMessage({ id: 'app.webhooks.sendTest', defaultMessage: 'Send test event' })}
                          label={intl.formatMessage({ id: 'app.webhooks.sendTestTo', defaultMessage: 'Send test event to {url}' }, { url: h.url })} icon={<IconSend />} onClick={() => sendTest.mutate(h)} />
                        <RowAction tip={intl.formatMessage({ id: 'app.webhooks.deliveries', defaultMessage: 'Deliveries' })}
                          label={intl.formatMessage({ id: 'app.webhooks.deliveriesTo', defaultMessage: 'Deliveries to {url}' }, { url: h.url })} icon={<IconList />} onClick={() => watching.open(h)} />
                      </RowActions>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <NothingHere title={intl.formatMessage({ id: 'app.webhooks.none', defaultMessage: 'No webhooks yet' })}
              description={intl.formatMessage({ id: 'app.webhooks.noneHint', defaultMessage: 'A webhook tells another system about your links as things happen.' })}
              action={<Button onClick={() => editing.open('new')}><FormattedMessage id="app.webhooks.add" defaultMessage="Add a webhook" /></Button>} />
          )}
          <ListFooter meta={list.data.meta} noun="webhooks" perPage={Number(values.per_page)}
            onPerPage={(v) => update({ per_page: String(v) })} onPage={(p) => update({ page: String(p) })} />
        </Box>
      ) : null}
      {editing.subject ? (
        <WebhookModal hook={editing.subject === 'new' ? null : editing.subject} onClose={() => editing.close()}
          onSaved={(saved) => {
            editing.close();
            if ('secret' in saved) setSecret(saved);
            void refreshWebhooks();
          }} />
      ) : null}
      {secret ? <SecretDialog hook={secret} onClose={() => setSecret(null)} /> : null}
      {watching.subject ? <DeliveriesDrawer hook={watching.subject} onClose={() => watching.close()} /> : null}
      <ConfirmDelete opened={deleting.subject !== null} title={intl.formatMessage({ id: 'app.webhooks.deleteTitle', defaultMessage: 'Delete webhook' })} onClose={(gone) => deleting.close(gone)}
        onConfirm={async () => { await api.webhooks.remove(deleting.subject!.id); await refreshWebhooks(); }}>
        <FormattedMessage id="app.webhooks.deleteQuestion" defaultMessage="Delete the webhook for <b>{url}</b>? Its pending deliveries are dropped."
          values={{ url: deleting.last?.url, b: (c) => <strong>{c}</strong> }} />
      </ConfirmDelete>
    </>
  );
}

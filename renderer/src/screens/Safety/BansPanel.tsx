// Banned links of every user, the newest ban first, with the reason, what
// banned it and when; Lift ban asks for a reason. "Ban a host" bans every
// link to a host at once.
import { Badge, Box, Button, Group, LoadingOverlay, Stack, Table, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { invalidateSafety, safetyApi, SAFETY_RESOURCES } from '../../api/safety.ts';
import { BAN_SOURCE_MESSAGES, type BannedLink } from '../../api/safety-types.ts';
import { useInstanceQuery } from '../../api/use-instance-query.ts';
import { ErrorState, LoadingState, NotOffered, NothingHere } from '../../components/DataStates/DataStates.tsx';
import { ListFooter } from '../../components/ListFooter/ListFooter.tsx';
import { useDialog } from '../../components/use-dialog.ts';
import { fmt } from '../../format.ts';
import { notify } from '../../notify.ts';
import { useInstances } from '../../state/instances-store.ts';
import { PAGING, useListParams } from '../../state/list-params.ts';
import { BanDialog } from './BanDialog.tsx';
import { TAB_PARAM } from './safety-words.ts';

const SPEC = { tab: TAB_PARAM, per_page: { ...PAGING.per_page, default: '25' }, page: PAGING.page };

export function BansPanel() {
  const intl = useIntl();
  const { values, query, update } = useListParams(SPEC);
  const instanceId = useInstances((s) => s.selectedId);
  const list = useInstanceQuery(SAFETY_RESOURCES.bans, query, () => safetyApi.bans(query));
  const lifting = useDialog<BannedLink>();
  const hostBan = useDialog<'new'>();
  const rows = list.data?.data ?? [];

  if (list.error?.kind === 'unsupported') return <NotOffered message={list.error.message} />;
  const l = lifting.last;

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button color="red" variant="light" onClick={() => hostBan.open('new')}>{intl.formatMessage({ id: 'app.safety.hostBan.title', defaultMessage: 'Ban a host' })}</Button>
      </Group>
      {list.error ? <ErrorState error={list.error} onRetry={list.reload} kept={list.data !== undefined} /> : null}
      {!list.data && list.loading ? <LoadingState label={intl.formatMessage({ id: 'app.safety.bans.loading', defaultMessage: 'Loading banned links…' })} /> : null}
      {list.data ? (
        <Box pos="relative" aria-busy={list.loading}>
          <LoadingOverlay visible={list.loading && list.stale && !list.error} zIndex={5} overlayProps={{ blur: 1 }} />
          {rows.length ? (
            <Table.ScrollContainer minWidth={820}>
              <Table striped verticalSpacing="xs" layout="fixed" data-testid="bans-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={170}><FormattedMessage id="app.safety.bans.column.link" defaultMessage="Link and owner" /></Table.Th>
                    <Table.Th><FormattedMessage id="app.safety.bans.column.destination" defaultMessage="Destination" /></Table.Th>
                    <Table.Th w="24%"><FormattedMessage id="app.safety.bans.column.reason" defaultMessage="Reason" /></Table.Th>
                    <Table.Th w={170}><FormattedMessage id="app.safety.bans.column.banned" defaultMessage="Banned" description="Column: who banned the link and when" /></Table.Th>
                    <Table.Th w={64} ta="right"><FormattedMessage id="app.safety.bans.column.clicks" defaultMessage="Clicks" /></Table.Th>
                    <Table.Th w={96}><FormattedMessage id="app.safety.bans.column.action" defaultMessage="Action" /></Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((b) => (
                    <Table.Tr key={b.id} data-alias={b.alias}>
                      <Table.Td>
                        <Text size="sm" fw={600} truncate="end" title={b.short_url}>/{b.alias}</Text>
                        <Text size="xs" c="dimmed" truncate="end" title={b.user.name}>{b.user.name}</Text>
                      </Table.Td>
                      {/* As text: a banned destination is not something to click. */}
                      <Table.Td><Text size="sm" style={{ overflowWrap: 'anywhere' }}>{b.url}</Text></Table.Td>
                      <Table.Td><Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="ban-reason">{b.banned.reason || '—'}</Text></Table.Td>
                      <Table.Td>
                        <Stack gap={2} align="flex-start">
                          <Text size="sm">{intl.formatMessage(BAN_SOURCE_MESSAGES[b.banned.source])}</Text>
                          <Text size="xs" c="dimmed">{fmt.dateTime(b.banned.at)}</Text>
                          {b.banned.legal ? <Badge size="sm" variant="outline" color="grape"><FormattedMessage id="app.safety.bans.legal" defaultMessage="Legal · 451" description="A legal block: HTTP status 451" /></Badge> : null}
                        </Stack>
                      </Table.Td>
                      <Table.Td ta="right">{fmt.count(b.clicks)}</Table.Td>
                      <Table.Td>
                        <Button size="xs" variant="default" onClick={() => lifting.open(b)} aria-label={intl.formatMessage({ id: 'app.safety.lift.title', defaultMessage: 'Lift the ban on {alias}' }, { alias: b.alias })}>
                          {intl.formatMessage({ id: 'app.safety.lift.confirm', defaultMessage: 'Lift ban' })}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <NothingHere title={intl.formatMessage({ id: 'app.safety.bans.none', defaultMessage: 'No banned links' })}
              description={intl.formatMessage({ id: 'app.safety.bans.noneHint', defaultMessage: 'A link banned by an admin, a host ban, a blocklist entry or a threat list appears here with its reason.' })} />
          )}
          <ListFooter meta={list.data.meta} noun="banned links" perPage={Number(values.per_page)}
            onPerPage={(v) => update({ per_page: String(v) })} onPage={(p) => update({ page: String(p) })} />
        </Box>
      ) : null}
      {lifting.subject && l ? (
        <BanDialog opened withLegal={false}
          title={intl.formatMessage({ id: 'app.safety.lift.title', defaultMessage: 'Lift the ban on {alias}' }, { alias: l.alias })}
          confirmLabel={intl.formatMessage({ id: 'app.safety.lift.confirm', defaultMessage: 'Lift ban' })}
          refusedTitle={intl.formatMessage({ id: 'app.safety.lift.refused', defaultMessage: 'Ban not lifted' })}
          reasonHint={intl.formatMessage({ id: 'app.safety.lift.reasonHint', defaultMessage: 'Kept with the ban\'s history and sent to the owner.' })}
          question={<FormattedMessage id="app.safety.lift.question" defaultMessage="Lift the ban on <b>{link}</b>? It redirects again at once to {url}."
            values={{ link: l.short_url || l.alias, url: l.url, b: (c) => <strong>{c}</strong> }} />}
          onConfirm={async ({ reason }) => {
            await safetyApi.liftBan(l.id, reason);
            notify({
              color: 'teal',
              title: intl.formatMessage({ id: 'app.safety.lift.doneTitle', defaultMessage: 'Ban lifted' }),
              message: intl.formatMessage({ id: 'app.safety.lift.done', defaultMessage: '{alias} redirects again.' }, { alias: l.alias }),
            });
            void invalidateSafety(instanceId);
          }}
          onClose={(done) => lifting.close(done === true)} />
      ) : null}
      {hostBan.subject ? (
        <BanDialog opened host=""
            title={intl.formatMessage({ id: 'app.safety.hostBan.title', defaultMessage: 'Ban a host' })}
            confirmLabel={intl.formatMessage({ id: 'app.safety.hostBan.confirm', defaultMessage: 'Ban host' })}
            refusedTitle={intl.formatMessage({ id: 'app.safety.hostBan.refused', defaultMessage: 'Host not banned' })}
            reasonHint={intl.formatMessage({ id: 'app.safety.hostBan.reasonHint', defaultMessage: 'Each banned link\'s owner sees this reason.' })}
            question={intl.formatMessage({ id: 'app.safety.hostBan.question', defaultMessage: 'Ban every link of every user that sends visitors to this host or a subdomain, and refuse new ones?' })}
          onConfirm={async ({ reason, legal, host }) => {
            const done = await safetyApi.banHost(host, reason, legal);
            notify({
                color: 'teal',
                title: intl.formatMessage({ id: 'app.safety.hostBan.doneTitle', defaultMessage: 'Host {host} banned' }, { host: done.host }),
                message: intl.formatMessage({ id: 'app.safety.hostBan.done', defaultMessage: '{count, plural, one {# link} other {# links}} banned.' }, { count: done.links_banned }),
              });
            void invalidateSafety(instanceId);
          }}
          onClose={() => hostBan.close()} />
      ) : null}
    </Stack>
  );
}

// Banned links of every user, the newest ban first, with the reason, what
// banned it and when; Lift ban asks for a reason. "Ban a host" bans every
// link to a host at once.
import { Badge, Box, Button, Group, LoadingOverlay, Stack, Table, Text } from '@mantine/core';
import { invalidateSafety, safetyApi, SAFETY_RESOURCES } from '../../api/safety.ts';
import { BAN_SOURCE_WORDS, type BannedLink } from '../../api/safety-types.ts';
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
        <Button color="red" variant="light" onClick={() => hostBan.open('new')}>Ban a host</Button>
      </Group>
      {list.error ? <ErrorState error={list.error} onRetry={list.reload} kept={list.data !== undefined} /> : null}
      {!list.data && list.loading ? <LoadingState label="Loading banned links…" /> : null}
      {list.data ? (
        <Box pos="relative" aria-busy={list.loading}>
          <LoadingOverlay visible={list.loading && list.stale && !list.error} zIndex={5} overlayProps={{ blur: 1 }} />
          {rows.length ? (
            <Table.ScrollContainer minWidth={820}>
              <Table striped verticalSpacing="xs" layout="fixed" data-testid="bans-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={170}>Link and owner</Table.Th><Table.Th>Destination</Table.Th><Table.Th w="24%">Reason</Table.Th>
                    <Table.Th w={170}>Banned</Table.Th><Table.Th w={64} ta="right">Clicks</Table.Th><Table.Th w={96}>Action</Table.Th>
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
                          <Text size="sm">{BAN_SOURCE_WORDS[b.banned.source]}</Text>
                          <Text size="xs" c="dimmed">{fmt.dateTime(b.banned.at)}</Text>
                          {b.banned.legal ? <Badge size="sm" variant="outline" color="grape">Legal · 451</Badge> : null}
                        </Stack>
                      </Table.Td>
                      <Table.Td ta="right">{fmt.count(b.clicks)}</Table.Td>
                      <Table.Td>
                        <Button size="xs" variant="default" onClick={() => lifting.open(b)} aria-label={`Lift the ban on ${b.alias}`}>Lift ban</Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <NothingHere title="No banned links" description="A link banned by an admin, a host ban, a blocklist entry or a threat list appears here with its reason." />
          )}
          <ListFooter meta={list.data.meta} noun="banned links" perPage={Number(values.per_page)}
            onPerPage={(v) => update({ per_page: String(v) })} onPage={(p) => update({ page: String(p) })} />
        </Box>
      ) : null}
      {lifting.subject && l ? (
        <BanDialog opened title={`Lift the ban on ${l.alias}`} confirmLabel="Lift ban" refusedTitle="Ban not lifted" withLegal={false}
          reasonHint="Kept with the ban's history and sent to the owner."
          question={<>Lift the ban on <strong>{l.short_url || l.alias}</strong>? It redirects again at once to {l.url}.</>}
          onConfirm={async ({ reason }) => {
            await safetyApi.liftBan(l.id, reason);
            notify({ color: 'teal', title: 'Ban lifted', message: `${l.alias} redirects again.` });
            void invalidateSafety(instanceId);
          }}
          onClose={(done) => lifting.close(done === true)} />
      ) : null}
      {hostBan.subject ? (
        <BanDialog opened title="Ban a host" confirmLabel="Ban host" refusedTitle="Host not banned" host=""
          reasonHint="Each banned link's owner sees this reason."
          question={<>Ban every link of every user that sends visitors to this host or a subdomain, and refuse new ones?</>}
          onConfirm={async ({ reason, legal, host }) => {
            const done = await safetyApi.banHost(host, reason, legal);
            notify({ color: 'teal', title: `Host ${done.host} banned`, message: `${fmt.plural(done.links_banned, { one: 'link', other: 'links' })} banned.` });
            void invalidateSafety(instanceId);
          }}
          onClose={() => hostBan.close()} />
      ) : null}
    </Stack>
  );
}

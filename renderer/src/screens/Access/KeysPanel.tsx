// API keys: an admin's view has everyone's (filter by user), a member's only
// their own. Create (shown once), rename, revoke with confirmation. The key
// this app itself uses is marked and cannot be revoked from here: Rotate key
// on the Instances screen replaces it without locking the app out.
import { Badge, Box, Button, Group, LoadingOverlay, Select, Table, Text, Tooltip } from '@mantine/core';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiKey, ApiKeyCreated, User } from '../../../../shared/schemas/admin.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete/ConfirmDelete.tsx';
import { ErrorState, LoadingState, NothingHere } from '../../components/DataStates/DataStates.tsx';
import { IconEdit, IconPlus, IconTrash } from '../../components/Icons/Icons.tsx';
import { ListFooter } from '../../components/ListFooter/ListFooter.tsx';
import { RowAction } from '../../components/RowActions/RowActions.tsx';
import { useDialog } from '../../components/use-dialog.ts';
import { fmt } from '../../format.ts';
import { clearButton } from '../../forms/clear-button.ts';
import { PAGING, useListParams } from '../../state/list-params.ts';
import { access, refreshAccess, useKeys } from './access-data.ts';
import { KeyCreatedDialog } from './KeyCreatedDialog.tsx';
import { KeyModal } from './KeyModal.tsx';
import { RenameKeyModal } from './RenameKeyModal.tsx';
import { scopesPhrase } from './scope-words.ts';

const SPEC = {
  tab: { default: 'users' },
  user_id: { default: '', id: true, numeric: true },
  state: { default: '', allowed: ['', 'active', 'revoked'] },
  per_page: PAGING.per_page,
  page: PAGING.page,
};
const MY_SPEC = { state: SPEC.state, per_page: PAGING.per_page, page: PAGING.page };

const STATUS_COLOR = { active: 'teal', expired: 'orange', revoked: 'gray' } as const;

export function KeysPanel({ creator, users }: {
  /** The key this app uses; null while it is read. */
  creator: ApiKey | null;
  /** Admins: every user (filter and "for user"); null: a member's own keys. */
  users: User[] | null;
}) {
  const admin = users !== null;
  const intl = useIntl();
  const states = useMemo(() => [
    { value: '', label: intl.formatMessage({ id: 'app.keys.state.any', defaultMessage: 'Any', description: 'Key state filter: no filter' }) },
    { value: 'active', label: intl.formatMessage({ id: 'app.keys.state.active', defaultMessage: 'Active', description: 'Key state filter' }) },
    { value: 'revoked', label: intl.formatMessage({ id: 'app.keys.state.revoked', defaultMessage: 'Revoked', description: 'Key state filter' }) },
  ], [intl]);
  const { values, query, update } = useListParams<string>(admin ? SPEC : MY_SPEC);
  const { tab: _tab, ...listed } = query;
  // An admin's key lists everyone's keys unless told whose: My keys means one's own.
  const keysQuery = !admin && creator?.scopes.includes('admin') ? { ...listed, user_id: creator.user.id } : listed;
  const list = useKeys(keysQuery);
  const creating = useDialog<true>();
  const renaming = useDialog<ApiKey>();
  const revoking = useDialog<ApiKey>();
  // The one place the new key lives, until its dialog closes.
  const [made, setMade] = useState<{ key: ApiKeyCreated; domainName: string | null } | null>(null);
  const rows = list.data?.data ?? [];

  return (
    <>
      <Group justify="space-between" align="flex-end" mb="sm">
        <Group gap="sm" align="flex-end">
          {admin ? (
            <Select label={intl.formatMessage({ id: 'app.keys.filter.user', defaultMessage: 'User' })}
              placeholder={intl.formatMessage({ id: 'app.keys.filter.everyone', defaultMessage: 'Everyone' })} clearable
              clearButtonProps={clearButton(intl.formatMessage({ id: 'app.keys.filter.clearUser', defaultMessage: 'Clear the user filter' }))} searchable w={220}
              data={users.map((u) => ({ value: String(u.id), label: u.name }))} value={values.user_id || null}
              onChange={(v) => update({ user_id: v ?? '' })} />
          ) : null}
          <Select label={intl.formatMessage({ id: 'app.keys.filter.state', defaultMessage: 'State' })} data={states} value={values.state} allowDeselect={false} w={120} onChange={(v) => update({ state: v ?? '' })} />
        </Group>
        <Button leftSection={<IconPlus />} disabled={!creator} onClick={() => creating.open(true)}><FormattedMessage id="app.keys.new" defaultMessage="New key" /></Button>
      </Group>
      {list.error ? <ErrorState error={list.error} onRetry={list.reload} kept={list.data !== undefined} /> : null}
      {!list.data && list.loading ? <LoadingState label={intl.formatMessage({ id: 'app.keys.loading', defaultMessage: 'Loading keys…' })} /> : null}
      {list.data ? (
        <Box pos="relative">
          <LoadingOverlay visible={list.stale && list.loading} zIndex={5} overlayProps={{ blur: 1 }} />
          {rows.length ? (
            <Table.ScrollContainer minWidth={900}>
              <Table striped verticalSpacing="xs" data-testid="keys-table" layout="fixed">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w="18%"><FormattedMessage id="app.keys.column.name" defaultMessage="Name" /></Table.Th>
                    {admin ? <Table.Th w="12%"><FormattedMessage id="app.keys.column.user" defaultMessage="User" /></Table.Th> : null}
                    <Table.Th w={130}><FormattedMessage id="app.keys.column.key" defaultMessage="Key" /></Table.Th>
                    <Table.Th><FormattedMessage id="app.keys.column.may" defaultMessage="May" description="Column: what the key may do" /></Table.Th>
                    <Table.Th w={120}><FormattedMessage id="app.keys.column.expires" defaultMessage="Expires" /></Table.Th>
                    <Table.Th w={120}><FormattedMessage id="app.keys.column.lastUsed" defaultMessage="Last used" /></Table.Th>
                    <Table.Th w={90}><FormattedMessage id="app.keys.column.state" defaultMessage="State" /></Table.Th>
                    <Table.Th w={84}><FormattedMessage id="app.keys.column.actions" defaultMessage="Actions" /></Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((k) => (
                    <Table.Tr key={k.id} data-key={k.prefix} data-key-name={k.name}>
                      <Table.Td>
                        {k.name ? <Text size="sm" fw={600} truncate="end" title={k.name}>{k.name}</Text> : <Text size="sm" c="dimmed" fs="italic"><FormattedMessage id="app.keys.noName" defaultMessage="No name" /></Text>}
                        {k.current ? (
                          <Tooltip multiline w={240}
                            label={intl.formatMessage({ id: 'app.keys.currentTip', defaultMessage: 'Replace it with Rotate key on the Instances screen, so the app is never locked out.' })}>
                            <Badge size="xs" variant="light" mt={2} tabIndex={0}><FormattedMessage id="app.keys.current" defaultMessage="This app's key" /></Badge>
                          </Tooltip>
                        ) : null}
                      </Table.Td>
                      {admin ? <Table.Td><Text size="sm" truncate="end">{k.user.name}</Text></Table.Td> : null}
                      <Table.Td><Text size="sm" ff="monospace">{k.prefix}</Text></Table.Td>
                      <Table.Td>
                        <Text size="sm" data-testid="key-scopes">{scopesPhrase(intl, k.scopes)}</Text>
                        {k.domain_id !== null ? <Text size="xs" c="dimmed"><FormattedMessage id="app.keys.onlyDomainId" defaultMessage="Only domain {id}" values={{ id: k.domain_id }} /></Text> : null}
                      </Table.Td>
                      <Table.Td><Text size="sm" title={k.expires_at ? fmt.dateTime(k.expires_at) : undefined}>{k.expires_at ? fmt.shortDate(k.expires_at) : intl.formatMessage({ id: 'app.keys.never', defaultMessage: 'Never' })}</Text></Table.Td>
                      <Table.Td><Text size="sm" title={k.last_used_at ? fmt.dateTime(k.last_used_at) : undefined}>{k.last_used_at ? fmt.shortDate(k.last_used_at) : intl.formatMessage({ id: 'app.keys.neverUsed', defaultMessage: 'Never', description: 'A key never used' })}</Text></Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={STATUS_COLOR[k.status]} data-key-status={k.status}>
                          {intl.formatMessage({ id: 'app.keys.status', defaultMessage: '{status, select, active {Active} expired {Expired} other {Revoked}}' }, { status: k.status })}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <RowAction tip={intl.formatMessage({ id: 'app.keys.rename', defaultMessage: 'Rename' })}
                            label={intl.formatMessage({ id: 'app.keys.renameTitle', defaultMessage: 'Rename key {prefix}' }, { prefix: k.prefix })} icon={<IconEdit />} onClick={() => renaming.open(k)} />
                          {k.status === 'revoked' || k.current ? null : (
                            <RowAction tip={intl.formatMessage({ id: 'app.keys.revoke', defaultMessage: 'Revoke' })}
                              label={intl.formatMessage({ id: 'app.keys.revokeNamed', defaultMessage: 'Revoke key {prefix}' }, { prefix: k.prefix })} icon={<IconTrash />} color="red" onClick={() => revoking.open(k)} />
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <NothingHere title={values.user_id || values.state
              ? intl.formatMessage({ id: 'app.keys.noMatch', defaultMessage: 'No key matches these filters' })
              : intl.formatMessage({ id: 'app.keys.none', defaultMessage: 'No keys yet' })} />
          )}
          <ListFooter meta={list.data.meta} noun="keys" perPage={Number(values.per_page)}
            onPerPage={(v) => update({ per_page: String(v) })} onPage={(p) => update({ page: String(p) })} />
        </Box>
      ) : null}
      {creating.subject && creator ? (
        <KeyModal creator={creator} users={users} onClose={() => creating.close()}
          onCreated={(key, domainName) => {
            creating.close();
            setMade({ key, domainName });
            void refreshAccess();
          }} />
      ) : null}
      {made ? <KeyCreatedDialog made={made.key} domainName={made.domainName} onClose={() => setMade(null)} /> : null}
      {renaming.subject ? (
        <RenameKeyModal apiKey={renaming.subject} onClose={() => renaming.close()} onSaved={() => { renaming.close(); void refreshAccess(); }} />
      ) : null}
      <ConfirmDelete opened={revoking.subject !== null} title={intl.formatMessage({ id: 'app.keys.revokeTitle', defaultMessage: 'Revoke key' })}
        confirmLabel={intl.formatMessage({ id: 'app.keys.revoke', defaultMessage: 'Revoke' })}
        refusedTitle={intl.formatMessage({ id: 'app.keys.notRevoked', defaultMessage: 'Not revoked' })} onClose={(gone) => revoking.close(gone)}
        onConfirm={async () => { await access.revokeKey(revoking.subject!.id); await refreshAccess(); }}>
        {admin ? (
          <FormattedMessage id="app.keys.revokeQuestionOwner"
            defaultMessage="Revoke <b>{name}</b> ({prefix}, {owner}'s)? Every request with it is refused from now on; this cannot be undone."
            values={{ name: revoking.last?.name || revoking.last?.prefix, prefix: revoking.last?.prefix, owner: revoking.last?.user.name, b: (c) => <strong>{c}</strong> }} />
        ) : (
          <FormattedMessage id="app.keys.revokeQuestion"
            defaultMessage="Revoke <b>{name}</b> ({prefix})? Every request with it is refused from now on; this cannot be undone."
            values={{ name: revoking.last?.name || revoking.last?.prefix, prefix: revoking.last?.prefix, b: (c) => <strong>{c}</strong> }} />
        )}
      </ConfirmDelete>
    </>
  );
}

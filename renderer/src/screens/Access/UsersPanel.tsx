// The instance's users (admins only): link count and last activity; create,
// rename and change role, suspend and restore, delete (asking about their links).
import { Badge, Box, Button, Group, LoadingOverlay, Table, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { User } from '../../../../shared/schemas/admin.ts';
import { toIpcError } from '../../api/api.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete/ConfirmDelete.tsx';
import { ErrorState, LoadingState } from '../../components/DataStates/DataStates.tsx';
import { IconKey, IconPlus } from '../../components/Icons/Icons.tsx';
import { ListFooter } from '../../components/ListFooter/ListFooter.tsx';
import { RowAction, RowActions } from '../../components/RowActions/RowActions.tsx';
import { useDialog } from '../../components/use-dialog.ts';
import { fmt } from '../../format.ts';
import { notify } from '../../notify.ts';
import { PAGING, useListParams } from '../../state/list-params.ts';
import { access, refreshAccess, useUsers } from './access-data.ts';
import { DeleteUserDialog } from './DeleteUserDialog.tsx';
import { UserModal } from './UserModal.tsx';

const SPEC = { tab: { default: 'users' }, per_page: PAGING.per_page, page: PAGING.page };

export function UsersPanel({ everyone, onShowKeys }: { everyone: User[]; onShowKeys(u: User): void }) {
  const intl = useIntl();
  const { values, query, update } = useListParams(SPEC);
  const { tab: _tab, ...usersQuery } = query;
  const list = useUsers(usersQuery);
  const editing = useDialog<User | 'new'>();
  const suspending = useDialog<User>();
  const deleting = useDialog<User>();
  const rows = list.data?.data ?? [];

  const restore = async (u: User) => {
    try {
      await access.updateUser(u.id, { status: 'active' });
      notify({ color: 'teal', message: intl.formatMessage({ id: 'app.users.restored', defaultMessage: '{name} is active again; their keys work.' }, { name: u.name }) });
      await refreshAccess();
    } catch (e) {
      notify({ color: 'red', title: intl.formatMessage({ id: 'app.users.notRestored', defaultMessage: '{name} not restored' }, { name: u.name }), message: toIpcError(e).message });
    }
  };

  return (
    <>
      <Group justify="flex-end" mb="sm">
        <Button leftSection={<IconPlus />} onClick={() => editing.open('new')}><FormattedMessage id="app.users.new" defaultMessage="New user" /></Button>
      </Group>
      {list.error ? <ErrorState error={list.error} onRetry={list.reload} kept={list.data !== undefined} /> : null}
      {!list.data && list.loading ? <LoadingState label={intl.formatMessage({ id: 'app.users.loading', defaultMessage: 'Loading users…' })} /> : null}
      {list.data ? (
        <Box pos="relative">
          <LoadingOverlay visible={list.stale && list.loading} zIndex={5} overlayProps={{ blur: 1 }} />
          <Table.ScrollContainer minWidth={820}>
            <Table striped verticalSpacing="xs" data-testid="users-table" layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th><FormattedMessage id="app.users.column.name" defaultMessage="Name" /></Table.Th>
                  <Table.Th w={100}><FormattedMessage id="app.users.column.role" defaultMessage="Role" /></Table.Th>
                  <Table.Th w={110}><FormattedMessage id="app.users.column.state" defaultMessage="State" /></Table.Th>
                  <Table.Th w={80} style={{ textAlign: 'right' }}><FormattedMessage id="app.users.column.links" defaultMessage="Links" /></Table.Th>
                  <Table.Th w={200}><FormattedMessage id="app.users.column.lastActive" defaultMessage="Last active" /></Table.Th>
                  <Table.Th w={110}><FormattedMessage id="app.users.column.created" defaultMessage="Created" /></Table.Th>
                  <Table.Th w={210}><FormattedMessage id="app.users.column.actions" defaultMessage="Actions" /></Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((u) => (
                  <Table.Tr key={u.id} data-user={u.name}>
                    <Table.Td><Text size="sm" fw={600} truncate="end" title={u.name}>{u.name}</Text></Table.Td>
                    <Table.Td><Badge variant="light" color={u.role === 'admin' ? 'violet' : 'gray'}>{intl.formatMessage({ id: 'app.users.role', defaultMessage: '{role, select, admin {Admin} other {Member}}' }, { role: u.role })}</Badge></Table.Td>
                    <Table.Td><Badge variant="light" color={u.status === 'active' ? 'teal' : 'orange'} data-user-status={u.status}>{intl.formatMessage({ id: 'app.users.status', defaultMessage: '{status, select, active {Active} other {Suspended}}' }, { status: u.status })}</Badge></Table.Td>
                    <Table.Td style={{ textAlign: 'right' }} data-testid="user-links">{fmt.count(u.links_count)}</Table.Td>
                    <Table.Td><Text size="sm">{u.last_active_at ? fmt.dateTime(u.last_active_at) : intl.formatMessage({ id: 'app.users.neverActive', defaultMessage: 'Never' })}</Text></Table.Td>
                    <Table.Td><Text size="sm" title={fmt.dateTime(u.created_at)}>{fmt.shortDate(u.created_at)}</Text></Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <RowActions name={u.name} onEdit={() => editing.open(u)} onDelete={() => deleting.open(u)}>
                          <RowAction tip={intl.formatMessage({ id: 'app.users.keysTip', defaultMessage: 'Keys' })}
                            label={intl.formatMessage({ id: 'app.users.keysOf', defaultMessage: 'Keys of {name}' }, { name: u.name })} icon={<IconKey />} onClick={() => onShowKeys(u)} />
                        </RowActions>
                        {u.status === 'active' ? (
                          <Button size="xs" variant="subtle" color="orange" onClick={() => suspending.open(u)} aria-label={intl.formatMessage({ id: 'app.users.suspendNamed', defaultMessage: 'Suspend {name}' }, { name: u.name })}>
                            {intl.formatMessage({ id: 'app.users.suspend', defaultMessage: 'Suspend' })}
                          </Button>
                        ) : (
                          <Button size="xs" variant="subtle" onClick={() => void restore(u)} aria-label={intl.formatMessage({ id: 'app.users.restoreNamed', defaultMessage: 'Restore {name}' }, { name: u.name })}>
                            {intl.formatMessage({ id: 'app.users.restore', defaultMessage: 'Restore' })}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListFooter meta={list.data.meta} noun="users" perPage={Number(values.per_page)}
            onPerPage={(v) => update({ per_page: String(v) })} onPage={(p) => update({ page: String(p) })} />
        </Box>
      ) : null}
      {editing.subject ? (
        <UserModal user={editing.subject === 'new' ? null : editing.subject} onClose={() => editing.close()}
          onSaved={() => { editing.close(); void refreshAccess(); }} />
      ) : null}
      <ConfirmDelete opened={suspending.subject !== null} title={intl.formatMessage({ id: 'app.users.suspendTitle', defaultMessage: 'Suspend user' })}
        confirmLabel={intl.formatMessage({ id: 'app.users.suspend', defaultMessage: 'Suspend' })}
        refusedTitle={intl.formatMessage({ id: 'app.users.notSuspended', defaultMessage: 'Not suspended' })} onClose={(done) => suspending.close(done)}
        onConfirm={async () => { await access.updateUser(suspending.subject!.id, { status: 'suspended' }); await refreshAccess(); }}>
        <FormattedMessage id="app.users.suspendQuestion"
          defaultMessage="Suspend <b>{name}</b>? Every key of theirs is refused at once; their links keep redirecting. You can restore them later."
          values={{ name: suspending.last?.name, b: (c) => <strong>{c}</strong> }} />
      </ConfirmDelete>
      {deleting.subject ? (
        <DeleteUserDialog user={deleting.subject} users={everyone} onClose={(gone) => {
          deleting.close(gone);
          if (gone) void refreshAccess();
        }} />
      ) : null}
    </>
  );
}

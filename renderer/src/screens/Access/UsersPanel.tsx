// The instance's users (admins only): link count and last activity; create,
// rename and change role, suspend and restore, delete (asking about their links).
import { Badge, Box, Button, Group, LoadingOverlay, Table, Text } from '@mantine/core';
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
      notify({ color: 'teal', message: `${u.name} is active again; their keys work.` });
      await refreshAccess();
    } catch (e) {
      notify({ color: 'red', title: `${u.name} not restored`, message: toIpcError(e).message });
    }
  };

  return (
    <>
      <Group justify="flex-end" mb="sm">
        <Button leftSection={<IconPlus />} onClick={() => editing.open('new')}>New user</Button>
      </Group>
      {list.error ? <ErrorState error={list.error} onRetry={list.reload} kept={list.data !== undefined} /> : null}
      {!list.data && list.loading ? <LoadingState label="Loading users…" /> : null}
      {list.data ? (
        <Box pos="relative">
          <LoadingOverlay visible={list.stale && list.loading} zIndex={5} overlayProps={{ blur: 1 }} />
          <Table.ScrollContainer minWidth={820}>
            <Table striped verticalSpacing="xs" data-testid="users-table" layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th><Table.Th w={100}>Role</Table.Th><Table.Th w={110}>State</Table.Th>
                  <Table.Th w={80} style={{ textAlign: 'right' }}>Links</Table.Th><Table.Th w={200}>Last active</Table.Th>
                  <Table.Th w={110}>Created</Table.Th><Table.Th w={210}>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((u) => (
                  <Table.Tr key={u.id} data-user={u.name}>
                    <Table.Td><Text size="sm" fw={600} truncate="end" title={u.name}>{u.name}</Text></Table.Td>
                    <Table.Td><Badge variant="light" color={u.role === 'admin' ? 'violet' : 'gray'}>{u.role === 'admin' ? 'Admin' : 'Member'}</Badge></Table.Td>
                    <Table.Td><Badge variant="light" color={u.status === 'active' ? 'teal' : 'orange'} data-user-status={u.status}>{u.status === 'active' ? 'Active' : 'Suspended'}</Badge></Table.Td>
                    <Table.Td style={{ textAlign: 'right' }} data-testid="user-links">{fmt.count(u.links_count)}</Table.Td>
                    <Table.Td><Text size="sm">{u.last_active_at ? fmt.dateTime(u.last_active_at) : 'Never'}</Text></Table.Td>
                    <Table.Td><Text size="sm" title={fmt.dateTime(u.created_at)}>{fmt.shortDate(u.created_at)}</Text></Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <RowActions name={u.name} onEdit={() => editing.open(u)} onDelete={() => deleting.open(u)}>
                          <RowAction tip="Keys" label={`Keys of ${u.name}`} icon={<IconKey />} onClick={() => onShowKeys(u)} />
                        </RowActions>
                        {u.status === 'active' ? (
                          <Button size="xs" variant="subtle" color="orange" onClick={() => suspending.open(u)} aria-label={`Suspend ${u.name}`}>Suspend</Button>
                        ) : (
                          <Button size="xs" variant="subtle" onClick={() => void restore(u)} aria-label={`Restore ${u.name}`}>Restore</Button>
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
      <ConfirmDelete opened={suspending.subject !== null} title="Suspend user" confirmLabel="Suspend" refusedTitle="Not suspended" onClose={(done) => suspending.close(done)}
        onConfirm={async () => { await access.updateUser(suspending.subject!.id, { status: 'suspended' }); await refreshAccess(); }}>
        Suspend <strong>{suspending.last?.name}</strong>? Every key of theirs is refused at once; their links keep redirecting. You can restore them later.
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

import { ActionIcon, Box, Button, ColorSwatch, Group, LoadingOverlay, Table, Text, Tooltip } from '@mantine/core';
import type { Space } from '../../../../shared/api-types.ts';
import { SPACE_SORT_BY } from '../../../../shared/constants.ts';
import { api } from '../../api/api.ts';
import { useRemote } from '../../api/use-remote.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete/ConfirmDelete.tsx';
import { useDialog } from '../../components/use-dialog.ts';
import { ErrorState, LoadingState, NothingHere } from '../../components/DataStates/DataStates.tsx';
import { IconEdit, IconPlus, IconTrash } from '../../components/Icons/Icons.tsx';
import { ListFooter } from '../../components/ListFooter/ListFooter.tsx';
import { ScreenHeader } from '../../components/ScreenHeader/ScreenHeader.tsx';
import { SearchInput } from '../../components/SearchInput/SearchInput.tsx';
import { SortableTh, sortOf } from '../../components/SortableTh/SortableTh.tsx';
import { formatCount, formatDateTime } from '../../format.ts';
import { useRoute } from '../../state/route.ts';
import { PAGING, useListParams, type Spec } from '../../state/list-params.ts';
import { SpaceModal } from './SpaceModal.tsx';

const SPEC = { ...PAGING, sort_by: { default: 'id', allowed: SPACE_SORT_BY } } satisfies Spec<string>;

export default function SpacesScreen() {
  const { values, query, update } = useListParams(SPEC);
  const list = useRemote(() => api.spaces.list(query), [query]);
  const navigate = useRoute((s) => s.navigate);
  const editing = useDialog<Space | 'new'>();
  const deleting = useDialog<Space>();
  const rows = list.data?.data ?? [];
  const sort = sortOf(values);
  const onSort = (s: typeof sort) => update({ sort_by: s.sortBy, sort: s.sort });

  return (
    <>
      <ScreenHeader title="Spaces" description="Group links into spaces, each with a color.">
        <Button leftSection={<IconPlus />} onClick={() => editing.open('new')}>New space</Button>
      </ScreenHeader>
      <Group mb="md"><SearchInput label="Search spaces" placeholder="Name" value={values.search} onChange={(search) => update({ search })} /></Group>
      {list.error ? <ErrorState error={list.error} onRetry={list.reload} /> : null}
      {!list.data && list.loading ? <LoadingState label="Loading spaces…" /> : null}
      {list.data ? (
        <Box pos="relative">
          <LoadingOverlay visible={list.loading} zIndex={5} overlayProps={{ blur: 1 }} />
          {rows.length ? (
            <Table striped highlightOnHover verticalSpacing="sm" data-testid="spaces-table">
              <Table.Thead>
                <Table.Tr>
                  <SortableTh column="name" label="Name" state={sort} onSort={onSort} />
                  <Table.Th ta="right">Links</Table.Th>
                  <SortableTh column="id" label="Created" state={sort} onSort={onSort} natural="desc" />
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((s) => (
                  <Table.Tr key={s.id} data-row-name={s.name}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap"><ColorSwatch color={s.color} size={14} aria-hidden /><Text size="sm" fw={600}>{s.name}</Text></Group>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button variant="subtle" size="compact-sm" aria-label={`${s.links_count} links in ${s.name}: show them`}
                        onClick={() => navigate('links', { params: { space_id: String(s.id) } })}>{formatCount(s.links_count)}</Button>
                    </Table.Td>
                    <Table.Td><Text size="sm">{formatDateTime(s.created_at)}</Text></Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Tooltip label="Edit"><ActionIcon variant="subtle" aria-label={`Edit ${s.name}`} onClick={() => editing.open(s)}><IconEdit /></ActionIcon></Tooltip>
                        <Tooltip label="Delete"><ActionIcon variant="subtle" color="red" aria-label={`Delete ${s.name}`} onClick={() => deleting.open(s)}><IconTrash /></ActionIcon></Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <NothingHere title={values.search ? 'No space matches this search' : 'No spaces yet'}
              description={values.search ? 'Try another name.' : 'Spaces keep related links together.'}
              action={values.search ? null : <Button onClick={() => editing.open('new')}>Add a space</Button>} />
          )}
          <ListFooter meta={list.data.meta} noun="spaces" perPage={Number(values.per_page)}
            onPerPage={(v) => update({ per_page: String(v) })} onPage={(p) => update({ page: String(p) })} />
        </Box>
      ) : null}
      {editing.subject ? (
        <SpaceModal space={editing.subject === 'new' ? null : editing.subject} onClose={() => editing.close()} onSaved={() => { editing.close(); list.reload(); }} />
      ) : null}
      <ConfirmDelete opened={deleting.subject !== null} title="Delete space" onClose={deleting.close}
        onConfirm={async () => { await api.spaces.remove(deleting.subject!.id); list.reload(); }}>
        Delete <strong>{deleting.last?.name}</strong>? Its links stay, without a space.
      </ConfirmDelete>
    </>
  );
}

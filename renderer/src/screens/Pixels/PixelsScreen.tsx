import { ActionIcon, Badge, Box, Button, Code, Group, LoadingOverlay, Table, Text, Tooltip } from '@mantine/core';
import type { Pixel } from '../../../../shared/api-types.ts';
import { PIXEL_SORT_BY } from '../../../../shared/constants.ts';
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
import { PixelModal } from './PixelModal.tsx';
import { PIXEL_TYPE_LABELS } from './pixel-types.ts';

const SPEC = { ...PAGING, sort_by: { default: 'id', allowed: PIXEL_SORT_BY } } satisfies Spec<string>;

export default function PixelsScreen() {
  const { values, query, update } = useListParams(SPEC);
  const list = useRemote(() => api.pixels.list(query), [query]);
  const navigate = useRoute((s) => s.navigate);
  const editing = useDialog<Pixel | 'new'>();
  const deleting = useDialog<Pixel>();
  const rows = list.data?.data ?? [];
  const sort = sortOf(values);
  const onSort = (s: typeof sort) => update({ sort_by: s.sortBy, sort: s.sort });

  return (
    <>
      <ScreenHeader title="Pixels" description="Tracking pixels that fire before a link forwards.">
        <Button leftSection={<IconPlus />} onClick={() => editing.open('new')}>New pixel</Button>
      </ScreenHeader>
      <Group mb="md"><SearchInput label="Search pixels" placeholder="Name" value={values.search} onChange={(search) => update({ search })} /></Group>
      {list.error ? <ErrorState error={list.error} onRetry={list.reload} /> : null}
      {!list.data && list.loading ? <LoadingState label="Loading pixels…" /> : null}
      {list.data ? (
        <Box pos="relative">
          <LoadingOverlay visible={list.loading} zIndex={5} overlayProps={{ blur: 1 }} />
          {rows.length ? (
            <Table striped highlightOnHover verticalSpacing="sm" data-testid="pixels-table">
              <Table.Thead>
                <Table.Tr>
                  <SortableTh column="name" label="Name" state={sort} onSort={onSort} />
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Pixel ID</Table.Th>
                  <Table.Th ta="right">Links</Table.Th>
                  <SortableTh column="id" label="Created" state={sort} onSort={onSort} natural="desc" />
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((s) => (
                  <Table.Tr key={s.id} data-row-name={s.name}>
                    <Table.Td>
                      <Text size="sm" fw={600}>{s.name}</Text>
                    </Table.Td>
                    <Table.Td><Badge variant="light" color="gray">{PIXEL_TYPE_LABELS[s.type]}</Badge></Table.Td>
                    <Table.Td><Code>{s.pixel_id}</Code></Table.Td>
                    <Table.Td ta="right">
                      <Button variant="subtle" size="compact-sm" aria-label={`${s.links_count} links with ${s.name}: show them`}
                        onClick={() => navigate('links', { params: { pixel_id: String(s.id) } })}>{formatCount(s.links_count)}</Button>
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
            <NothingHere title={values.search ? 'No pixel matches this search' : 'No pixels yet'}
              description={values.search ? 'Try another name.' : 'A pixel attached to a link fires on each visit, then the visitor is forwarded.'}
              action={values.search ? null : <Button onClick={() => editing.open('new')}>Add a pixel</Button>} />
          )}
          <ListFooter meta={list.data.meta} noun="pixels" perPage={Number(values.per_page)}
            onPerPage={(v) => update({ per_page: String(v) })} onPage={(p) => update({ page: String(p) })} />
        </Box>
      ) : null}
      {editing.subject ? (
        <PixelModal pixel={editing.subject === 'new' ? null : editing.subject} onClose={() => editing.close()} onSaved={() => { editing.close(); list.reload(); }} />
      ) : null}
      <ConfirmDelete opened={deleting.subject !== null} title="Delete pixel" onClose={deleting.close}
        onConfirm={async () => { await api.pixels.remove(deleting.subject!.id); list.reload(); }}>
        Delete <strong>{deleting.last?.name}</strong>? Links that use it stay, without this pixel.
      </ConfirmDelete>
    </>
  );
}

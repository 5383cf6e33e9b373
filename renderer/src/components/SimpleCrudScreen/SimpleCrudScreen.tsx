// A list screen for records with a name (domains, spaces, pixels): search,
// sortable table, paging, a create/edit dialog and delete with confirmation.
// Each screen brings its texts, its table and its dialog.
import { Box, Button, Group, LoadingOverlay, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Page } from '../../../../shared/api-types.ts';
import { invalidateResource } from '../../api/query.ts';
import type { ListQuery } from '../../api/types.ts';
import { useInstanceQuery } from '../../api/use-instance-query.ts';
import { useInstances } from '../../state/instances-store.ts';
import { keyGrants, useKeyAccess } from '../../state/key-access.ts';
import { PAGING, useListParams, type Spec } from '../../state/list-params.ts';
import { ConfirmDelete } from '../ConfirmDelete/ConfirmDelete.tsx';
import { ErrorState, LoadingState, NothingHere } from '../DataStates/DataStates.tsx';
import { IconPlus } from '../Icons/Icons.tsx';
import { ListFooter } from '../ListFooter/ListFooter.tsx';
import { ScreenHeader } from '../ScreenHeader/ScreenHeader.tsx';
import { SearchInput } from '../SearchInput/SearchInput.tsx';
import { sortOf, type SortState } from '../SortableTh/SortableTh.tsx';
import { useDialog } from '../use-dialog.ts';

interface Named { id: number; name: string }

export interface CrudTableProps<T> {
  rows: T[];
  sort: SortState;
  onSort(s: SortState): void;
  onEdit(row: T): void;
  onDelete(row: T): void;
}

export interface CrudDialogProps<T> {
  /** null: a new record. */
  subject: T | null;
  onClose(): void;
  onSaved(): void;
}

export function SimpleCrudScreen<T extends Named>(props: {
  title: string;
  description: string;
  /** The record's noun, singular and plural, as the texts use it: 'space', 'spaces' (the plural is also the API resource). */
  noun: string;
  nouns: 'domains' | 'spaces' | 'pixels';
  spec: Spec<keyof typeof PAGING>;
  /** Where the records come from, e.g. `api.spaces`. */
  resource: { list(query: ListQuery): Promise<Page<T>>; remove(id: number): Promise<unknown> };
  /** The empty state's description when there are no records at all. */
  emptyHint: string;
  /** The empty state's description when the search matches nothing. */
  searchHint?: string;
  /** After "Delete <name>?" in the confirmation. */
  deleteNote: string;
  /** Shown under the header, above the list (what this instance does not do, and why). */
  notice?: ReactNode;
  table(p: CrudTableProps<T>): ReactNode;
  dialog(p: CrudDialogProps<T>): ReactNode;
}) {
  const { title, noun, nouns } = props;
  const { values, query, update } = useListParams(props.spec);
  const instanceId = useInstances((s) => s.selectedId);
  const list = useInstanceQuery(nouns, query, () => props.resource.list(query));
  // Links show their domain, space and pixels; the link form offers them.
  const changed = () => Promise.all([nouns, 'links', 'link-options'].map((r) => invalidateResource(instanceId, r)));
  const editing = useDialog<T | 'new'>();
  const deleting = useDialog<T>();
  const filtered = values.search !== '';
  const rows = list.data?.data ?? [];
  // A server without this resource, or a key that may not read it: nothing to create or search.
  const offered = list.error?.kind !== 'unsupported' && list.error?.kind !== 'forbidden';
  // A key that may read but not change them: said instead of a button whose form would be refused.
  const canChange = keyGrants(useKeyAccess(), `${nouns}:write`);

  return (
    <>
      <ScreenHeader title={title} description={props.description}>
        {offered && canChange ? <Button leftSection={<IconPlus />} onClick={() => editing.open('new')}>New {noun}</Button> : null}
        {offered && !canChange ? <Text size="sm" c="dimmed" data-testid="read-only">This key may read {nouns} but not change them.</Text> : null}
      </ScreenHeader>
      {props.notice}
      {offered ? (
        <Group mb="md" align="flex-end">
          <SearchInput label={`Search ${nouns}`} placeholder="Name" value={values.search} onChange={(search) => update({ search })} />
        </Group>
      ) : null}
      {list.error ? <ErrorState error={list.error} onRetry={list.reload} kept={list.data !== undefined} /> : null}
      {!list.data && list.loading ? <LoadingState label={`Loading ${nouns}…`} /> : null}
      {list.data ? (
        <Box pos="relative" aria-busy={list.loading}>
          <LoadingOverlay visible={list.loading && list.stale && !list.error} zIndex={5} overlayProps={{ blur: 1 }} />
          {rows.length ? props.table({
            rows, sort: sortOf(values), onSort: (s) => update({ sort_by: s.sortBy, sort: s.sort }), onEdit: editing.open, onDelete: deleting.open,
          }) : (
            <NothingHere title={filtered ? `No ${noun} matches this search` : `No ${nouns} yet`}
              description={filtered ? (props.searchHint ?? 'Try another name.') : props.emptyHint}
              action={filtered || !canChange ? null : <Button onClick={() => editing.open('new')}>Add a {noun}</Button>} />
          )}
          <ListFooter meta={list.data.meta} noun={nouns} perPage={Number(values.per_page)}
            onPerPage={(v) => update({ per_page: String(v) })} onPage={(p) => update({ page: String(p) })} />
        </Box>
      ) : null}
      {editing.subject ? props.dialog({
        subject: editing.subject === 'new' ? null : editing.subject,
        onClose: () => editing.close(),
        onSaved: () => { editing.close(); void changed(); },
      }) : null}
      <ConfirmDelete opened={deleting.subject !== null} title={`Delete ${noun}`} onClose={deleting.close}
        onConfirm={async () => { await props.resource.remove(deleting.subject!.id); void changed(); }}>
        Delete <strong>{deleting.last?.name}</strong>? {props.deleteNote}
      </ConfirmDelete>
    </>
  );
}

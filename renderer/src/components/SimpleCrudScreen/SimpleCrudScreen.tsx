// A list screen for records with a name (domains, spaces, pixels): search,
// sortable table, paging, a create/edit dialog and delete with confirmation.
// Each screen brings its texts, its table and its dialog.
import { Box, Button, Group, LoadingOverlay, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
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

// The sentences that name the records, one set per kind (no noun is put into a shared sentence).
type CrudWords = Record<'create' | 'readOnly' | 'search' | 'loading' | 'noMatch' | 'none' | 'add' | 'deleteTitle' | 'deleteQuestion', MessageDescriptor>;
const WORDS: Record<'domains' | 'spaces' | 'pixels', CrudWords> = {
  domains: defineMessages({
    create: { id: 'app.domains.new', defaultMessage: 'New domain' },
    readOnly: { id: 'app.domains.readOnly', defaultMessage: 'This key may read domains but not change them.' },
    search: { id: 'app.domains.search', defaultMessage: 'Search domains' },
    loading: { id: 'app.domains.loading', defaultMessage: 'Loading domains…' },
    noMatch: { id: 'app.domains.noMatch', defaultMessage: 'No domain matches this search' },
    none: { id: 'app.domains.none', defaultMessage: 'No domains yet' },
    add: { id: 'app.domains.add', defaultMessage: 'Add a domain' },
    deleteTitle: { id: 'app.domains.deleteTitle', defaultMessage: 'Delete domain' },
    deleteQuestion: { id: 'app.domains.deleteQuestion', defaultMessage: 'Delete <b>{name}</b>? {note}', description: 'note: a sentence on what becomes of its links' },
  }),
  spaces: defineMessages({
    create: { id: 'app.spaces.new', defaultMessage: 'New space' },
    readOnly: { id: 'app.spaces.readOnly', defaultMessage: 'This key may read spaces but not change them.' },
    search: { id: 'app.spaces.search', defaultMessage: 'Search spaces' },
    loading: { id: 'app.spaces.loading', defaultMessage: 'Loading spaces…' },
    noMatch: { id: 'app.spaces.noMatch', defaultMessage: 'No space matches this search' },
    none: { id: 'app.spaces.none', defaultMessage: 'No spaces yet' },
    add: { id: 'app.spaces.add', defaultMessage: 'Add a space' },
    deleteTitle: { id: 'app.spaces.deleteTitle', defaultMessage: 'Delete space' },
    deleteQuestion: { id: 'app.spaces.deleteQuestion', defaultMessage: 'Delete <b>{name}</b>? {note}', description: 'note: a sentence on what becomes of its links' },
  }),
  pixels: defineMessages({
    create: { id: 'app.pixels.new', defaultMessage: 'New pixel' },
    readOnly: { id: 'app.pixels.readOnly', defaultMessage: 'This key may read pixels but not change them.' },
    search: { id: 'app.pixels.search', defaultMessage: 'Search pixels' },
    loading: { id: 'app.pixels.loading', defaultMessage: 'Loading pixels…' },
    noMatch: { id: 'app.pixels.noMatch', defaultMessage: 'No pixel matches this search' },
    none: { id: 'app.pixels.none', defaultMessage: 'No pixels yet' },
    add: { id: 'app.pixels.add', defaultMessage: 'Add a pixel' },
    deleteTitle: { id: 'app.pixels.deleteTitle', defaultMessage: 'Delete pixel' },
    deleteQuestion: { id: 'app.pixels.deleteQuestion', defaultMessage: 'Delete <b>{name}</b>? {note}', description: 'note: a sentence on what becomes of its links' },
  }),
};

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
  /** The records, as the API resource names them; the texts that name them are chosen by it. */
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
  const { title, nouns } = props;
  const intl = useIntl();
  const words = WORDS[nouns];
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
        {offered && canChange ? <Button leftSection={<IconPlus />} onClick={() => editing.open('new')}>{intl.formatMessage(words.create)}</Button> : null}
        {offered && !canChange ? <Text size="sm" c="dimmed" data-testid="read-only">{intl.formatMessage(words.readOnly)}</Text> : null}
      </ScreenHeader>
      {props.notice}
      {offered ? (
        <Group mb="md" align="flex-end">
          <SearchInput label={intl.formatMessage(words.search)} placeholder={intl.formatMessage({ id: 'app.crud.searchPlaceholder', defaultMessage: 'Name' })} value={values.search} onChange={(search) => update({ search })} />
        </Group>
      ) : null}
      {list.error ? <ErrorState error={list.error} onRetry={list.reload} kept={list.data !== undefined} /> : null}
      {!list.data && list.loading ? <LoadingState label={intl.formatMessage(words.loading)} /> : null}
      {list.data ? (
        <Box pos="relative" aria-busy={list.loading}>
          <LoadingOverlay visible={list.loading && list.stale && !list.error} zIndex={5} overlayProps={{ blur: 1 }} />
          {rows.length ? props.table({
            rows, sort: sortOf(values), onSort: (s) => update({ sort_by: s.sortBy, sort: s.sort }), onEdit: editing.open, onDelete: deleting.open,
          }) : (
            <NothingHere title={intl.formatMessage(filtered ? words.noMatch : words.none)}
              description={filtered ? (props.searchHint ?? intl.formatMessage({ id: 'app.crud.searchHint', defaultMessage: 'Try another name.' })) : props.emptyHint}
              action={filtered || !canChange ? null : <Button onClick={() => editing.open('new')}>{intl.formatMessage(words.add)}</Button>} />
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
      <ConfirmDelete opened={deleting.subject !== null} title={intl.formatMessage(words.deleteTitle)} onClose={deleting.close}
        onConfirm={async () => { await props.resource.remove(deleting.subject!.id); void changed(); }}>
        <FormattedMessage {...words.deleteQuestion} values={{ name: deleting.last?.name, note: props.deleteNote, b: (c) => <strong>{c}</strong> }} />
      </ConfirmDelete>
    </>
  );
}

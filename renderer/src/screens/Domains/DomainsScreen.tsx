import { Box, Button, Group, LoadingOverlay } from '@mantine/core';
import type { Domain } from '../../../../shared/api-types.ts';
import { DOMAIN_SORT_BY } from '../../../../shared/constants.ts';
import { api } from '../../api/api.ts';
import { useRemote } from '../../api/use-remote.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete/ConfirmDelete.tsx';
import { useDialog } from '../../components/use-dialog.ts';
import { ErrorState, LoadingState, NothingHere } from '../../components/DataStates/DataStates.tsx';
import { IconPlus } from '../../components/Icons/Icons.tsx';
import { ListFooter } from '../../components/ListFooter/ListFooter.tsx';
import { ScreenHeader } from '../../components/ScreenHeader/ScreenHeader.tsx';
import { SearchInput } from '../../components/SearchInput/SearchInput.tsx';
import { sortOf } from '../../components/SortableTh/SortableTh.tsx';
import { PAGING, useListParams, type Spec } from '../../state/list-params.ts';
import { DomainModal } from './DomainModal.tsx';
import { DomainsTable } from './DomainsTable.tsx';

const SPEC = { ...PAGING, sort_by: { default: 'id', allowed: DOMAIN_SORT_BY } } satisfies Spec<string>;

export default function DomainsScreen() {
  const { values, query, update } = useListParams(SPEC);
  const list = useRemote(() => api.domains.list(query), [query]);
  const editing = useDialog<Domain | 'new'>();
  const deleting = useDialog<Domain>();
  const filtered = values.search !== '';
  const rows = list.data?.data ?? [];

  return (
    <>
      <ScreenHeader title="Domains" description="Short domains and where their bare and unknown addresses go.">
        <Button leftSection={<IconPlus />} onClick={() => editing.open('new')}>New domain</Button>
      </ScreenHeader>
      <Group mb="md" align="flex-end">
        <SearchInput label="Search domains" placeholder="Name" value={values.search} onChange={(search) => update({ search })} />
      </Group>
      {list.error ? <ErrorState error={list.error} onRetry={list.reload} /> : null}
      {!list.data && list.loading ? <LoadingState label="Loading domains…" /> : null}
      {list.data ? (
        <Box pos="relative">
          <LoadingOverlay visible={list.loading} zIndex={5} overlayProps={{ blur: 1 }} />
          {rows.length ? (
            <DomainsTable rows={rows} sort={sortOf(values)} onSort={(s) => update({ sort_by: s.sortBy, sort: s.sort })}
              onEdit={editing.open} onDelete={deleting.open} />
          ) : (
            <NothingHere title={filtered ? 'No domain matches this search' : 'No domains yet'}
              description={filtered ? 'Try another name, or clear the search.' : 'Add a domain to give links a short host of your own.'}
              action={filtered ? null : <Button onClick={() => editing.open('new')}>Add a domain</Button>} />
          )}
          <ListFooter meta={list.data.meta} noun="domains" perPage={Number(values.per_page)}
            onPerPage={(v) => update({ per_page: String(v) })} onPage={(p) => update({ page: String(p) })} />
        </Box>
      ) : null}
      {editing.subject ? (
        <DomainModal domain={editing.subject === 'new' ? null : editing.subject} onClose={() => editing.close()}
          onSaved={() => { editing.close(); list.reload(); }} />
      ) : null}
      <ConfirmDelete opened={deleting.subject !== null} title="Delete domain" onClose={deleting.close}
        onConfirm={async () => { await api.domains.remove(deleting.subject!.id); list.reload(); }}>
        Delete <strong>{deleting.last?.name}</strong>? A domain that still has links cannot be deleted.
      </ConfirmDelete>
    </>
  );
}

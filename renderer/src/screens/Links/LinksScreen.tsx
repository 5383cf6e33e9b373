import { Alert, Box, Button, LoadingOverlay } from '@mantine/core';
import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import type { Link } from '../../../../shared/api-types.ts';
import { api } from '../../api/api.ts';
import { useRemote } from '../../api/use-remote.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete/ConfirmDelete.tsx';
import { ErrorState, LoadingState, NothingHere } from '../../components/DataStates/DataStates.tsx';
import { IconPlus } from '../../components/Icons/Icons.tsx';
import { ListFooter } from '../../components/ListFooter/ListFooter.tsx';
import { ScreenHeader } from '../../components/ScreenHeader/ScreenHeader.tsx';
import { sortOf } from '../../components/SortableTh/SortableTh.tsx';
import { useDialog } from '../../components/use-dialog.ts';
import { useLinkIntent } from '../../state/link-intent.ts';
import { useListParams } from '../../state/list-params.ts';
import { useRoute } from '../../state/route.ts';
import { BulkActionModal } from './BulkActionModal.tsx';
import { BulkBar, type BarAction } from './BulkBar.tsx';
import { CopyToInstanceModal } from './CopyToInstanceModal.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import { LinkFilters } from './LinkFilters.tsx';
import { LINKS_SPEC } from './links-params.ts';
import { LinksTable } from './LinksTable.tsx';
import { filterOnly, selectionOf, useLinkSelection } from './selection-store.ts';
import { useLinkOptions } from './use-link-options.ts';

const LinkDrawer = lazy(() => import('./LinkDrawer/LinkDrawer.tsx'));
const QrCodeModal = lazy(() => import('./QrCodeModal.tsx'));

export default function LinksScreen() {
  const { values, query, update } = useListParams(LINKS_SPEC);
  const list = useRemote(() => api.links.list(query), [query]);
  const options = useLinkOptions();
  const navigate = useRoute((s) => s.navigate);
  const editing = useDialog<Link | 'new'>();
  const deleting = useDialog<Link>();
  const qr = useDialog<Link>();
  // The command palette's "edit this link" and "new link".
  useLinkIntent(editing.open);
  const rows = list.data?.data ?? [];
  const picked = useLinkSelection();
  const filter = useMemo(() => filterOnly(query), [query]);
  const filterKey = JSON.stringify(filter);
  // A new filter (or leaving the screen) starts a new selection; paging keeps it.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => picked.clear, [filterKey]);
  const chosen = selectionOf(picked);
  const [acting, setActing] = useState<{ action: BarAction; selection: NonNullable<typeof chosen> } | null>(null);
  const finished = () => { list.reload(); picked.clear(); };
  const rowSelection = {
    ids: new Set(picked.ids),
    all: picked.filter !== null,
    // Unticking one row of "all matching" leaves the rest of this page ticked.
    onToggle: (id: number) => (picked.filter ? picked.setMany(rows.map((l) => l.id).filter((x) => x !== id), true) : picked.toggle(id)),
    onPage: (on: boolean) => (picked.filter && !on ? picked.clear() : picked.setMany(rows.map((l) => l.id), on)),
  };
  const filtered = values.search !== '' || values.status !== '0' || values.space_id !== '' || values.domain_id !== '' || values.pixel_id !== ''
    || values.health !== '';

  return (
    <>
      <ScreenHeader title="Links" description="Short links of this instance: filter, sort, edit, share.">
        <ExportMenu label="Export" choices={[{ label: 'All links' }, { label: 'Current filter', selection: { query: filter } }]} />
        <Button leftSection={<IconPlus />} onClick={() => editing.open('new')}>New link</Button>
      </ScreenHeader>
      <LinkFilters values={values} options={options.data} onChange={update} />
      {options.data?.truncated ? (
        <Alert color="yellow" mb="sm">Only the first 100 domains, spaces and pixels are offered in the filters and the form.</Alert>
      ) : null}
      {chosen && list.data ? (
        <BulkBar count={chosen.count} matching={list.data.meta.total} all={picked.filter !== null} selection={chosen.selection}
          onSelectAll={() => picked.selectFilter(filter, list.data!.meta.total)} onClear={picked.clear}
          onAction={(action) => setActing({ action, selection: chosen })} spaces={options.data?.spaces !== null} />
      ) : null}
      {list.error ? <ErrorState error={list.error} onRetry={list.reload} /> : null}
      {!list.data && list.loading ? <LoadingState label="Loading links…" /> : null}
      {list.data ? (
        <Box pos="relative" aria-busy={list.loading}>
          <LoadingOverlay visible={list.loading} zIndex={5} overlayProps={{ blur: 1 }} />
          {rows.length ? (
            <LinksTable rows={rows} sort={sortOf(values)} onSort={(s) => update({ sort_by: s.sortBy, sort: s.sort })}
              actions={{
                onEdit: editing.open,
                onDelete: deleting.open,
                onQr: qr.open,
                onStats: (l) => navigate('stats', { id: l.id }),
                onHealthChecked: list.reload,
              }} selection={rowSelection} />
          ) : (
            <NothingHere title={filtered ? 'No link matches these filters' : 'No links yet'}
              description={filtered ? 'Change or clear the filters.' : 'Shorten your first link.'}
              action={filtered ? null : <Button onClick={() => editing.open('new')}>Create a link</Button>} />
          )}
          <ListFooter meta={list.data.meta} noun="links" perPage={Number(values.per_page)}
            onPerPage={(v) => update({ per_page: String(v) })} onPage={(p) => update({ page: String(p) })} />
        </Box>
      ) : null}
      <Suspense fallback={<LoadingOverlay visible zIndex={300} />}>
        {editing.subject ? (
          <LinkDrawer link={editing.subject === 'new' ? null : editing.subject} options={options.data} onClose={() => editing.close()}
            onSaved={() => { editing.close(); list.reload(); }} />
        ) : null}
        {qr.subject ? <QrCodeModal link={qr.subject} onClose={() => qr.close()} /> : null}
      </Suspense>
      {acting?.action === 'copy' ? (
        <CopyToInstanceModal selection={acting.selection.selection} count={acting.selection.count} onClose={() => setActing(null)} onDone={finished} />
      ) : acting ? (
        <BulkActionModal kind={acting.action} selection={acting.selection.selection} count={acting.selection.count} options={options.data}
          onClose={() => setActing(null)} onDone={finished} />
      ) : null}
      <ConfirmDelete opened={deleting.subject !== null} title="Delete link" onClose={deleting.close}
        onConfirm={async () => { await api.links.remove(deleting.subject!.id); list.reload(); }}>
        Delete <strong>{deleting.last?.short_url}</strong>? Its statistics go with it.
      </ConfirmDelete>
    </>
  );
}

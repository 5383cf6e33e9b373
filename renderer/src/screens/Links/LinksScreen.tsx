import { Alert, Box, Button, LoadingOverlay } from '@mantine/core';
import { Suspense, lazy } from 'react';
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
import { LinkFilters } from './LinkFilters.tsx';
import { LINKS_SPEC } from './links-params.ts';
import { LinksTable } from './LinksTable.tsx';
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
  const filtered = values.search !== '' || values.status !== '0' || values.space_id !== '' || values.domain_id !== '' || values.pixel_id !== ''
    || values.health !== '';

  return (
    <>
      <ScreenHeader title="Links" description="Short links of this instance: filter, sort, edit, share.">
        <Button leftSection={<IconPlus />} onClick={() => editing.open('new')}>New link</Button>
      </ScreenHeader>
      <LinkFilters values={values} options={options.data} onChange={update} />
      {options.data?.truncated ? (
        <Alert color="yellow" mb="sm">Only the first 100 domains, spaces and pixels are offered in the filters and the form.</Alert>
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
              }} />
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
      <ConfirmDelete opened={deleting.subject !== null} title="Delete link" onClose={deleting.close}
        onConfirm={async () => { await api.links.remove(deleting.subject!.id); list.reload(); }}>
        Delete <strong>{deleting.last?.short_url}</strong>? Its statistics go with it.
      </ConfirmDelete>
    </>
  );
}

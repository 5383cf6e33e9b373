import { Alert, Box, Button, Group, LoadingOverlay, Text } from '@mantine/core';
import { Suspense, lazy, useEffect, useMemo, useRef, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import type { Link } from '../../../../shared/api-types.ts';
import { api } from '../../api/api.ts';
import { useInstanceQuery, invalidateLinks } from '../../api/use-instance-query.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete/ConfirmDelete.tsx';
import { ErrorState, LoadingState, NothingHere } from '../../components/DataStates/DataStates.tsx';
import { IconPlus, IconUpload } from '../../components/Icons/Icons.tsx';
import { ListFooter } from '../../components/ListFooter/ListFooter.tsx';
import { ScreenHeader } from '../../components/ScreenHeader/ScreenHeader.tsx';
import { sortOf } from '../../components/SortableTh/SortableTh.tsx';
import { useDialog } from '../../components/use-dialog.ts';
import { useInstances } from '../../state/instances-store.ts';
import { keyGrants, useKeyAccess } from '../../state/key-access.ts';
import { useLinkIntent } from '../../state/link-intent.ts';
import { useListParams } from '../../state/list-params.ts';
import { useRoute } from '../../state/route.ts';
import { useServerFeatures } from '../../state/server-features.ts';
import { BulkActionModal } from './BulkActionModal.tsx';
import { BulkBar, type BarAction } from './BulkBar.tsx';
import { checkHealth } from './check-health.ts';
import { CopyToInstanceModal } from './CopyToInstanceModal.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import { CLEARED, LinkFilters } from './LinkFilters.tsx';
import { LINKS_SPEC_ALL, LINKS_SPEC_SEED, filtersActive } from './links-params.ts';
import { OPTIONAL_COLUMNS, readSavedParams, saveParams, useLinksView } from './links-view.ts';
import { LinksTable } from './LinksTable.tsx';
import { filterOnly, selectionOf, useLinkSelection } from './selection-store.ts';
import { useLinkOptions } from './use-link-options.ts';
import { ViewControls } from './ViewControls.tsx';
import { plain } from '../../i18n/plain.ts';

const m = plain(defineMessages({
  title: { id: 'app.links.title', defaultMessage: 'Links' },
  description: { id: 'app.links.description', defaultMessage: 'Short links of this instance: filter, sort, edit, share.' },
  export: { id: 'app.links.export', defaultMessage: 'Export' },
  exportAll: { id: 'app.links.export.all', defaultMessage: 'All links' },
  exportFilter: { id: 'app.links.export.filter', defaultMessage: 'Current filter' },
  newLink: { id: 'app.links.new', defaultMessage: 'New link' },
  readOnly: { id: 'app.links.readOnly', defaultMessage: 'This key may read links but not change them.' },
  truncated: { id: 'app.links.optionsTruncated', defaultMessage: 'Only the first 100 domains, spaces and pixels are offered in the filters and the form.' },
  loading: { id: 'app.links.loading', defaultMessage: 'Loading links…' },
  none: { id: 'app.links.empty.title', defaultMessage: 'No links yet' },
  noneHelp: { id: 'app.links.empty.description', defaultMessage: 'Shorten your first link, or bring your links from another service.' },
  create: { id: 'app.links.empty.create', defaultMessage: 'Create a link' },
  import: { id: 'app.links.empty.import', defaultMessage: 'Import links' },
  noMatch: { id: 'app.links.noMatch.title', defaultMessage: 'No link matches these filters' },
  noMatchHelp: { id: 'app.links.noMatch.description', defaultMessage: 'Change the search or the filters, or clear them all.' },
  clear: { id: 'app.links.noMatch.clear', defaultMessage: 'Clear filters' },
  deleteTitle: { id: 'app.links.delete.title', defaultMessage: 'Delete link' },
  deleteText: { id: 'app.links.delete.text', defaultMessage: 'Delete <strong>{url}</strong>? Its statistics go with it.' },
}));
const strong = (chunks: React.ReactNode[]) => <strong dir="ltr">{chunks}</strong>;

const LinkDrawer = lazy(() => import('./LinkDrawer/LinkDrawer.tsx'));
const QrCodeModal = lazy(() => import('./QrCodeModal.tsx'));

/**
 * The filters and sort of the last visit to this instance's links, when the
 * address names none: on opening the screen, and after a switch of instance
 * (which clears the address's filters: they were the other instance's).
 * An address that names its own on opening wins. What the user changes is
 * saved by the screen's `update`.
 */
function useRememberedParams(instanceId: string | null) {
  const params = useRoute((s) => s.route.params);
  const setParams = useRoute((s) => s.setParams);
  const restoredFor = useRef<string | null>(null);
  const firstLook = useRef(true);
  const key = JSON.stringify(params);
  useEffect(() => {
    const first = firstLook.current;
    firstLook.current = false;
    if (!instanceId || restoredFor.current === instanceId) return;
    if (Object.keys(params).length) {
      if (first) restoredFor.current = instanceId;
      return;
    }
    restoredFor.current = instanceId;
    const saved = readSavedParams(instanceId);
    if (saved && Object.keys(saved).length) setParams(saved);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [instanceId, key]);
}

export default function LinksScreen() {
  const intl = useIntl();
  const t = (d: (typeof m)[keyof typeof m]) => intl.formatMessage(d);
  const instanceId = useInstances((s) => s.selectedId);
  const features = useServerFeatures();
  const keyAccess = useKeyAccess();
  useRememberedParams(instanceId);
  const { values, query, update } = useListParams(features.linkdesk ? LINKS_SPEC_ALL : LINKS_SPEC_SEED, (p) => saveParams(instanceId, p));
  // search_by means nothing without a search; a seed-only server is not asked about it.
  const listQuery = useMemo(() => {
    if (query.search) return query;
    const { search_by: _unused, ...rest } = query;
    return rest;
  }, [query]);
  const list = useInstanceQuery('links', listQuery, () => api.links.list(listQuery));
  const options = useLinkOptions();
  const [view, setView] = useLinksView(instanceId);
  const navigate = useRoute((s) => s.navigate);
  const editing = useDialog<Link | 'new'>();
  const deleting = useDialog<Link>();
  const qr = useDialog<Link>();
  // The command palette's "edit this link" and "new link".
  useLinkIntent(editing.open);
  const rows = list.data?.data ?? [];
  const picked = useLinkSelection();
  const filter = useMemo(() => filterOnly(listQuery), [listQuery]);
  const filterKey = JSON.stringify(filter);
  // A new filter, another instance, or leaving the screen starts a new selection; paging keeps it.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => picked.clear, [filterKey, instanceId]);
  const chosen = selectionOf(picked);
  const [acting, setActing] = useState<{ action: BarAction; selection: NonNullable<typeof chosen> } | null>(null);
  const changed = () => void invalidateLinks(instanceId);
  const finished = () => { changed(); picked.clear(); };
  const rowSelection = {
    ids: new Set(picked.ids),
    all: picked.filter !== null,
    // Unticking one row of "all matching" leaves the rest of this page ticked.
    onToggle: (id: number) => (picked.filter ? picked.setMany(rows.map((l) => l.id).filter((x) => x !== id), true) : picked.toggle(id)),
    onPage: (on: boolean) => (picked.filter && !on ? picked.clear() : picked.setMany(rows.map((l) => l.id), on)),
  };
  const filtered = filtersActive(values);
  // No links at all: nothing to filter, so no filters; the empty state says how to start.
  const none = list.data !== undefined && !list.stale && list.data.meta.total === 0 && !filtered;
  const spacesOffered = options.data?.spaces !== null;
  // A read-only key: no button whose form the server would refuse.
  const canChange = keyGrants(keyAccess, 'links:write');
  // Filtering by health shows what it filters by.
  const shownColumns = OPTIONAL_COLUMNS.map((c) => c.id)
    .filter((c) => (view.columns.includes(c) || (c === 'health' && values.health !== '')) && (c !== 'space' || spacesOffered));

  return (
    <>
      <ScreenHeader title={t(m.title)} description={t(m.description)}>
        {none ? null : <ViewControls view={view} onChange={setView} offered={(c) => c !== 'space' || spacesOffered} />}
        {none ? null : <ExportMenu label={t(m.export)} choices={[{ label: t(m.exportAll) }, { label: t(m.exportFilter), selection: { query: filter } }]} />}
        {canChange ? <Button leftSection={<IconPlus />} onClick={() => editing.open('new')}>{t(m.newLink)}</Button> : (
          <Text size="sm" c="dimmed" data-testid="read-only">{t(m.readOnly)}</Text>
        )}
      </ScreenHeader>
      {none ? null : (
        <LinkFilters values={values} options={options.data} onChange={update} searchAll={features.linkdesk} />
      )}
      {options.data?.truncated ? (
        <Alert color="yellow" mb="sm">{t(m.truncated)}</Alert>
      ) : null}
      {chosen && list.data ? (
        <BulkBar count={chosen.count} matching={list.data.meta.total} all={picked.filter !== null} selection={chosen.selection}
          onSelectAll={() => picked.selectFilter(filter, list.data!.meta.total)} onClear={picked.clear}
          onAction={(action) => setActing({ action, selection: chosen })} spaces={spacesOffered} />
      ) : null}
      {list.error ? <ErrorState error={list.error} onRetry={list.reload} kept={list.data !== undefined} /> : null}
      {!list.data && list.loading ? <LoadingState label={t(m.loading)} /> : null}
      {none ? (
        <NothingHere title={t(m.none)} description={canChange ? t(m.noneHelp) : undefined}
          action={canChange && (
            <Group gap="sm">
              <Button onClick={() => editing.open('new')}>{t(m.create)}</Button>
              <Button variant="default" leftSection={<IconUpload />} onClick={() => navigate('import')}>{t(m.import)}</Button>
            </Group>
          )} />
      ) : list.data ? (
        <Box pos="relative" aria-busy={list.loading}>
          <LoadingOverlay visible={list.loading && list.stale && !list.error} zIndex={5} overlayProps={{ blur: 1 }} />
          {rows.length ? (
            <LinksTable rows={rows} sort={sortOf(values)} onSort={(s) => update({ sort_by: s.sortBy, sort: s.sort })}
              columns={shownColumns} density={view.density}
              actions={{
                onEdit: editing.open,
                onDelete: deleting.open,
                onQr: qr.open,
                onStats: (l) => navigate('stats', { id: l.id }),
                onCheckHealth: (l) => void checkHealth(l).then((done) => { if (done) changed(); }),
              }} selection={rowSelection} />
          ) : (
            <NothingHere title={t(m.noMatch)} description={t(m.noMatchHelp)}
              action={<Button variant="default" onClick={() => update(CLEARED)}>{t(m.clear)}</Button>} />
          )}
          {rows.length || list.data.meta.total ? (
            <ListFooter meta={list.data.meta} noun="links" perPage={Number(values.per_page)}
              onPerPage={(v) => update({ per_page: String(v) })} onPage={(p) => update({ page: String(p) })} />
          ) : null}
        </Box>
      ) : null}
      <Suspense fallback={<LoadingOverlay visible zIndex={300} />}>
        {editing.subject ? (
          <LinkDrawer link={editing.subject === 'new' ? null : editing.subject} options={options.data} onClose={() => editing.close()}
            onSaved={() => { editing.close(); changed(); }} />
        ) : null}
        {qr.subject ? <QrCodeModal link={qr.subject} onClose={() => qr.close()} /> : null}
      </Suspense>
      {acting?.action === 'copy' ? (
        <CopyToInstanceModal selection={acting.selection.selection} count={acting.selection.count} onClose={() => setActing(null)} onDone={finished} />
      ) : acting ? (
        <BulkActionModal kind={acting.action} selection={acting.selection.selection} count={acting.selection.count} options={options.data}
          onClose={() => setActing(null)} onDone={finished} />
      ) : null}
      <ConfirmDelete opened={deleting.subject !== null} title={t(m.deleteTitle)} onClose={deleting.close}
        onConfirm={async () => { await api.links.remove(deleting.subject!.id); changed(); }}>
        <FormattedMessage {...m.deleteText} values={{ url: deleting.last?.short_url ?? '', strong }} />
      </ConfirmDelete>
    </>
  );
}

import { ActionIcon, Anchor, Checkbox, ColorSwatch, CopyButton, Group, Table, Text, Tooltip } from '@mantine/core';
import type { Link } from '../../../../shared/api-types.ts';
import { IconChart, IconCheck, IconCopy, IconQr } from '../../components/Icons/Icons.tsx';
import { RowAction, RowActions } from '../../components/RowActions/RowActions.tsx';
import { SortableTh, type SortState } from '../../components/SortableTh/SortableTh.tsx';
import { formatCount, formatDateTime, formatShortDate } from '../../format.ts';
import { CheckHealthAction } from './CheckHealthAction.tsx';
import { LinkHealthBadge } from './LinkHealthBadge.tsx';
import { LinkStatusBadge } from './LinkStatusBadge.tsx';

const hostOf = (url: string) => url.replace(/^https?:\/\//, '').replace(/\/[^/]*$/, '');

export interface LinkActions {
  onEdit(l: Link): void;
  onDelete(l: Link): void;
  onQr(l: Link): void;
  onStats(l: Link): void;
  /** After Check now: the link with its new health. */
  onHealthChecked(l: Link): void;
}

/** The ticked rows; `all`: every link the filter matches is selected, so every box shows ticked. */
export interface RowSelection {
  ids: ReadonlySet<number>;
  all: boolean;
  onToggle(id: number): void;
  onPage(on: boolean): void;
}

export function LinksTable({ rows, sort, onSort, actions, selection }: {
  rows: Link[]; sort: SortState; onSort(s: SortState): void; actions: LinkActions; selection: RowSelection;
}) {
  const ticked = (id: number) => selection.all || selection.ids.has(id);
  const onPage = rows.filter((l) => ticked(l.id)).length;
  const th = (column: string, label: string, w: string, natural: 'asc' | 'desc' = 'asc') => (
    <SortableTh column={column} label={label} state={sort} onSort={onSort} natural={natural} w={w} />
  );
  return (
    // Fixed columns fit the eleven of them in a 1280-pixel window; long text is cut with an ellipsis and shown whole on hover.
    <Table.ScrollContainer minWidth={1020}>
      <Table striped highlightOnHover verticalSpacing="xs" layout="fixed" data-testid="links-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox aria-label="Select every link on this page" checked={onPage === rows.length}
                indeterminate={onPage > 0 && onPage < rows.length} onChange={(e) => selection.onPage(e.currentTarget.checked)}
                data-testid="select-page" />
            </Table.Th>
            {th('alias', 'Short URL', '15%')}
            {th('url', 'Destination', '15%')}
            {th('title', 'Title', '9%')}
            {th('clicks', 'Clicks', '7%', 'desc')}
            <Table.Th w="9%">Status</Table.Th>
            <Table.Th w="8%">Health</Table.Th>
            <Table.Th w="9%">Domain</Table.Th>
            <Table.Th w="8%">Space</Table.Th>
            {th('id', 'Created', '9%', 'desc')}
            <Table.Th w={168}>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((l) => (
            // A click on a row's text focuses the row; Space then ticks its box.
            <Table.Tr key={l.id} data-alias={l.alias} tabIndex={-1} aria-selected={ticked(l.id)}
              bg={ticked(l.id) ? 'var(--mantine-primary-color-light)' : undefined}
              onKeyDown={(e) => { if (e.key === ' ' && e.target === e.currentTarget) { e.preventDefault(); selection.onToggle(l.id); } }}>
              <Table.Td>
                <Checkbox aria-label={`Select ${l.alias}`} checked={ticked(l.id)} onChange={() => selection.onToggle(l.id)} data-testid="select-row" />
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <div style={{ flex: 1, minWidth: 0 }} title={l.short_url} data-testid="short-url">
                    <Text size="xs" c="dimmed" truncate="end">{hostOf(l.short_url)}</Text>
                    <Text size="sm" fw={600} truncate="end">/{l.alias}</Text>
                  </div>
                  <CopyButton value={l.short_url} timeout={1500}>
                    {({ copied, copy }) => (
                      <Tooltip label={copied ? 'Copied' : 'Copy short URL'} withArrow>
                        <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} size="sm"
                          aria-label={copied ? `Copied ${l.short_url}` : `Copy ${l.short_url}`}>
                          {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </CopyButton>
                </Group>
              </Table.Td>
              <Table.Td>
                <Anchor size="sm" href={l.url} target="_blank" rel="noreferrer" truncate="end" display="block" title={l.url}>{l.url.replace(/^https?:\/\//, '')}</Anchor>
              </Table.Td>
              <Table.Td><Text size="sm" truncate="end" c={l.title ? undefined : 'dimmed'} title={l.title ?? undefined}>{l.title ?? '—'}</Text></Table.Td>
              <Table.Td ta="right" data-testid="clicks">{formatCount(l.clicks)}</Table.Td>
              <Table.Td><LinkStatusBadge status={l.status} /></Table.Td>
              <Table.Td data-testid="health"><LinkHealthBadge link={l} /></Table.Td>
              <Table.Td><Text size="sm" truncate="end" c={l.domain ? undefined : 'dimmed'} title={l.domain?.name}>{l.domain?.name ?? 'Default'}</Text></Table.Td>
              <Table.Td>
                {l.space ? (
                  <Group gap={6} wrap="nowrap"><ColorSwatch color={l.space.color} size={12} aria-hidden style={{ flexShrink: 0 }} /><Text size="sm" truncate="end" title={l.space.name}>{l.space.name}</Text></Group>
                ) : <Text size="sm" c="dimmed">—</Text>}
              </Table.Td>
              <Table.Td><Text size="xs" title={formatDateTime(l.created_at)} style={{ whiteSpace: 'nowrap' }}>{formatShortDate(l.created_at)}</Text></Table.Td>
              <Table.Td>
                <RowActions name={l.alias} gap={0} onEdit={() => actions.onEdit(l)} onDelete={() => actions.onDelete(l)}>
                  <RowAction tip="Statistics" label={`Statistics for ${l.alias}`} icon={<IconChart />} onClick={() => actions.onStats(l)} />
                  <RowAction tip="QR code" label={`QR code for ${l.alias}`} icon={<IconQr />} onClick={() => actions.onQr(l)} />
                  <CheckHealthAction link={l} onChecked={actions.onHealthChecked} />
                </RowActions>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

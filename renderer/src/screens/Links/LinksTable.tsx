// The links table. The destination is the one flexible column (the others
// have fixed widths that fit their content), cut with an ellipsis and shown
// whole on hover and in the row's detail. Copy and Edit are one click away;
// the rest of a row's actions are in its labelled "More actions" menu.
import { ActionIcon, Anchor, Checkbox, ColorSwatch, CopyButton, Group, Menu, Table, Text, Tooltip } from '@mantine/core';
import { Fragment, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { Link } from '../../../../shared/api-types.ts';
import {
  IconChart, IconCheck, IconChevronDown, IconCopy, IconEdit, IconLink, IconQr, IconRefresh, IconTrash,
} from '../../components/Icons/Icons.tsx';
import { banOf } from '../../api/safety-types.ts';
import { SortableTh, type SortState } from '../../components/SortableTh/SortableTh.tsx';
import { fmt } from '../../format.ts';
import { LinkBanBadge } from './LinkBanBadge.tsx';
import { LinkHealthBadge } from './LinkHealthBadge.tsx';
import { LinkRowDetail } from './LinkRowDetail.tsx';
import { LinkStatusBadge } from './LinkStatusBadge.tsx';
import type { ColumnId, Density } from './links-view.ts';
import { plain } from '../../i18n/plain.ts';
import { columnWords } from './link-words.ts';

const m = plain(defineMessages({
  selectPage: { id: 'app.links.table.selectPage', defaultMessage: 'Select every link on this page' },
  select: { id: 'app.links.table.select', defaultMessage: 'Select {alias}' },
  details: { id: 'app.links.table.details', defaultMessage: 'Details of {alias}' },
  copied: { id: 'app.links.table.copied', defaultMessage: 'Copied' },
  copyShort: { id: 'app.links.table.copyShort', defaultMessage: 'Copy short URL' },
  copiedUrl: { id: 'app.links.table.copied.label', defaultMessage: 'Copied {url}' },
  copyUrl: { id: 'app.links.table.copy.label', defaultMessage: 'Copy {url}' },
  edit: { id: 'app.links.table.edit', defaultMessage: 'Edit' },
  editAlias: { id: 'app.links.table.edit.label', defaultMessage: 'Edit {alias}' },
  more: { id: 'app.links.table.more', defaultMessage: 'More actions for {alias}' },
  actionsFor: { id: 'app.links.table.actionsFor', defaultMessage: 'Actions for {alias}' },
  stats: { id: 'app.links.table.menu.stats', defaultMessage: 'Statistics' },
  qr: { id: 'app.links.table.menu.qr', defaultMessage: 'QR code' },
  open: { id: 'app.links.table.menu.open', defaultMessage: 'Open destination' },
  check: { id: 'app.links.table.menu.check', defaultMessage: 'Check destination now' },
  delete: { id: 'app.links.table.menu.delete', defaultMessage: 'Delete…' },
}));

const hostOf = (url: string) => url.replace(/^https?:\/\//, '').replace(/\/[^/]*$/, '');
const withoutScheme = (url: string) => url.replace(/^https?:\/\//, '');

export interface LinkActions {
  onEdit(l: Link): void;
  onDelete(l: Link): void;
  onQr(l: Link): void;
  onStats(l: Link): void;
  onCheckHealth(l: Link): void;
}

/** The ticked rows; `all`: every link the filter matches is selected, so every box shows ticked. */
export interface RowSelection {
  ids: ReadonlySet<number>;
  all: boolean;
  onToggle(id: number): void;
  onPage(on: boolean): void;
}

/** Fixed widths in pixels; the destination takes what is left. */
const WIDTH: Record<ColumnId | 'select' | 'short' | 'actions', number> = {
  select: 64, short: 176, title: 170, clicks: 80, status: 92, health: 104, space: 110, created: 92, actions: 76,
};
/** The destination never gets less than this; below it, the table scrolls sideways instead. */
const DESTINATION_MIN = 220;

export function LinksTable({ rows, sort, onSort, actions, selection, columns, density }: {
  rows: Link[]; sort: SortState; onSort(s: SortState): void; actions: LinkActions; selection: RowSelection;
  columns: ColumnId[]; density: Density;
}) {
  const intl = useIntl();
  const t = (d: (typeof m)[keyof typeof m], values?: Record<string, string>) => intl.formatMessage(d, values);
  const col = (c: keyof typeof columnWords) => intl.formatMessage(columnWords[c]);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggleOpen = (id: number) => setOpen((s) => {
    const next = new Set(s);
    if (!next.delete(id)) next.add(id);
    return next;
  });
  const show = new Set(columns);
  const ticked = (id: number) => selection.all || selection.ids.has(id);
  const onPage = rows.filter((l) => ticked(l.id)).length;
  const compact = density === 'compact';
  const span = 3 + columns.length + 1;
  const minWidth = WIDTH.select + WIDTH.short + DESTINATION_MIN + columns.reduce((n, c) => n + WIDTH[c], 0) + WIDTH.actions;
  const th = (column: string, label: string, w: number | undefined, natural: 'asc' | 'desc' = 'asc') => (
    <SortableTh column={column} label={label} state={sort} onSort={onSort} natural={natural} w={w} />
  );

  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover verticalSpacing={compact ? 4 : 'sm'} fz={compact ? 'xs' : 'sm'} layout="fixed"
        data-testid="links-table" data-density={density}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={WIDTH.select}>
              <Checkbox aria-label={t(m.selectPage)} checked={rows.length > 0 && onPage === rows.length}
                indeterminate={onPage > 0 && onPage < rows.length} onChange={(e) => selection.onPage(e.currentTarget.checked)}
                data-testid="select-page" />
            </Table.Th>
            {th('alias', col('short'), WIDTH.short)}
            {th('url', col('destination'), undefined)}
            {show.has('title') ? th('title', col('title'), WIDTH.title) : null}
            {show.has('clicks') ? th('clicks', col('clicks'), WIDTH.clicks, 'desc') : null}
            {show.has('status') ? <Table.Th w={WIDTH.status}>{col('status')}</Table.Th> : null}
            {show.has('health') ? <Table.Th w={WIDTH.health}>{col('health')}</Table.Th> : null}
            {show.has('space') ? <Table.Th w={WIDTH.space}>{col('space')}</Table.Th> : null}
            {show.has('created') ? th('id', col('created'), WIDTH.created, 'desc') : null}
            <Table.Th w={WIDTH.actions}>{col('actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((l) => {
            const expanded = open.has(l.id);
            // A ban outranks the status: the link does not redirect whatever its status says.
            const ban = banOf(l);
            return (
              <Fragment key={l.id}>
                {/* A click on a row's text focuses the row; Space then ticks its box. */}
                <Table.Tr data-alias={l.alias} tabIndex={-1} aria-selected={ticked(l.id)}
                  bg={ticked(l.id) ? 'var(--mantine-primary-color-light)' : undefined}
                  onKeyDown={(e) => { if (e.key === ' ' && e.target === e.currentTarget) { e.preventDefault(); selection.onToggle(l.id); } }}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Checkbox aria-label={t(m.select, { alias: l.alias })} checked={ticked(l.id)} onChange={() => selection.onToggle(l.id)} data-testid="select-row" />
                      <ActionIcon variant="subtle" color="gray" size="sm" aria-expanded={expanded} aria-label={t(m.details, { alias: l.alias })}
                        onClick={() => toggleOpen(l.id)} data-testid="row-expand">
                        <IconChevronDown size={14} style={{ transform: expanded ? 'rotate(180deg)' : undefined }} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <div style={{ flex: 1, minWidth: 0 }} title={l.short_url} data-testid="short-url" dir="ltr">
                        {compact ? null : <Text size="xs" c="dimmed" truncate="end">{hostOf(l.short_url)}</Text>}
                        <Text size={compact ? 'xs' : 'sm'} fw={600} truncate="end">/{l.alias}</Text>
                      </div>
                      <CopyButton value={l.short_url} timeout={1500}>
                        {({ copied, copy }) => (
                          <Tooltip label={t(copied ? m.copied : m.copyShort)} withArrow>
                            <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} size="sm"
                              aria-label={t(copied ? m.copiedUrl : m.copyUrl, { url: l.short_url })}>
                              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </CopyButton>
                    </Group>
                  </Table.Td>
                  <Table.Td data-testid="destination">
                    <Tooltip label={l.url} multiline maw={560} openDelay={300} style={{ overflowWrap: 'anywhere' }}>
                      <Anchor size={compact ? 'xs' : 'sm'} href={l.url} target="_blank" rel="noreferrer" truncate="end" display="block" dir="ltr">
                        {withoutScheme(l.url)}
                      </Anchor>
                    </Tooltip>
                  </Table.Td>
                  {show.has('title') ? (
                    <Table.Td><Text size="sm" truncate="end" c={l.title ? undefined : 'dimmed'} title={l.title ?? undefined}>{l.title ?? '—'}</Text></Table.Td>
                  ) : null}
                  {show.has('clicks') ? <Table.Td ta="end" data-testid="clicks">{fmt.count(l.clicks)}</Table.Td> : null}
                  {show.has('status') ? (
                    <Table.Td data-testid="status">{ban ? <LinkBanBadge ban={ban} /> : <LinkStatusBadge status={l.status} />}</Table.Td>
                  ) : null}
                  {show.has('health') ? <Table.Td data-testid="health"><LinkHealthBadge link={l} /></Table.Td> : null}
                  {show.has('space') ? (
                    <Table.Td>
                      {l.space ? (
                        <Group gap={6} wrap="nowrap">
                          <ColorSwatch color={l.space.color} size={12} aria-hidden style={{ flexShrink: 0 }} />
                          <Text size="sm" truncate="end" title={l.space.name}>{l.space.name}</Text>
                        </Group>
                      ) : <Text size="sm" c="dimmed">—</Text>}
                    </Table.Td>
                  ) : null}
                  {show.has('created') ? (
                    <Table.Td><Text size="xs" title={fmt.dateTime(l.created_at)} style={{ whiteSpace: 'nowrap' }}>{fmt.shortDate(l.created_at)}</Text></Table.Td>
                  ) : null}
                  <Table.Td>
                    <Group gap={2} wrap="nowrap">
                      <Tooltip label={t(m.edit)}>
                        <ActionIcon variant="subtle" aria-label={t(m.editAlias, { alias: l.alias })} onClick={() => actions.onEdit(l)}><IconEdit /></ActionIcon>
                      </Tooltip>
                      <RowMenu link={l} actions={actions} />
                    </Group>
                  </Table.Td>
                </Table.Tr>
                {expanded ? (
                  <Table.Tr data-detail-of={l.alias}>
                    <Table.Td colSpan={span}><LinkRowDetail link={l} /></Table.Td>
                  </Table.Tr>
                ) : null}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The row's other actions: a button named for its link, a menu the arrow keys move through. */
function RowMenu({ link: l, actions }: { link: Link; actions: LinkActions }) {
  const intl = useIntl();
  const t = (d: (typeof m)[keyof typeof m]) => intl.formatMessage(d, { alias: l.alias });
  // A dialog opens once the menu has gone: the menu hands focus back to its button as it closes,
  // which would otherwise pull it out of a dialog opened at once (and Escape would not reach it).
  // The dialog then starts from the button, and gives focus back to it when it closes.
  // (The command palette does the same, CommandPalette.tsx.)
  const pending = useRef<(() => void) | null>(null);
  const runPending = () => {
    const run = pending.current;
    pending.current = null;
    run?.();
  };
  return (
    // No focus placeholder: axe counts it as a child a menu may not have; arrows still reach the first item.
    <Menu position="bottom-end" shadow="md" width={220} withInitialFocusPlaceholder={false} onExitTransitionEnd={runPending}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t(m.more)} data-testid="row-menu">
          <span aria-hidden style={{ fontWeight: 700, letterSpacing: 1, lineHeight: 1 }}>⋯</span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown aria-label={t(m.actionsFor)}>
        <Menu.Item leftSection={<IconChart />} onClick={() => actions.onStats(l)}>{t(m.stats)}</Menu.Item>
        <Menu.Item leftSection={<IconQr />} onClick={() => { pending.current = () => actions.onQr(l); }}>{t(m.qr)}</Menu.Item>
        <Menu.Item leftSection={<IconLink />} component="a" href={l.url} target="_blank" rel="noreferrer">{t(m.open)}</Menu.Item>
        <Menu.Item leftSection={<IconRefresh />} onClick={() => actions.onCheckHealth(l)}>{t(m.check)}</Menu.Item>
        {/* The icon carries the red: red text on the menu's ground is below 4.5:1. */}
        <Menu.Item leftSection={<IconTrash color="var(--mantine-color-red-7)" />} onClick={() => { pending.current = () => actions.onDelete(l); }}>{t(m.delete)}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

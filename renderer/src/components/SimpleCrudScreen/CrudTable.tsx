// The table of spaces or pixels: name, the screen's own columns, how many
// links use the record (a button that lists them), created, row actions.
import { Button, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { formatCount, formatDateTime } from '../../format.ts';
import { useRoute } from '../../state/route.ts';
import { RowActions } from '../RowActions/RowActions.tsx';
import { SortableTh } from '../SortableTh/SortableTh.tsx';
import type { CrudTableProps } from './SimpleCrudScreen.tsx';

interface Counted { id: number; name: string; links_count: number; created_at: string }

export interface CrudColumn<T> { label: string; cell(row: T): ReactNode }

export function CrudTable<T extends Counted>({ rows, sort, onSort, onEdit, onDelete, testId, nameCell, columns = [], links }: CrudTableProps<T> & {
  testId: string;
  nameCell?(row: T): ReactNode;
  columns?: CrudColumn<T>[];
  /** The links filter that shows a record's links, and the button's label (values: count, name), e.g. "3 links in Work: show them". */
  links: { param: string; label: MessageDescriptor };
}) {
  const intl = useIntl();
  const navigate = useRoute((s) => s.navigate);
  return (
    <Table striped highlightOnHover verticalSpacing="sm" data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          <SortableTh column="name" label={intl.formatMessage({ id: 'app.crud.column.name', defaultMessage: 'Name' })} state={sort} onSort={onSort} />
          {columns.map((c) => <Table.Th key={c.label}>{c.label}</Table.Th>)}
          <Table.Th ta="right">{intl.formatMessage({ id: 'app.crud.column.links', defaultMessage: 'Links' })}</Table.Th>
          <SortableTh column="id" label={intl.formatMessage({ id: 'app.crud.column.created', defaultMessage: 'Created' })} state={sort} onSort={onSort} natural="desc" />
          <Table.Th>{intl.formatMessage({ id: 'app.crud.column.actions', defaultMessage: 'Actions' })}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.id} data-row-name={r.name}>
            <Table.Td>{nameCell ? nameCell(r) : <Text size="sm" fw={600}>{r.name}</Text>}</Table.Td>
            {columns.map((c) => <Table.Td key={c.label}>{c.cell(r)}</Table.Td>)}
            <Table.Td ta="right">
              <Button variant="subtle" size="compact-sm" aria-label={intl.formatMessage(links.label, { count: r.links_count, name: r.name })}
                onClick={() => navigate('links', { params: { [links.param]: String(r.id) } })}>{formatCount(r.links_count)}</Button>
            </Table.Td>
            <Table.Td><Text size="sm">{formatDateTime(r.created_at)}</Text></Table.Td>
            <Table.Td><RowActions name={r.name} onEdit={() => onEdit(r)} onDelete={() => onDelete(r)} /></Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

import { Anchor, Table, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { Domain } from '../../../../shared/api-types.ts';
import { RowActions } from '../../components/RowActions/RowActions.tsx';
import type { CrudTableProps } from '../../components/SimpleCrudScreen/SimpleCrudScreen.tsx';
import { SortableTh } from '../../components/SortableTh/SortableTh.tsx';
import { formatCount, formatDateTime } from '../../format.ts';
import { DomainDnsBadge } from './DomainDnsBadge.tsx';
import { useBackgroundDnsChecks, useDnsEntry } from './dns-checks.ts';

/** The DNS column: absent on the desktop's own instance, which has no public domain. */
export interface DnsColumn { instanceId: string; onOpen(d: Domain): void }

export function DomainsTable({ rows, sort, onSort, onEdit, onDelete, dns }: CrudTableProps<Domain> & { dns: DnsColumn | null }) {
  const intl = useIntl();
  useBackgroundDnsChecks(dns?.instanceId ?? null, rows, dns !== null);
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="domains-table">
        <Table.Thead>
          <Table.Tr>
            <SortableTh column="name" label={intl.formatMessage({ id: 'app.crud.column.name', defaultMessage: 'Name' })} state={sort} onSort={onSort} />
            {dns ? <Table.Th>{intl.formatMessage({ id: 'app.domains.column.dns', defaultMessage: 'DNS' })}</Table.Th> : null}
            <Table.Th>{intl.formatMessage({ id: 'app.domains.label.indexPage', defaultMessage: 'Index page' })}</Table.Th>
            <Table.Th>{intl.formatMessage({ id: 'app.domains.label.notFoundPage', defaultMessage: 'Not-found page' })}</Table.Th>
            <Table.Th ta="right">{intl.formatMessage({ id: 'app.crud.column.links', defaultMessage: 'Links' })}</Table.Th>
            <SortableTh column="id" label={intl.formatMessage({ id: 'app.crud.column.created', defaultMessage: 'Created' })} state={sort} onSort={onSort} natural="desc" />
            <Table.Th><Text span size="sm" fw={700}>{intl.formatMessage({ id: 'app.crud.column.actions', defaultMessage: 'Actions' })}</Text></Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((d) => (
            <Table.Tr key={d.id} data-row-name={d.name}>
              <Table.Td><Text fw={600} size="sm">{d.name}</Text></Table.Td>
              {dns ? <Table.Td><DnsCell column={dns} domain={d} /></Table.Td> : null}
              <Table.Td><UrlText url={d.index_page} /></Table.Td>
              <Table.Td><UrlText url={d.not_found_page} /></Table.Td>
              <Table.Td ta="right">{formatCount(d.links_count)}</Table.Td>
              <Table.Td><Text size="sm">{formatDateTime(d.created_at)}</Text></Table.Td>
              <Table.Td>
                <RowActions name={d.name} onEdit={() => onEdit(d)} onDelete={() => onDelete(d)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function DnsCell({ column, domain }: { column: DnsColumn; domain: Domain }) {
  const entry = useDnsEntry(column.instanceId, domain.id);
  return <DomainDnsBadge name={domain.name} entry={entry} onOpen={() => column.onOpen(domain)} />;
}

function UrlText({ url }: { url: string | null }) {
  if (!url) return <Text size="sm" c="dimmed">—</Text>;
  return <Anchor size="sm" href={url} target="_blank" rel="noreferrer" truncate="end" maw={240} display="block">{url}</Anchor>;
}

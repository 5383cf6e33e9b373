// Under every table: the range shown, rows per page (10/25/50/100) and pages.
import { Group, Pagination, Select, Text } from '@mantine/core';
import type { Page } from '../../../../shared/api-types.ts';
import { PER_PAGE_VALUES } from '../../../../shared/constants.ts';
import { fmt } from '../../format.ts';

export function ListFooter({ meta, perPage, onPerPage, onPage, noun }: {
  meta: Page<unknown>['meta'] | undefined;
  perPage: number;
  onPerPage(value: number): void;
  onPage(page: number): void;
  noun: string;
}) {
  const total = meta?.total ?? 0;
  const range = meta && meta.from !== null && meta.to !== null ? `${fmt.count(meta.from)}–${fmt.count(meta.to)} of ${fmt.count(total)} ${noun}` : `0 ${noun}`;
  return (
    <Group justify="space-between" mt="md" wrap="wrap">
      <Group gap="md">
        <Text size="sm" c="dimmed" data-testid="list-range" aria-live="polite">{range}</Text>
        <Group gap={6} wrap="nowrap">
          <Text component="label" htmlFor={`${noun}-per-page`} size="sm">Rows per page</Text>
          <Select
            id={`${noun}-per-page`}
            data={PER_PAGE_VALUES.map((v) => ({ value: String(v), label: String(v) }))}
            value={String(perPage)}
            onChange={(v) => v && onPerPage(Number(v))}
            allowDeselect={false}
            w={80}
            size="xs"
            data-testid="per-page"
          />
        </Group>
      </Group>
      {meta && meta.last_page > 1 ? (
        <Pagination
          total={meta.last_page}
          value={meta.current_page}
          onChange={onPage}
          withEdges
          size="sm"
          aria-label="Pages"
          getItemProps={(page) => ({ 'aria-label': `Page ${page}`, 'aria-current': page === meta.current_page ? 'page' : undefined })}
          getControlProps={(control) => ({ 'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page` })}
        />
      ) : null}
    </Group>
  );
}

// Above the links table: search (alias, destination and title at once on a
// Linkdesk server, or the seed's one field) and the seed's filters, narrow
// enough to stay on one line in a 1280-pixel window.
import { Button, Group, Select } from '@mantine/core';
import { SearchInput } from '../../components/SearchInput/SearchInput.tsx';
import { clearButton } from '../../forms/clear-button.ts';
import { HEALTH_OPTIONS, STATUS_OPTIONS, filtersActive, searchByOptions, type LinksValues } from './links-params.ts';
import { toOptions, type LinkOptions } from './use-link-options.ts';

type Values = Pick<LinksValues, 'search' | 'search_by' | 'status' | 'space_id' | 'domain_id' | 'pixel_id' | 'health'>;

export const CLEARED: Partial<Values> = { search: '', status: '0', space_id: '', domain_id: '', pixel_id: '', health: '' };

export function LinkFilters({ values, options, onChange, searchAll }: {
  values: LinksValues; options: LinkOptions | undefined; onChange(patch: Partial<Values>): void; searchAll: boolean;
}) {
  // null rows: the server does not offer that resource, so there is no filter for it.
  const pick = (key: 'space_id' | 'domain_id' | 'pixel_id', label: string, rows: { id: number; name: string }[] | null | undefined) => rows === null ? null : (
    <Select label={label} placeholder="Any" clearable clearButtonProps={clearButton(`Clear the ${label.toLowerCase()} filter`)} searchable data={toOptions(rows ?? [])} value={values[key] || null}
      onChange={(v) => onChange({ [key]: v ?? '' })} w={110} nothingFoundMessage="Nothing found"
      disabled={!options} data-testid={`filter-${key}`} />
  );
  return (
    <Group align="flex-end" gap="xs" mb="md" wrap="wrap" role="search" aria-label="Filter links">
        <SearchInput label="Search links" placeholder={searchAll ? 'Alias, URL or title' : 'Search…'} value={values.search}
          onChange={(search) => onChange({ search })} w={200} />
        <Select label="Search in" data={searchByOptions(searchAll)} value={values.search_by} allowDeselect={false} w={128}
          onChange={(v) => v && onChange({ search_by: v })} data-testid="filter-search_by" />
        <Select label="Status" data={STATUS_OPTIONS} value={values.status} allowDeselect={false} w={104}
          onChange={(v) => v && onChange({ status: v })} data-testid="filter-status" />
        {pick('space_id', 'Space', options?.spaces)}
        {pick('domain_id', 'Domain', options?.domains)}
        {pick('pixel_id', 'Pixel', options?.pixels)}
        <Select label="Health" placeholder="Any" clearable clearButtonProps={clearButton('Clear the health filter')} data={HEALTH_OPTIONS}
          value={values.health || null} onChange={(v) => onChange({ health: v ?? '' })} w={110} data-testid="filter-health" />
      {filtersActive(values) ? <Button variant="subtle" onClick={() => onChange(CLEARED)}>Clear filters</Button> : null}
    </Group>
  );
}

import { Button, Group, Select } from '@mantine/core';
import { SearchInput } from '../../components/SearchInput/SearchInput.tsx';
import { HEALTH_OPTIONS, SEARCH_BY_OPTIONS, STATUS_OPTIONS } from './links-params.ts';
import { toOptions, type LinkOptions } from './use-link-options.ts';
import { clearButton } from '../../forms/clear-button.ts';

type Values = Record<'search' | 'search_by' | 'status' | 'space_id' | 'domain_id' | 'pixel_id' | 'health', string>;

export function LinkFilters({ values, options, onChange }: {
  values: Values; options: LinkOptions | undefined; onChange(patch: Partial<Values>): void;
}) {
  const active = values.search !== '' || values.status !== '0' || values.space_id !== '' || values.domain_id !== '' || values.pixel_id !== ''
    || values.health !== '';
  // null rows: the server does not offer that resource, so there is no filter for it.
  const pick = (key: 'space_id' | 'domain_id' | 'pixel_id', label: string, rows: { id: number; name: string }[] | null | undefined) => rows === null ? null : (
    <Select label={label} placeholder="Any" clearable clearButtonProps={clearButton(`Clear the ${label.toLowerCase()} filter`)} searchable data={toOptions(rows ?? [])} value={values[key] || null}
      onChange={(v) => onChange({ [key]: v ?? '' })} w={150} nothingFoundMessage="Nothing found"
      disabled={!options} data-testid={`filter-${key}`} />
  );
  return (
    <Group align="flex-end" gap="sm" mb="md" wrap="wrap" role="search" aria-label="Filter links">
      <SearchInput label="Search links" placeholder="Search…" value={values.search} onChange={(search) => onChange({ search })} />
      <Select label="Search in" data={SEARCH_BY_OPTIONS} value={values.search_by} allowDeselect={false} w={150}
        onChange={(v) => v && onChange({ search_by: v })} data-testid="filter-search_by" />
      <Select label="Status" data={STATUS_OPTIONS} value={values.status} allowDeselect={false} w={110}
        onChange={(v) => v && onChange({ status: v })} data-testid="filter-status" />
      {pick('space_id', 'Space', options?.spaces)}
      {pick('domain_id', 'Domain', options?.domains)}
      {pick('pixel_id', 'Pixel', options?.pixels)}
      <Select label="Health" placeholder="Any" clearable clearButtonProps={clearButton('Clear the health filter')} data={HEALTH_OPTIONS}
        value={values.health || null} onChange={(v) => onChange({ health: v ?? '' })} w={130} data-testid="filter-health" />
      {active ? (
        <Button variant="subtle" onClick={() => onChange({ search: '', status: '0', space_id: '', domain_id: '', pixel_id: '', health: '' })}>
          Clear filters
        </Button>
      ) : null}
    </Group>
  );
}

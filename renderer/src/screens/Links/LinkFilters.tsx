// Above the links table: search (alias, destination and title at once on a
// Linkdesk server, or the seed's one field) and the seed's filters, narrow
// enough to stay on one line in a 1280-pixel window.
import { Button, Group, Select } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { SearchInput } from '../../components/SearchInput/SearchInput.tsx';
import { clearButton } from '../../forms/clear-button.ts';
import { plain } from '../../i18n/plain.ts';
import { filtersActive, type LinksValues } from './links-params.ts';
import { columnWords, healthOptions, searchByOptions, statusOptions } from './link-words.ts';
import { toOptions, type LinkOptions } from './use-link-options.ts';

type Values = Pick<LinksValues, 'search' | 'search_by' | 'status' | 'space_id' | 'domain_id' | 'pixel_id' | 'health'>;

export const CLEARED: Partial<Values> = { search: '', status: '0', space_id: '', domain_id: '', pixel_id: '', health: '' };

const m = plain(defineMessages({
  any: { id: 'app.links.filter.any', defaultMessage: 'Any' },
  clearSpace: { id: 'app.links.filter.space.clear', defaultMessage: 'Clear the space filter' },
  clearDomain: { id: 'app.links.filter.domain.clear', defaultMessage: 'Clear the domain filter' },
  clearPixel: { id: 'app.links.filter.pixel.clear', defaultMessage: 'Clear the pixel filter' },
  clearHealth: { id: 'app.links.filter.health.clear', defaultMessage: 'Clear the health filter' },
  nothingFound: { id: 'app.links.filter.nothingFound', defaultMessage: 'Nothing found' },
  region: { id: 'app.links.filter.region', defaultMessage: 'Filter links' },
  search: { id: 'app.links.filter.search', defaultMessage: 'Search links' },
  searchAll: { id: 'app.links.filter.search.placeholderAll', defaultMessage: 'Alias, URL or title' },
  searchOne: { id: 'app.links.filter.search.placeholder', defaultMessage: 'Search…' },
  searchIn: { id: 'app.links.filter.searchIn', defaultMessage: 'Search in' },
  domain: { id: 'app.links.filter.domain', defaultMessage: 'Domain' },
  pixel: { id: 'app.links.filter.pixel', defaultMessage: 'Pixel' },
  clear: { id: 'app.links.noMatch.clear', defaultMessage: 'Clear filters' },
}));

export function LinkFilters({ values, options, onChange, searchAll }: {
  values: LinksValues; options: LinkOptions | undefined; onChange(patch: Partial<Values>): void; searchAll: boolean;
}) {
  const intl = useIntl();
  const t = (d: (typeof m)[keyof typeof m]) => intl.formatMessage(d);
  const CLEAR = { space_id: m.clearSpace, domain_id: m.clearDomain, pixel_id: m.clearPixel };
  // null rows: the server does not offer that resource, so there is no filter for it.
  const pick = (key: 'space_id' | 'domain_id' | 'pixel_id', label: string, rows: { id: number; name: string }[] | null | undefined) => rows === null ? null : (
    <Select label={label} placeholder={t(m.any)} clearable clearButtonProps={clearButton(t(CLEAR[key]))} searchable data={toOptions(rows ?? [])} value={values[key] || null}
      onChange={(v) => onChange({ [key]: v ?? '' })} w={110} nothingFoundMessage={t(m.nothingFound)}
      disabled={!options} data-testid={`filter-${key}`} />
  );
  return (
    <Group align="flex-end" gap="xs" mb="md" wrap="wrap" role="search" aria-label={t(m.region)}>
        <SearchInput label={t(m.search)} placeholder={t(searchAll ? m.searchAll : m.searchOne)} value={values.search}
          onChange={(search) => onChange({ search })} w={200} />
        <Select label={t(m.searchIn)} data={searchByOptions(intl, searchAll)} value={values.search_by} allowDeselect={false} w={128}
          onChange={(v) => v && onChange({ search_by: v })} data-testid="filter-search_by" />
        <Select label={intl.formatMessage(columnWords.status)} data={statusOptions(intl)} value={values.status} allowDeselect={false} w={104}
          onChange={(v) => v && onChange({ status: v })} data-testid="filter-status" />
        {pick('space_id', intl.formatMessage(columnWords.space), options?.spaces)}
        {pick('domain_id', t(m.domain), options?.domains)}
        {pick('pixel_id', t(m.pixel), options?.pixels)}
        <Select label={intl.formatMessage(columnWords.health)} placeholder={t(m.any)} clearable clearButtonProps={clearButton(t(m.clearHealth))} data={healthOptions(intl)}
          value={values.health || null} onChange={(v) => onChange({ health: v ?? '' })} w={110} data-testid="filter-health" />
      {filtersActive(values) ? <Button variant="subtle" onClick={() => onChange(CLEARED)}>{t(m.clear)}</Button> : null}
    </Group>
  );
}

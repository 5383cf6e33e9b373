// Under every table: the range shown, rows per page (10/25/50/100) and pages.
import { Group, Pagination, Select, Text } from '@mantine/core';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import type { Page } from '../../../../shared/api-types.ts';
import { PER_PAGE_VALUES } from '../../../../shared/constants.ts';

/** What the table lists; each has its own counted phrase ("1–10 of 60 links"). */
export type ListNoun = 'links' | 'entries' | 'reported links' | 'banned links' | 'users' | 'keys' | 'domains' | 'spaces' | 'pixels' | 'webhooks' | 'deliveries';

const RANGE: Record<ListNoun, MessageDescriptor> = defineMessages({
  links: { id: 'app.listFooter.range.links', defaultMessage: '{from, number}–{to, number} of {total, plural, one {# link} other {# links}}' },
  entries: { id: 'app.listFooter.range.entries', defaultMessage: '{from, number}–{to, number} of {total, plural, one {# entry} other {# entries}}' },
  'reported links': { id: 'app.listFooter.range.reportedLinks', defaultMessage: '{from, number}–{to, number} of {total, plural, one {# reported link} other {# reported links}}' },
  'banned links': { id: 'app.listFooter.range.bannedLinks', defaultMessage: '{from, number}–{to, number} of {total, plural, one {# banned link} other {# banned links}}' },
  users: { id: 'app.listFooter.range.users', defaultMessage: '{from, number}–{to, number} of {total, plural, one {# user} other {# users}}' },
  keys: { id: 'app.listFooter.range.keys', defaultMessage: '{from, number}–{to, number} of {total, plural, one {# key} other {# keys}}' },
  domains: { id: 'app.listFooter.range.domains', defaultMessage: '{from, number}–{to, number} of {total, plural, one {# domain} other {# domains}}' },
  spaces: { id: 'app.listFooter.range.spaces', defaultMessage: '{from, number}–{to, number} of {total, plural, one {# space} other {# spaces}}' },
  pixels: { id: 'app.listFooter.range.pixels', defaultMessage: '{from, number}–{to, number} of {total, plural, one {# pixel} other {# pixels}}' },
  webhooks: { id: 'app.listFooter.range.webhooks', defaultMessage: '{from, number}–{to, number} of {total, plural, one {# webhook} other {# webhooks}}' },
  deliveries: { id: 'app.listFooter.range.deliveries', defaultMessage: '{from, number}–{to, number} of {total, plural, one {# delivery} other {# deliveries}}' },
});

const COUNT: Record<ListNoun, MessageDescriptor> = defineMessages({
  links: { id: 'app.listFooter.count.links', defaultMessage: '{total, plural, one {# link} other {# links}}' },
  entries: { id: 'app.listFooter.count.entries', defaultMessage: '{total, plural, one {# entry} other {# entries}}' },
  'reported links': { id: 'app.listFooter.count.reportedLinks', defaultMessage: '{total, plural, one {# reported link} other {# reported links}}' },
  'banned links': { id: 'app.listFooter.count.bannedLinks', defaultMessage: '{total, plural, one {# banned link} other {# banned links}}' },
  users: { id: 'app.listFooter.count.users', defaultMessage: '{total, plural, one {# user} other {# users}}' },
  keys: { id: 'app.listFooter.count.keys', defaultMessage: '{total, plural, one {# key} other {# keys}}' },
  domains: { id: 'app.listFooter.count.domains', defaultMessage: '{total, plural, one {# domain} other {# domains}}' },
  spaces: { id: 'app.listFooter.count.spaces', defaultMessage: '{total, plural, one {# space} other {# spaces}}' },
  pixels: { id: 'app.listFooter.count.pixels', defaultMessage: '{total, plural, one {# pixel} other {# pixels}}' },
  webhooks: { id: 'app.listFooter.count.webhooks', defaultMessage: '{total, plural, one {# webhook} other {# webhooks}}' },
  deliveries: { id: 'app.listFooter.count.deliveries', defaultMessage: '{total, plural, one {# delivery} other {# deliveries}}' },
});

const CONTROL: Record<'first' | 'previous' | 'next' | 'last', MessageDescriptor> = defineMessages({
  first: { id: 'app.listFooter.firstPage', defaultMessage: 'First page' },
  previous: { id: 'app.listFooter.previousPage', defaultMessage: 'Previous page' },
  next: { id: 'app.listFooter.nextPage', defaultMessage: 'Next page' },
  last: { id: 'app.listFooter.lastPage', defaultMessage: 'Last page' },
});

export function ListFooter({ meta, perPage, onPerPage, onPage, noun }: {
  meta: Page<unknown>['meta'] | undefined;
  perPage: number;
  onPerPage(value: number): void;
  onPage(page: number): void;
  noun: ListNoun;
}) {
  const intl = useIntl();
  const total = meta?.total ?? 0;
  const range = meta && meta.from !== null && meta.to !== null
    ? intl.formatMessage(RANGE[noun], { from: meta.from, to: meta.to, total })
    : intl.formatMessage(COUNT[noun], { total: 0 });
  return (
    <Group justify="space-between" mt="md" wrap="wrap">
      <Group gap="md">
        <Text size="sm" c="dimmed" data-testid="list-range" aria-live="polite">{range}</Text>
        <Group gap={6} wrap="nowrap">
          <Text component="label" htmlFor={`${noun}-per-page`} size="sm">
            {intl.formatMessage({ id: 'app.listFooter.perPage', defaultMessage: 'Rows per page' })}
          </Text>
          <Select
            id={`${noun}-per-page`}
            data={PER_PAGE_VALUES.map((v) => ({ value: String(v), label: intl.formatNumber(v) }))}
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
          aria-label={intl.formatMessage({ id: 'app.listFooter.pages', defaultMessage: 'Pages' })}
          getItemProps={(page) => ({
            'aria-label': intl.formatMessage({ id: 'app.listFooter.page', defaultMessage: 'Page {page, number}' }, { page }),
            'aria-current': page === meta.current_page ? 'page' : undefined,
          })}
          getControlProps={(control) => ({ 'aria-label': intl.formatMessage(CONTROL[control]) })}
        />
      ) : null}
    </Group>
  );
}

// The links screens' shared words: column names, statuses, health, search
// fields, so the table, its filters, its column chooser and the drawer say
// each thing the same way in every language.
import { defineMessages, type IntlShape } from 'react-intl';
import type { LinkStatus } from '../../../../shared/constants.ts';
import { plain } from '../../i18n/plain.ts';

export const columnWords = plain(defineMessages({
  short: { id: 'app.links.column.short', defaultMessage: 'Short URL' },
  destination: { id: 'app.links.column.destination', defaultMessage: 'Destination' },
  title: { id: 'app.links.column.title', defaultMessage: 'Title' },
  clicks: { id: 'app.links.column.clicks', defaultMessage: 'Clicks' },
  status: { id: 'app.links.column.status', defaultMessage: 'Status' },
  health: { id: 'app.links.column.health', defaultMessage: 'Health' },
  space: { id: 'app.links.column.space', defaultMessage: 'Space' },
  created: { id: 'app.links.column.created', defaultMessage: 'Created' },
  actions: { id: 'app.links.column.actions', defaultMessage: 'Actions' },
}));

export const statusWords = plain(defineMessages({
  0: { id: 'app.links.status.all', defaultMessage: 'All' },
  1: { id: 'app.links.status.active', defaultMessage: 'Active' },
  2: { id: 'app.links.status.expired', defaultMessage: 'Expired' },
  3: { id: 'app.links.status.disabled', defaultMessage: 'Disabled' },
}));
export const statusWord = (intl: IntlShape, s: LinkStatus | 0) => intl.formatMessage(statusWords[s]);

export const healthWords = plain(defineMessages({
  broken: { id: 'app.links.health.broken', defaultMessage: 'Broken' },
  ok: { id: 'app.links.health.ok', defaultMessage: 'OK' },
  unknown: { id: 'app.links.health.unknown', defaultMessage: 'Not checked' },
}));

const searchWords = plain(defineMessages({
  all: { id: 'app.links.searchBy.all', defaultMessage: 'All fields' },
  alias: { id: 'app.links.searchBy.alias', defaultMessage: 'Alias' },
  url: { id: 'app.links.searchBy.url', defaultMessage: 'Destination URL' },
  title: { id: 'app.links.searchBy.title', defaultMessage: 'Title' },
}));

export const statusOptions = (intl: IntlShape) => ([0, 1, 2, 3] as const).map((v) => ({ value: String(v), label: statusWord(intl, v) }));
export const healthOptions = (intl: IntlShape) => (['broken', 'ok', 'unknown'] as const).map((v) => ({ value: v, label: intl.formatMessage(healthWords[v]) }));
export const searchByOptions = (intl: IntlShape, searchAll: boolean) =>
  (['all', 'alias', 'url', 'title'] as const).filter((v) => searchAll || v !== 'all').map((v) => ({ value: v, label: intl.formatMessage(searchWords[v]) }));

import { LINK_HEALTH, LINK_SEARCH_BY, LINK_SORT_BY } from '../../../../shared/constants.ts';
import { PAGING, type Spec } from '../../state/list-params.ts';

/** Every list filter of the seed, with its default. */
export const LINKS_SPEC = {
  ...PAGING,
  search_by: { default: 'title', allowed: LINK_SEARCH_BY },
  status: { default: '0', allowed: [0, 1, 2, 3], numeric: true },
  space_id: { default: '', id: true },
  domain_id: { default: '', id: true },
  pixel_id: { default: '', id: true },
  health: { default: '', allowed: LINK_HEALTH },
  sort_by: { default: 'id', allowed: LINK_SORT_BY },
} satisfies Spec<string>;

export const STATUS_OPTIONS = [
  { value: '0', label: 'All' },
  { value: '1', label: 'Active' },
  { value: '2', label: 'Expired' },
  { value: '3', label: 'Disabled' },
];

export const HEALTH_OPTIONS = [
  { value: 'broken', label: 'Broken' },
  { value: 'ok', label: 'OK' },
  { value: 'unknown', label: 'Not checked' },
];

export const SEARCH_BY_OPTIONS = [
  { value: 'title', label: 'Title' },
  { value: 'alias', label: 'Alias' },
  { value: 'url', label: 'Destination URL' },
];

import { LINK_HEALTH, LINK_SEARCH_BY, LINK_SORT_BY } from '../../../../shared/constants.ts';
import { PAGING, type Spec } from '../../state/list-params.ts';

/**
 * Every list filter of the seed, with its default. A Linkdesk server searches
 * alias, destination and title at once by default; a seed-only one is asked
 * the seed's way (title, alias or url), which it understands.
 */
export function linksSpec(searchAll: boolean) {
  return {
    ...PAGING,
    search_by: searchAll ? { default: 'all', allowed: LINK_SEARCH_BY } : { default: 'title', allowed: LINK_SEARCH_BY.filter((s) => s !== 'all') },
    status: { default: '0', allowed: [0, 1, 2, 3], numeric: true },
    space_id: { default: '', id: true },
    domain_id: { default: '', id: true },
    pixel_id: { default: '', id: true },
    health: { default: '', allowed: LINK_HEALTH },
    sort_by: { default: 'id', allowed: LINK_SORT_BY },
  } satisfies Spec<string>;
}
export const LINKS_SPEC_ALL = linksSpec(true);
export const LINKS_SPEC_SEED = linksSpec(false);
export type LinksValues = Record<keyof typeof LINKS_SPEC_ALL, string>;

/** Filters narrower than "every link" (search, status, space, domain, pixel, health). */
export const filtersActive = (v: LinksValues) =>
  v.search !== '' || v.status !== '0' || v.space_id !== '' || v.domain_id !== '' || v.pixel_id !== '' || v.health !== '';

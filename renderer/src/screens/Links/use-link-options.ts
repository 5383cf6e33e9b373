// Domains, spaces and pixels for the filters and the link form, by name.
import type { Domain, Page, Pixel, Space } from '../../../../shared/api-types.ts';
import { api, ApiFailure } from '../../api/api.ts';
import { useInstanceQuery } from '../../api/use-instance-query.ts';

/** `spaces`, `pixels` null: the server does not offer them (they are not in the seed), so there is nothing to pick. */
export interface LinkOptions { domains: Domain[]; spaces: Space[] | null; pixels: Pixel[] | null; truncated: boolean }

const BY_NAME = { per_page: 100, sort_by: 'name', sort: 'asc' } as const;

const unlessUnsupported = <T>(list: Promise<Page<T>>): Promise<Page<T> | null> =>
  list.catch((e: unknown) => {
    if (e instanceof ApiFailure && e.error.kind === 'unsupported') return null;
    throw e;
  });

export function useLinkOptions() {
  return useInstanceQuery<LinkOptions>('link-options', null, async () => {
    const [d, s, p] = await Promise.all([
      api.domains.list(BY_NAME), unlessUnsupported(api.spaces.list(BY_NAME)), unlessUnsupported(api.pixels.list(BY_NAME)),
    ]);
    return {
      domains: d.data, spaces: s?.data ?? null, pixels: p?.data ?? null,
      truncated: [d, s, p].some((page) => page && page.meta.last_page > 1),
    };
  });
}

export const toOptions = (rows: { id: number; name: string }[]) => rows.map((r) => ({ value: String(r.id), label: r.name }));

// Domains, spaces and pixels for the filters and the link form, by name.
import type { Domain, Pixel, Space } from '../../../../shared/api-types.ts';
import { api } from '../../api/api.ts';
import { useRemote } from '../../api/use-remote.ts';

export interface LinkOptions { domains: Domain[]; spaces: Space[]; pixels: Pixel[]; truncated: boolean }

const BY_NAME = { per_page: 100, sort_by: 'name', sort: 'asc' } as const;

export function useLinkOptions() {
  return useRemote<LinkOptions>(async () => {
    const [d, s, p] = await Promise.all([api.domains.list(BY_NAME), api.spaces.list(BY_NAME), api.pixels.list(BY_NAME)]);
    return {
      domains: d.data, spaces: s.data, pixels: p.data,
      truncated: d.meta.last_page > 1 || s.meta.last_page > 1 || p.meta.last_page > 1,
    };
  }, []);
}

export const toOptions = (rows: { id: number; name: string }[]) => rows.map((r) => ({ value: String(r.id), label: r.name }));

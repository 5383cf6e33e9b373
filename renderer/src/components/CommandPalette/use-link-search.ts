// Links on the current instance whose alias, destination or title contains
// the text, asked of the server after a pause in typing, through the same
// query cache as the screens (keyed by instance and text): only the answer to
// the latest text is shown, so a slow answer for "ab" never replaces "abc"'s.
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Link } from '../../../../shared/api-types.ts';
import type { IpcError } from '../../../../shared/contract.ts';
import { api, toIpcError } from '../../api/api.ts';
import { instanceKey } from '../../api/query.ts';
import { useServerFeatures } from '../../state/server-features.ts';

export const SHOWN_LINKS = 5;
const DEBOUNCE_MS = 200;
// A seed-only server searches one field per request.
const SEED_FIELDS = ['alias', 'url', 'title'] as const;

export type LinkSearch =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'done'; links: Link[] }
  | { state: 'error'; error: IpcError };

async function searchLinks(search: string, everyField: boolean): Promise<Link[]> {
  // A Linkdesk server looks in alias, URL and title at once.
  if (everyField) return (await api.links.list({ search, search_by: 'all', per_page: 10 })).data.slice(0, SHOWN_LINKS);
  const pages = await Promise.all(SEED_FIELDS.map((search_by) => api.links.list({ search, search_by, per_page: 10 })));
  const seen = new Set<number>();
  return pages.flatMap((p) => p.data).filter((l) => !seen.has(l.id) && !!seen.add(l.id)).slice(0, SHOWN_LINKS);
}

export function useLinkSearch(text: string, instanceId: string | null): LinkSearch {
  const [search] = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const { linkdesk } = useServerFeatures();
  const typed = text.trim();
  const q = useQuery({
    queryKey: instanceKey(instanceId, 'links', 'palette', linkdesk, search),
    queryFn: () => searchLinks(search, linkdesk),
    enabled: !!search && !!instanceId,
    // While the next text's answer is on its way, the last one stays (marked as loading below).
    placeholderData: keepPreviousData,
    retry: false,
  });
  if (!typed || !instanceId) return { state: 'idle' };
  // Typed but not yet asked (the pause), or asked and not yet answered for this text.
  if (search !== typed || q.isPlaceholderData || q.isPending) return { state: 'loading' };
  if (q.isError) return { state: 'error', error: toIpcError(q.error) };
  return { state: 'done', links: q.data ?? [] };
}

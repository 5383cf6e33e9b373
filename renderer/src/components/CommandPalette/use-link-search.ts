// Links on the current instance whose alias, destination or title contains
// the text, asked of the server after a pause in typing. Only the answer to
// the latest text is kept: a slow answer for "ab" never replaces "abc"'s.
import { useEffect, useRef, useState } from 'react';
import type { Link } from '../../../../shared/api-types.ts';
import type { IpcError } from '../../../../shared/contract.ts';
import { api, toIpcError } from '../../api/api.ts';

export const SHOWN_LINKS = 5;
const DEBOUNCE_MS = 200;
// The API searches one field per request; aliases are what people type most.
const FIELDS = ['alias', 'url', 'title'] as const;

export type LinkSearch =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'done'; links: Link[] }
  | { state: 'error'; error: IpcError };

async function searchLinks(search: string): Promise<Link[]> {
  const pages = await Promise.all(FIELDS.map((search_by) => api.links.list({ search, search_by, per_page: 10 })));
  const seen = new Set<number>();
  return pages.flatMap((p) => p.data).filter((l) => !seen.has(l.id) && !!seen.add(l.id)).slice(0, SHOWN_LINKS);
}

/** `instanceId` in the key: another instance means another answer. */
export function useLinkSearch(text: string, instanceId: string | null): LinkSearch {
  const search = text.trim();
  const [result, setResult] = useState<LinkSearch>({ state: 'idle' });
  const latest = useRef(0);

  useEffect(() => {
    const mine = ++latest.current;
    if (!search || !instanceId) {
      setResult({ state: 'idle' });
      return;
    }
    setResult({ state: 'loading' });
    const timer = window.setTimeout(() => {
      searchLinks(search).then(
        (links) => { if (mine === latest.current) setResult({ state: 'done', links }); },
        (e: unknown) => { if (mine === latest.current) setResult({ state: 'error', error: toIpcError(e) }); },
      );
    }, DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search, instanceId]);

  return result;
}

// The links a selection names, read from an instance over its API: chosen ids
// one by one, or every link a list filter matches, page by page in id order
// (a stable order, so a link is neither read twice nor missed while paging).
import type { Link, Page } from '../../../shared/api-types.ts';
import { page, single } from '../api-answers.ts';
import type { ApiClient, Query } from '../api-client.ts';
import { isMissingRoute, ServiceError } from '../errors.ts';
import { pageBound } from '../untrusted.ts';

export const PAGE_SIZE = 100;
/** Single reads at once for a selection of ids (the client's pool has six connections). */
const PARALLEL = 6;

/** Chosen ids, or every link a list filter matches (no filter: every link). */
export type Selection = { ids: number[] } | { query?: Query };

/** What a list filter keeps; paging and order are the reader's own. */
function filterOf(selection: { query?: Query }): Query {
  const { page: _p, per_page: _pp, sort_by: _sb, sort: _s, ...filter } = selection.query ?? {};
  return filter;
}

async function listPage<T>(client: ApiClient, path: string, query: Query, n: number): Promise<Page<T>> {
  return page<Page<T>>(await client.request('GET', path, { query: { ...query, per_page: PAGE_SIZE, page: n } }));
}

/**
 * Every record of a list, page by page (domains, spaces, pixels: the small
 * lists), up to the pages its first page announced (pageBound).
 */
export async function readAll<T>(client: ApiClient, path: string, query: Query = {}): Promise<T[]> {
  const out: T[] = [];
  let bound = 1;
  for (let n = 1; ; n++) {
    const p = await listPage<T>(client, path, query, n);
    if (n === 1) bound = pageBound(p, PAGE_SIZE);
    out.push(...p.data);
    if (n >= bound || n >= p.meta.last_page || !p.data.length) return out;
  }
}


/** A list the server may not offer; empty then. */
export async function readAllIfOffered<T>(client: ApiClient, path: string): Promise<T[]> {
  try {
    return await readAll<T>(client, path);
  } catch (err) {
    if (isMissingRoute(err)) return [];
    throw err;
  }
}

export interface SelectedLinks {
  /** How many links the selection names (for progress); ids that are gone are counted, then missing. */
  total: number;
  /** The links, a page (≤100) at a time; ids deleted since they were chosen are left out. */
  pages(): AsyncIterable<Link[]>;
}

export async function selectedLinks(client: ApiClient, selection: Selection): Promise<SelectedLinks> {
  if ('ids' in selection) {
    const ids = [...new Set(selection.ids)];
    return {
      total: ids.length,
      async *pages() {
        for (let i = 0; i < ids.length; i += PAGE_SIZE) {
          const found: (Link | null)[] = [];
          const slice = ids.slice(i, i + PAGE_SIZE);
          for (let j = 0; j < slice.length; j += PARALLEL) {
            found.push(...await Promise.all(slice.slice(j, j + PARALLEL).map((id) => oneLink(client, id))));
          }
          yield found.filter((l): l is Link => l !== null);
        }
      },
    };
  }
  const query = { ...filterOf(selection), sort_by: 'id', sort: 'asc' };
  const first = await listPage<Link>(client, '/links', query, 1);
  // The first page's total bounds the walk: later pages cannot stretch it.
  const bound = pageBound(first, PAGE_SIZE);
  const total = Math.min(Number(first.meta.total) || 0, bound * PAGE_SIZE);
  return {
    total,
    async *pages() {
      let p = first;
      let seen = 0;
      for (let n = 1; ; ) {
        const fresh = p.data.slice(0, Math.max(0, total - seen));
        seen += fresh.length;
        if (fresh.length) yield fresh;
        if (n >= bound || seen >= total || n >= p.meta.last_page || !p.data.length) return;
        p = await listPage<Link>(client, '/links', query, ++n);
      }
    },
  };
}

async function oneLink(client: ApiClient, id: number): Promise<Link | null> {
  try {
    return single<Link>(await client.request('GET', `/links/${id}`));
  } catch (err) {
    if (err instanceof ServiceError && err.error.status === 404) return null;
    throw err;
  }
}

/** The ids a selection names; a filter is read through to its ids (a bulk action needs nothing else). */
export async function selectedIds(client: ApiClient, selection: Selection): Promise<number[]> {
  if ('ids' in selection) return [...new Set(selection.ids)];
  const ids: number[] = [];
  for await (const links of (await selectedLinks(client, selection)).pages()) ids.push(...links.map((l) => l.id));
  return ids;
}

/** How many links a selection names (a filter: one small request for its total). */
export async function countSelected(client: ApiClient, selection: Selection): Promise<number> {
  if ('ids' in selection) return new Set(selection.ids).size;
  return page<Page<Link>>(await client.request('GET', '/links', { query: { ...filterOf(selection), per_page: 10, page: 1 } })).meta.total;
}

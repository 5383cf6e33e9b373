// Which links the bulk bar works on: rows ticked in the table (kept across
// pages), or every link the current filter matches ("Select all M matching").
// The filter is captured when chosen, so paging afterwards changes nothing.
import { create } from 'zustand';
import type { LinkSelection } from '../../../../shared/transfer.ts';
import type { ListQuery } from '../../api/types.ts';

interface SelectionState {
  ids: number[];
  /** Set: the selection is every link this filter matches (`total` of them when chosen). */
  filter: { query: Filter; total: number } | null;
  toggle(id: number): void;
  /** Ticks (or unticks) every row of the page. */
  setMany(ids: number[], on: boolean): void;
  selectFilter(query: Filter, total: number): void;
  clear(): void;
}

export const useLinkSelection = create<SelectionState>((set) => ({
  ids: [],
  filter: null,
  toggle: (id) => set((s) => ({ filter: null, ids: s.ids.includes(id) ? s.ids.filter((x) => x !== id) : [...s.ids, id] })),
  setMany: (ids, on) => set((s) => ({
    filter: null,
    ids: on ? [...new Set([...s.ids, ...ids])] : s.ids.filter((x) => !ids.includes(x)),
  })),
  selectFilter: (query, total) => set({ ids: [], filter: { query, total } }),
  clear: () => set({ ids: [], filter: null }),
}));

type Filter = Record<string, string | number>;

/** The list filter without paging and order: what "all matching" means. */
export function filterOnly(query: ListQuery): Filter {
  const { page: _p, per_page: _pp, sort_by: _sb, sort: _s, ...rest } = query;
  return Object.fromEntries(Object.entries(rest).filter((e): e is [string, string | number] => e[1] !== undefined));
}

/** The selection as the contract takes it, and how many links it holds. */
export function selectionOf(s: Pick<SelectionState, 'ids' | 'filter'>): { selection: LinkSelection; count: number } | null {
  if (s.filter) return { selection: { query: s.filter.query }, count: s.filter.total };
  return s.ids.length ? { selection: { ids: s.ids }, count: s.ids.length } : null;
}

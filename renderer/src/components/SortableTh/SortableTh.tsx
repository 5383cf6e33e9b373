import { Table, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconArrowDown, IconArrowUp, IconSelector } from '../Icons/Icons.tsx';

export interface SortState { sortBy: string; sort: 'asc' | 'desc' }
export const sortOf = (v: { sort_by: string; sort: string }): SortState => ({ sortBy: v.sort_by, sort: v.sort === 'asc' ? 'asc' : 'desc' });

/**
 * A header that sorts by its column: first press sorts in the column's natural
 * direction (text A–Z, numbers and dates newest or largest first), the next flips it.
 */
export function SortableTh({ column, label, state, onSort, natural = 'asc', w }: {
  column: string; label: ReactNode; state: SortState; onSort(s: SortState): void; natural?: 'asc' | 'desc'; w?: number | string;
}) {
  const active = state.sortBy === column;
  const next: SortState = { sortBy: column, sort: active ? (state.sort === 'asc' ? 'desc' : 'asc') : natural };
  const Icon = !active ? IconSelector : state.sort === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th w={w} aria-sort={active ? (state.sort === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(next)} data-sort-column={column}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700, fontSize: 'inherit' }}>
        {label}
        <Icon size={14} />
      </UnstyledButton>
    </Table.Th>
  );
}

import { sql, type RawBuilder } from 'kysely';

/** `column LIKE %term%` with the term's own % and _ taken literally. */
export function containsLike(column: string, term: string): RawBuilder<boolean> {
  const escaped = term.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<boolean>`${sql.ref(column)} LIKE ${`%${escaped}%`} ESCAPE '\\'`;
}

export interface PageRequest { page: number; per_page: number; sort: 'asc' | 'desc' }
export interface PageResult<T> { rows: T[]; total: number }
export const offsetOf = (p: PageRequest) => (p.page - 1) * p.per_page;

import { sql, type RawBuilder } from 'kysely';

/** Which database a repository runs on; the few SQL differences are decided here and in the repositories. */
export type Engine = 'sqlite' | 'postgres';

/**
 * `column LIKE %term%` with the term's own % and _ taken literally; case does
 * not matter on either engine (SQLite's LIKE ignores ASCII case; PostgreSQL's
 * ILIKE, which its pg_trgm indexes serve).
 */
export function containsLike(column: string, term: string, engine: Engine = 'sqlite'): RawBuilder<boolean> {
  const escaped = term.replace(/[\\%_]/g, (c) => `\\${c}`);
  const op = engine === 'postgres' ? sql`ILIKE` : sql`LIKE`;
  return sql<boolean>`${sql.ref(column)} ${op} ${`%${escaped}%`} ESCAPE '\\'`;
}

/**
 * An ORDER BY term that sorts text as SQLite does on both engines: by byte
 * (PostgreSQL's database collation may be a language's), NULL before every
 * value ascending and after every value descending.
 */
export function orderText(column: string, dir: 'asc' | 'desc', engine: Engine = 'sqlite'): RawBuilder<unknown> {
  if (engine === 'sqlite') return sql`${sql.ref(column)} ${sql.raw(dir)}`;
  return sql`${sql.ref(column)} COLLATE "C" ${sql.raw(dir === 'asc' ? 'ASC NULLS FIRST' : 'DESC NULLS LAST')}`;
}

export interface PageRequest { page: number; per_page: number; sort: 'asc' | 'desc' }
export interface PageResult<T> { rows: T[]; total: number }
export const offsetOf = (p: PageRequest) => (p.page - 1) * p.per_page;

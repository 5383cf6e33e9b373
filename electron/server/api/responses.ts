// The contract's envelopes: single, page and deleted.
import type { FastifyRequest } from 'fastify';
import qs from 'qs';
import { parseQuery } from './body-parsers.ts';
import type { Deleted, Page } from '../../../shared/api-types.ts';

export const single = <T>(data: T, status: 200 | 201 = 200) => ({ data, status });

export function page<T>(req: FastifyRequest, baseUrl: string, rows: T[], total: number, p: { page: number; per_page: number }): Page<T> {
  const path = `${baseUrl.replace(/\/$/, '')}${req.url.split('?')[0]}`;
  const query = parseQuery(req.url.split('?')[1] ?? '');
  const lastPage = Math.max(1, Math.ceil(total / p.per_page));
  const at = (n: number) => `${path}?${qs.stringify({ ...query, page: n }, { encodeValuesOnly: true })}`;
  const from = rows.length ? (p.page - 1) * p.per_page + 1 : null;
  return {
    data: rows,
    links: {
      first: at(1),
      last: at(lastPage),
      prev: p.page > 1 ? at(Math.min(p.page - 1, lastPage)) : null,
      next: p.page < lastPage ? at(p.page + 1) : null,
    },
    meta: {
      current_page: p.page,
      from,
      last_page: lastPage,
      path,
      per_page: p.per_page,
      to: from === null ? null : from + rows.length - 1,
      total,
    },
    status: 200,
  };
}

export const deleted = (id: number, object: Deleted['object']): Deleted => ({ id, object, deleted: true, status: 200 });

// What a Linkdesk (or phpShort) server's answers must look like before a
// handler passes them on: one record under `data`, or a page of them.
import { ServiceError } from './errors.ts';

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function single<T>(body: Record<string, unknown>): T {
  if (!isObject(body.data)) throw new ServiceError('not-linkdesk', 'The server answered without the record it was asked for.');
  return body.data as T;
}

export function page<T>(body: Record<string, unknown>): T {
  if (!Array.isArray(body.data) || !isObject(body.meta)) throw new ServiceError('not-linkdesk', 'The server answered a list request without a list.');
  return body as T;
}

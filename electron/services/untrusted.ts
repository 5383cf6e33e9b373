// What a remote server answers is not trusted: a short URL must be an http(s)
// address before it reaches the clipboard or a screen's copy button (a hostile
// server could answer `javascript:…` or a `file:` path), and a list's paging is
// bounded by what its first page announced and a hard ceiling, whatever later
// pages claim (an endless `last_page` would otherwise keep a job reading forever).
import type { Link } from '../../shared/api-types.ts';
import { isHttpUrl } from '../../shared/schemas/fields.ts';
import { ServiceError } from './errors.ts';

/** Pages any one list walk reads at most (100 links a page: a million links). */
export const MAX_PAGES = 10_000;

/** The link's short URL, or a refusal naming what the server sent instead. */
export function checkedShortUrl(link: Pick<Link, 'short_url'>): string {
  const s = link.short_url;
  if (typeof s === 'string' && s.length <= 4096 && isHttpUrl(s)) return s;
  const shown = typeof s === 'string' ? s.slice(0, 40).replace(/\p{Cc}/gu, ' ') : String(typeof s);
  throw new ServiceError('not-linkdesk', `The server answered a short URL that is not a web address (“${shown}”); it was not copied.`);
}

/** A link for a screen: a short URL that is not http(s) is blanked, so no copy button can carry it. */
export function scrubLink<T>(link: T): T {
  if (typeof link !== 'object' || link === null || !('short_url' in link)) return link;
  const s = (link as { short_url: unknown }).short_url;
  return typeof s === 'string' && isHttpUrl(s) ? link : { ...link, short_url: '' };
}

/** How many pages a walk may read: what the first page announced (total / per_page), never more than MAX_PAGES. */
export function pageBound(first: { meta: { total: unknown; per_page: unknown; last_page: unknown } }, perPage: number): number {
  const total = typeof first.meta.total === 'number' ? first.meta.total : Number.NaN;
  const announced = Number.isSafeInteger(total) && total >= 0 ? Math.ceil(total / perPage) : Number(first.meta.last_page);
  return Math.max(1, Math.min(MAX_PAGES, Number.isFinite(announced) ? announced : MAX_PAGES));
}

// Domains, spaces and pixels: the smaller resources.
import { z } from 'zod';
import { DOMAIN_SEARCH_BY, DOMAIN_SORT_BY, PER_PAGE_VALUES, PIXEL_SORT_BY, PIXEL_TYPES, SORT_DIRECTIONS, SPACE_SORT_BY } from '../constants.ts';
import { clearable, httpUrl, int, oneOf, oneOfStrings, pathId, searchText, str } from './fields.ts';
import { declared } from './openapi-marks.ts';

const listQuery = <const S extends readonly string[], const B extends readonly string[]>(sortBy: S, searchBy: B) =>
  z.object({
    search: searchText,
    search_by: oneOfStrings('search_by', searchBy).default(searchBy[0] as B[number]),
    sort_by: oneOfStrings('sort_by', sortBy).default('id' as S[number]),
    sort: oneOfStrings('sort', SORT_DIRECTIONS).default('desc'),
    per_page: oneOf('per_page', PER_PAGE_VALUES).default(10),
    page: int('page', 1).default(1),
  });

/** What the OpenAPI document says of a domain's name (routes/domains.ts checks it, IDN and reserved names included). */
const domainName = declared(str('name'), (j) => {
  j.pattern = '^\\s*(?=[^\\s]{1,253}\\s*$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\\s*$';
  // Not an IP address, nor localhost (the instance's own host, being its configuration, the 422 names).
  j.not = { pattern: '^\\s*(?:[\\d.]+|(?:.*\\.)?[Ll][Oo][Cc][Aa][Ll][Hh][Oo][Ss][Tt]\\.?)\\s*$' };
  j.description = 'A host name such as links.example.com (a Unicode name is taken too, kept as punycode); not an IP address, localhost or the instance\'s own host';
});

export const domainCreateSchema = z.object({
  name: domainName,
  index_page: clearable(httpUrl('index_page')),
  not_found_page: clearable(httpUrl('not_found_page')),
});
export type DomainCreateInput = z.infer<typeof domainCreateSchema>;
export const domainUpdateSchema = domainCreateSchema.omit({ name: true });
export type DomainUpdateInput = z.infer<typeof domainUpdateSchema>;
export const domainListQuerySchema = listQuery(DOMAIN_SORT_BY, DOMAIN_SEARCH_BY);
export type DomainListQuery = z.infer<typeof domainListQuerySchema>;

const color = z
  .string({ error: 'The color must be a string.' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'The color must be a hex color such as #1c7ed6.')
  .transform((s) => s.toLowerCase());

export const spaceCreateSchema = z.object({ name: str('name'), color: color.optional() });
export type SpaceCreateInput = z.infer<typeof spaceCreateSchema>;
export const spaceUpdateSchema = z.object({ name: str('name').optional(), color: color.optional() });
export type SpaceUpdateInput = z.infer<typeof spaceUpdateSchema>;
export const spaceListQuerySchema = listQuery(SPACE_SORT_BY, ['name'] as const);
export type SpaceListQuery = z.infer<typeof spaceListQuerySchema>;

const pixelId = z
  .string({ error: 'The pixel_id field is required.' })
  .trim()
  .regex(/^[A-Za-z0-9_.-]{1,255}$/, 'The pixel_id may only contain letters, digits, dots, dashes and underscores.');

export const pixelCreateSchema = z.object({
  name: str('name'),
  type: oneOfStrings('type', PIXEL_TYPES),
  pixel_id: pixelId,
});
export type PixelCreateInput = z.infer<typeof pixelCreateSchema>;
export const pixelUpdateSchema = pixelCreateSchema.partial();
export type PixelUpdateInput = z.infer<typeof pixelUpdateSchema>;
export const pixelListQuerySchema = listQuery(PIXEL_SORT_BY, ['name'] as const);
export type PixelListQuery = z.infer<typeof pixelListQuerySchema>;

/** Every route's `:id`; a non-canonical one is 404 (api/validation.ts). */
export const idParamSchema = z.object({ id: pathId('id') });

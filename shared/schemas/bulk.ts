// Bulk link operations (POST/PATCH/DELETE /links/bulk): requests and answers.
// Each item is answered on its own, in the shape a single request would get.
import { z } from 'zod';
import { id, instantOf, isoSeconds, isReadingForm, onList, toList } from './fields.ts';
import { linkCreateSchema, linkUpdateSchema } from './links.ts';
import { errorSchema, linkSchema } from './responses.ts';

export const BULK_MAX = 1000;
export const BULK_ON_CONFLICT = ['error', 'skip', 'rename', 'update'] as const;

const errors = errorSchema.shape.errors;

/** Documented as the body of POST /links; validated item by item, so one bad item is its own 422. */
linkCreateSchema.meta({ id: 'LinkCreate', description: 'The body of POST /links' });
const createItem = z.unknown().meta({ allOf: [{ $ref: '#/components/schemas/LinkCreate' }] });

/** A JSON array; in a form also a single value (`ids=5`, a list of one) or indexed fields (`links[150][url]`). See toList. */
const bulkList = <T extends z.ZodType>(field: string, item: T) => z.preprocess(
  (v) => (v === undefined ? v : toList(v)),
  z.array(item, { error: (i) => (i.input === undefined ? `The ${field} field is required.` : `The ${field} must be a list.`) })
    .min(1, onList(`The ${field} field needs at least one item.`))
    .max(BULK_MAX, onList(`The ${field} may not have more than ${BULK_MAX} items.`)),
);

/** true/false in JSON; 1/0 or true/false as form values (or in a query). */
const flag = z.preprocess(
  (v) => (!isReadingForm() ? v : v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean({ error: 'The dry_run must be true or false.' }),
);

/**
 * Fields of a bulk create item beyond POST /links's, for imports: the title
 * and creation time a file gives (a link created with a title is not sent to
 * the title fetcher). Not taken by POST /links.
 */
const IMPORTED_TITLE_MAX = 500;
/** A real date (2024-02-30 is refused, not rolled forward); without an offset UTC, and a date alone its first instant. */
const createdAtOf = (v: string) => {
  const s = v.trim();
  return instantOf(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T00:00Z` : s);
};
export const bulkImportedFieldsSchema = z.object({
  title: z.string({ error: 'The title must be a string.' }).trim()
    .max(IMPORTED_TITLE_MAX, `The title may not be greater than ${IMPORTED_TITLE_MAX} characters.`).nullish(),
  created_at: z.string({ error: 'The created_at must be a string.' })
    .refine((v) => createdAtOf(v) !== null, 'The created_at must be a real date and time in ISO 8601 (such as 2024-05-01T08:00:00Z).')
    .transform((v) => isoSeconds(createdAtOf(v)!))
    .refine((v) => !(Date.parse(v) > Date.now() + 60_000), 'The created_at cannot be in the future.')
    .nullish(),
});

export const bulkCreateSchema = z.object({
  links: bulkList('links', createItem),
  on_conflict: z.enum(BULK_ON_CONFLICT, { error: `The selected on_conflict is invalid; allowed: ${BULK_ON_CONFLICT.join(', ')}.` })
    .default('error')
    .describe('A link whose alias is already taken on its domain: error (422 on alias), skip (answered with the existing link), '
      + 'rename (the first free alias-2, alias-3…), update (the existing link takes the fields sent)'),
  dry_run: flag.default(false).describe('Check every item, conflicts included, and write nothing'),
});

/** The fields of PATCH /links/:id that make sense for many links at once: not alias, not domain. */
export const BULK_FIXED_FIELDS = ['alias', 'domain_id', 'domain'] as const;
export const bulkUpdateSchema = z.object({
  ids: bulkList('ids', id('ids item')),
  changes: linkUpdateSchema.omit({ alias: true, domain_id: true, domain: true })
    .refine((c) => Object.values(c).some((v) => v !== undefined), 'The changes field needs at least one field to change.')
    .describe('Any fields of PATCH /links/:id but alias (domain_id cannot change either)'),
});

export const bulkDeleteSchema = z.object({ ids: bulkList('ids', id('ids item')) });

const message = z.string().optional().describe('Why an item was skipped or rejected (the first error on 422)');

export const bulkCreateAnswerSchema = z.object({
  data: z.array(z.object({
    index: z.number().int().describe('The position of the item in `links`, from 0'),
    status: z.literal([201, 200, 422]),
    result: z.enum(['created', 'updated', 'skipped', 'rejected']),
    data: linkSchema.optional().describe('The link created, updated, or skipped (when it is yours); absent in a dry run and with Prefer: return=minimal'),
    id: z.number().int().optional().describe('With Prefer: return=minimal, the id of the link created, updated, or skipped (when it is yours), instead of `data`'),
    message,
    errors,
  })),
  summary: z.object({ created: z.number().int(), updated: z.number().int(), skipped: z.number().int(), rejected: z.number().int() }),
  status: z.literal(200),
});

export const bulkUpdateAnswerSchema = z.object({
  data: z.array(z.object({
    id: z.number().int(),
    status: z.literal([200, 404, 422]),
    result: z.enum(['updated', 'rejected']),
    data: linkSchema.optional(),
    message,
    errors,
  })),
  summary: z.object({ updated: z.number().int(), rejected: z.number().int() }),
  status: z.literal(200),
});

export const bulkDeleteAnswerSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), status: z.literal([200, 404]), result: z.enum(['deleted', 'rejected']), message })),
  summary: z.object({ deleted: z.number().int(), rejected: z.number().int() }),
  status: z.literal(200),
});

export type BulkCreateAnswer = z.infer<typeof bulkCreateAnswerSchema>;
export type BulkUpdateAnswer = z.infer<typeof bulkUpdateAnswerSchema>;
export type BulkDeleteAnswer = z.infer<typeof bulkDeleteAnswerSchema>;

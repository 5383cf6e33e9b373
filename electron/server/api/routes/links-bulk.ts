// POST/PATCH/DELETE /links/bulk: up to 1,000 links per request, each answered
// on its own (the answer of the single request for it), with the same webhook
// events and title fetches as the single routes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Link } from '../../../../shared/api-types.ts';
import {
  BULK_FIXED_FIELDS, BULK_MAX, bulkCreateAnswerSchema, bulkCreateSchema, bulkDeleteAnswerSchema, bulkDeleteSchema,
  bulkUpdateAnswerSchema, bulkUpdateSchema, type BulkCreateAnswer, type BulkUpdateAnswer,
} from '../../../../shared/schemas/bulk.ts';
import { errorResponses, errorSchema } from '../../../../shared/schemas/responses.ts';
import type { WebhookEvent } from '../../../../shared/schemas/webhooks.ts';
import { principalOf } from '../../auth/authenticate.ts';
import { fieldNamesOf } from '../../auth/policy.ts';
import type { LinkWriteOp } from '../../db/repositories/links-repository.ts';
import { destinationChanged } from '../../health/destinations.ts';
import { linkNotes, noteAudit } from '../audit-notes.ts';
import { isFormBody } from '../body-parsers.ts';
import { bulkCreate, type BulkCreateItem } from '../bulk-links.ts';
import { restrictRawBody, withinDomain } from '../domain-restriction.ts';
import type { ApiContext } from '../context.ts';
import { ApiError, invalid } from '../errors.ts';
import { hashEachOnce, updateColumns } from '../link-input.ts';
import { serializeLink } from '../serializers.ts';

const tags = ['links'];
/** 1,000 links with long targeting lists are far more than the 1 MB every other route allows. */
export const BULK_BODY_LIMIT = 8 * 1024 * 1024;
const LIMITS_HELP = ` At most ${BULK_MAX} items and ${BULK_BODY_LIMIT / 1024 / 1024} MB per request (413 beyond). `
  + 'Each item is answered on its own, in order; one invalid item never stops the others. '
  + 'The request as a whole is 422 only when the list is missing, empty or too long (or a parameter is invalid).';
const NOT_FOUND = 'Resource not found.';
const responses = { ...errorResponses, 413: errorSchema };

/** Fields a bulk update cannot set, 422 on the request (a link's alias is its own). */
async function rejectFixed(req: { body: unknown }) {
  const changes = (req.body as { changes?: unknown } | null)?.changes;
  if (!changes || typeof changes !== 'object') return;
  for (const field of BULK_FIXED_FIELDS) {
    if (field in changes) throw invalid(`changes.${field}`, `The ${field} cannot be changed in bulk.`);
  }
}

/** RFC 7240's `Prefer: return=minimal`, among whatever else the header asks for. */
export const prefersMinimal = (prefer: string | string[] | undefined) =>
  [prefer ?? ''].flat().join(',').split(',').some((p) => /^\s*return\s*=\s*"?minimal"?\s*(;|$)/i.test(p));

export function linksBulkRoutes(app: FastifyInstance, ctx: ApiContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /**
   * ctx.webhooks.emit for many links: the user's hooks are read once, so a
   * user without hooks costs no query per link.
   */
  const emitter = async (userId: number) => {
    const hooks = await ctx.repos.webhooks.list(userId, { page: 1, per_page: 100 });
    const all = hooks.total > hooks.rows.length;
    const wants = (event: WebhookEvent) => all || hooks.rows.some((h) => !h.disabled && (JSON.parse(h.events) as string[]).includes(event));
    return Object.assign(async (event: WebhookEvent, data: Link) => {
      if (wants(event)) await ctx.webhooks.emit(userId, event, data);
    }, { wants });
  };
  const serializeMany = async (userId: number, ids: number[]): Promise<Map<number, Link>> => {
    const now = ctx.now();
    const urls = { baseUrl: ctx.baseUrl(), timeZone: ctx.timeZone, generation: ctx.apiGeneration };
    return new Map((await ctx.repos.links.findMany(userId, ids)).map((l) => [l.id, serializeLink(urls, l, now)]));
  };

  r.post('/links/bulk', {
    bodyLimit: BULK_BODY_LIMIT,
    schema: {
      tags, summary: 'Create many links',
      description: `Each item of \`links\` is the body of POST /links.${LIMITS_HELP}`
        + 'An item is 201 `created`, 200 `updated` or `skipped` (on_conflict), or 422 `rejected` with the errors a single create gives. '
        + 'With the request header `Prefer: return=minimal` an item carries the link\'s `id` instead of the whole link in `data` '
        + '(the answer then says `Preference-Applied: return=minimal`): an import that needs only the ids reads a tenth of the answer.',
      body: bulkCreateSchema, response: { 200: bulkCreateAnswerSchema, ...responses },
    },
  }, async (req, reply) => {
    const p = principalOf(req);
    const { userId } = p;
    const { links, on_conflict: onConflict, dry_run: dryRun } = req.body;
    const minimal = prefersMinimal(req.headers.prefer);
    // A domain-restricted key: items for other domains are rejected here, the rest go to its domain.
    const outside: BulkCreateItem[] = [];
    const sentAt: number[] = [];
    const bodies = links.flatMap((body, index) => {
      try {
        const b = restrictRawBody(p, body);
        sentAt.push(index);
        return [b];
      } catch (err) {
        const e = err as ApiError;
        outside.push({ index, status: 422, result: 'rejected', id: null, message: e.message, errors: e.errors });
        return [];
      }
    });
    // Each item may create a link: all are reserved against the user's creation limits (429 for the whole request), and
    // what was not created (updated, skipped, rejected, a dry run) is given back.
    const release = await ctx.creationLimits?.reserve(userId, bodies.length);
    let made: Awaited<ReturnType<typeof bulkCreate>>;
    try {
      made = await bulkCreate({ repos: ctx.repos, timeZone: ctx.timeZone, generation: ctx.apiGeneration, abuse: ctx.abuse }, userId, bodies, { onConflict, dryRun, form: isFormBody(req.body) });
    } catch (err) {
      await release?.(bodies.length);
      throw err;
    }
    await release?.(dryRun ? bodies.length : made.items.filter((i) => i.result !== 'created').length);
    const destinations = made.destinations;
    const items = outside.length ? [...made.items.map((i) => ({ ...i, index: sentAt[i.index]! })), ...outside].sort((a, b) => a.index - b.index) : made.items;
    const emit = await emitter(userId);
    // The links as stored, for the answer and for the webhooks that want them: read back only when someone will read them.
    const shown = !minimal || emit.wants('link.created') || emit.wants('link.updated')
      ? await serializeMany(userId, items.flatMap((i) => (i.id === null || dryRun ? [] : [i.id])))
      : new Map<number, Link>();
    for (const { id, url } of destinations) ctx.scheduleTitle(id, url);
    const summary = { created: 0, updated: 0, skipped: 0, rejected: 0 };
    const data: BulkCreateAnswer['data'] = items.map(({ id, ...item }) => {
      summary[item.result]++;
      if (minimal) return id === null || dryRun ? item : { ...item, id };
      const link = id === null ? undefined : shown.get(id);
      return link ? { ...item, data: link } : item;
    });
    // Webhook deliveries are written after the links, before the answer (as for single creates).
    for (const { id, result } of items) {
      const link = id === null ? undefined : shown.get(id);
      if (link && (result === 'created' || result === 'updated')) await emit(result === 'created' ? 'link.created' : 'link.updated', link);
    }
    // One audit entry per link created or updated, with the fields its item carried; none for a dry run, a skip or a refusal.
    noteAudit(req, dryRun ? [] : items.flatMap(({ id, index, result }) => (id === null || (result !== 'created' && result !== 'updated') ? []
      : linkNotes(result === 'created' ? 'link.bulk_create' : 'link.bulk_update', [id], fieldNamesOf(links[index]).sort()))));
    if (minimal) reply.header('preference-applied', 'return=minimal');
    return { data, summary, status: 200 as const };
  });

  r.patch('/links/bulk', {
    bodyLimit: BULK_BODY_LIMIT,
    schema: {
      tags, summary: 'Update many links',
      description: `\`changes\` (any fields of PATCH /links/:id but alias and domain) is applied to each of \`ids\`.${LIMITS_HELP}`
        + 'An id is 200 `updated`, 404 when it is not one of your links, or 422 when the changes do not fit that link '
        + '(an expiration_time for a link without an expiration_date).',
      body: bulkUpdateSchema, response: { 200: bulkUpdateAnswerSchema, ...responses },
    },
    preValidation: rejectFixed,
  }, async (req) => {
    const p = principalOf(req);
    const { userId } = p;
    const { changes } = req.body;
    const ids = [...new Set(req.body.ids)];
    const stored = new Map((await ctx.repos.links.findMany(userId, ids)).filter((l) => withinDomain(p, l.domain_id)).map((l) => [l.id, l]));
    const answers = new Map<number, BulkUpdateAnswer['data'][number]>();
    const writes: { op: Extract<LinkWriteOp, { kind: 'update' }>; retitle: boolean }[] = [];
    const lctx = { userId, links: ctx.repos.links, timeZone: ctx.timeZone, generation: ctx.apiGeneration, hash: hashEachOnce(), abuse: ctx.abuse };
    await ctx.abuse.prefetch([changes]);
    for (const id of ids) {
      const link = stored.get(id);
      if (!link) {
        answers.set(id, { id, status: 404, result: 'rejected', message: NOT_FOUND });
        continue;
      }
      try {
        const { columns, pixelIds } = await updateColumns(lctx, changes, link);
        writes.push({
          op: { kind: 'update', id, columns, pixelIds, resetHealth: destinationChanged(link, columns) },
          retitle: columns.url !== undefined && columns.url !== link.url,
        });
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        answers.set(id, { id, status: 422, result: 'rejected', message: err.message, ...(err.errors ? { errors: err.errors } : {}) });
      }
    }
    // Updates never touch an alias, so none can fail on one.
    await ctx.repos.links.writeMany(userId, writes.map((w) => w.op));
    for (const w of writes) if (w.retitle) ctx.scheduleTitle(w.op.id, w.op.columns.url!);
    const shown = await serializeMany(userId, writes.map((w) => w.op.id));
    let updated = 0;
    const emit = await emitter(userId);
    for (const { op } of writes) {
      // Deleted by another request meanwhile.
      const link = shown.get(op.id);
      if (!link) {
        answers.set(op.id, { id: op.id, status: 404, result: 'rejected', message: NOT_FOUND });
        continue;
      }
      answers.set(op.id, { id: op.id, status: 200, result: 'updated', data: link });
      updated++;
      await emit('link.updated', link);
    }
    const data = ids.map((id) => answers.get(id)!);
    noteAudit(req, linkNotes('link.bulk_update', data.flatMap((a) => (a.result === 'updated' ? [a.id] : [])), fieldNamesOf(changes)));
    return { data, summary: { updated, rejected: ids.length - updated }, status: 200 as const };
  });

  r.delete('/links/bulk', {
    bodyLimit: BULK_BODY_LIMIT,
    schema: {
      tags, summary: 'Delete many links',
      description: `Each of \`ids\` is 200 \`deleted\`, or 404 when it is not one of your links.${LIMITS_HELP}`,
      body: bulkDeleteSchema, response: { 200: bulkDeleteAnswerSchema, ...responses },
    },
  }, async (req) => {
    const p = principalOf(req);
    const { userId } = p;
    const ids = [...new Set(req.body.ids)];
    const reachable = p.domainId === null ? ids
      : (await ctx.repos.links.findMany(userId, ids)).filter((l) => withinDomain(p, l.domain_id)).map((l) => l.id);
    // Serialized before they go: the link.deleted event carries the link as it was.
    const before = await serializeMany(userId, reachable);
    const gone = new Set(await ctx.repos.links.deleteMany(userId, [...before.keys()]));
    const emit = await emitter(userId);
    for (const id of ids) if (gone.has(id)) await emit('link.deleted', before.get(id)!);
    noteAudit(req, linkNotes('link.bulk_delete', ids.filter((id) => gone.has(id)), []));
    const data = ids.map((id) => (gone.has(id)
      ? { id, status: 200 as const, result: 'deleted' as const }
      : { id, status: 404 as const, result: 'rejected' as const, message: NOT_FOUND }));
    return { data, summary: { deleted: gone.size, rejected: ids.length - gone.size }, status: 200 as const };
  });
}

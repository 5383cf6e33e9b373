// Webhooks: the user's hooks, their recent deliveries with every attempt, a
// delivery sent again by hand, and a test event.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../../../shared/schemas/resources.ts';
import { deletedSchema, errorResponses, errorSchema, pageOf, singleOf } from '../../../../shared/schemas/responses.ts';
import {
  deliveryDetailSchema, deliveryParamSchema, deliverySchema, webhookCreatedSchema, webhookCreateSchema, webhookListQuerySchema, webhookSchema, webhookUpdateSchema,
  WEBHOOK_TEST_EVENT, type DeliveryAttempt, type DeliveryState, type Webhook, type WebhookDelivery, type WebhookEvent,
} from '../../../../shared/schemas/webhooks.ts';
import { principalOf } from '../../auth/authenticate.ts';
import type { AttemptRow, DeliveryRow, WebhookRow } from '../../db/repositories/webhooks-repository.ts';
import { isPublicAddress } from '../../net/address-policy.ts';
import { newSecret } from '../../webhooks/signature.ts';
import type { ApiContext } from '../context.ts';
import { conflict, invalid, notFound } from '../errors.ts';
import { deleted, page, single } from '../responses.ts';

const tags = ['webhooks'];

export const serializeWebhook = (r: WebhookRow): Webhook => ({
  id: r.id, url: r.url, events: JSON.parse(r.events) as WebhookEvent[], disabled: r.disabled ? 1 : 0, created_at: r.created_at, updated_at: r.updated_at,
});

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z'));
const serializeAttempt = (a: AttemptRow, i: number): DeliveryAttempt => ({
  number: i + 1, at: iso(a.started_at)!, duration_ms: a.duration_ms, status: a.status, error: a.error, response: a.response, redelivery: a.redelivery === 1,
});
const serializeDelivery = (r: DeliveryRow, attempts: AttemptRow[] = []): WebhookDelivery => ({
  id: r.id, event: r.event, state: r.state as DeliveryState, attempts: r.attempts, last_status: r.last_status, last_error: r.last_error,
  created_at: iso(r.created_at)!, next_attempt_at: r.state === 'pending' ? iso(r.next_attempt_at) : null, finished_at: iso(r.finished_at),
  attempt_log: attempts.map(serializeAttempt),
});

/**
 * A hint at create time only: a URL whose host is a private IP literal cannot
 * work on an instance that refuses private addresses. (Names are judged at
 * connect time, by the address they resolve to.)
 */
function checkAddress(url: string | undefined, allowPrivate: boolean) {
  if (url === undefined || allowPrivate) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (/^[\d.]+$/.test(host) || host.includes(':')) {
    if (!isPublicAddress(host)) throw invalid('url', 'The url points at a private address, which this instance does not allow.');
  }
}

/** 422 on url: one request per event to one URL is enough; a second hook would only double it. */
const duplicate = (d: { id: number; event: WebhookEvent }) =>
  invalid('url', `Webhook ${d.id} already sends ${d.event} to this URL; change that one instead.`);

export function webhooksRoutes(app: FastifyInstance, ctx: ApiContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = ctx.repos.webhooks;
  const owned = async (userId: number, id: number) => {
    const row = await repo.find(userId, id);
    if (!row) throw notFound();
    return row;
  };

  r.get('/webhooks', { schema: { tags, summary: 'List webhooks', querystring: webhookListQuerySchema, response: { 200: pageOf(webhookSchema), ...errorResponses } } }, async (req) => {
    const { rows, total } = await repo.list(principalOf(req).userId, req.query);
    return page(req, ctx.baseUrl(), rows.map(serializeWebhook), total, req.query);
  });

  r.get('/webhooks/:id', { schema: { tags, summary: 'Show a webhook (never its secret)', params: idParamSchema, response: { 200: singleOf(webhookSchema), ...errorResponses } } }, async (req) =>
    single(serializeWebhook(await owned(principalOf(req).userId, req.params.id))));

  r.post('/webhooks', {
    schema: {
      tags, summary: 'Create a webhook',
      description: 'The answer holds the signing secret; it is shown this once and never again. 422 on `url` when another of your webhooks '
        + 'already sends one of these events to this URL; 409 when you have as many webhooks as the instance allows (--webhooks-per-user, default 20). '
        + 'Deliveries to one receiving host are spread out (--webhook-host-rate per second); the rest wait their turn.',
      body: webhookCreateSchema, response: { 201: singleOf(webhookCreatedSchema, 201), 409: errorSchema, ...errorResponses },
    },
  }, async (req, reply) => {
    const { userId } = principalOf(req);
    checkAddress(req.body.url, ctx.webhooks.allowPrivate);
    const secret = newSecret();
    const made = await repo.createChecked(userId, { ...req.body, disabled: req.body.disabled as 0 | 1 | undefined, secret }, ctx.webhooks.perUser);
    if ('cap' in made) throw conflict(`This user has ${made.cap} webhooks, the most this instance allows; delete one first.`);
    if ('duplicate' in made) throw duplicate(made.duplicate);
    const { id } = made;
    reply.code(201);
    return single({ ...serializeWebhook(await owned(userId, id)), secret }, 201);
  });

  for (const method of ['PUT', 'PATCH'] as const) {
    r.route({
      method,
      url: '/webhooks/:id',
      schema: { tags, summary: 'Update a webhook', params: idParamSchema, body: webhookUpdateSchema, response: { 200: singleOf(webhookSchema), ...errorResponses } },
      handler: async (req) => {
        const { userId } = principalOf(req);
        const before = await owned(userId, req.params.id);
        checkAddress(req.body.url, ctx.webhooks.allowPrivate);
        if (req.body.url !== undefined || req.body.events !== undefined) {
          const twin = await repo.duplicateOf(userId, before.id, req.body.url ?? before.url, req.body.events ?? JSON.parse(before.events) as WebhookEvent[]);
          if (twin) throw duplicate(twin);
        }
        await repo.update(userId, req.params.id, { ...req.body, disabled: req.body.disabled as 0 | 1 | undefined });
        return single(serializeWebhook(await owned(userId, req.params.id)));
      },
    });
  }

  r.delete('/webhooks/:id', { schema: { tags, summary: 'Delete a webhook and its deliveries', params: idParamSchema, response: { 200: deletedSchema, ...errorResponses } } }, async (req) => {
    if (!(await repo.delete(principalOf(req).userId, req.params.id))) throw notFound();
    return deleted(req.params.id, 'webhook');
  });

  r.get('/webhooks/:id/deliveries', {
    schema: {
      tags, summary: "A webhook's recent deliveries, newest first", params: idParamSchema, querystring: webhookListQuerySchema,
      response: { 200: pageOf(deliverySchema), ...errorResponses },
    },
  }, async (req) => {
    await owned(principalOf(req).userId, req.params.id);
    const { rows, total } = await repo.deliveries(req.params.id, req.query);
    const attempts = await repo.attempts(rows.map((d) => d.id));
    return page(req, ctx.baseUrl(), rows.map((d) => serializeDelivery(d, attempts.get(d.id))), total, req.query);
  });

  /** The hook's own delivery (another hook's, or another user's, is not found). */
  const ownedDelivery = async (userId: number, hookId: number, deliveryId: number) => {
    await owned(userId, hookId);
    const row = await repo.delivery(deliveryId);
    if (!row || row.webhook_id !== hookId) throw notFound();
    return row;
  };

  r.get('/webhooks/:id/deliveries/:delivery_id', {
    schema: {
      tags, summary: 'A delivery with its attempts and the body it sends', params: deliveryParamSchema,
      response: { 200: singleOf(deliveryDetailSchema), ...errorResponses },
    },
  }, async (req) => {
    const row = await ownedDelivery(principalOf(req).userId, req.params.id, req.params.delivery_id);
    const attempts = await repo.attempts([row.id]);
    return single({ ...serializeDelivery(row, attempts.get(row.id)), payload: row.payload });
  });

  r.post('/webhooks/:id/deliveries/:delivery_id/redeliver', {
    schema: {
      tags, summary: 'Send a delivery again, now',
      description: 'The same body (same delivery id) is sent again at once and, if it fails, retried as a new delivery would be for '
        + '24 hours. Any delivery can be redelivered: delivered, failed or still pending. 409 while an attempt is under way.',
      params: deliveryParamSchema, response: { 200: singleOf(deliverySchema), 409: errorSchema, ...errorResponses },
    },
  }, async (req) => {
    const { userId } = principalOf(req);
    const hook = await owned(userId, req.params.id);
    if (hook.disabled) throw invalid('disabled', 'The webhook is disabled; enable it to redeliver.');
    await ownedDelivery(userId, hook.id, req.params.delivery_id);
    const outcome = await repo.redeliver(hook.id, req.params.delivery_id, ctx.now());
    if (outcome === 'gone') throw notFound();
    if (outcome === 'busy') throw conflict('This delivery is being sent right now; redeliver it once that attempt shows.');
    ctx.webhooks.wake();
    const row = (await repo.delivery(req.params.delivery_id))!;
    return single(serializeDelivery(row, (await repo.attempts([row.id])).get(row.id)));
  });

  r.post('/webhooks/:id/test', {
    schema: {
      tags, summary: `Send a ${WEBHOOK_TEST_EVENT} event`, description: 'Queued like any delivery (retried the same way); the answer is the new delivery.',
      params: idParamSchema, response: { 201: singleOf(deliverySchema, 201), ...errorResponses },
    },
  }, async (req, reply) => {
    const hook = await owned(principalOf(req).userId, req.params.id);
    if (hook.disabled) throw invalid('disabled', 'The webhook is disabled; enable it to send a test event.');
    const now = ctx.now();
    const id = await repo.enqueueTo(hook.id, WEBHOOK_TEST_EVENT, { webhook_id: hook.id, message: 'A test event from Linkdesk.' }, now);
    ctx.webhooks.wake();
    reply.code(201);
    return single(serializeDelivery((await repo.delivery(id))!), 201);
  });
}

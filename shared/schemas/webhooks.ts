// Webhooks: request and response shapes, and the types the code uses (the
// drift guards at the bottom keep the two in step, as in responses.ts).
import { z } from 'zod';
import { PER_PAGE_VALUES } from '../constants.ts';
import { httpUrl, int, list, oneOf, oneOfStrings, pathId } from './fields.ts';
import { declared } from './openapi-marks.ts';
import { same } from './same-type.ts';

/** `report.created` (a visitor reported a link) goes to admins' hooks only. link.banned / link.unbanned (issue 44): the owner's link was banned (its `banned` says why) or the ban lifted. */
export const WEBHOOK_EVENTS = ['link.created', 'link.updated', 'link.deleted', 'link.clicked', 'link.banned', 'link.unbanned', 'report.created'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Sent only by "Send test event"; a hook cannot subscribe to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export interface Webhook {
  id: number; url: string; events: WebhookEvent[]; disabled: 0 | 1; created_at: string; updated_at: string;
}
/** The create answer: the only time the signing secret is shown. */
export interface WebhookCreated extends Webhook { secret: string }
/** One try at sending a delivery. */
export interface DeliveryAttempt {
  number: number; at: string; duration_ms: number; status: number | null; error: string | null; response: string | null; redelivery: boolean;
}
export interface WebhookDelivery {
  id: number; event: string; state: DeliveryState; attempts: number; last_status: number | null; last_error: string | null;
  created_at: string; next_attempt_at: string | null; finished_at: string | null;
  attempt_log: DeliveryAttempt[];
}
/** One delivery with the request it sends. */
export interface WebhookDeliveryDetail extends WebhookDelivery { payload: string }

const events = declared(list('events', oneOfStrings('events.*', WEBHOOK_EVENTS), WEBHOOK_EVENTS.length)
  .refine((e) => e.length > 0, 'Choose at least one event.')
  // A form may repeat one; each event is delivered once.
  .transform((e) => [...new Set(e)]), (j) => { j.minItems = 1; });
const disabled = z.preprocess((v) => (v === 'true' ? 1 : v === 'false' ? 0 : v), oneOf('disabled', [0, 1] as const));

export const webhookCreateSchema = z.object({ url: httpUrl('url'), events, disabled: disabled.optional() });
export type WebhookCreateInput = z.infer<typeof webhookCreateSchema>;
export const webhookUpdateSchema = z.object({ url: httpUrl('url').optional(), events: events.optional(), disabled: disabled.optional() });
export type WebhookUpdateInput = z.infer<typeof webhookUpdateSchema>;
export const webhookListQuerySchema = z.object({
  per_page: oneOf('per_page', PER_PAGE_VALUES).default(10),
  page: int('page', 1).default(1),
});

const timestamp = z.string().describe('ISO 8601, UTC');
export const deliveryParamSchema = z.object({ id: pathId('id'), delivery_id: pathId('delivery_id') });
export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  disabled: z.literal([0, 1]),
  created_at: timestamp,
  updated_at: timestamp,
}).meta({ id: 'Webhook' });
export const webhookCreatedSchema = webhookSchema.extend({
  secret: z.string().describe('The signing secret (whsec_…): shown in this answer only, never again'),
}).meta({ id: 'WebhookCreated' });
export const deliverySchema = z.object({
  id: z.number().int(),
  event: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  last_status: z.number().int().nullable().describe("The receiver's HTTP status at the last attempt; null when none came back"),
  last_error: z.string().nullable(),
  created_at: timestamp,
  next_attempt_at: timestamp.nullable().describe('When a pending delivery is tried next'),
  finished_at: timestamp.nullable(),
  attempt_log: z.array(z.object({
    number: z.number().int().describe('1 for the first attempt'),
    at: timestamp.describe('When the attempt started'),
    duration_ms: z.number().int().describe('From sending to the answer read (or the failure)'),
    status: z.number().int().nullable().describe("The receiver's HTTP status; null when none came back"),
    error: z.string().nullable().describe('Why the attempt failed; null when it delivered'),
    response: z.string().nullable().describe("The start of the receiver's answer (up to 1 KB of text); null when none came back"),
    redelivery: z.boolean().describe('Asked for with Redeliver'),
  }).meta({ id: 'WebhookDeliveryAttempt' })).describe('Every attempt, oldest first'),
}).meta({ id: 'WebhookDelivery' });
export const deliveryDetailSchema = deliverySchema.extend({
  payload: z.string().describe('The JSON body sent on every attempt, exactly as sent'),
}).meta({ id: 'WebhookDeliveryDetail' });

/** Appended to the API description: how a receiver checks a delivery. */
export const SIGNATURE_HELP = `

**Webhooks.** Each delivery is a POST with a JSON body \`{"id","event","created_at","data"}\` and the headers
\`Linkdesk-Delivery\`, \`Linkdesk-Event\` and \`Linkdesk-Signature: t=<unix seconds>,v1=<hex>\`, where v1 is the
HMAC-SHA256 of \`<t>.<raw body>\` keyed with the hook's secret. To verify: compute the HMAC over the raw bytes as
received, compare it with v1 in constant time (e.g. crypto.timingSafeEqual), and reject a t more than 300 seconds
from your clock (replay protection); the delivery id is the same on every retry, so it can also deduplicate.
Any 2xx answer is a delivery; anything else (redirects included) is retried with exponential backoff for 24 hours.`;

same<z.infer<typeof webhookSchema>, Webhook>(true);
same<z.infer<typeof webhookCreatedSchema>, WebhookCreated>(true);
same<z.infer<typeof deliverySchema>, WebhookDelivery>(true);
same<z.infer<typeof deliveryDetailSchema>, WebhookDeliveryDetail>(true);

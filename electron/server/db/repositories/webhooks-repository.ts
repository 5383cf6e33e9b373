// Webhooks and their deliveries. A delivery is a row before its first attempt,
// so a restart or a kill loses none; the dispatcher claims due rows by pushing
// their next_attempt_at forward by a lease, in a write transaction (SQLite's
// begin immediate; PostgreSQL's FOR UPDATE SKIP LOCKED), so two processes or
// nodes never send one delivery at once.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { WebhookEvent } from '../../../../shared/schemas/webhooks.ts';
import { isoNow } from '../../util/time.ts';
import type { DB, WebhooksTable } from '../schema.ts';
import type { Engine, PageResult } from './like.ts';

export type WebhookRow = Omit<WebhooksTable, 'id' | 'disabled' | 'click_cursor'> & { id: number; disabled: number; click_cursor: number };
export interface DeliveryRow {
  id: number; webhook_id: number; event: string; payload: string; state: string; attempts: number; next_attempt_at: number;
  last_status: number | null; last_error: string | null; created_at: number; finished_at: number | null;
  leased_until: number | null; retry_from: number | null; redeliver: number;
}
/** One try at sending a delivery: when, how long, and what came back. */
export interface AttemptRow {
  id: number; delivery_id: number; started_at: number; duration_ms: number; status: number | null; error: string | null;
  response: string | null; redelivery: number;
}
export type NewAttempt = Omit<AttemptRow, 'id' | 'delivery_id'>;
/** A claimed delivery with what sending it needs. */
export interface DueDelivery extends DeliveryRow { url: string; secret: string }
export interface ClickRow {
  id: number; link_id: number; created_at: number; country: string | null; platform: string | null; browser: string | null;
  language: string | null; referrer: string | null; user_id: number | null; alias: string | null; domain: string | null;
}
export interface DeliveryOutcome {
  attempts: number; state: 'pending' | 'delivered' | 'failed'; next_attempt_at: number; last_status: number | null; last_error: string | null;
  finished_at: number | null;
}

/** The events column is a JSON array of names, matched by its quoted form on both engines. */
const subscribes = (event: string) => sql<boolean>`events LIKE ${`%"${event}"%`}`;

/** URLs compared as a receiver sees them: WHATWG-normalized (case of scheme and host, default port, empty path). */
const sameUrl = (a: string, b: string) => {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
};
function sameTarget(hooks: { id: number; url: string; events: string }[], url: string, events: WebhookEvent[]) {
  for (const h of hooks) {
    if (!sameUrl(h.url, url)) continue;
    const theirs = JSON.parse(h.events) as WebhookEvent[];
    const event = events.find((e) => theirs.includes(e));
    if (event) return { id: h.id, event };
  }
  return null;
}

/** The delivery body: the same bytes on every attempt, so a receiver can deduplicate by id. */
export const deliveryBody = (id: number, event: string, createdAt: number, data: unknown) =>
  JSON.stringify({ id, event, created_at: new Date(createdAt).toISOString(), data });

export function createWebhooksRepository(db: Kysely<DB>, engine: Engine) {
  const lastClickId = async (t: Kysely<DB>) =>
    Number((await t.selectFrom('click_log').select(sql<number>`coalesce(max(id), 0)`.as('m')).executeTakeFirstOrThrow()).m);

  /** One delivery per hook, each row holding its own body (which names its id). */
  async function insertDeliveries(t: Transaction<DB>, hookIds: number[], event: string, data: unknown, now: number): Promise<number[]> {
    const ids: number[] = [];
    for (const webhookId of hookIds) {
      const { id } = await t.insertInto('webhook_deliveries')
        .values({ webhook_id: webhookId, event, payload: '', next_attempt_at: now, created_at: now })
        .returning('id').executeTakeFirstOrThrow();
      await t.updateTable('webhook_deliveries').set({ payload: deliveryBody(id, event, now, data) }).where('id', '=', id).execute();
      ids.push(id);
    }
    return ids;
  }

  return {
    async list(userId: number, p: { page: number; per_page: number }): Promise<PageResult<WebhookRow>> {
      const base = db.selectFrom('webhooks').where('user_id', '=', userId);
      const { total } = await base.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow();
      const rows = await base.selectAll().orderBy('id', 'desc').limit(p.per_page).offset((p.page - 1) * p.per_page).execute();
      return { rows, total: Number(total) };
    },
    async find(userId: number, id: number): Promise<WebhookRow | undefined> {
      return db.selectFrom('webhooks').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    },
    /**
     * A new hook, unless the user has `max` already ('cap') or another of its
     * hooks sends one of these events to this URL (that hook). The checks and
     * the insert hold the user's row, so two creates cannot both pass them.
     */
    async createChecked(userId: number, v: { url: string; events: WebhookEvent[]; disabled?: 0 | 1 | undefined; secret: string }, max: number):
      Promise<{ id: number } | { cap: number } | { duplicate: { id: number; event: WebhookEvent } }> {
      const now = isoNow();
      return db.transaction().execute(async (t) => {
        await t.updateTable('users').set({ name: sql<string>`name` }).where('id', '=', userId).execute();
        const hooks = await t.selectFrom('webhooks').select(['id', 'url', 'events']).where('user_id', '=', userId).execute();
        if (hooks.length >= max) return { cap: hooks.length };
        const duplicate = sameTarget(hooks, v.url, v.events);
        if (duplicate) return { duplicate };
        // A new hook hears clicks from now on, not the instance's whole history.
        const cursor = await lastClickId(t);
        const r = await t.insertInto('webhooks').values({
          user_id: userId, url: v.url, events: JSON.stringify(v.events), secret: v.secret, disabled: v.disabled ?? 0,
          click_cursor: cursor, created_at: now, updated_at: now,
        }).returning('id').executeTakeFirstOrThrow();
        return { id: r.id };
      });
    },
    /** Another of the user's hooks that sends one of `events` to `url`, or null. */
    async duplicateOf(userId: number, exceptId: number, url: string, events: WebhookEvent[]) {
      const hooks = await db.selectFrom('webhooks').select(['id', 'url', 'events']).where('user_id', '=', userId).where('id', '!=', exceptId).execute();
      return sameTarget(hooks, url, events);
    },
    async update(userId: number, id: number, v: { url?: string | undefined; events?: WebhookEvent[] | undefined; disabled?: 0 | 1 | undefined }) {
      await db.transaction().execute(async (t) => {
        const before = await t.selectFrom('webhooks').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
        if (!before) return;
        const hearsClicks = (disabled: number, events: string) => !disabled && events.includes('"link.clicked"');
        const events = v.events ? JSON.stringify(v.events) : before.events;
        // Clicks made while a hook did not listen are not sent once it does.
        const resume = hearsClicks(v.disabled ?? before.disabled, events) && !hearsClicks(before.disabled, before.events);
        await t.updateTable('webhooks').set({
          ...(v.url !== undefined ? { url: v.url } : {}),
          ...(v.disabled !== undefined ? { disabled: v.disabled } : {}),
          events,
          ...(resume ? { click_cursor: await lastClickId(t) } : {}),
          updated_at: isoNow(),
        }).where('id', '=', id).execute();
      });
    },
    async delete(userId: number, id: number): Promise<boolean> {
      const r = await db.deleteFrom('webhooks').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return r.numDeletedRows > 0n;
    },

    async deliveries(webhookId: number, p: { page: number; per_page: number }): Promise<PageResult<DeliveryRow>> {
      const base = db.selectFrom('webhook_deliveries').where('webhook_id', '=', webhookId);
      const { total } = await base.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow();
      const rows = await base.selectAll().orderBy('id', 'desc').limit(p.per_page).offset((p.page - 1) * p.per_page).execute();
      return { rows, total: Number(total) };
    },
    async delivery(id: number): Promise<DeliveryRow | undefined> {
      return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** A delivery to one hook whatever its events (the test event). */
    async enqueueTo(webhookId: number, event: string, data: unknown, now: number): Promise<number> {
      const [id] = await db.transaction().execute((t) => insertDeliveries(t, [webhookId], event, data, now));
      return id!;
    },
    /** A delivery to each of the user's enabled hooks that subscribe to `event`; how many. */
    async enqueue(userId: number, event: WebhookEvent, data: unknown, now: number): Promise<number> {
      return db.transaction().execute(async (t) => {
        const hooks = await t.selectFrom('webhooks').select('id')
          .where('user_id', '=', userId).where('disabled', '=', 0).where(subscribes(event)).execute();
        return (await insertDeliveries(t, hooks.map((h) => h.id), event, data, now)).length;
      });
    },

    /** Up to `max` deliveries whose time has come, leased until now + leaseMs (nobody else takes them meanwhile). */
    async claimDue(now: number, leaseMs: number, max: number): Promise<DueDelivery[]> {
      // A read first: the claim is a write transaction, and on SQLite taking the
      // write lock every poll would make the request thread wait on the click
      // writer's commits even when nothing is due.
      const any = await db.selectFrom('webhook_deliveries').select('id')
        .where('state', '=', 'pending').where('next_attempt_at', '<=', now).limit(1).executeTakeFirst();
      if (!any) return [];
      return db.transaction().execute(async (t) => {
        let due = t.selectFrom('webhook_deliveries').select('webhook_deliveries.id')
          .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
          .where('state', '=', 'pending').where('next_attempt_at', '<=', now).where('webhooks.disabled', '=', 0)
          .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<=', now)]))
          .orderBy('next_attempt_at').limit(max);
        if (engine === 'postgres') due = due.forUpdate('webhook_deliveries').skipLocked();
        const ids = (await due.execute()).map((r) => r.id);
        if (!ids.length) return [];
        await t.updateTable('webhook_deliveries').set({ next_attempt_at: now + leaseMs, leased_until: now + leaseMs }).where('id', 'in', ids).execute();
        return t.selectFrom('webhook_deliveries').innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
          .selectAll('webhook_deliveries').select(['webhooks.url', 'webhooks.secret'])
          .where('webhook_deliveries.id', 'in', ids).execute();
      });
    },
    /** The outcome of a claimed delivery, with the attempt that led to it (none when the attempt was abandoned). */
    async record(id: number, o: DeliveryOutcome, attempt?: NewAttempt) {
      await db.transaction().execute(async (t) => {
        const r = await t.updateTable('webhook_deliveries').set({ ...o, leased_until: null, ...(attempt ? { redeliver: 0 } : {}) })
          .where('id', '=', id).where('state', '=', 'pending').executeTakeFirst();
        if (attempt && r.numUpdatedRows > 0n) await t.insertInto('webhook_attempts').values({ ...attempt, delivery_id: id }).execute();
      });
    },
    /** Each delivery's attempts, oldest first. */
    async attempts(deliveryIds: number[]): Promise<Map<number, AttemptRow[]>> {
      const out = new Map<number, AttemptRow[]>(deliveryIds.map((id) => [id, []]));
      if (!deliveryIds.length) return out;
      const rows = await db.selectFrom('webhook_attempts').selectAll().where('delivery_id', 'in', deliveryIds).orderBy('id').execute();
      for (const r of rows) out.get(r.delivery_id)?.push(r);
      return out;
    },
    /**
     * Sends a delivery of this hook again, now: pending once more, its retry
     * window starting over, its next attempt marked as asked for. 'busy' when
     * an attempt is under way (its outcome comes first); 'gone' when no such delivery.
     */
    async redeliver(webhookId: number, id: number, now: number): Promise<'queued' | 'busy' | 'gone'> {
      const r = await db.updateTable('webhook_deliveries')
        .set({ state: 'pending', next_attempt_at: now, finished_at: null, retry_from: now, redeliver: 1 })
        .where('id', '=', id).where('webhook_id', '=', webhookId)
        .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<=', now)]))
        .executeTakeFirst();
      if (r.numUpdatedRows > 0n) return 'queued';
      const row = await db.selectFrom('webhook_deliveries').select('id').where('id', '=', id).where('webhook_id', '=', webhookId).executeTakeFirst();
      return row ? 'busy' : 'gone';
    },
    /** Finished deliveries older than `before` go, a bounded number at a time. */
    async prune(before: number, max = 1000): Promise<number> {
      const old = await db.selectFrom('webhook_deliveries').select('id')
        .where('state', '!=', 'pending').where('created_at', '<', before).limit(1).executeTakeFirst();
      if (!old) return 0;
      const r = await db.deleteFrom('webhook_deliveries').where('id', 'in', (q) => q.selectFrom('webhook_deliveries').select('id')
        .where('state', '!=', 'pending').where('created_at', '<', before).orderBy('id').limit(max)).executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    /** Enabled hooks that hear clicks. */
    async clickHooks(): Promise<{ id: number; user_id: number }[]> {
      return db.selectFrom('webhooks').select(['id', 'user_id']).where('disabled', '=', 0).where(subscribes('link.clicked')).execute();
    },
    /**
     * One link.clicked delivery for a hook: the owner's clicks among the next
     * `max` rows of click_log after its cursor, the cursor moved past them in
     * the same transaction. `settled` keeps only the leading rows that are
     * safe to pass (PostgreSQL ids can commit out of order). Nothing happens
     * when the hook had a click delivery within the last `spacingMs`.
     */
    async takeClicks(webhookId: number, o: { now: number; spacingMs: number; max: number; settled: (row: ClickRow) => boolean; data: (rows: ClickRow[]) => unknown }) {
      return db.transaction().execute(async (t) => {
        let hookQ = t.selectFrom('webhooks').select(['user_id', 'click_cursor', 'disabled', 'events']).where('id', '=', webhookId);
        if (engine === 'postgres') hookQ = hookQ.forUpdate();
        const hook = await hookQ.executeTakeFirst();
        if (!hook || hook.disabled || !hook.events.includes('"link.clicked"')) return 0;
        const recent = await t.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', webhookId)
          .where('event', '=', 'link.clicked').where('created_at', '>', o.now - o.spacingMs).executeTakeFirst();
        if (recent) return 0;
        const rows = await t.selectFrom('click_log')
          .leftJoin('links', 'links.id', 'click_log.link_id')
          .leftJoin('domains', 'domains.id', 'links.domain_id')
          .select(['click_log.id', 'click_log.link_id', 'click_log.created_at', 'click_log.country', 'click_log.platform', 'click_log.browser',
            'click_log.language', 'click_log.referrer', 'links.user_id', 'links.alias', 'domains.name as domain'])
          .where('click_log.id', '>', hook.click_cursor).orderBy('click_log.id').limit(o.max).execute() as ClickRow[];
        const cut = rows.findIndex((r) => !o.settled(r));
        const window = cut < 0 ? rows : rows.slice(0, cut);
        if (!window.length) return 0;
        await t.updateTable('webhooks').set({ click_cursor: window.at(-1)!.id }).where('id', '=', webhookId).execute();
        const mine = window.filter((r) => r.user_id === hook.user_id);
        if (!mine.length) return 0;
        await insertDeliveries(t, [webhookId], 'link.clicked', o.data(mine), o.now);
        return mine.length;
      });
    },
  };
}
export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;

// The background side of webhooks: every poll it sends the deliveries whose
// time has come (claimed with a lease, so other processes and nodes skip
// them), records each outcome with the next attempt's time, and turns new
// click_log rows into link.clicked batches. Everything it works from is in the
// database, so a process that starts picks up where a stopped or killed one
// left off.
import { shortUrl } from '../api/serializers.ts';
import type { Engine } from '../db/repositories/like.ts';
import type { ClickRow, DueDelivery, WebhooksRepository } from '../db/repositories/webhooks-repository.ts';
import type { Sender } from './sender.ts';
import { sign } from './signature.ts';
import { hostOf } from '../util/address.ts';
import { createHostGate } from './host-gate.ts';

export interface DispatcherTiming {
  /** How often due deliveries and new clicks are looked for. */
  pollMs: number;
  /** At most one link.clicked delivery per hook in this time. */
  clickSpacingMs: number;
  /** Clicks in one link.clicked delivery, at most. */
  clickBatch: number;
  /** How long after a click it is passed over (PostgreSQL: rows of slower transactions may still commit with lower ids). */
  clickSettleMs: number;
  /** The wait before attempt n + 1, after n failed. */
  backoff(attempts: number): number;
  /** A delivery still failing this long after it was created is given up. */
  maxAgeMs: number;
  /** Deliveries delivered or given up are kept this long for the deliveries list. */
  keepMs: number;
  /** Deliveries started per second to any one receiving host (see host-gate.ts). */
  hostRate: number;
}

export const HOUR = 3_600_000;

/** 30 s, 1 min, 2 min … capped at an hour, each within ±20 % so that failures spread out. */
export function defaultBackoff(attempts: number, random = Math.random): number {
  const base = Math.min(30_000 * 2 ** Math.max(0, attempts - 1), HOUR);
  return Math.round(base * (0.8 + 0.4 * random()));
}

export const defaultTiming = (engine: Engine): DispatcherTiming => ({
  pollMs: 1000, clickSpacingMs: 1000, clickBatch: 1000, clickSettleMs: engine === 'postgres' ? 5000 : 0,
  backoff: defaultBackoff, maxAgeMs: 24 * HOUR, keepMs: 30 * 24 * HOUR, hostRate: 10,
});

export interface DispatcherDeps {
  repo: WebhooksRepository;
  sender: Sender;
  /** The time a send may take; a claim lasts a little longer. */
  sendTimeoutMs: number;
  baseUrl(): string;
  now(): number;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  timing: DispatcherTiming;
}

export interface Dispatcher {
  /** Looks for work now rather than at the next poll (a delivery was just written). */
  wake(): void;
  /** Abandons attempts under way (they are tried again at the next start) and stops polling. */
  stop(): Promise<void>;
}

const CLAIM = 20;

export function startDispatcher(d: DispatcherDeps): Dispatcher {
  const t = d.timing;
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let lastClicks = 0;
  let lastPrune = 0;
  const gate = createHostGate(t.hostRate);

  /** A delivery whose host has had its share: back to pending until its slot, not an attempt. */
  async function later(r: DueDelivery, at: number) {
    await d.repo.record(r.id, { attempts: r.attempts, state: 'pending', next_attempt_at: at, last_status: r.last_status,
      last_error: r.last_error, finished_at: null });
  }

  async function attempt(r: DueDelivery) {
    const now = d.now();
    // A redelivery opens a fresh window; otherwise it counts from the delivery's creation.
    const from = r.retry_from ?? r.created_at;
    if (now - from > t.maxAgeMs) {
      await d.repo.record(r.id, { attempts: r.attempts, state: 'failed', next_attempt_at: r.next_attempt_at, last_status: r.last_status,
        last_error: r.last_error ?? 'Given up: not delivered within 24 hours.', finished_at: now });
      return;
    }
    let res;
    try {
      res = await d.sender.send(r.url, r.payload, {
        'linkdesk-delivery': String(r.id), 'linkdesk-event': r.event, 'linkdesk-signature': sign(r.secret, r.payload, now),
      }, stopping.signal);
    } catch {
      // Shut down mid-attempt: not an attempt; due again at once on the next start.
      await d.repo.record(r.id, { attempts: r.attempts, state: 'pending', next_attempt_at: now, last_status: r.last_status,
        last_error: r.last_error, finished_at: null });
      return;
    }
    const attempts = r.attempts + 1;
    const done = d.now();
    const tried = { started_at: now, duration_ms: res.durationMs, status: res.status, error: res.error, response: res.response, redelivery: r.redeliver ? 1 : 0 };
    if (res.ok) {
      await d.repo.record(r.id, { attempts, state: 'delivered', next_attempt_at: done, last_status: res.status, last_error: null, finished_at: done }, tried);
      return;
    }
    const next = done + t.backoff(attempts);
    const failed = next - from > t.maxAgeMs;
    await d.repo.record(r.id, {
      attempts, state: failed ? 'failed' : 'pending', next_attempt_at: next, last_status: res.status, last_error: res.error,
      finished_at: failed ? done : null,
    }, tried);
    if (failed) {
      d.log.warn({ webhook_id: r.webhook_id, delivery_id: r.id, event: r.event, attempts, status: res.status, reason: res.error }, 'webhook delivery failed');
    }
  }

  const clickData = (rows: ClickRow[]) => ({
    clicks: rows.map((c) => ({
      link_id: c.link_id, alias: c.alias, short_url: shortUrl({ baseUrl: d.baseUrl() }, c.domain, c.alias ?? ''),
      at: new Date(c.created_at).toISOString(), country: c.country, platform: c.platform, browser: c.browser, language: c.language,
      referrer: c.referrer,
    })),
  });

  async function clicks(now: number): Promise<number> {
    let made = 0;
    for (const hook of await d.repo.clickHooks()) {
      if (stopping.signal.aborted) break;
      made += await d.repo.takeClicks(hook.id, {
        now, spacingMs: t.clickSpacingMs, max: t.clickBatch, settled: (c) => c.created_at <= now - t.clickSettleMs, data: clickData,
      }) ? 1 : 0;
    }
    return made;
  }

  async function tick() {
    const now = d.now();
    let busy = false;
    if (now - lastClicks >= t.clickSpacingMs) {
      lastClicks = now;
      busy = (await clicks(now)) > 0;
    }
    const due = await d.repo.claimDue(now, d.sendTimeoutMs + 30_000, CLAIM);
    await Promise.all(due.map((r) => {
      const wait = gate.admit(hostOf(r.url), r.id, now);
      return wait > 0 ? later(r, now + wait) : attempt(r);
    }));
    if (now - lastPrune >= HOUR) {
      lastPrune = now;
      await d.repo.prune(now - t.keepMs);
    }
    // A full claim, or a fresh click batch, may mean more is due already.
    if (due.length === CLAIM || busy) again = true;
  }

  function schedule(ms: number) {
    if (stopping.signal.aborted) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref();
  }

  function run() {
    timer = null;
    if (running) {
      again = true;
      return;
    }
    running = tick()
      .catch((err: unknown) => d.log.error({ err }, 'webhook dispatcher failed'))
      .finally(() => {
        running = null;
        const soon = again;
        again = false;
        // A delivery waiting for its host's slot is sent at that slot, not at the next poll.
        const slot = gate.nextIn(d.now());
        schedule(soon ? 0 : Math.min(t.pollMs, slot ?? t.pollMs));
      });
  }

  schedule(0);
  return {
    wake() {
      if (running) again = true;
      else schedule(0);
    },
    async stop() {
      stopping.abort();
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

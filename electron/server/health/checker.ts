// The background destination checker: every `pollMs` it claims due links in
// small batches and visits their destinations, a few at a time and at most
// one request per host every `hostGapMs`, until nothing is due. Timers are
// unref'd and close() aborts what is under way, so it never keeps a process
// (or a test) alive.
import type { DueLink, HealthRepository } from '../db/repositories/health-repository.ts';
import { destinationsOf } from './destinations.ts';
import type { HealthProbe, ProbeResult } from './probe.ts';

export interface HealthCheckerOptions {
  repo: HealthRepository;
  probe: HealthProbe;
  /** How long a check stays fresh. */
  intervalMs: number;
  now(): number;
  onError(err: unknown): void;
  /** Links claimed at once. */
  batchSize?: number;
  /** Requests in flight at once, across hosts. */
  concurrency?: number;
  /** The least time between two requests to one host. */
  hostGapMs?: number;
  /** How often to look for links that fell due. */
  pollMs?: number;
  /** The first look, after start: a starting instance has better things to do. */
  startDelayMs?: number;
  /** Also run after each sweep: the re-check of links against blocklists and threat lists, at its own bounded rate (abuse/recheck.ts). */
  recheck?: { run(signal: AbortSignal): Promise<unknown> };
}

export interface HealthChecker {
  start(): void;
  /** Claims and checks due links until none is left; how many were checked. */
  sweep(): Promise<number>;
  /** Checks one link at once (Check now) and stores the outcome. */
  checkNow(link: DueLink): Promise<void>;
  close(): Promise<void>;
}

const sleep = (ms: number, signal: AbortSignal) => new Promise<void>((resolve) => {
  if (ms <= 0 || signal.aborted) return resolve();
  const t = setTimeout(done, ms);
  t.unref();
  function done() { clearTimeout(t); signal.removeEventListener('abort', done); resolve(); }
  signal.addEventListener('abort', done, { once: true });
});

export function createHealthChecker(o: HealthCheckerOptions): HealthChecker {
  const batchSize = o.batchSize ?? 20;
  const concurrency = o.concurrency ?? 4;
  const hostGapMs = o.hostGapMs ?? 3000;
  const pollMs = o.pollMs ?? 60_000;
  const leaseMs = Math.min(10 * 60_000, o.intervalMs);
  const stopping = new AbortController();
  // When each host may next be asked; an entry past its time is spent and dropped.
  const nextSlot = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  async function politely(url: string): Promise<ProbeResult> {
    const host = URL.parse(url)?.host ?? url;
    const now = Date.now();
    for (const [h, at] of nextSlot) if (at <= now) nextSlot.delete(h);
    const at = Math.max(now, nextSlot.get(host) ?? now);
    nextSlot.set(host, at + hostGapMs);
    await sleep(at - now, stopping.signal);
    return o.probe.check(url, stopping.signal);
  }

  /** The link's outcome: broken at its first broken destination, whose detail names the target. */
  async function examine(link: DueLink, visit: (url: string) => Promise<ProbeResult>) {
    const results = new Map<string, ProbeResult>();
    for (const d of destinationsOf(link)) {
      const r = results.get(d.url) ?? await visit(d.url);
      results.set(d.url, r);
      if (!r.ok) return { health: 'broken' as const, detail: d.label ? `${d.label}: ${r.detail}` : r.detail };
    }
    return { health: 'ok' as const, detail: null };
  }

  async function checkAll(links: DueLink[]) {
    const queue = [...links];
    const worker = async () => {
      for (let link = queue.shift(); link && !stopping.signal.aborted; link = queue.shift()) {
        const { health, detail } = await examine(link, politely);
        await o.repo.store(link, health, detail, o.now());
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, links.length) }, worker));
  }

  async function sweep(): Promise<number> {
    let checked = 0;
    while (!stopping.signal.aborted) {
      const due = await o.repo.claimDue(o.now(), o.intervalMs, leaseMs, batchSize);
      if (!due.length) break;
      await checkAll(due);
      checked += due.length;
    }
    if (o.recheck && !stopping.signal.aborted) await o.recheck.run(stopping.signal);
    return checked;
  }

  const schedule = (ms: number) => {
    if (stopping.signal.aborted) return;
    timer = setTimeout(() => {
      running = sweep()
        .catch((err: unknown) => { if (!stopping.signal.aborted) o.onError(err); })
        .finally(() => schedule(pollMs));
    }, ms);
    timer.unref();
  };

  return {
    start: () => schedule(o.startDelayMs ?? 30_000),
    sweep,
    async checkNow(link) {
      const { health, detail } = await examine(link, (url) => o.probe.check(url, stopping.signal));
      await o.repo.store(link, health, detail, o.now());
    },
    async close() {
      stopping.abort();
      clearTimeout(timer);
      await running;
    },
  };
}

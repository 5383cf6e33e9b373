// The Live view's stream: each window may follow its selected instance's
// GET /stats/live. Clicks are gathered for a moment and pushed in batches
// (a viral link would otherwise send a message per click); the stream's
// state is pushed as it changes. A dropped stream (the instance restarted,
// the network went away) is opened again with growing pauses, for as long as
// the window follows it; a refusal that waiting cannot mend (no key, a server
// without live statistics) stops it and says why.
import { randomUUID } from 'node:crypto';
import type { InstanceProfile } from './instance-profiles.ts';
import { LIVE_BATCH, type AppCommand, type LiveClick, type LiveState } from '../../shared/native.ts';
import type { ApiClient } from './api-client.ts';
import { ServiceError } from './errors.ts';
import { sseEvents } from './sse-events.ts';

export interface LiveFollowDeps {
  profile(id: string): InstanceProfile;
  selectedId(windowId: number): string;
  /** A client of the follow's own, destroyed when it stops. */
  ownClientFor(p: InstanceProfile): ApiClient;
  push(c: AppCommand): void;
  /** Waits between attempts (tests shorten it). */
  retryMs?: (attempt: number) => number;
}

const GATHER_MS = 100;
/** The server writes a comment every 15 s: two missed is a dead connection. */
const IDLE_MS = 35_000;
const defaultRetry = (attempt: number) => Math.min(10_000, 500 * 2 ** attempt);
// Waiting does not mend these: the key, the route or the server's kind.
// `contract`: the stream broke its bounds (sse-events.ts), which an instance that does it once does again.
const FINAL = new Set(['no-key', 'invalid-key', 'forbidden', 'unsupported', 'not-found', 'not-linkdesk', 'declined', 'contract']);

export function createLiveFollows(d: LiveFollowDeps) {
  const follows = new Map<number, { followId: string; stop(): void }>();

  function follow(windowId: number, linkId: number | null) {
    const instanceId = d.selectedId(windowId);
    const followId = randomUUID();
    const abort = new AbortController();
    let client: ApiClient | null = null;
    let pending: LiveClick[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    const say = (state: LiveState, message: string | null = null) => { if (!abort.signal.aborted) d.push({ type: 'live-state', followId, instanceId, state, message }); };
    const flush = () => {
      timer = null;
      while (pending.length) d.push({ type: 'live-clicks', followId, instanceId, clicks: pending.splice(0, LIVE_BATCH) });
    };
    const onEvent = (event: string) => {
      const click = clickOf(event);
      if (click) pending.push(click);
    };
    // One parser per connection (sse-events.ts: linear, and an event over 64 KB or 1 MB held drops the connection).
    let parse = sseEvents(onEvent);
    const onText = (text: string) => {
      parse(text);
      if (pending.length >= LIVE_BATCH) flush();
      else if (pending.length && !timer) timer = setTimeout(flush, GATHER_MS);
    };

    void (async () => {
      say('connecting');
      for (let attempt = 0; !abort.signal.aborted; attempt++) {
        let message: string | null = null;
        try {
          client = d.ownClientFor(d.profile(instanceId));
          parse = sseEvents(onEvent);
          await client.stream('/stats/live', {
            query: linkId === null ? undefined : { link_id: linkId }, signal: abort.signal, idleMs: IDLE_MS,
            onOpen: () => { attempt = 0; say('open'); }, onText,
          });
          message = 'The instance ended the stream.';
        } catch (err) {
          if (abort.signal.aborted) break;
          const e = err instanceof ServiceError ? err.error : null;
          message = e?.message ?? (err instanceof Error ? err.message : String(err));
          if (e && FINAL.has(e.kind)) {
            say('closed', e.kind === 'not-found' || e.kind === 'not-linkdesk' ? 'This instance does not offer live clicks.' : message);
            break;
          }
        } finally {
          void client?.destroy();
          client = null;
        }
        if (abort.signal.aborted) break;
        say('reconnecting', message);
        await new Promise((r) => setTimeout(r, (d.retryMs ?? defaultRetry)(attempt)));
      }
      if (timer) {
        clearTimeout(timer);
        // Clicks gathered before a stream that stopped for good (an overflow, a refusal) are still shown; a stopped follow's are not.
        if (!abort.signal.aborted) flush();
      }
    })();

    return { followId, stop: () => { abort.abort(); void client?.destroy(); } };
  }

  return {
    /** The new follow's id, which its pushes carry. */
    start(windowId: number, linkId: number | null): string {
      follows.get(windowId)?.stop();
      const f = follow(windowId, linkId);
      follows.set(windowId, f);
      return f.followId;
    },
    stop(windowId: number) {
      follows.get(windowId)?.stop();
      follows.delete(windowId);
    },
    stopAll() {
      for (const f of follows.values()) f.stop();
      follows.clear();
    },
  };
}

/** The click of one `event: click` block; comments (keep-alives) and other events are none. */
function clickOf(block: string): LiveClick | null {
  let event = 'message';
  let data = '';
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data += line.slice(5).trim();
  }
  if (event !== 'click' || !data) return null;
  try {
    const c = JSON.parse(data) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
    if (!Number.isSafeInteger(c.link_id) || typeof c.alias !== 'string' || typeof c.at !== 'string') return null;
    return {
      link_id: c.link_id as number, alias: c.alias, country: text(c.country), city: text(c.city), device: text(c.device),
      source: c.source === 'qr' ? 'qr' : 'link', at: c.at,
    };
  } catch {
    return null;
  }
}

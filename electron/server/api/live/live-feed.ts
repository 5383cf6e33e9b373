// The live statistics feed behind GET /stats/live. One reader per process
// polls click_log after the last id it saw (every POLL_MS, only while a stream
// is open) and fans each click out to the streams that may see it; on SQLite
// it reads only the clicks of the users, links and domains the open streams follow. Reading
// the log rather than being handed clicks by the writer means: the redirect
// and the writer do nothing more per click, a stream on any node hears clicks
// stored by every node (PostgreSQL) or process (the app and the CLI on one
// SQLite folder), and a click is heard only once it is stored.
// PostgreSQL hands out ids before commit, so a slower transaction can commit a
// lower id after a higher one was read: the ids skipped over are asked for
// again for SETTLE_MS (the webhooks' click settle time).
// A stream's socket that cannot take more (write() said so) gets nothing until
// it drains; what arrives meanwhile waits in the stream's queue, and a stream
// whose queue passes MAX_BEHIND is dropped. Nothing a stream does reaches the
// redirects: the feed runs on its own timer and writes one chunk per stream per poll.
import type { ServerResponse } from 'node:http';
import type { LiveClickRow, LiveClicksRepository, LiveNarrowing } from '../../db/repositories/live-clicks-repository.ts';
import { RECHECK_MS, type EndVerdict, type OpenedReach } from './live-rights.ts';

export const POLL_MS = 250;
export const HEARTBEAT_MS = 15_000;
export const MAX_STREAMS_PER_KEY = 20;
export const MAX_STREAMS_PER_USER = 40;
export const MAX_STREAMS = 1000;
export const MAX_BEHIND = 1000;
const SETTLE_MS = 5000;
const MAX_GAPS = 10_000;
const READ_MAX = 5000;

/** Who may see what: null userId is an admin key (every user's clicks); ownerId is the key's user. */
export interface LiveScope { keyId: number; ownerId: number; userId: number | null; domainId: number | null; linkId: number | null }

export interface LiveLimits { perKey: number; perUser: number; total: number }

interface Stream {
  scope: LiveScope;
  res: ServerResponse;
  /** Events written while the socket was full, waiting for 'drain'. */
  queue: Buffer[];
  /** Events in `queue`. */
  behind: number;
  blocked: boolean;
}

export interface LiveFeedOptions {
  repo: LiveClicksRepository;
  /** PostgreSQL: ids may commit out of order (see above). */
  outOfOrder: boolean;
  onError(err: unknown): void;
  pollMs?: number;
  heartbeatMs?: number;
  maxBehind?: number;
  /** How long a skipped id is asked for again (SETTLE_MS). */
  settleMs?: number;
  limits?: Partial<LiveLimits>;
  /** Why each stream must end now, read from the database (live-rights.ts); absent: streams are never re-checked. */
  recheck?(opened: readonly OpenedReach[]): Promise<(EndVerdict | null)[]>;
  recheckMs?: number;
}

export type LiveFeed = ReturnType<typeof createLiveFeed>;

const sees = (s: LiveScope, r: LiveClickRow) =>
  (s.userId === null || s.userId === r.user_id) && (s.domainId === null || s.domainId === r.domain_id) && (s.linkId === null || s.linkId === r.link_id);

const eventOf = (r: LiveClickRow) => `event: click\ndata: ${JSON.stringify({
  link_id: r.link_id, alias: r.alias, country: r.country, city: r.city, device: r.device, source: r.source ?? 'link',
  at: new Date(r.created_at).toISOString(),
})}\n\n`;

export function createLiveFeed(o: LiveFeedOptions) {
  const pollMs = o.pollMs ?? POLL_MS;
  const maxBehind = o.maxBehind ?? MAX_BEHIND;
  const settleMs = o.settleMs ?? SETTLE_MS;
  const streams = new Set<Stream>();
  const perKey = new Map<number, number>();
  const perUser = new Map<number, number>();
  const limits: LiveLimits = { perKey: MAX_STREAMS_PER_KEY, perUser: MAX_STREAMS_PER_USER, total: MAX_STREAMS, ...o.limits };
  let rechecking = false;
  const recheck = o.recheck && setInterval(() => { void recheckAll(); }, o.recheckMs ?? RECHECK_MS);
  recheck?.unref();
  let cursor: number | null = null;
  /** The first read of the newest id, which a stream waits for before it is told it is open. */
  let starting: Promise<void> | null = null;
  /** Ids skipped over (PostgreSQL), with when they were first missed. */
  const gaps = new Map<number, number>();
  let timer: NodeJS.Timeout | null = null;
  let polling = false;
  let closed = false;
  let dropped = 0;
  const KEEP_ALIVE = Buffer.from(': keep-alive\n\n');
  const heartbeat = setInterval(() => { for (const s of streams) send(s, KEEP_ALIVE, 0); }, o.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  function end(s: Stream, destroy: boolean) {
    if (!streams.delete(s)) return;
    count(perKey, s.scope.keyId, -1);
    count(perUser, s.scope.ownerId, -1);
    if (destroy) s.res.destroy(); else if (!s.res.writableEnded) s.res.end();
    if (!streams.size) stop();
  }

  function count(m: Map<number, number>, id: number, by: 1 | -1) {
    const n = (m.get(id) ?? 0) + by;
    if (n > 0) m.set(id, n); else m.delete(id);
  }

  /** Why `scope` may not open a stream now (a 429's words), or null. */
  function refusal(scope: LiveScope): string | null {
    if ((perKey.get(scope.keyId) ?? 0) >= limits.perKey) return `This key has ${limits.perKey} live streams open already, the most one key may; close one first.`;
    if ((perUser.get(scope.ownerId) ?? 0) >= limits.perUser) {
      return `This key's user has ${limits.perUser} live streams open already, the most one user may; close one first.`;
    }
    if (streams.size >= limits.total) return `This server has ${limits.total} live streams open, the most it holds; try again later.`;
    return null;
  }

  /** Reads the open streams' rights again; a stream that lost them gets a last `event: end` saying why. */
  async function recheckAll() {
    if (rechecking || closed || !streams.size || !o.recheck) return;
    rechecking = true;
    try {
      const list = [...streams];
      const verdicts = await o.recheck(list.map(({ scope: c }) => ({ keyId: c.keyId, ownerId: c.ownerId, admin: c.userId === null, domainId: c.domainId })));
      list.forEach((s, i) => {
        const v = verdicts[i];
        if (!v || !streams.has(s)) return;
        if (!s.res.destroyed && !s.res.writableEnded) s.res.write(`event: end\ndata: ${JSON.stringify(v)}\n\n`);
        end(s, false);
      });
    } catch (err) {
      o.onError(err);
    } finally {
      rechecking = false;
    }
  }

  /** Writes `chunk` (holding `events` events) or queues it behind a full socket; a stream too far behind is dropped. */
  function send(s: Stream, chunk: Buffer, events: number) {
    if (s.res.destroyed) return end(s, true);
    if (s.blocked) {
      s.queue.push(chunk);
      s.behind += events;
      if (s.behind > maxBehind) {
        dropped += 1;
        end(s, true); // the socket is full: nothing more, a goodbye included, would reach the reader
      }
      return;
    }
    if (!s.res.write(chunk)) {
      s.blocked = true;
      s.res.once('drain', () => {
        s.blocked = false;
        const waiting = s.queue.splice(0);
        s.behind = 0;
        if (waiting.length) send(s, Buffer.concat(waiting), 0);
      });
    }
  }

  function stop() {
    if (timer) clearTimeout(timer);
    timer = null;
    cursor = null;
    starting = null;
    gaps.clear();
  }

  /** Where reading starts: the newest click when the first stream opens. */
  function start(): Promise<void> {
    starting ??= o.repo.lastId().then((id) => {
      cursor ??= id;
      schedule(pollMs);
    }, (err: unknown) => {
      starting = null;
      throw err;
    });
    return starting;
  }

  function schedule(ms: number) {
    if (closed || !streams.size || timer) return;
    timer = setTimeout(() => { timer = null; void poll(); }, ms);
    timer.unref();
  }

  async function poll() {
    if (polling || closed) return;
    polling = true;
    let full = false;
    try {
      if (cursor === null) return;
      const now = Date.now();
      for (const [id, at] of gaps) if (now - at > settleMs) gaps.delete(id);
      if (o.outOfOrder) {
        // Every id is read: the ones skipped over are the gaps to ask for again.
        const rows = await o.repo.after(cursor, [...gaps.keys()], READ_MAX);
        full = rows.length === READ_MAX;
        if (rows.length && streams.size && cursor !== null) deliver(rows, now);
      } else {
        // Ids are in commit order: up to the newest id, only the clicks some stream may hear are read.
        const upTo = await o.repo.lastId();
        if (upTo > cursor) {
          const rows = await o.repo.after(cursor, [], READ_MAX, { upTo, only: narrowing() });
          full = rows.length === READ_MAX;
          if (streams.size && cursor !== null) {
            if (rows.length) deliver(rows, now);
            if (!full) cursor = Math.max(cursor, upTo);
          }
        }
      }
    } catch (err) {
      o.onError(err);
    } finally {
      polling = false;
    }
    schedule(full ? 0 : pollMs);
  }

  /** What the open streams may hear, for the database to narrow by; undefined when one hears every click. */
  function narrowing(): LiveNarrowing | undefined {
    const users = new Set<number>(), links = new Set<number>(), domains = new Set<number>();
    for (const { scope } of streams) {
      if (scope.userId !== null) users.add(scope.userId);
      else if (scope.linkId !== null) links.add(scope.linkId);
      else if (scope.domainId !== null) domains.add(scope.domainId);
      else return undefined;
    }
    return { users: [...users], links: [...links], domains: [...domains] };
  }

  function deliver(rows: LiveClickRow[], now: number) {
    let last = cursor!;
    for (const r of rows) {
      gaps.delete(r.id);
      if (r.id > last) {
        if (o.outOfOrder) for (let id = last + 1; id < r.id && gaps.size < MAX_GAPS; id++) gaps.set(id, now);
        last = r.id;
      }
    }
    cursor = last;
    // Streams with the same scope (every admin stream, say) share one encoded chunk: the cost of a poll grows
    // with the clicks and the distinct scopes, and a stream adds one write of a shared buffer.
    // Encoded when a stream first needs it: most rows of a busy server's poll may be no open stream's.
    const events: (string | undefined)[] = new Array(rows.length);
    const chunks = new Map<string, { chunk: Buffer; n: number } | null>();
    for (const s of streams) {
      const key = `${s.scope.userId}|${s.scope.domainId}|${s.scope.linkId}`;
      let c = chunks.get(key);
      if (c === undefined) {
        let text = '';
        let n = 0;
        for (let i = 0; i < rows.length; i++) if (sees(s.scope, rows[i]!)) { text += (events[i] ??= eventOf(rows[i]!)); n++; }
        c = n ? { chunk: Buffer.from(text), n } : null;
        chunks.set(key, c);
      }
      if (c) send(s, c.chunk, c.n);
    }
  }

  return {
    /**
     * A new stream on `res` (null), or why not (a limit reached, the server
     * closing). Resolves once every click stored from then on will reach it;
     * the caller sends the headers after that.
     */
    async open(scope: LiveScope, res: ServerResponse): Promise<string | null> {
      if (closed) return 'This server is shutting down.';
      const no = refusal(scope);
      if (no) return no;
      count(perKey, scope.keyId, 1);
      count(perUser, scope.ownerId, 1);
      const s: Stream = { scope, res, queue: [], behind: 0, blocked: false };
      streams.add(s);
      res.on('close', () => end(s, true));
      try {
        await start();
      } catch (err) {
        end(s, true);
        throw err;
      }
      return null;
    },
    /** Why `scope` may not open another stream now, or null. */
    refusal,
    /** Streams open, and how many were dropped for falling behind. */
    stats: () => ({ streams: streams.size, dropped }),
    /** Ends every stream (server shutdown) and stops reading. */
    close() {
      closed = true;
      clearInterval(heartbeat);
      if (recheck) clearInterval(recheck);
      for (const s of [...streams]) end(s, false);
      stop();
    },
  };
}

// The redirect server's data on PostgreSQL. Every link and domain is held in
// memory (up to a capacity) and kept current by LISTEN: the change-feed
// triggers NOTIFY every node at commit with the changed record's key, and the
// node reloads that record. So a redirect is a Map probe, a change made
// through any node reaches every node in milliseconds, and a node that loses
// the database keeps answering the links it holds.
//
// Until the whole table is loaded (at start, after a lost connection, or
// when there are more links than the capacity) a link not in memory is
// looked up in the database instead, asynchronously.
import type pg from 'pg';
import type { PostgresStore } from '../db/postgres.ts';
import { CHANGES_CHANNEL } from '../db/postgres-schema.ts';
import { createPgRedirectRepository } from '../db/repositories/pg-redirect-repository.ts';
import type { RedirectDomain, RedirectLink } from '../db/repositories/redirect-repository.ts';

const PAGE = 5000;
const RECONNECT_MS = [100, 250, 500, 1000, 2000];
const BARRIER_TIMEOUT_MS = 1000;

export interface PgRedirectSource {
  /** From memory when it is complete; otherwise a database lookup. */
  link(domainId: number, alias: string): RedirectLink | undefined | Promise<RedirectLink | undefined>;
  domain(host: string): RedirectDomain | undefined;
  /**
   * Resolves once this node has applied every change committed before the
   * call (an API write on this node is seen by its next redirect).
   */
  settle(): Promise<void>;
  rotate(linkId: number, entries: number, advance: boolean): Promise<number>;
  clicks(linkId: number): Promise<number>;
  pixels(linkId: number): Promise<{ type: string; pixel_id: string }[]>;
  secret(name: string): Promise<Buffer>;
  /** Loads every domain and link, and starts listening. */
  start(): Promise<void>;
  close(): Promise<void>;
}

interface Change { seq: number; d: number | null; a: string | null; h: string | null }

const key = (domainId: number, alias: string) => `${domainId}\n${alias}`;


/** `prepare`: what a link gets as it is read in (its rules compiled, rules.ts compiledOf), as in link-cache.ts. */
export function createPgRedirectSource(
  store: PostgresStore, capacity: number, onError: (err: unknown, what: string) => void, prepare: (l: RedirectLink) => void = () => {},
): PgRedirectSource {
  const repo = createPgRedirectRepository(store.pool);
  let links = new Map<string, RedirectLink>();
  let domains = new Map<string, RedirectDomain>();
  let complete = false;
  let closed = false;
  let listener: pg.Client | null = null;
  let seen = 0;
  // Per key: the newest notification's number, so a slow reload never overwrites a newer one.
  const latest = new Map<string, number>();
  const reloading = new Set<Promise<void>>();
  let waiters: { seq: number; resolve(): void }[] = [];
  // Keys changed while the table is being loaded: the load's older copy must not replace their reload.
  let changedWhileLoading: Set<string> | null = null;

  const findLink = async (domainId: number, alias: string) => {
    const l = await repo.find(domainId, alias);
    if (l) prepare(l);
    return l;
  };

  const wake = () => {
    if (reloading.size) return;
    waiters = waiters.filter((w) => (w.seq <= seen ? (w.resolve(), false) : true));
  };

  function apply(c: Change) {
    seen = Math.max(seen, c.seq);
    const k = c.h !== null ? `h\n${c.h}` : key(c.d ?? 0, c.a ?? '');
    latest.set(k, c.seq);
    changedWhileLoading?.add(k);
    const p = (async () => {
      try {
        if (c.h !== null) {
          const d = await repo.domain(c.h);
          if (latest.get(k) !== c.seq) return;
          if (d) domains.set(c.h, d);
          else domains.delete(c.h);
        } else {
          const l = await findLink(c.d ?? 0, c.a ?? '');
          if (latest.get(k) !== c.seq) return;
          if (l && (links.has(k) || links.size < capacity)) links.set(k, l);
          else links.delete(k);
          if (l && !links.has(k)) complete = false;
        }
        latest.delete(k);
      } catch (err) {
        // Not knowing the record now: it is dropped, and looked up when asked for.
        links.delete(k);
        complete = false;
        onError(err, 'reloading a changed link');
      }
    })();
    reloading.add(p);
    void p.finally(() => {
      reloading.delete(p);
      wake();
    });
  }

  async function loadAll() {
    const changed = (changedWhileLoading = new Set());
    try {
      await loadFrom(changed);
    } finally {
      changedWhileLoading = null;
    }
  }

  /**
   * Reads every domain and link into fresh maps and swaps them in, so lookups
   * keep answering from the old ones meanwhile. Records changed during the
   * load keep their reloaded version.
   */
  async function loadFrom(changed: Set<string>) {
    const nextDomains = new Map<string, RedirectDomain>();
    for (const d of await repo.domains()) nextDomains.set(d.name, d);
    const nextLinks = new Map<string, RedirectLink>();
    let after = 0;
    let fits = true;
    for (;;) {
      const rows = await repo.linksAfter(after, PAGE);
      for (const r of rows) {
        if (nextLinks.size >= capacity) {
          fits = false;
          break;
        }
        prepare(r);
        nextLinks.set(key(r.domain_id ?? 0, r.alias), r);
      }
      if (!fits || rows.length < PAGE) break;
      after = rows.at(-1)!.id;
    }
    for (const k of changed) {
      const [map, next, name] = k.startsWith('h\n') ? [domains, nextDomains, k.slice(2)] as const : [links, nextLinks, k] as const;
      const current = (map as Map<string, unknown>).get(name);
      if (current) (next as Map<string, unknown>).set(name, current);
      else (next as Map<string, unknown>).delete(name);
    }
    domains = nextDomains;
    links = nextLinks;
    complete = fits;
  }

  async function listen(attempt = 0): Promise<void> {
    if (closed) return;
    const client = store.newClient();
    client.on('notification', (n) => {
      if (n.channel === CHANGES_CHANNEL && n.payload) apply(JSON.parse(n.payload) as Change);
    });
    const lost = (err?: unknown) => {
      if (listener !== client || closed) return;
      listener = null;
      complete = false; // notifications were missed: ask the database until reloaded
      if (err) onError(err, 'listening for link changes');
      void client.end().catch(() => {});
      setTimeout(() => void listen(1).then(reload), RECONNECT_MS[0]).unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      listener = client;
    } catch (err) {
      void client.end().catch(() => {});
      if (attempt === 0) throw err;
      await new Promise((r) => setTimeout(r, RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)]).unref());
      return listen(attempt + 1);
    }
  }

  async function reload() {
    if (closed || !listener) return;
    try {
      await loadAll();
    } catch (err) {
      onError(err, 'reloading links');
    }
  }

  return {
    link(domainId, alias) {
      const hit = links.get(key(domainId, alias));
      if (hit || complete) return hit;
      return findLink(domainId, alias).then((l) => {
        if (l && links.size < capacity && !latest.has(key(domainId, alias))) links.set(key(domainId, alias), l);
        return l;
      });
    },

    domain: (host) => domains.get(host),

    async settle() {
      if (!listener) return;
      const now = await repo.lastChange();
      if (now <= seen && !reloading.size) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, BARRIER_TIMEOUT_MS);
        timer.unref();
        waiters.push({ seq: now, resolve: () => { clearTimeout(timer); resolve(); } });
        wake();
      });
    },

    rotate: (linkId, entries, advance) => repo.rotate(linkId, entries, advance),
    clicks: (linkId) => repo.clicks(linkId),
    pixels: (linkId) => repo.pixels(linkId),
    secret: (name) => repo.secret(name),

    async start() {
      // Listening first: a change committed while loading is applied after it.
      await listen();
      await loadAll();
    },

    async close() {
      closed = true;
      const l = listener;
      listener = null;
      await l?.end().catch(() => {});
      await Promise.allSettled([...reloading]);
    },
  };
}

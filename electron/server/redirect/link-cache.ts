// Links and domains kept in memory between requests. Every SQL statement
// costs a read transaction (with file-lock system calls in WAL mode), and a
// random lookup among many links walks B-tree pages that the HTTP work in
// between has pushed out of the CPU caches; a Map probe does neither.
//
// Records are dropped one by one as the change feed names them (migration 5's
// triggers write the key of every changed link and domain, from any
// connection or process). Reading the feed is itself a statement, so it is read
// - right away after this process answered a request that may have written
//   (`touch()`, called for every non-GET request before its answer leaves),
//   so a client that changed a link through the API never sees the old one;
// - otherwise at most every RECHECK_MS, for writers elsewhere (the title
//   fetcher in the background, another process on the same data folder).
// If the feed was pruned past the point this cache had read (a process asleep
// for minutes), everything is dropped instead.
//
// Click counters change on every click and are not in the feed. Only the
// click limit reads them here, and limited clicks are spent in the database
// (authoritative) and mirrored into the cached row.
import type { RedirectDomain, RedirectLink, RedirectRepository } from '../db/repositories/redirect-repository.ts';

const RECHECK_MS = 100;

export interface LinkCache {
  /** Call once per request, before the lookups: drops what changed since the last call. */
  sync(): void;
  /** The next sync reads the change feed whatever the time. */
  touch(): void;
  /** The link `alias` on domain `domainId` (0: the instance's own host). */
  link(domainId: number, alias: string): RedirectLink | undefined;
  domain(host: string): RedirectDomain | undefined;
  /**
   * Loads links into the cache a slice at a time between requests, until it
   * is full or every link is in: after a start, redirects answer from memory
   * sooner than one miss at a time would get them there.
   */
  warm(): void;
  /** Stops warming (the server is closing). */
  stop(): void;
}

const WARM_SLICE = 2000;

export function createLinkCache(repo: RedirectRepository, maxEntries: number): LinkCache {
  let seen = repo.lastChange();
  let checkedAt = -Infinity;
  let touched = false;
  // null remembers "no such link/domain", so scanners probing random paths cost a Map probe too.
  const links = new Map<string, RedirectLink | null>();
  const domains = new Map<string, RedirectDomain | null>();

  const remember = <V>(map: Map<string, V>, key: string, value: V) => {
    // Oldest first out; a full cache costs one extra lookup per miss, not correctness.
    if (map.size >= maxEntries) map.delete(map.keys().next().value as string);
    map.set(key, value);
  };

  let warming: NodeJS.Immediate | undefined;
  let stopped = false;

  return {
    warm() {
      let after = 0;
      const slice = () => {
        warming = undefined;
        if (stopped) return;
        this.sync();
        const rows = repo.linksAfter(after, WARM_SLICE);
        for (const l of rows) {
          if (links.size >= maxEntries) return;
          const key = `${l.domain_id ?? 0}\n${l.alias}`;
          if (!links.has(key)) links.set(key, l);
        }
        if (rows.length === WARM_SLICE) {
          after = rows[rows.length - 1]!.id;
          warming = setImmediate(slice);
        }
      };
      warming = setImmediate(slice);
    },

    stop() {
      stopped = true;
      if (warming) clearImmediate(warming);
    },

    sync() {
      const now = performance.now();
      if (!touched && now - checkedAt < RECHECK_MS) return;
      touched = false;
      checkedAt = now;
      for (let batch = repo.changesSince(seen); batch.length; batch = repo.changesSince(seen)) {
        if (batch[0]!.seq !== seen + 1) {
          links.clear();
          domains.clear();
        }
        for (const c of batch) {
          if (c.host !== null) domains.delete(c.host);
          else if (c.alias !== null) links.delete(`${c.domain_id ?? 0}\n${c.alias}`);
        }
        seen = batch[batch.length - 1]!.seq;
      }
    },

    touch() {
      touched = true;
    },

    link(domainId, alias) {
      const key = `${domainId}\n${alias}`;
      let hit = links.get(key);
      if (hit === undefined) {
        hit = repo.find(domainId, alias) ?? null;
        remember(links, key, hit);
      }
      return hit ?? undefined;
    },

    domain(host) {
      let hit = domains.get(host);
      if (hit === undefined) {
        hit = repo.domain(host) ?? null;
        remember(domains, host, hit);
      }
      return hit ?? undefined;
    },
  };
}

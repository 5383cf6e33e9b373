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
// Memory is bounded: links live in an LRU sized by what each entry holds
// (MAX_LINK_BYTES), and answers of "no such link" in a small LRU of their own,
// so a scanner probing random paths (or random Host headers) cannot push the
// links people click out of memory.
//
// Click counters change on every click and are not in the feed. Only the
// click limit reads them here, and limited clicks are spent in the database
// (authoritative) and mirrored into the cached row.
import { LRUCache } from 'lru-cache';
import type { RedirectDomain, RedirectLink, RedirectRepository } from '../db/repositories/redirect-repository.ts';
import { ruleChars } from './rules.ts';

const RECHECK_MS = 100;
/** The links kept, by their estimated size: 100,000 ordinary links take about a third of it. */
export const MAX_LINK_BYTES = 48 << 20;
/** Aliases and hosts known not to exist. */
const MAX_MISSING = 20_000;
const MAX_DOMAINS = 10_000;

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
   * sooner than one miss at a time would get them there. Slices are small (a
   * request that comes in meanwhile waits for one, about 2 ms), and while
   * `busy()` says the server is answering requests they come at least `waitMs`
   * apart instead of back to back. bench:api at a million links, search by
   * title while the cache warms: p95 89-101 ms with 2,000 links a slice back
   * to back, 39-54 ms so. Slices 5 ms apart did a little better there (34-46)
   * but warm too slowly under a redirect flood, whose misses then cost 18 µs a
   * link on the request thread where a slice spends 4.
   * `done` is called once it has stopped.
   */
  warm(busy?: () => boolean, done?: () => void, waitMs?: number): void;
  /** Stops warming (the server is closing). */
  stop(): void;
}

/** Links read a slice: about 2 ms here. */
const WARM_SLICE = 250;
/** Between two slices while the server is busy. */
const WARM_WAIT_MS = 1;

/** A link's key: its alias alone on the instance's own host (no string built per redirect there), else domain and alias (an alias never holds a line break). */
const keyOf = (domainId: number | null, alias: string) => (domainId ? `${domainId}\n${alias}` : alias);

/**
 * About what a cached link costs in V8's heap: the object with its fields
 * (~240 bytes), the key, and the strings it holds (one byte a character for
 * the Latin-1 most URLs are, two otherwise; counted as two to stay on the safe side).
 */
export function linkBytes(l: RedirectLink): number {
  let chars = l.alias.length * 2 + l.url.length + l.targets.length + l.created_at.length;
  for (const s of [l.title, l.password_hash, l.privacy_password_hash, l.expiration_url, l.preview_title, l.preview_description, l.preview_image]) {
    if (s) chars += s.length;
  }
  chars += ruleChars(l);
  return 320 + 2 * chars;
}

/**
 * `prepare`: what a link gets as it is taken in (its rules compiled, rules.ts compiledOf), before
 * its size is counted: links that share their rules share one copy of them.
 */
export function createLinkCache(repo: RedirectRepository, maxBytes: number = MAX_LINK_BYTES, prepare: (l: RedirectLink) => void = () => {}): LinkCache {
  let seen = repo.lastChange();
  let checkedAt = -Infinity;
  let touched = false;
  const links = new LRUCache<string, RedirectLink>({ maxSize: maxBytes, sizeCalculation: linkBytes });
  // Bounded by a size of 1 an entry, not by `max`: with `max`, lru-cache allocates its arrays for every
  // entry up front (~1 MB for these three), which an idle server held for entries it never had.
  const one = () => 1;
  const missing = new LRUCache<string, true>({ maxSize: MAX_MISSING, sizeCalculation: one });
  const domains = new LRUCache<string, RedirectDomain>({ maxSize: MAX_DOMAINS, sizeCalculation: one });
  const missingHosts = new LRUCache<string, true>({ maxSize: MAX_MISSING, sizeCalculation: one });

  let waiting: NodeJS.Timeout | undefined;
  let warming: NodeJS.Immediate | undefined;
  let stopped = false;

  return {
    warm(busy = () => false, done = () => {}, waitMs = WARM_WAIT_MS) {
      let after = 0;
      const next = () => {
        if (busy()) waiting = setTimeout(slice, waitMs);
        else warming = setImmediate(slice);
      };
      const slice = () => {
        warming = waiting = undefined;
        if (stopped) return done();
        this.sync();
        const rows = repo.linksAfter(after, WARM_SLICE);
        for (const l of rows) {
          prepare(l);
          if (links.calculatedSize + linkBytes(l) > maxBytes) return done();
          const key = keyOf(l.domain_id, l.alias);
          if (!links.has(key)) links.set(key, l);
        }
        if (rows.length < WARM_SLICE) return done();
        after = rows[rows.length - 1]!.id;
        next();
      };
      next();
    },

    stop() {
      stopped = true;
      clearTimeout(waiting);
      clearImmediate(warming);
    },

    sync() {
      const now = performance.now();
      if (!touched && now - checkedAt < RECHECK_MS) return;
      touched = false;
      checkedAt = now;
      for (let batch = repo.changesSince(seen); batch.length; batch = repo.changesSince(seen)) {
        if (batch[0]!.seq !== seen + 1) {
          links.clear();
          missing.clear();
          domains.clear();
          missingHosts.clear();
        }
        for (const c of batch) {
          if (c.host !== null) {
            domains.delete(c.host);
            missingHosts.delete(c.host);
          } else if (c.alias !== null) {
            const key = keyOf(c.domain_id, c.alias);
            links.delete(key);
            missing.delete(key);
          }
        }
        seen = batch[batch.length - 1]!.seq;
      }
    },

    touch() {
      touched = true;
    },

    link(domainId, alias) {
      const key = keyOf(domainId, alias);
      const hit = links.get(key);
      if (hit !== undefined || missing.has(key)) return hit;
      const found = repo.find(domainId, alias);
      if (found) {
        prepare(found);
        links.set(key, found);
      }
      else missing.set(key, true);
      return found;
    },

    domain(host) {
      const hit = domains.get(host);
      if (hit !== undefined || missingHosts.has(host)) return hit;
      const found = repo.domain(host);
      if (found) domains.set(host, found);
      else missingHosts.set(host, true);
      return found;
    },
  };
}

// Links and domains kept in memory between requests. Every SQL statement
// costs a read transaction (with file-lock system calls in WAL mode), and a
// random lookup among many links walks B-tree pages that the HTTP work in
// between has pushed out of the CPU caches; a Map probe does neither.
//
// The cache is dropped as a whole when redirect_state.version moves (the
// triggers of migration 4 move it on every change a redirect reads, from any
// connection). Reading the version is itself a statement, so it is read
// - right away after this process answered a request that may have written
//   (`touch()`, called for every non-GET request before its answer leaves),
//   so a client that changed a link through the API never sees the old one;
// - otherwise at most every RECHECK_MS, for writers elsewhere (the title
//   fetcher in the background, another process on the same data folder).
//
// Click counters change on every click without moving the version. Only the
// click limit reads them here, and limited clicks are spent in the database
// (authoritative) and mirrored into the cached row.
import type { RedirectDomain, RedirectLink, RedirectRepository } from '../db/repositories/redirect-repository.ts';

const RECHECK_MS = 100;

export interface LinkCache {
  /** Call once per request, before the lookups: drops everything if the data changed. */
  sync(): void;
  /** The next sync reads the version whatever the time. */
  touch(): void;
  link(host: string, alias: string): RedirectLink | undefined;
  domain(host: string): RedirectDomain | undefined;
}

export function createLinkCache(repo: RedirectRepository, maxEntries: number): LinkCache {
  let version = Number.NaN;
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

  return {
    sync() {
      const now = performance.now();
      if (!touched && now - checkedAt < RECHECK_MS) return;
      touched = false;
      checkedAt = now;
      const v = repo.version();
      if (v !== version) {
        links.clear();
        domains.clear();
        version = v;
      }
    },

    touch() {
      touched = true;
    },

    link(host, alias) {
      const key = `${host}\n${alias}`;
      let hit = links.get(key);
      if (hit === undefined) {
        hit = repo.find(host, alias) ?? null;
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

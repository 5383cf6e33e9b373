// ctx.abuse: what a link may point at. The blocklist is held in memory
// (blocklist.ts) and reloaded when its generation moves, whichever process
// wrote it (another node, the CLI): read at most once a second, when a check
// needs it, as the redirect cache reads its change feed when a request needs it.
import type { BlocklistRepository } from '../db/repositories/blocklist-repository.ts';
import { invalid } from '../api/errors.ts';
import { buildIndex, describeMatch, type BlockMatch, type BlocklistIndex } from './blocklist.ts';
import { destinationsOf, type LinkDestinationsInput } from './link-destinations.ts';
import type { ShortenerResolver } from './shorteners.ts';
import { hostOf } from './url-host.ts';

export type { BlockMatch } from './blocklist.ts';
export interface LinkVerdict { field: string; url: string; match: BlockMatch; via?: string }
type Checked = LinkDestinationsInput & { alias?: string | null };

export interface AbuseCheckerOptions {
  repo: BlocklistRepository;
  /** Known shorteners resolved one hop; null: not resolved. */
  shorteners: ShortenerResolver | null;
  /** How often at most the generation is read (ms). */
  pollMs?: number;
  now?: () => number;
}

export interface AbuseChecker {
  /** Reloads the lists when another process changed them (cheap when nothing did). */
  refresh(force?: boolean): Promise<void>;
  /** The lists as this process holds them now: sync, microseconds. */
  matchUrl(url: string): BlockMatch | null;
  matchAlias(alias: string): BlockMatch | null;
  /** The first destination (or the alias) of a link or body that a list names, resolving known shorteners one hop. */
  check(link: Checked): Promise<LinkVerdict | null>;
  /** Every destination of a stored link: B's re-check. */
  matchLink(link: Checked): Promise<LinkVerdict | null>;
  /** 422 naming the field and the entry, for a body that a list names. */
  refuse(body: Checked): Promise<void>;
  /** Called after each reload. */
  changed(listener: () => void): () => void;
  size(): { hosts: number; keywords: number };
  close(): Promise<void>;
}

export const blockedMessage = (v: LinkVerdict) =>
  `The ${v.field} is on the blocklist (${describeMatch(v.match)}${v.via ? `, behind ${v.via}` : ''}).`;

export function createAbuseChecker(o: AbuseCheckerOptions): AbuseChecker {
  const pollMs = o.pollMs ?? 1_000;
  const now = o.now ?? Date.now;
  let index: BlocklistIndex = buildIndex([]);
  let generation = -1;
  let polledAt = -Infinity;
  let inFlight: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  const reload = async () => {
    const g = await o.repo.generation();
    if (g === generation) return;
    const entries = await o.repo.all();
    index = buildIndex(entries);
    generation = g;
    for (const l of listeners) l();
  };
  const refresh = async (force = false) => {
    if (!force && now() - polledAt < pollMs) return;
    inFlight ??= reload().finally(() => {
      polledAt = now();
      inFlight = null;
    });
    await inFlight;
  };

  const check = async (link: Checked): Promise<LinkVerdict | null> => {
    await refresh();
    if (typeof link.alias === 'string' && link.alias) {
      const m = index.matchText(link.alias);
      if (m) return { field: 'alias', url: link.alias, match: m };
    }
    const destinations = destinationsOf(link);
    for (const d of destinations) {
      const m = index.matchUrl(d.url);
      if (m) return { ...d, match: m };
    }
    // One hop behind each shortened address (after the direct checks: no request when a list names it already).
    if (o.shorteners) {
      for (const d of destinations) {
        if (!o.shorteners.isShortened(d.url)) continue;
        const to = await o.shorteners.resolve(d.url);
        const m = to === null ? null : index.matchUrl(to);
        if (m) return { ...d, match: m, via: hostOf(d.url) ?? undefined };
      }
    }
    return null;
  };

  return {
    refresh,
    matchUrl: (url) => index.matchUrl(url),
    matchAlias: (alias) => index.matchText(alias),
    check,
    matchLink: check,
    async refuse(body) {
      const v = await check(body);
      if (v) throw invalid(v.field, blockedMessage(v));
    },
    changed(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    size: () => index.size,
    async close() {
      await o.shorteners?.close();
    },
  };
}

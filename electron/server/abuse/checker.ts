// ctx.abuse: what a link may point at. The blocklist is held in memory
// (blocklist.ts) and reloaded when its generation moves, whichever process
// wrote it (another node, the CLI): read at most once a second, when a check
// needs it, as the redirect cache reads its change feed when a request needs it.
import type { BlocklistRepository } from '../db/repositories/blocklist-repository.ts';
import { invalid } from '../api/errors.ts';
import { buildIndex, describeMatch, type BlockMatch, type BlocklistIndex } from './blocklist.ts';
import { destinationsOf, type LinkDestinationsInput } from './link-destinations.ts';
import type { ShortenerResolver } from './shorteners.ts';
import type { SafeBrowsing } from './safe-browsing.ts';
import { hostOf } from './url-host.ts';

export type { BlockMatch } from './blocklist.ts';
export interface LinkVerdict { field: string; url: string; match: BlockMatch; via?: string }
/** What a write's check found: nothing to ask a threat list about, asked and clean, or not asked (due later). */
export type CheckOutcome = 'none' | 'checked' | 'due';
type Checked = LinkDestinationsInput & { alias?: string | null };

export interface AbuseCheckerOptions {
  repo: BlocklistRepository;
  /** Known shorteners resolved one hop; null: not resolved. */
  shorteners: ShortenerResolver | null;
  /** Google Safe Browsing; null: not configured. */
  safeBrowsing?: SafeBrowsing | null;
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
  /** Asks the threat list about many bodies' addresses at once (a bulk write), so each body's check finds them cached. */
  prefetch(links: Checked[]): Promise<void>;
  /** Every destination of a stored link: B's re-check. */
  matchLink(link: Checked): Promise<LinkVerdict | null>;
  /** matchLink and whether a threat list could not be asked ('due': ask again later). */
  examine(link: Checked): Promise<{ verdict: LinkVerdict | null; outcome: CheckOutcome }>;
  /** 422 naming the field and the entry, for a body that a list names; 'due' when a threat list could not be asked. */
  refuse(body: Checked): Promise<CheckOutcome>;
  /** Called after each reload. */
  changed(listener: () => void): () => void;
  size(): { hosts: number; keywords: number };
  close(): Promise<void>;
}

export const blockedMessage = (v: LinkVerdict) => (v.match.kind === 'threat'
  ? `The ${v.field} is on a threat list (Google Safe Browsing: ${v.match.entry}${v.via ? `, behind ${v.via}` : ''}).`
  : `The ${v.field} is on the blocklist (${describeMatch(v.match)}${v.via ? `, behind ${v.via}` : ''}).`);

export function createAbuseChecker(o: AbuseCheckerOptions): AbuseChecker {
  const pollMs = o.pollMs ?? 1_000;
  // Real time, whatever clock the app was given: a test that stops its clock must still see other processes' changes.
  const now = o.now ?? (() => performance.now());
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

  const check = async (link: Checked): Promise<LinkVerdict | null> => (await examine(link)).verdict;
  const examine = async (link: Checked): Promise<{ verdict: LinkVerdict | null; outcome: CheckOutcome }> => {
    const found = (verdict: LinkVerdict) => ({ verdict, outcome: 'checked' as const });
    await refresh();
    if (typeof link.alias === 'string' && link.alias) {
      const m = index.matchText(link.alias);
      if (m) return found({ field: 'alias', url: link.alias, match: m });
    }
    const destinations = destinationsOf(link);
    for (const d of destinations) {
      const m = index.matchUrl(d.url);
      if (m) return found({ ...d, match: m });
    }
    const behind: { field: string; url: string; to: string; via: string }[] = [];
    // One hop behind each shortened address (after the direct checks: no request when a list names it already).
    if (o.shorteners) {
      for (const d of destinations) {
        if (!o.shorteners.isShortened(d.url)) continue;
        const to = await o.shorteners.resolve(d.url);
        const m = to === null ? null : index.matchUrl(to);
        if (m) return found({ ...d, match: m, via: hostOf(d.url) ?? undefined });
        if (to !== null) behind.push({ field: d.field, url: d.url, to, via: hostOf(d.url) ?? '' });
      }
    }
    if (!o.safeBrowsing || !destinations.length) return { verdict: null, outcome: 'none' };
    const answer = await o.safeBrowsing.lookup([...destinations.map((d) => d.url), ...behind.map((b) => b.to)]);
    for (const d of destinations) {
      const threat = answer.threats.get(d.url);
      if (threat) return found({ ...d, match: { kind: 'threat', entry: threat, source: 'safe-browsing', legal: false } });
    }
    for (const b of behind) {
      const threat = answer.threats.get(b.to);
      if (threat) return found({ field: b.field, url: b.url, via: b.via, match: { kind: 'threat', entry: threat, source: 'safe-browsing', legal: false } });
    }
    return { verdict: null, outcome: answer.unknown ? 'due' : 'checked' };
  };

  return {
    refresh,
    matchUrl: (url) => index.matchUrl(url),
    matchAlias: (alias) => index.matchText(alias),
    check,
    matchLink: check,
    examine,
    async prefetch(links) {
      if (!o.safeBrowsing) return;
      const urls = links.flatMap((l) => destinationsOf(l).map((d) => d.url));
      if (urls.length) await o.safeBrowsing.lookup(urls);
    },
    async refuse(body) {
      const { verdict, outcome } = await examine(body);
      if (verdict) throw invalid(verdict.field, blockedMessage(verdict));
      return outcome;
    },
    changed(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    size: () => index.size,
    async close() {
      await o.shorteners?.close();
      await o.safeBrowsing?.close();
    },
  };
}

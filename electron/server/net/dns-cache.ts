// The DNS status's answers, kept per domain for a minute: a check repeated
// within the minute, or made while another check of the same domain runs,
// gets that answer (its checked_at says when) and sends no DNS query. The
// name is what is looked up, so whoever asks about it shares the answer.
// `beforeLookup` runs only when a lookup is about to start (the per-user
// limit counts those: an answer from the cache costs nothing).
import type { DomainDns } from '../../../shared/schemas/domain-dns.ts';
import type { DnsChecker } from './dns-check.ts';

export const DNS_CACHE_MS = 60_000;
/** Domains kept at most; past it the longest kept go first. */
const MAX_ENTRIES = 10_000;

export interface DnsStatusCache {
  check(domain: string, beforeLookup: () => void): Promise<DomainDns>;
}

interface Entry { answer: Promise<DomainDns>; until: number }

export function cacheDnsChecks(check: DnsChecker, now: () => number, ttlMs = DNS_CACHE_MS): DnsStatusCache {
  const entries = new Map<string, Entry>();
  const prune = () => {
    const t = now();
    for (const [k, e] of entries) if (e.until <= t) entries.delete(k);
    for (const [k, e] of entries) {
      if (entries.size < MAX_ENTRIES) break;
      if (e.until !== Infinity) entries.delete(k);
    }
  };
  return {
    check(domain, beforeLookup) {
      const key = domain.toLowerCase();
      const hit = entries.get(key);
      if (hit && hit.until > now()) return hit.answer;
      beforeLookup();
      entries.delete(key);
      if (entries.size >= MAX_ENTRIES) prune();
      // In flight until answered: every check of the domain meanwhile shares it.
      const entry: Entry = { answer: check(domain), until: Infinity };
      entries.set(key, entry);
      entry.answer.then(() => { entry.until = now() + ttlMs; }, () => { if (entries.get(key) === entry) entries.delete(key); });
      return entry.answer;
    },
  };
}

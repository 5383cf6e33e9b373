// The blocklist in memory: exact hosts and `*.example.com` entries in hash
// maps (a check walks the host's suffixes: a handful of lookups), and keywords
// matched case-insensitively in the URL (raw, percent-decoded, and with its
// host in Unicode) and in the alias, as phpShort's bad words
// (app/Rules/ValidateBadWordsRule.php: a case-insensitive substring).
import { domainToUnicode } from 'node:url';
import type { BlockEntry } from '../db/repositories/blocklist-repository.ts';
import { hostOf } from './url-host.ts';

export type BlockMatch = { kind: 'host' | 'keyword' | 'threat'; entry: string; source: string; legal: boolean };

/** Percent-decoded until it stops changing (a few rounds: `%2565` is `%65` is `e`); bad escapes stay as they are. */
function decoded(text: string): string {
  let out = text;
  for (let i = 0; i < 3 && out.includes('%'); i++) {
    const next = out.replace(/(%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
    if (next === out) break;
    out = next;
  }
  return out;
}

/** Everything a keyword is looked for in: the URL as written, decoded, and as parsed with its host in Unicode. */
function haystackOf(url: string): string {
  // Most URLs are plain: the text is all a browser would read.
  if (!/[%\t\n\r\\]|xn--/i.test(url)) return url.toLowerCase();
  const parts = [url, decoded(url)];
  try {
    const u = new URL(url.trim());
    parts.push(u.href, decoded(u.href), domainToUnicode(u.hostname));
  } catch { /* not a URL: its text is enough */ }
  return parts.join('\n').toLowerCase();
}

export interface BlocklistIndex {
  matchHost(host: string): BlockMatch | null;
  matchUrl(url: string): BlockMatch | null;
  matchText(text: string): BlockMatch | null;
  size: { hosts: number; keywords: number };
}

export function buildIndex(entries: Iterable<BlockEntry>): BlocklistIndex {
  // Sources are few: each entry keeps a small number, not a string of its own.
  const sources: string[] = [];
  const sourceId = (s: string) => {
    const i = sources.indexOf(s);
    return i === -1 ? sources.push(s) - 1 : i;
  };
  const exact = new Map<string, number>();
  const wild = new Map<string, number>();
  const keywords: { word: string; source: number }[] = [];
  for (const e of entries) {
    if (e.kind === 'keyword') {
      const word = e.value.toLowerCase();
      if (word) keywords.push({ word, source: sourceId(e.source) });
    } else if (e.value.startsWith('*.')) wild.set(e.value.slice(2), sourceId(e.source));
    else exact.set(e.value, sourceId(e.source));
  }
  const hit = (kind: 'host' | 'keyword', entry: string, source: number): BlockMatch => ({ kind, entry, source: sources[source]!, legal: false });

  const matchHost = (host: string): BlockMatch | null => {
    const s = exact.get(host);
    if (s !== undefined) return hit('host', host, s);
    if (!wild.size) return null;
    for (let at = 0; at !== -1; at = host.indexOf('.', at) + 1 || -1) {
      const suffix = at === 0 ? host : host.slice(at);
      const w = wild.get(suffix);
      if (w !== undefined) return hit('host', `*.${suffix}`, w);
      if (at === 0 && host.indexOf('.') === -1) break;
    }
    return null;
  };
  const matchText = (text: string): BlockMatch | null => {
    if (!keywords.length) return null;
    const lower = text.toLowerCase();
    const k = keywords.find((w) => lower.includes(w.word));
    return k ? hit('keyword', k.word, k.source) : null;
  };
  return {
    matchHost,
    matchText,
    matchUrl(url) {
      const host = hostOf(url);
      const byHost = host === null ? null : matchHost(host);
      if (byHost || !keywords.length) return byHost;
      return matchText(haystackOf(url));
    },
    size: { hosts: exact.size + wild.size, keywords: keywords.length },
  };
}

/** What a 422 says of a match: `host *.evil.com`, `keyword casino`. */
export const describeMatch = (m: BlockMatch) => `${m.kind === 'threat' ? 'threat list' : m.kind} ${m.entry}`;

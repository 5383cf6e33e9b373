// The five campaign tags live in the destination URL itself, so the URL is
// the only state: the fields are read from it and every edit writes it back.
// The query is edited as text, not through URLSearchParams, so the other
// parameters keep their order and their own spelling (`a+b`, `flag` without
// `=`), and the fragment stays where it was.

export const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export type UtmFields = Record<UtmKey, string>;

export const emptyUtm = (): UtmFields => ({ source: '', medium: '', campaign: '', term: '', content: '' });

interface Parts { base: string; query: string[]; fragment: string }

/** The URL split at `?` and `#`, or null unless it is an absolute http(s) URL. */
function split(url: string): Parts | null {
  try {
    const u = new URL(url.trim());
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  } catch {
    return null;
  }
  const hash = url.indexOf('#');
  const fragment = hash < 0 ? '' : url.slice(hash);
  const beforeHash = hash < 0 ? url : url.slice(0, hash);
  const q = beforeHash.indexOf('?');
  if (q < 0) return { base: beforeHash, query: [], fragment };
  return { base: beforeHash.slice(0, q), query: beforeHash.slice(q + 1).split('&').filter(Boolean), fragment };
}

const decode = (s: string) => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
};

/** The UTM key a query segment sets, if any. */
function utmKeyOf(segment: string): UtmKey | null {
  const name = decode(segment.split('=', 1)[0]!);
  const key = name.startsWith('utm_') ? name.slice(4) : '';
  return (UTM_KEYS as readonly string[]).includes(key) ? (key as UtmKey) : null;
}

/** The tags in `url` (the first of each when repeated), or null when it is not a URL the tags can go on. */
export function readUtm(url: string): UtmFields | null {
  const parts = split(url);
  if (!parts) return null;
  const fields = emptyUtm();
  const seen = new Set<UtmKey>();
  for (const segment of parts.query) {
    const key = utmKeyOf(segment);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    const eq = segment.indexOf('=');
    fields[key] = eq < 0 ? '' : decode(segment.slice(eq + 1));
  }
  return fields;
}

/**
 * `url` with its tags set to `fields`: a tag already present is replaced where
 * it stands (its repeats dropped), a new one goes at the end, an empty one is
 * removed. Null when `url` is not a URL the tags can go on: it is left alone.
 */
export function writeUtm(url: string, fields: Partial<UtmFields>): string | null {
  const parts = split(url);
  if (!parts) return null;
  const segment = (key: UtmKey) => `utm_${key}=${encodeURIComponent(fields[key]!)}`;
  const placed = new Set<UtmKey>();
  const query: string[] = [];
  for (const s of parts.query) {
    const key = utmKeyOf(s);
    if (!key || fields[key] === undefined) query.push(s);
    else if (!placed.has(key)) {
      placed.add(key);
      if (fields[key]) query.push(segment(key));
    }
  }
  for (const key of UTM_KEYS) if (fields[key] && !placed.has(key)) query.push(segment(key));
  return `${parts.base}${query.length ? `?${query.join('&')}` : ''}${parts.fragment}`;
}

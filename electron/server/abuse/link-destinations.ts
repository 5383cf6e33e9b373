// Every address a link can send a visitor to, with the API field that holds
// it (as the 422s name fields): `url`, `expiration_url`, each target
// (`targets.0.value` in a body of current phpShort's spelling, `country.0.value`
// in the seed's and in a stored link's lists) and each rule's URL (`rules.1.url`).
// Takes a create or update body as validated, or a stored link row (targets
// and rules as their JSON text). Unselected stored target lists count too: a
// later update may select them without sending them.

export interface LinkDestinationsInput {
  url?: string | null;
  expiration_url?: string | null;
  /** A body's `targets` list, or a stored link's lists (JSON text or parsed). */
  targets?: string | object | null;
  rules?: string | unknown[] | null;
  /** The seed's spelling of targets in a body (each a list of {key, value}). */
  country?: unknown;
  platform?: unknown;
  language?: unknown;
  rotation?: unknown;
}

export interface Destination { field: string; url: string }

const parsed = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return null;
  }
};

function entries(field: string, list: unknown, out: Destination[]) {
  if (!Array.isArray(list)) return;
  list.forEach((e, i) => {
    const value = (e as { value?: unknown } | null)?.value;
    if (typeof value === 'string' && value) out.push({ field: `${field}.${i}.value`, url: value });
  });
}

export function destinationsOf(link: LinkDestinationsInput): Destination[] {
  const out: Destination[] = [];
  if (typeof link.url === 'string' && link.url) out.push({ field: 'url', url: link.url });
  if (typeof link.expiration_url === 'string' && link.expiration_url) out.push({ field: 'expiration_url', url: link.expiration_url });
  const targets = parsed(link.targets);
  if (Array.isArray(targets)) entries('targets', targets, out);
  else if (targets && typeof targets === 'object') {
    for (const [list, values] of Object.entries(targets)) entries(list, values, out);
  }
  for (const seed of ['country', 'platform', 'language', 'rotation'] as const) entries(seed, link[seed], out);
  const rules = parsed(link.rules);
  if (Array.isArray(rules)) {
    rules.forEach((r, i) => {
      const url = (r as { url?: unknown } | null)?.url;
      if (typeof url === 'string' && url) out.push({ field: `rules.${i}.url`, url });
    });
  }
  return out;
}

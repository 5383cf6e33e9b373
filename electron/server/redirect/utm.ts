// The UTM parameters of the address a visitor was sent to, for statistics.
// Worked out on the click writer's side, once per distinct address a batch holds.

export interface Utm { utm_source: string | null; utm_medium: string | null; utm_campaign: string | null }

const NONE: Utm = { utm_source: null, utm_medium: null, utm_campaign: null };
/** Longer values are cut here: a rollup keeps each value whole, and one row per value. */
export const MAX_UTM = 4096;

// PostgreSQL's text and jsonb cannot hold U+0000 (a batch holding one would fail again and again): it is
// stored as U+FFFD, the character that stands for what cannot be shown. Every other character is kept.
const value = (p: URLSearchParams, name: string) => {
  const v = p.get(name);
  return v ? v.slice(0, MAX_UTM).replaceAll('\u0000', '\uFFFD') : null;
};

export function utmOf(address: string | undefined): Utm {
  if (!address || !address.includes('utm_')) return NONE;
  let p: URLSearchParams;
  try {
    p = new URL(address).searchParams;
  } catch {
    return NONE;
  }
  return { utm_source: value(p, 'utm_source'), utm_medium: value(p, 'utm_medium'), utm_campaign: value(p, 'utm_campaign') };
}

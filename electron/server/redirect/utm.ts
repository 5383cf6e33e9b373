// The UTM parameters of the address a visitor was sent to, for statistics.
// Worked out on the click writer's side, once per distinct address a batch holds.

export interface Utm { utm_source: string | null; utm_medium: string | null; utm_campaign: string | null }

const NONE: Utm = { utm_source: null, utm_medium: null, utm_campaign: null };
/** Longer values are cut here: a rollup keeps each value whole, and one row per value. */
export const MAX_UTM = 4096;

const value = (p: URLSearchParams, name: string) => {
  const v = p.get(name);
  return v ? v.slice(0, MAX_UTM) : null;
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

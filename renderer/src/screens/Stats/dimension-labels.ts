// How the new dimensions' values read on screen.
import type { CityRow } from './stats-types.ts';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const known = (v: string) => v !== '' && v !== 'Unknown' && v !== '(other)';

export const CONTINENTS: Record<string, string> = {
  AF: 'Africa', AN: 'Antarctica', AS: 'Asia', EU: 'Europe', NA: 'North America', OC: 'Oceania', SA: 'South America',
};
export const DEVICES: Record<string, string> = {
  desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet', watch: 'Watch', television: 'Television', console: 'Game console',
};
export const SOURCES: Record<string, string> = { link: 'Link', qr: 'QR code' };

/** Rollups keep the most frequent values and count the rest under `(other)`. */
const other = (v: string) => (v === '(other)' ? 'Others' : 'Unknown');

export const countryName = (code: string): string => {
  if (!known(code)) return other(code);
  try { return regionNames.of(code.toUpperCase()) ?? code; } catch { return code; }
};

export const LABEL = {
  continents: (v: string) => CONTINENTS[v] ?? (known(v) ? v : other(v)),
  devices: (v: string) => DEVICES[v] ?? (known(v) ? v : other(v)),
  sources: (v: string) => SOURCES[v] ?? (known(v) ? v : other(v)),
  utm: (v: string) => (known(v) ? v : other(v)),
};

/** "Mountain View, California, United States": the region and country tell apart the many Springfields. */
export function cityName(c: CityRow): string {
  if (!known(c.value)) return other(c.value);
  // Berlin lies in Berlin: a region named as its city is said once.
  const region = c.region && c.region !== c.value ? c.region : '';
  return [c.value, region, c.country ? countryName(c.country) : ''].filter(Boolean).join(', ');
}

/** Monday first, as the API counts (1 = Monday). */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
export const WEEKDAYS_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
export const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

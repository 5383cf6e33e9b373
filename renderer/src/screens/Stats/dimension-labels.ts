// How the new dimensions' values read on screen, in the app's language:
// countries by Intl's names, continents, devices and sources from the catalog,
// weekdays by Intl. Each call reads the current locale (getIntl), so a screen
// that re-renders on a language switch shows the new names.
import { defineMessages, type IntlShape } from 'react-intl';
import { getIntl } from '../../i18n/current.ts';
import { continentName, regionName } from '../../i18n/names.ts';
import { plain } from '../../i18n/plain.ts';
import type { CityRow } from './stats-types.ts';

const known = (v: string) => v !== '' && v !== 'Unknown' && v !== '(other)';

const m = plain(defineMessages({
  others: { id: 'app.stats.value.others', defaultMessage: 'Others', description: 'The rest of the values, added up under one row' },
  unknown: { id: 'app.stats.value.unknown', defaultMessage: 'Unknown' },
  desktop: { id: 'app.stats.device.desktop', defaultMessage: 'Desktop' },
  mobile: { id: 'app.stats.device.mobile', defaultMessage: 'Mobile' },
  tablet: { id: 'app.stats.device.tablet', defaultMessage: 'Tablet' },
  watch: { id: 'app.stats.device.watch', defaultMessage: 'Watch' },
  television: { id: 'app.stats.device.television', defaultMessage: 'Television' },
  console: { id: 'app.stats.device.console', defaultMessage: 'Game console' },
  link: { id: 'app.stats.source.link', defaultMessage: 'Link' },
  qr: { id: 'app.stats.source.qr', defaultMessage: 'QR code' },
  city: { id: 'app.stats.city', defaultMessage: '{city}{region, select, none {} other {, {region}}}{country, select, none {} other {, {country}}}', description: 'A city, its region and its country: "Mountain View, California, United States"' },
}));
const DEVICE_KEYS = new Set(['desktop', 'mobile', 'tablet', 'watch', 'television', 'console']);
const SOURCE_KEYS = new Set(['link', 'qr']);

/** Rollups keep the most frequent values and count the rest under `(other)`. */
const other = (v: string, intl: IntlShape) => intl.formatMessage(v === '(other)' ? m.others : m.unknown);

export const countryName = (code: string, intl: IntlShape = getIntl()): string => (known(code) ? regionName(code, intl.locale) : other(code, intl));

export const LABEL = {
  continents: (v: string, intl: IntlShape = getIntl()) => (known(v) ? continentName(v, intl) : other(v, intl)),
  devices: (v: string, intl: IntlShape = getIntl()) =>
    (DEVICE_KEYS.has(v) ? intl.formatMessage(m[v as 'desktop']) : known(v) ? v : other(v, intl)),
  sources: (v: string, intl: IntlShape = getIntl()) => (SOURCE_KEYS.has(v) ? intl.formatMessage(m[v as 'link' | 'qr']) : known(v) ? v : other(v, intl)),
  utm: (v: string, intl: IntlShape = getIntl()) => (known(v) ? v : other(v, intl)),
};
/** "Unknown" in the app's language (a click without a device, say). */
export const unknownWord = (intl: IntlShape = getIntl()) => intl.formatMessage(m.unknown);

/** "Mountain View, California, United States": the region and country tell apart the many Springfields. */
export function cityName(c: CityRow, intl: IntlShape = getIntl()): string {
  if (!known(c.value)) return other(c.value, intl);
  // Berlin lies in Berlin: a region named as its city is said once.
  const region = c.region && c.region !== c.value ? c.region : 'none';
  return intl.formatMessage(m.city, { city: c.value, region, country: c.country ? countryName(c.country, intl) : 'none' });
}

/** Monday first, as the API counts (1 = Monday), named in the locale ("Montag", "月曜日"). */
export function weekdays(intl: IntlShape = getIntl(), style: 'long' | 'short' = 'long'): string[] {
  const f = new Intl.DateTimeFormat(intl.locale, { weekday: style, timeZone: 'UTC' });
  // 1 January 2024 was a Monday.
  return Array.from({ length: 7 }, (_, i) => f.format(new Date(Date.UTC(2024, 0, 1 + i, 12))));
}
export const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

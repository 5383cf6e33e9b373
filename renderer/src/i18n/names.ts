// Country, language and continent names in the current locale: countries and
// languages from Intl.DisplayNames (the runtime's CLDR data), continents from
// the catalog (Intl has no continent names).
import { defineMessages, type IntlShape } from 'react-intl';
import { getIntl, getLocale } from './current.ts';

const displayNames = new Map<string, Intl.DisplayNames | null>();
function names(locale: string, type: 'region' | 'language'): Intl.DisplayNames | null {
  const key = `${locale}\u0000${type}`;
  if (!displayNames.has(key)) {
    let dn: Intl.DisplayNames | null = null;
    try {
      dn = new Intl.DisplayNames([locale, 'en'], { type, fallback: 'code' });
    } catch {
      dn = null;
    }
    displayNames.set(key, dn);
  }
  return displayNames.get(key)!;
}

function nameOf(type: 'region' | 'language', code: string | null | undefined, locale: string): string {
  if (!code) return '';
  try {
    return names(locale, type)?.of(type === 'region' ? code.toUpperCase() : code) ?? code;
  } catch {
    return code; // not a well-formed code: shown as it came
  }
}

/** A country's name ("DE" → "Germany", "Deutschland", "ドイツ"); the code itself when unknown. */
export const regionName = (code: string | null | undefined, locale: string = getLocale()): string => nameOf('region', code, locale);
/** A language's name ("fr" → "French", "Französisch"); the code itself when unknown. */
export const languageName = (code: string | null | undefined, locale: string = getLocale()): string => nameOf('language', code, locale);

export const CONTINENT_CODES = ['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA'] as const;
export type ContinentCode = (typeof CONTINENT_CODES)[number];

const continents = defineMessages({
  AF: { id: 'app.names.continent.africa', defaultMessage: 'Africa' },
  AN: { id: 'app.names.continent.antarctica', defaultMessage: 'Antarctica' },
  AS: { id: 'app.names.continent.asia', defaultMessage: 'Asia' },
  EU: { id: 'app.names.continent.europe', defaultMessage: 'Europe' },
  NA: { id: 'app.names.continent.northAmerica', defaultMessage: 'North America' },
  OC: { id: 'app.names.continent.oceania', defaultMessage: 'Oceania' },
  SA: { id: 'app.names.continent.southAmerica', defaultMessage: 'South America' },
});

/** A continent's name from its two-letter code (AF, AN, AS, EU, NA, OC, SA); the code itself when unknown. */
export function continentName(code: string | null | undefined, intl: IntlShape = getIntl()): string {
  if (!code) return '';
  const m = continents[code.toUpperCase() as ContinentCode];
  return m ? intl.formatMessage(m) : code;
}

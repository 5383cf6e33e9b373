// The core alone: the codes without every language's names (82 files the server never reads).
import countries from 'i18n-iso-countries/index.js';
import ISO6391 from 'iso-639-1';

const countryCodes = new Set(Object.keys(countries.getAlpha2Codes()));
const languageCodes = new Set<string>(ISO6391.getAllCodes());
/**
 * Keys phpShort's config/countries.php and config/languages.php list beyond
 * ISO's current codes (withdrawn and reserved ones: Serbia and Montenegro,
 * the USSR, Moldavian, Serbo-Croatian, its `cn` for Chinese...): a phpShort
 * client may send them, so they are taken as targeting keys, though no
 * visitor is placed in them. ISO codes phpShort lacks (CW, SS, SX, XK, `ae`)
 * stay taken: real places and a language visitors do come with.
 */
const PHPSHORT_ONLY_COUNTRIES = ['AN', 'CS', 'CT', 'FQ', 'FX', 'JT', 'MI', 'NQ', 'NT', 'PC', 'PU', 'PZ', 'SU', 'VD', 'WK', 'YD', 'ZZ'];
const PHPSHORT_ONLY_LANGUAGES = ['bh', 'cn', 'mo', 'sh'];
const countryKeys = new Set([...countryCodes, ...PHPSHORT_ONLY_COUNTRIES]);
const languageKeys = new Set([...languageCodes, ...PHPSHORT_ONLY_LANGUAGES]);

/** A country targeting key: ISO 3166-1 alpha-2, or one phpShort's config/countries.php adds. */
export const isCountryCode = (code: string): boolean => countryKeys.has(code);
/** A language targeting key: ISO 639-1, or one phpShort's config/languages.php adds. */
export const isLanguageCode = (code: string): boolean => languageKeys.has(code);
export const allCountryCodes = (): string[] => [...countryCodes].sort();
export const allLanguages = (): { code: string; name: string }[] =>
  ISO6391.getAllCodes().map((code) => ({ code, name: ISO6391.getName(code) }));

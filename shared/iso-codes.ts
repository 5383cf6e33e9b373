// The core alone: the codes without every language's names (82 files the server never reads).
import countries from 'i18n-iso-countries/index.js';
import ISO6391 from 'iso-639-1';

const countryCodes = new Set(Object.keys(countries.getAlpha2Codes()));
const languageCodes = new Set<string>(ISO6391.getAllCodes());

export const isCountryCode = (code: string): boolean => countryCodes.has(code);
export const isLanguageCode = (code: string): boolean => languageCodes.has(code);
export const allCountryCodes = (): string[] => [...countryCodes].sort();
export const allLanguages = (): { code: string; name: string }[] =>
  ISO6391.getAllCodes().map((code) => ({ code, name: ISO6391.getName(code) }));

// Choices for targeting keys: ISO 3166-1 countries and ISO 639-1 languages
// from shared/iso-codes (the server checks against the same lists), the seed's
// seven platforms. Country names come from the browser's Intl data.
import { PLATFORMS } from '../../../../../shared/constants.ts';
import { allCountryCodes, allLanguages } from '../../../../../shared/iso-codes.ts';

export interface KeyOption { value: string; label: string }

let countries: KeyOption[] | null = null;
export function countryOptions(): KeyOption[] {
  if (countries) return countries;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  countries = allCountryCodes()
    .map((code) => {
      let name = code;
      try { name = names.of(code) ?? code; } catch { /* unknown to this browser: show the code */ }
      return { value: code, label: `${name} (${code})` };
    })
    .sort((a, b) => a.label.localeCompare(b.label));
  return countries;
}

let languages: KeyOption[] | null = null;
export function languageOptions(): KeyOption[] {
  languages ??= allLanguages()
    .map(({ code, name }) => ({ value: code, label: `${name} (${code})` }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return languages;
}

export const platformOptions = (): KeyOption[] => PLATFORMS.map((p) => ({ value: p, label: p }));

export const TARGET_TYPE_OPTIONS = [
  { value: '0', label: 'None: everyone goes to the destination' },
  { value: '1', label: 'Country' },
  { value: '2', label: 'Platform' },
  { value: '3', label: 'Language' },
  { value: '4', label: 'Rotation' },
];

// Choices for targeting keys and rule conditions, labelled for people and
// searchable by name: countries by the browser's Intl names, languages by
// ISO 639-1 names (both from shared/iso-codes, as the server checks), the
// other lists as phpShort spells them (shared/targeting-keys).
import { allCountryCodes, allLanguages } from '../../../../../shared/iso-codes.ts';
import { BROWSERS, CONTINENTS, CONTINENT_KEYS, DEVICES, OPERATING_SYSTEMS, TARGETS_TYPES } from '../../../../../shared/targeting-keys.ts';
import type { KeyedType, ListCondition, TargetsType } from './targeting-model.ts';

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

const continentOptions = (): KeyOption[] => CONTINENT_KEYS.map((c) => ({ value: c, label: `${CONTINENTS[c]} (${c})` }));
const plain = (list: readonly string[]) => (): KeyOption[] => list.map((v) => ({ value: v, label: v }));
const deviceOptions = (): KeyOption[] => DEVICES.map((d) => ({ value: d, label: d[0]!.toUpperCase() + d.slice(1) }));

/** Each keyed type: its options and how one entry is named ("Country 2", "Add country"). */
export const KEYED: Record<KeyedType, { noun: string; label: string; options: () => KeyOption[] }> = {
  continents: { noun: 'continent', label: 'Continent', options: continentOptions },
  countries: { noun: 'country', label: 'Country', options: countryOptions },
  operating_systems: { noun: 'operating system', label: 'Operating system', options: plain(OPERATING_SYSTEMS) },
  browsers: { noun: 'browser', label: 'Browser', options: plain(BROWSERS) },
  languages: { noun: 'language', label: 'Language', options: languageOptions },
  devices: { noun: 'device', label: 'Device', options: deviceOptions },
};

/** A rule condition over a list: the same lists, named in the plural. */
export const LIST_CONDITION_WORDS: Record<ListCondition, { label: string; options: () => KeyOption[] }> = {
  countries: { label: 'Countries', options: countryOptions },
  continents: { label: 'Continents', options: continentOptions },
  operating_systems: { label: 'Operating systems', options: plain(OPERATING_SYSTEMS) },
  browsers: { label: 'Browsers', options: plain(BROWSERS) },
  devices: { label: 'Devices', options: deviceOptions },
  languages: { label: 'Languages', options: languageOptions },
};

const TYPE_LABEL: Record<TargetsType, string> = {
  continents: 'Continent', countries: 'Country', operating_systems: 'Operating system', browsers: 'Browser',
  languages: 'Language', devices: 'Device', rotations: 'Rotation',
};

/** The Select's value for no targeting (an empty value reads as nothing chosen). */
export const NO_TARGETING = 'none';
export const TARGETS_TYPE_OPTIONS: KeyOption[] = [
  { value: NO_TARGETING, label: 'None: everyone goes to the destination' },
  ...TARGETS_TYPES.map((t) => ({ value: t, label: TYPE_LABEL[t] })),
];

/** A key as the lists label it: "Germany (DE)", "Europe (EU)"; the key itself when no list knows it. */
export function keyLabel(type: KeyedType, key: string): string {
  return KEYED[type].options().find((o) => o.value === key)?.label ?? key;
}

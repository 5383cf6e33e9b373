// Choices for targeting keys and rule conditions, labelled for people and
// searchable by name in the app's language: countries and languages by Intl's
// names in the current locale (the codes from shared/iso-codes, as the server
// checks them; a language Intl cannot name keeps its ISO 639-1 English name),
// continents from the catalog, the other lists as phpShort spells them
// (shared/targeting-keys: product names, not words).
import { defineMessages, type IntlShape } from 'react-intl';
import { allCountryCodes, allLanguages } from '../../../../../shared/iso-codes.ts';
import { BROWSERS, CONTINENT_KEYS, DEVICES, OPERATING_SYSTEMS, TARGETS_TYPES } from '../../../../../shared/targeting-keys.ts';
import { getIntl } from '../../../i18n/current.ts';
import { continentName, languageName, regionName } from '../../../i18n/names.ts';
import { plain } from '../../../i18n/plain.ts';
import type { KeyedType, ListCondition, TargetsType } from './targeting-model.ts';

export interface KeyOption { value: string; label: string }

const m = plain(defineMessages({
  option: { id: 'app.targeting.option', defaultMessage: '{name} ({code})', description: 'A choice in a targeting list: a country, language or continent and its code, "Germany (DE)"' },
  none: { id: 'app.targeting.type.none', defaultMessage: 'None: everyone goes to the destination' },
  mobile: { id: 'app.targeting.device.mobile', defaultMessage: 'Mobile' },
  desktop: { id: 'app.targeting.device.desktop', defaultMessage: 'Desktop' },
  tablet: { id: 'app.targeting.device.tablet', defaultMessage: 'Tablet' },
  watch: { id: 'app.targeting.device.watch', defaultMessage: 'Watch' },
  television: { id: 'app.targeting.device.television', defaultMessage: 'Television' },
}));

/** What a targeting type is called, alone: "Country", "Operating system". */
export const typeWords = plain(defineMessages({
  continents: { id: 'app.targeting.type.continents', defaultMessage: 'Continent' },
  countries: { id: 'app.targeting.type.countries', defaultMessage: 'Country' },
  operating_systems: { id: 'app.targeting.type.operatingSystems', defaultMessage: 'Operating system' },
  browsers: { id: 'app.targeting.type.browsers', defaultMessage: 'Browser' },
  languages: { id: 'app.targeting.type.languages', defaultMessage: 'Language' },
  devices: { id: 'app.targeting.type.devices', defaultMessage: 'Device' },
  rotations: { id: 'app.targeting.type.rotations', defaultMessage: 'Rotation' },
}));

/** A rule condition over a list, named in the plural. */
export const conditionWords = plain(defineMessages({
  countries: { id: 'app.rules.condition.countries', defaultMessage: 'Countries' },
  continents: { id: 'app.rules.condition.continents', defaultMessage: 'Continents' },
  operating_systems: { id: 'app.rules.condition.operatingSystems', defaultMessage: 'Operating systems' },
  browsers: { id: 'app.rules.condition.browsers', defaultMessage: 'Browsers' },
  devices: { id: 'app.rules.condition.devices', defaultMessage: 'Devices' },
  languages: { id: 'app.rules.condition.languages', defaultMessage: 'Languages' },
}));

const cache = new Map<string, KeyOption[]>();
/** One list per locale, made once: the names sorted as that language sorts them. */
function cached(kind: string, intl: IntlShape, make: () => KeyOption[]): KeyOption[] {
  const key = `${kind}\u0000${intl.locale}`;
  let list = cache.get(key);
  if (!list) cache.set(key, (list = make()));
  return list;
}
const sortByLabel = (list: KeyOption[], locale: string) => list.sort((a, b) => a.label.localeCompare(b.label, locale));
const named = (intl: IntlShape, name: string, code: string): KeyOption => ({ value: code, label: intl.formatMessage(m.option, { name, code }) });

export const countryOptions = (intl: IntlShape = getIntl()) => cached('countries', intl, () =>
  sortByLabel(allCountryCodes().map((code) => named(intl, regionName(code, intl.locale), code)), intl.locale));

export const languageOptions = (intl: IntlShape = getIntl()) => cached('languages', intl, () =>
  sortByLabel(allLanguages().map(({ code, name }) => {
    const local = languageName(code, intl.locale);
    return named(intl, local && local !== code ? local : name, code);
  }), intl.locale));

const continentOptions = (intl: IntlShape = getIntl()): KeyOption[] => CONTINENT_KEYS.map((c) => named(intl, continentName(c, intl), c));
const asWritten = (list: readonly string[]) => (): KeyOption[] => list.map((v) => ({ value: v, label: v }));
const deviceOptions = (intl: IntlShape = getIntl()): KeyOption[] =>
  DEVICES.map((d) => ({ value: d, label: intl.formatMessage(m[d]) }));

/** Each keyed type's options, in the current language. */
export const KEY_OPTIONS: Record<KeyedType, (intl?: IntlShape) => KeyOption[]> = {
  continents: continentOptions,
  countries: countryOptions,
  operating_systems: asWritten(OPERATING_SYSTEMS),
  browsers: asWritten(BROWSERS),
  languages: languageOptions,
  devices: deviceOptions,
};
/** A list condition's options: the same lists. */
export const CONDITION_OPTIONS: Record<ListCondition, (intl?: IntlShape) => KeyOption[]> = KEY_OPTIONS;

/** The Select's value for no targeting (an empty value reads as nothing chosen). */
export const NO_TARGETING = 'none';
export const targetsTypeOptions = (intl: IntlShape): KeyOption[] => [
  { value: NO_TARGETING, label: intl.formatMessage(m.none) },
  ...TARGETS_TYPES.map((t) => ({ value: t, label: intl.formatMessage(typeWords[t as TargetsType]) })),
];

/** A key as the lists label it: "Germany (DE)", "Europe (EU)"; the key itself when no list knows it. */
export function keyLabel(type: KeyedType, key: string, intl: IntlShape = getIntl()): string {
  return KEY_OPTIONS[type](intl).find((o) => o.value === key)?.label ?? key;
}

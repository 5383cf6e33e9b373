// phpShort's targeting types and their keys, for both API generations
// (DESIGN.md "Redirect server" 4): the server validates and matches with
// them, the link form offers them. Countries and languages are ISO codes
// (iso-codes.ts); the other lists are spelled as phpShort spells them.
import { PLATFORMS } from './constants.ts';

/** Current phpShort's `targets_type` values, in its order. */
export const TARGETS_TYPES = ['continents', 'countries', 'operating_systems', 'browsers', 'languages', 'devices', 'rotations'] as const;
export type TargetsType = (typeof TARGETS_TYPES)[number];

/**
 * The stored `target_type` of each `targets_type`. 1-4 are the seed's own
 * numbers (the seed's `platform` is current phpShort's `operating_systems`);
 * 5-7 exist only in storage: the seed API reads those links as target_type 0.
 */
export const TARGETS_TYPE_CODE = {
  countries: 1, operating_systems: 2, languages: 3, rotations: 4, continents: 5, browsers: 6, devices: 7,
} as const satisfies Record<TargetsType, number>;
export type StoredTargetType = 0 | (typeof TARGETS_TYPE_CODE)[TargetsType];

/** The list of the stored `targets` JSON each type reads (the seed's field names for its four). */
export const TARGETS_FIELD = {
  countries: 'country', operating_systems: 'platform', languages: 'language', rotations: 'rotation',
  continents: 'continent', browsers: 'browser', devices: 'device',
} as const satisfies Record<TargetsType, string>;
export type StoredTargetField = (typeof TARGETS_FIELD)[TargetsType];

/** `targets_type` of a stored target_type; null for 0 (none) or an unknown code. */
export function targetsTypeOf(code: number): TargetsType | null {
  for (const t of TARGETS_TYPES) if (TARGETS_TYPE_CODE[t] === code) return t;
  return null;
}

/** The seven continents by their two-letter codes (MaxMind's), with English names. */
export const CONTINENTS = {
  AF: 'Africa', AN: 'Antarctica', AS: 'Asia', EU: 'Europe', NA: 'North America', OC: 'Oceania', SA: 'South America',
} as const;
export type ContinentCode = keyof typeof CONTINENTS;
export const CONTINENT_KEYS = Object.keys(CONTINENTS) as ContinentCode[];

/**
 * Operating systems a link can newly target: phpShort's seven
 * (config/operating_systems.php, the seed's `platform` keys), spelled as its
 * ValidateTargetKeyRule compares them.
 */
export const OPERATING_SYSTEMS = PLATFORMS;
/**
 * Operating systems Linkdesk accepted before it took phpShort's seven: links
 * stored with them still match (the redirect names these systems) and read
 * back; a write may keep one its link already has, never add one.
 */
export const LEGACY_OPERATING_SYSTEMS = ['Windows Phone', 'BlackBerry', 'Tizen', 'KaiOS', 'HarmonyOS'] as const;
/** Every operating system the redirect names a visitor's (targeting and statistics): the seven, then the legacy five. */
export const KNOWN_OPERATING_SYSTEMS = [...OPERATING_SYSTEMS, ...LEGACY_OPERATING_SYSTEMS] as const;
export type OperatingSystem = (typeof KNOWN_OPERATING_SYSTEMS)[number];
export const isLegacyOperatingSystem = (name: string): boolean => (LEGACY_OPERATING_SYSTEMS as readonly string[]).includes(name);

/** phpShort's browsers (config/browsers.php, its order and spelling, 'Maxtho' included): the redirect names visitors' browsers so. */
export const BROWSERS = [
  'Chrome', 'Chromium', 'Firefox', 'Firefox Mobile', 'Edge', 'Internet Explorer', 'Mobile Internet Explorer', 'Vivaldi', 'Brave',
  'Safari', 'Opera', 'Opera Mini', 'Opera Mobile', 'Opera Touch', 'Yandex Browser', 'UC Browser', 'Samsung Internet', 'QQ Browser',
  'BlackBerry Browser', 'Maxtho',
] as const;
export type Browser = (typeof BROWSERS)[number];

/** phpShort's devices (config/devices.php keys). */
export const DEVICES = ['desktop', 'mobile', 'tablet', 'watch', 'television'] as const;
export type TargetDevice = (typeof DEVICES)[number];

/** At most this many `targets` per link (phpShort's limit). */
export const MAX_TARGETS = 100;
/** A rotation entry's weight: 1 (the default) to this. */
export const MAX_WEIGHT = 100;

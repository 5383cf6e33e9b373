// Targeting as both phpShort generations write it, into the one stored model
// (shared/targeting-keys.ts): the seed's `target_type` + `country[]`,
// `platform[]`, `language[]`, `rotation[]`, and current phpShort's
// `targets_type` + `targets[]`. Lists sent replace the stored list of their
// type; a type selected without entries targets nothing.
import type { TargetField } from '../../../shared/constants.ts';
import { isCountryCode, isLanguageCode } from '../../../shared/iso-codes.ts';
import type { LinkUpdateInput } from '../../../shared/schemas/links.ts';
import {
  BROWSERS, CONTINENT_KEYS, DEVICES, OPERATING_SYSTEMS, TARGETS_FIELD, TARGETS_TYPE_CODE, targetsTypeOf,
  type StoredTargetField, type TargetsType,
} from '../../../shared/targeting-keys.ts';
import { invalid } from './errors.ts';

export interface TargetEntry { key?: string; value: string; weight?: number }
/** The stored `targets` JSON: one list per type, kept when another type is selected. */
export type Targets = Partial<Record<StoredTargetField, TargetEntry[]>>;
export const parseTargets = (json: string): Targets => JSON.parse(json) as Targets;

const SEED_FIELDS: TargetField[] = ['country', 'platform', 'language', 'rotation'];

const listed = (names: readonly string[]) => {
  const byLower = new Map(names.map((n) => [n.toLowerCase(), n]));
  return { canon: (k: string) => byLower.get(k.toLowerCase()), allowed: names.join(', ') };
};
const coded = (test: (code: string) => boolean, upper: boolean, allowed: string) => ({
  canon: (k: string) => {
    const c = upper ? k.toUpperCase() : k.toLowerCase();
    return test(c) ? c : undefined;
  },
  allowed,
});

/** How each keyed type spells its keys, and what a 422 names as allowed. */
const KEYS: Record<Exclude<TargetsType, 'rotations'>, { canon: (key: string) => string | undefined; allowed: string }> = {
  continents: listed(CONTINENT_KEYS),
  countries: coded(isCountryCode, true, 'ISO 3166-1 alpha-2 country codes (US, DE, FR, …)'),
  operating_systems: listed(OPERATING_SYSTEMS),
  browsers: listed(BROWSERS),
  languages: coded(isLanguageCode, false, 'ISO 639-1 language codes (en, de, fr, …)'),
  devices: listed(DEVICES),
};

type SentTarget = NonNullable<LinkUpdateInput['targets']>[number];

/** `targets[]` of one type, checked and spelled as stored; a 422 names the allowed keys. */
function checkTargets(type: TargetsType, sent: SentTarget[]): TargetEntry[] {
  return sent.map((t, i) => {
    if (type === 'rotations') return t.weight === undefined ? { value: t.value } : { value: t.value, weight: t.weight };
    if (t.weight !== undefined) throw invalid(`targets.${i}.weight`, `A weight applies to rotations only, not to ${type}.`);
    const rule = KEYS[type];
    if (!t.key) throw invalid(`targets.${i}.key`, `The targets.${i}.key field is required for ${type}; allowed: ${rule.allowed}.`);
    const key = rule.canon(t.key);
    if (key === undefined) throw invalid(`targets.${i}.key`, `The targets.${i}.key "${t.key}" is not one of the ${type} keys; allowed: ${rule.allowed}.`);
    return { key, value: t.value };
  });
}

/** The targeting columns to write for `input` over `stored` (undefined: a create). */
export function targetingColumns(input: Omit<LinkUpdateInput, 'alias'>, stored: { target_type: number; targets: string } | undefined) {
  const targets: Targets = stored ? parseTargets(stored.targets) : {};
  let changed = false;
  for (const f of SEED_FIELDS) {
    const sent = input[f];
    if (sent !== undefined) {
      targets[f] = sent as TargetEntry[];
      changed = true;
    }
  }
  const newCode = input.targets_type === undefined ? undefined : input.targets_type === null ? 0 : TARGETS_TYPE_CODE[input.targets_type];
  if (newCode !== undefined && input.target_type !== undefined && newCode !== input.target_type) {
    throw invalid('targets_type', `The targets_type (${input.targets_type ?? 'none'}) and the target_type (${input.target_type}) name different types; send one of them.`);
  }
  const code = newCode ?? input.target_type ?? stored?.target_type ?? 0;
  if (input.targets !== undefined) {
    const type = targetsTypeOf(code);
    if (type === null && input.targets.length) throw invalid('targets_type', 'The targets_type field is required with targets.');
    if (type !== null) {
      targets[TARGETS_FIELD[type]] = checkTargets(type, input.targets);
      changed = true;
    }
  }
  // A type without entries is no targeting (phpShort stores targets_type with no targets, StoreLinkRequest.php:79-80):
  // the link goes to its url.
  return {
    ...(changed ? { targets: JSON.stringify(targets) } : {}),
    ...(input.target_type !== undefined || newCode !== undefined ? { target_type: code } : {}),
  };
}

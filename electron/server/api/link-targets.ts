// Targeting as both phpShort generations write it, into the one stored model
// (shared/targeting-keys.ts): the seed's `target_type` + `country[]`,
// `platform[]`, `language[]`, `rotation[]`, and current phpShort's
// `targets_type` + `targets[]`. Lists sent replace the stored list of their
// type; a type selected without entries targets nothing.
import type { TargetField } from '../../../shared/constants.ts';
import { isCountryCode, isLanguageCode } from '../../../shared/iso-codes.ts';
import type { LinkUpdateInput } from '../../../shared/schemas/links.ts';
import {
  BROWSERS, CONTINENT_KEYS, DEVICES, isLegacyOperatingSystem, KNOWN_OPERATING_SYSTEMS, OPERATING_SYSTEMS, TARGETS_FIELD,
  TARGETS_TYPE_CODE, targetsTypeOf, type StoredTargetField, type TargetsType,
} from '../../../shared/targeting-keys.ts';
import { invalid } from './errors.ts';

export interface TargetEntry { key?: string; value: string; weight?: number }
/** The stored `targets` JSON: one list per type, kept when another type is selected. */
export type Targets = Partial<Record<StoredTargetField, TargetEntry[]>>;
export const parseTargets = (json: string): Targets => JSON.parse(json) as Targets;

const SEED_FIELDS: TargetField[] = ['country', 'platform', 'language', 'rotation'];

// Keys are taken in any case and stored as phpShort spells them: matching compares stored keys exactly.
const listed = (names: readonly string[], shown: readonly string[] = names) => {
  const byLower = new Map(names.map((n) => [n.toLowerCase(), n]));
  return { canon: (k: string) => byLower.get(k.toLowerCase()), allowed: shown.join(', ') };
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
  operating_systems: listed(KNOWN_OPERATING_SYSTEMS, OPERATING_SYSTEMS),
  browsers: listed(BROWSERS),
  languages: coded(isLanguageCode, false, 'ISO 639-1 language codes (en, de, fr, …)'),
  devices: listed(DEVICES),
};

type SentTarget = NonNullable<LinkUpdateInput['targets']>[number];

/**
 * An operating system Linkdesk took before phpShort's seven (ValidateTargetKeyRule.php:41)
 * may stay where the link has it; it may not be newly written there.
 */
export function refuseNewLegacyOs(field: string, name: string, kept: ReadonlySet<string>): void {
  if (isLegacyOperatingSystem(name) && !kept.has(name)) {
    throw invalid(field, `The ${field} "${name}" is no longer taken for new targeting; allowed: ${OPERATING_SYSTEMS.join(', ')}.`);
  }
}

const keysOf = (list: TargetEntry[] | undefined) => new Set((list ?? []).map((e) => e.key ?? ''));

/** `targets[]` of one type, checked and spelled as stored; a 422 names the allowed keys. */
function checkTargets(type: TargetsType, sent: SentTarget[], stored: Targets): TargetEntry[] {
  const kept = type === 'operating_systems' ? keysOf(stored.platform) : null;
  return sent.map((t, i) => {
    if (type === 'rotations') return t.weight === undefined ? { value: t.value } : { value: t.value, weight: t.weight };
    if (t.weight !== undefined) throw invalid(`targets.${i}.weight`, `A weight applies to rotations only, not to ${type}.`);
    const rule = KEYS[type];
    if (!t.key) throw invalid(`targets.${i}.key`, `The targets.${i}.key field is required for ${type}; allowed: ${rule.allowed}.`);
    const key = rule.canon(t.key);
    if (key === undefined) throw invalid(`targets.${i}.key`, `The targets.${i}.key "${t.key}" is not one of the ${type} keys; allowed: ${rule.allowed}.`);
    if (kept) refuseNewLegacyOs(`targets.${i}.key`, key, kept);
    return { key, value: t.value };
  });
}

/** The targeting columns to write for `input` over `stored` (undefined: a create). */
export function targetingColumns(input: Omit<LinkUpdateInput, 'alias'>, stored: { target_type: number; targets: string } | undefined) {
  const targets: Targets = stored ? parseTargets(stored.targets) : {};
  const storedTargets: Targets = { platform: targets.platform };
  let changed = false;
  for (const f of SEED_FIELDS) {
    const sent = input[f];
    if (sent !== undefined) {
      if (f === 'platform') {
        const kept = keysOf(storedTargets.platform);
        (sent as TargetEntry[]).forEach((e, i) => refuseNewLegacyOs(`platform.${i}.key`, e.key ?? '', kept));
      }
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
      targets[TARGETS_FIELD[type]] = checkTargets(type, input.targets, storedTargets);
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

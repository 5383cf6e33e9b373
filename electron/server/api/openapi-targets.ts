// The targeting rules of a new link (link-targets.ts), as JSON Schema if/then
// for the OpenAPI document: `targets` entries name a key of the chosen type's
// kind (targets_type, or the seed's target_type 1-4; rotations instead may
// weigh theirs), there are no targets without a type, and target_type and
// targets_type may not name two types. (A type without entries is no targeting.)
// An update leans on the stored link's type and lists, which no schema can see:
// there the 422 names the rule.
import { isCountryCode, isLanguageCode } from '../../../shared/iso-codes.ts';
import { anyCasePattern, twoLetterCodes, type JsonSchema } from '../../../shared/schemas/openapi-marks.ts';
import { BROWSERS, CONTINENT_KEYS, DEVICES, OPERATING_SYSTEMS, TARGETS_TYPE_CODE, type TargetsType } from '../../../shared/targeting-keys.ts';

const KEY_PATTERN: Record<Exclude<TargetsType, 'rotations'>, () => string> = {
  continents: () => anyCasePattern(CONTINENT_KEYS),
  countries: () => anyCasePattern(twoLetterCodes(isCountryCode, true)),
  operating_systems: () => anyCasePattern(OPERATING_SYSTEMS),
  browsers: () => anyCasePattern(BROWSERS),
  languages: () => anyCasePattern(twoLetterCodes(isLanguageCode, false)),
  devices: () => anyCasePattern(DEVICES),
};

/** links.ts's blankRow: a row whose key and value are blank (weight aside) is dropped, not refused. */
export const BLANK_ROW: JsonSchema = {
  type: 'object', description: 'A blank row (no key, no value): dropped',
  properties: { weight: {}, key: { enum: ['', null] }, value: { enum: ['', null] } }, additionalProperties: { enum: ['', null] },
};

/** A `targets` entry of this type: rotations weigh, the others name a key of their kind; blank rows pass. */
const entryOf = (type: TargetsType): JsonSchema => (type === 'rotations' ? {}
  : { anyOf: [BLANK_ROW, { required: ['key'], properties: { key: { pattern: KEY_PATTERN[type]() } }, not: { required: ['weight'] } }] });


/** `allOf` of if/then for a new link's body (one that has target_type and targets_type). */
export function targetingRules(): JsonSchema[] {
  const rules: JsonSchema[] = [];
  for (const [type, code] of Object.entries(TARGETS_TYPE_CODE) as [TargetsType, number][]) {
    rules.push({
      if: { required: ['targets_type'], properties: { targets_type: { type: 'string', const: type } } },
      then: { properties: { targets: { items: entryOf(type) }, target_type: { type: 'number', const: code } } },
    });
    if (code <= 4) {
      rules.push({
        if: { required: ['target_type'], properties: { target_type: { type: 'number', const: code } }, not: { required: ['targets_type'] } },
        then: { properties: { targets: { items: entryOf(type) } } },
      });
    }
  }
  // targets_type null: no type, whatever target_type says but 0.
  rules.push({ if: { required: ['targets_type'], properties: { targets_type: { type: 'null' } } }, then: { properties: { target_type: { type: 'number', const: 0 } } } });
  // No type chosen: no targets.
  rules.push({
    if: { not: { anyOf: [{ required: ['targets_type'], properties: { targets_type: { type: 'string' } } }, { required: ['target_type'], properties: { target_type: { type: 'number', enum: [1, 2, 3, 4] } } }] } },
    then: { properties: { targets: { maxItems: 0 } } },
  });
  return rules;
}

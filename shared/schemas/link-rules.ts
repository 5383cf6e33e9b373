// A link's `rules` (DESIGN.md "Redirect server" step 4) and the visitor that
// POST /links/{id}/evaluate takes. Shared: the server validates with them and
// the link form checks with them before a request leaves.
//
// Rules are an ordered list, at most MAX_RULES; the first whose conditions all
// hold sends the visitor to its url (then targeting, then the link's url).
// Within a condition's list any value matches; `query` needs every parameter
// named to carry its value; `between` is read in the instance's time zone,
// `from` inclusive and `to` exclusive, either end may be left open.
import { z } from 'zod';
import { isCountryCode, isLanguageCode } from '../iso-codes.ts';
import { BROWSERS, CONTINENT_KEYS, DEVICES, KNOWN_OPERATING_SYSTEMS, OPERATING_SYSTEMS } from '../targeting-keys.ts';
import { httpUrl, instantOf, isoInstant, onList, toList } from './fields.ts';
import { anyCasePattern, declared, twoLetterCodes } from './openapi-marks.ts';

/** The OpenAPI document's word for a value checked against a list, case aside (shared/schemas/openapi-marks.ts). */
const listed = (codes: () => readonly string[]) => (j: Record<string, any>) => { (j.items ??= {}).pattern = anyCasePattern(codes()); };
const COUNTRIES = () => twoLetterCodes(isCountryCode, true);
const LANGUAGES = () => twoLetterCodes(isLanguageCode, false);

export const MAX_RULES = 20;
/** Values per condition list, and parameters per `query`. */
export const MAX_RULE_VALUES = 100;
const MAX_QUERY_TEXT = 255;

// Checked as a list, so a 422 names the condition (`rules.2.if.countries`), the field the rules editor shows.
// In a form, one value is a list of one (toList).
const valueList = (field: string) => z.preprocess(
  toList,
  z.array(z.string({ error: `Each ${field} value must be a string.` }).trim(), { error: `The ${field} condition must be a list.` })
    .min(1, onList(`The ${field} condition needs at least one value.`))
    .max(MAX_RULE_VALUES, onList(`The ${field} condition may not have more than ${MAX_RULE_VALUES} values.`)),
);

const codeList = (field: string, check: (v: string) => boolean, upper: boolean, what: string, codes: () => readonly string[]) =>
  declared(valueList(field).transform((values, ctx) => {
    const out = values.map((s) => (upper ? s.toUpperCase() : s.toLowerCase()));
    const bad = out.find((v) => !check(v));
    if (bad !== undefined) ctx.addIssue({ code: 'custom', message: `${what} "${bad}" is not one.` });
    return out;
  }), listed(codes));

/** One of `allowed`, spelled either way (`ios`, `iOS`); stored as `allowed` spells it. */
const namedList = (field: string, allowed: readonly string[], shown: readonly string[] = allowed) => {
  const byLower = new Map(allowed.map((a) => [a.toLowerCase(), a]));
  return declared(valueList(field).transform((values, ctx) => {
    const bad = values.find((v) => !byLower.has(v.toLowerCase()));
    if (bad !== undefined) ctx.addIssue({ code: 'custom', message: `The ${field} value "${bad}" is invalid; allowed: ${shown.join(', ')}.` });
    return values.map((v) => byLower.get(v.toLowerCase()) ?? v);
  }), listed(() => shown));
};

const WALL_CLOCK = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
const wallClock = (field: string) =>
  declared(z.string({ error: `The ${field} must be a date and time (Y-m-d H:i).` })
    .trim()
    .refine((s) => WALL_CLOCK.test(s) && instantOf(s) !== null, `The ${field} must be a date and time (Y-m-d H:i).`), (j) => {
    j.pattern = '^\\s*\\d{4}-\\d{2}-\\d{2} ([01]\\d|2[0-3]):[0-5]\\d\\s*$';
  });

const queryText = (what: string) => z.string({ error: `Each query ${what} must be a string.` }).min(1, `A query ${what} may not be empty.`).max(MAX_QUERY_TEXT);

export const ruleConditionsSchema = z.strictObject({
  countries: codeList('countries', isCountryCode, true, 'Each country must be an ISO 3166-1 alpha-2 code.', COUNTRIES).optional(),
  continents: codeList('continents', (c) => (CONTINENT_KEYS as string[]).includes(c), true, `Each continent must be one of ${CONTINENT_KEYS.join(', ')}.`, () => CONTINENT_KEYS).optional(),
  // The legacy five pass only for a link that keeps one it has (api/link-targets.ts refuses a new one).
  operating_systems: namedList('operating_systems', KNOWN_OPERATING_SYSTEMS, OPERATING_SYSTEMS).optional(),
  browsers: namedList('browsers', BROWSERS).optional(),
  devices: namedList('devices', DEVICES).optional(),
  languages: codeList('languages', isLanguageCode, false, 'Each language must be an ISO 639-1 code.', LANGUAGES).optional(),
  query: declared(z.record(queryText('parameter'), queryText('value'), { error: 'The query condition must be an object of parameter: value.' })
    .refine((q) => Object.keys(q).length >= 1 && Object.keys(q).length <= MAX_RULE_VALUES, `The query condition needs 1 to ${MAX_RULE_VALUES} parameters.`), (j) => {
    j.minProperties = 1;
    j.maxProperties = MAX_RULE_VALUES;
  })
    .optional(),
  between: declared(z.object({ from: wallClock('from').optional(), to: wallClock('to').optional() }, { error: 'The between condition must be an object with from and/or to.' })
    .refine((b) => b.from !== undefined || b.to !== undefined, 'The between condition needs from, to or both.')
    .refine((b) => b.from === undefined || b.to === undefined || b.from < b.to, { message: 'The to must be after the from.', path: ['to'] }), (j) => {
    j.anyOf = [{ required: ['from'] }, { required: ['to'] }];
  })
    .optional(),
}, {
  error: (i) => (i.code === 'unrecognized_keys'
    ? 'Unknown condition; allowed: countries, continents, operating_systems, browsers, devices, languages, query, between.'
    : 'A rule\'s if must be an object of conditions.'),
})
  .refine((c) => Object.values(c).some((v) => v !== undefined), 'A rule needs at least one condition.');

export const linkRuleSchema = z.object({
  if: declared(ruleConditionsSchema, (j) => { j.minProperties = 1; }),
  url: httpUrl('url'),
}, { error: 'Each rule needs if and url.' });
export type LinkRule = z.infer<typeof linkRuleSchema>;

/** `rules`: a list, or its JSON text (a form-encoded body sends it as one field). */
export const linkRulesSchema = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  },
  z.array(linkRuleSchema, { error: 'The rules must be a list (or its JSON text).' })
    .max(MAX_RULES, `A link may have at most ${MAX_RULES} rules.`),
);

/** What POST /links/{id}/evaluate takes: a visitor described as the redirect would work it out. */
export const linkEvaluateSchema = z.object({
  country: declared(z.string().trim().transform((s) => s.toUpperCase()).refine(isCountryCode, 'The country must be an ISO 3166-1 alpha-2 code.'), (j) => { j.pattern = anyCasePattern(COUNTRIES()); }).optional(),
  /** Worked out from the country when absent. */
  continent: declared(z.string().trim().transform((s) => s.toUpperCase()).refine((c) => (CONTINENT_KEYS as string[]).includes(c), `The continent must be one of ${CONTINENT_KEYS.join(', ')}.`), (j) => {
    j.pattern = anyCasePattern(CONTINENT_KEYS);
  }).optional(),
  device: z.string().trim().max(50).optional(),
  operating_system: z.string().trim().max(50).optional(),
  browser: z.string().trim().max(100).optional(),
  /** A language tag (`de`, `de-AT`); its primary subtag is matched. */
  language: z.string().trim().max(35).optional(),
  query: z.record(z.string().max(MAX_QUERY_TEXT), z.string().max(MAX_QUERY_TEXT)).optional(),
  /** The instant to evaluate at (ISO 8601); now when absent. */
  at: isoInstant('at').optional(),
});
export type LinkEvaluateVisitor = z.input<typeof linkEvaluateSchema>;

/** The evaluate answer's data. `rotation`: the link rotates, here are its entries' shares (no turn is taken). */
export interface LinkEvaluation {
  url: string;
  matched: { kind: 'rule' | 'target' | 'default'; index: number | null; key: string | null };
  rotation?: { url: string; weight: number; share: number }[];
}

// Where a visitor goes (DESIGN.md "Redirect server" step 4): the first of the
// link's rules whose conditions all hold, then its targeting, then its url.
// One function, decide(), answers for real redirects and for
// POST /links/{id}/evaluate alike. A link's rules and targets are compiled
// once per cached record and kept on it, so they go when it is dropped or
// changed: both engines' caches compile a link as they take it in
// (link-cache.ts, pg-source.ts). A redirect parses no JSON and asks the
// visitor only what the link's own rules and targeting need (`needs`). Equal
// rules texts share one compiled copy; a link with neither rules nor
// targeting shares one empty answer.
import type { LinkRule } from '../../../shared/schemas/link-rules.ts';
import { TARGET_TYPE } from '../../../shared/constants.ts';
import { TARGETS_TYPE_CODE } from '../../../shared/targeting-keys.ts';
import { parseTargets, type Targets } from '../api/link-input.ts';
import type { RedirectLink } from '../db/repositories/redirect-repository.ts';
import { zonedToUtc } from '../util/time.ts';
import { matchTarget, rotationSchedule, type Visitor } from './targeting.ts';

/** What a decision may ask of a visitor; the plugin works out only these. */
export const NEED = { country: 1, continent: 2, agent: 4, languages: 8, query: 16 } as const;

/** A visitor as rules see it: targeting's visitor, the request's query and the instant. */
export interface RuleVisitor extends Visitor {
  /** The request's query parameters (null when no rule reads them). */
  query: URLSearchParams | null;
  /** Unix ms. */
  at: number;
}

interface CompiledRule {
  url: string;
  countries: Set<string> | null;
  continents: Set<string> | null;
  platforms: Set<string> | null;
  browsers: Set<string> | null;
  devices: Set<string> | null;
  languages: Set<string> | null;
  query: [string, string][] | null;
  /** `between` as UTC instants: from inclusive, to exclusive (open ends are ±Infinity). */
  from: number;
  to: number;
}

export interface CompiledLink {
  rules: CompiledRule[];
  targets: Targets;
  /** A rotation's turns (targeting.ts rotationSchedule); null unless the link rotates. */
  schedule: Uint16Array | null;
  needs: number;
}

export type Decision =
  | { kind: 'rule'; index: number; key: null; url: string }
  | { kind: 'target'; index: number; key: string | null; url: string }
  | { kind: 'default'; index: null; key: null; url: string }
  /** The link rotates: the caller takes a turn (pickTurn) or, when evaluating, shows the weights. */
  | { kind: 'rotation' };

/** A decision with its URL: where the visitor goes. */
export type Chosen = Exclude<Decision, { kind: 'rotation' }>;

const setOf = (values: string[] | undefined) => (values?.length ? new Set(values) : null);

/** What each stored target type asks of a visitor. */
const TARGET_NEEDS: Record<number, number> = {
  [TARGETS_TYPE_CODE.countries]: NEED.country,
  [TARGETS_TYPE_CODE.operating_systems]: NEED.agent,
  [TARGETS_TYPE_CODE.languages]: NEED.languages,
  [TARGETS_TYPE_CODE.continents]: NEED.country | NEED.continent,
  [TARGETS_TYPE_CODE.browsers]: NEED.agent,
  [TARGETS_TYPE_CODE.devices]: NEED.agent,
};

// Compiled rules by their JSON text: links made together (a bulk import, a template) share their rules,
// and then one compiled copy (it is never changed) instead of one per cached link, and one copy of the
// text: the first link's, which its record is counted for (ruleBytes).
const MAX_SHARED = 1000;
/** `untargeted`: the whole compiled link for links with these rules and no targeting, shared by them. */
interface SharedRules { rules: CompiledRule[]; needs: number; text: string; untargeted: CompiledLink }
const NO_TARGETS: Targets = Object.freeze({});
const NO_RULES: SharedRules = { rules: [], needs: 0, text: '', untargeted: { rules: [], targets: NO_TARGETS, schedule: null, needs: 0 } };
/** By time zone (one per process, but tests run several), then by the rules' text. */
const shared = new Map<string, Map<string, SharedRules>>();

function compileRules(json: string | null, timeZone: string): SharedRules {
  if (!json) return NO_RULES;
  let zone = shared.get(timeZone);
  if (zone === undefined) shared.set(timeZone, (zone = new Map()));
  let out = zone.get(json);
  if (out === undefined) {
    if (zone.size >= MAX_SHARED) zone.delete(zone.keys().next().value!);
    const { rules, needs } = compile(JSON.parse(json) as LinkRule[], timeZone);
    zone.set(json, (out = { rules, needs, text: json, untargeted: { rules, targets: NO_TARGETS, schedule: null, needs } }));
  }
  return out;
}

function compile(stored: LinkRule[], timeZone: string): { rules: CompiledRule[]; needs: number } {
  let needs = 0;
  const rules = stored.map((r): CompiledRule => {
    const c = r.if;
    if (c.countries?.length) needs |= NEED.country;
    if (c.continents?.length) needs |= NEED.country | NEED.continent;
    if (c.operating_systems?.length || c.browsers?.length || c.devices?.length) needs |= NEED.agent;
    if (c.languages?.length) needs |= NEED.languages;
    const query = c.query && Object.keys(c.query).length ? Object.entries(c.query) : null;
    if (query) needs |= NEED.query;
    const at = (v: string | undefined, open: number) => (v ? zonedToUtc(v.slice(0, 10), v.slice(11, 16), timeZone) : open);
    return {
      url: r.url,
      countries: setOf(c.countries), continents: setOf(c.continents), platforms: setOf(c.operating_systems),
      browsers: setOf(c.browsers), devices: setOf(c.devices), languages: setOf(c.languages), query,
      from: at(c.between?.from, -Infinity), to: at(c.between?.to, Infinity),
    };
  });
  return { rules, needs };
}

/** A link with neither rules nor targeting (most links): one shared answer, nothing parsed or kept per link. */
const PLAIN = NO_RULES.untargeted;

export function compileLink(link: Pick<RedirectLink, 'rules' | 'targets' | 'target_type'>, timeZone: string): CompiledLink {
  return withTargets(link, compileRules(link.rules, timeZone));
}

function withTargets(link: Pick<RedirectLink, 'targets' | 'target_type'>, { rules, needs, untargeted }: SharedRules): CompiledLink {
  if (link.target_type === 0) return untargeted;
  const targets = parseTargets(link.targets);
  const rotates = link.target_type === TARGET_TYPE.rotation && !!targets.rotation?.length;
  return { rules, targets, schedule: rotates ? rotationSchedule(targets.rotation!) : null, needs: needs | (TARGET_NEEDS[link.target_type] ?? 0) };
}

// Kept beside the records, not on them: a property added to every cached row would give rows two
// shapes (with and without), and the redirect reads those rows on every request.
const compiledLinks = new WeakMap<RedirectLink, CompiledLink>();
const sharingText = new WeakSet<RedirectLink>();

/**
 * The link's compiled rules and targets, kept for the cached record (compiled once per record, as
 * the cache takes it in: `prepare` of link-cache.ts and pg-source.ts; on first use otherwise).
 * A record whose rules another link already brought keeps that link's copy of the text, not its own.
 */
export function compiledOf(link: RedirectLink, timeZone: string): CompiledLink {
  if (!link.rules && link.target_type === 0) return PLAIN;
  let k = compiledLinks.get(link);
  if (k === undefined) {
    const known = link.rules ? shared.get(timeZone)?.get(link.rules) : undefined;
    if (known) {
      sharingText.add(link);
      link.rules = known.text;
    }
    k = withTargets(link, known ?? compileRules(link.rules, timeZone));
    compiledLinks.set(link, k);
  }
  return k;
}

/** What a cached record's rules text costs it: nothing when it shares another link's copy. */
export const ruleChars = (link: RedirectLink): number => (!link.rules || sharingText.has(link) ? 0 : link.rules.length);

const holds = (set: Set<string> | null, v: string | null) => set === null || (v !== null && set.has(v));

function ruleHolds(r: CompiledRule, v: RuleVisitor): boolean {
  if (v.at < r.from || v.at >= r.to) return false;
  if (!holds(r.countries, v.country) || !holds(r.continents, v.continent)) return false;
  if (!holds(r.platforms, v.platform) || !holds(r.browsers, v.browser) || !holds(r.devices, v.device)) return false;
  // Any language the visitor accepts (q > 0), not only the first: a rule for German readers takes `en, de` too.
  if (r.languages && !v.languages.some((l) => r.languages!.has(l))) return false;
  if (r.query) {
    for (const [name, value] of r.query) if (!v.query?.getAll(name).includes(value)) return false;
  }
  return true;
}

/** The first rule that holds, else the target that fits, else the link's url. */
export function decide(link: Pick<RedirectLink, 'url' | 'target_type'>, k: CompiledLink, v: RuleVisitor): Decision {
  for (let i = 0; i < k.rules.length; i++) {
    const r = k.rules[i]!;
    if (ruleHolds(r, v)) return { kind: 'rule', index: i, key: null, url: r.url };
  }
  const hit = matchTarget(link.target_type, k.targets, v);
  if (hit === 'rotation') return { kind: 'rotation' };
  if (hit) return { kind: 'target', index: hit.index, key: hit.key, url: hit.value };
  return { kind: 'default', index: null, key: null, url: link.url };
}

/** The rotation entry a turn serves (the turn counts modulo the schedule's length). */
export function pickTurn(k: CompiledLink, turn: number): Chosen {
  const index = k.schedule![turn % k.schedule!.length]!;
  return { kind: 'target', index, key: null, url: k.targets.rotation![index]!.value };
}

/** A rotation's entries with their weights and shares of the turns (evaluate shows these instead of taking a turn). */
export function rotationShares(k: CompiledLink): { url: string; weight: number; share: number }[] {
  const total = k.schedule!.length;
  const counts = new Array<number>(k.targets.rotation!.length).fill(0);
  for (const i of k.schedule!) counts[i]! += 1;
  return k.targets.rotation!.map((e, i) => ({ url: e.value, weight: counts[i]!, share: counts[i]! / total }));
}

// Where a visitor goes (DESIGN.md "Redirect server" step 4): the first of the
// link's rules whose conditions all hold, then its targeting, then its url.
// One function, decide(), answers for real redirects and for
// POST /links/{id}/evaluate alike. A link's rules and targets are compiled
// once per cached record (link-cache.ts, pg-source.ts), on its first redirect,
// and kept on the record, so they go when it is dropped or changed: a redirect
// parses no JSON and asks the visitor only what the link's own rules and
// targeting need (`needs`). Not when the cache is warmed: most warmed links
// are never visited, and a compiled link holds its sets and schedule.
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

export function compileRules(json: string | null, timeZone: string): { rules: CompiledRule[]; needs: number } {
  const stored: LinkRule[] = json ? JSON.parse(json) as LinkRule[] : [];
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

export function compileLink(link: Pick<RedirectLink, 'rules' | 'targets' | 'target_type'>, timeZone: string): CompiledLink {
  const { rules, needs } = compileRules(link.rules, timeZone);
  const targets = parseTargets(link.targets);
  const rotates = link.target_type === TARGET_TYPE.rotation && !!targets.rotation?.length;
  return { rules, targets, schedule: rotates ? rotationSchedule(targets.rotation!) : null, needs: needs | (TARGET_NEEDS[link.target_type] ?? 0) };
}

const COMPILED = Symbol('compiled');
type Cached = RedirectLink & { [COMPILED]?: CompiledLink };

/** The link's compiled rules and targets, kept on the cached record (compiled once per record). */
export function compiledOf(link: RedirectLink, timeZone: string): CompiledLink {
  const l = link as Cached;
  return l[COMPILED] ??= compileLink(link, timeZone);
}

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

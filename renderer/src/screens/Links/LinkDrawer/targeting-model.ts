// Targets and rules between the API's shape and the form's. The form keeps the
// API's paths (`targets.2.weight`, `rules.0.if.countries`, `rules.1.url`) so a
// 422 lands on its input; only what an input cannot hold differs: a rule's
// query is a list of pairs (a param is typed before it has a value) and date
// times are the datetime-local input's `YYYY-MM-DDTHH:MM`, `Y-m-d H:i` on the wire.
import type { Link } from '../../../../../shared/api-types.ts';
import type { LinkRule } from '../../../../../shared/schemas/link-rules.ts';
import type { TargetsType } from '../../../../../shared/targeting-keys.ts';

export type { TargetsType };
export type KeyedType = Exclude<TargetsType, 'rotations'>;

export interface TargetRow { key: string; value: string; weight: number | string }

export const LIST_CONDITIONS = ['countries', 'continents', 'operating_systems', 'browsers', 'devices', 'languages'] as const;
export type ListCondition = (typeof LIST_CONDITIONS)[number];
export const CONDITION_KINDS = [...LIST_CONDITIONS, 'query', 'between'] as const;
export type ConditionKind = (typeof CONDITION_KINDS)[number];

export interface QueryPair { param: string; value: string }
export type RuleIfForm = { [K in ListCondition]?: string[] } & { query?: QueryPair[]; between?: { from: string; to: string } };
export interface RuleRow { if: RuleIfForm; url: string }

/** What the API answers and takes for a rule. */
export type RuleBody = LinkRule;
type RuleIfBody = LinkRule['if'];

type V2Field = 'targets_type' | 'targets' | 'rules' | 'sensitive_content' | 'active_period_start_at' | 'active_period_end_at' | 'clicks_limit'
  | 'redirect_password' | 'expires_at' | 'last_rotation';
/** The link as any server answers it: one older than phpShort's current generation leaves these out, and its related records are smaller. */
export type LinkV2 = Omit<Link, V2Field | 'domain' | 'space' | 'pixels'> & Partial<Pick<Link, V2Field>> & {
  domain: { id: number; name: string } | null;
  space: { id: number; name: string; color: string } | null;
  pixels: { id: number; name: string; type: Link['pixels'][number]['type'] }[];
};

/** `Y-m-d H:i` → the datetime-local input's value, and back. */
export const toInputDateTime = (s: string | null | undefined): string => (s ? s.trim().replace(' ', 'T').slice(0, 16) : '');
export const toApiDateTime = (s: string): string => s.trim().replace('T', ' ').slice(0, 16);

/**
 * The active period as answers write it, an instant (`2031-03-01T08:30:00.000000Z`), → the
 * datetime-local input's value on this computer's clock; an older server's `Y-m-d H:i` as it is.
 */
export function instantToInput(s: string | null | undefined): string {
  if (!s || !/(Z|[+-]\d{2}:?\d{2})$/i.test(s.trim())) return toInputDateTime(s);
  const at = new Date(s.trim().replace(/(\.\d{3})\d+/, '$1'));
  if (Number.isNaN(at.getTime())) return toInputDateTime(s);
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The input's value (this computer's clock) → the instant, which the server takes whatever its time zone. */
export function inputToInstant(s: string): string {
  const at = new Date(s.trim());
  return Number.isNaN(at.getTime()) ? toApiDateTime(s) : at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const SEED_TO_TYPE: Record<number, TargetsType> = { 1: 'countries', 2: 'operating_systems', 3: 'languages', 4: 'rotations' };
const SEED_FIELD = { 1: 'country', 2: 'platform', 3: 'language', 4: 'rotation' } as const;

/** The link's targeting in the current generation; a seed-only answer is read through its target_type. */
export function targetsOf(l: LinkV2): { targets_type: TargetsType | ''; targets: TargetRow[] } {
  if (l.targets_type !== undefined && l.targets !== undefined) {
    const type = l.targets_type ?? '';
    return { targets_type: type, targets: l.targets.map((t) => ({ key: t.key ?? '', value: t.value, weight: t.weight ?? 1 })) };
  }
  const type = SEED_TO_TYPE[l.target_type];
  if (!type) return { targets_type: '', targets: [] };
  const rows: { key?: string; value: string }[] = l[SEED_FIELD[l.target_type as 1 | 2 | 3 | 4]];
  return { targets_type: type, targets: rows.map((e) => ({ key: e.key ?? '', value: e.value, weight: 1 })) };
}

export function ruleToForm(r: RuleBody): RuleRow {
  const out: RuleIfForm = {};
  for (const [kind, v] of Object.entries(r.if ?? {})) {
    if (kind === 'query') out.query = Object.entries(v as Record<string, string>).map(([param, value]) => ({ param, value }));
    else if (kind === 'between') {
      const b = v as { from?: string; to?: string };
      out.between = { from: toInputDateTime(b.from), to: toInputDateTime(b.to) };
    } else if ((LIST_CONDITIONS as readonly string[]).includes(kind)) out[kind as ListCondition] = [...(v as string[])];
  }
  return { if: out, url: r.url };
}

export function ruleToBody(r: RuleRow): RuleBody {
  const out: RuleIfBody = {};
  for (const [kind, v] of Object.entries(r.if)) {
    if (v === undefined) continue;
    if (kind === 'query') {
      out.query = Object.fromEntries((v as QueryPair[]).filter((p) => p.param.trim()).map((p) => [p.param.trim(), p.value]));
    } else if (kind === 'between') {
      // An empty end is an open one.
      const b = v as { from: string; to: string };
      out.between = {
        ...(b.from.trim() ? { from: toApiDateTime(b.from) } : {}),
        ...(b.to.trim() ? { to: toApiDateTime(b.to) } : {}),
      };
    } else out[kind as ListCondition] = [...(v as string[])];
  }
  return { if: out, url: r.url.trim() };
}

/** A new condition's empty value; `between` starts as today, all day. */
export function emptyCondition(kind: ConditionKind, today: string): RuleIfForm[ConditionKind] {
  if (kind === 'query') return [{ param: '', value: '' }];
  if (kind === 'between') return { from: `${today}T00:00`, to: `${today}T23:59` };
  return [];
}

/** The API's targets list: keys for keyed types, weights (default 1) for rotations. */
export function targetsToBody(type: TargetsType | '', rows: TargetRow[]): { key?: string; value: string; weight?: number }[] {
  if (!type) return [];
  if (type === 'rotations') return rows.map((r) => ({ value: r.value.trim(), weight: weightOf(r.weight) }));
  return rows.map((r) => ({ key: r.key, value: r.value.trim() }));
}

const weightOf = (w: number | string): number => {
  const n = typeof w === 'number' ? w : Number(String(w).trim() || '1');
  return Number.isFinite(n) ? n : 1;
};

/** Each rotation row's share of visits in whole percent (an unusable weight counts as 0); null while no weight is usable. */
export function rotationShares(rows: Pick<TargetRow, 'weight'>[]): (number | null)[] {
  const weights = rows.map((r) => {
    const n = weightOf(r.weight);
    return Number.isInteger(n) && n > 0 ? n : 0;
  });
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => (total ? Math.round((w / total) * 1000) / 10 : null));
}

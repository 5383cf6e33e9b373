// The test box's visitor as the evaluate call takes it, and the server's
// answer in words. Pure: the box itself only holds inputs and calls.
import type { LinkEvaluation, LinkEvaluateVisitor } from '../../../../../shared/schemas/link-rules.ts';
import { keyLabel } from './target-keys.ts';
import type { TargetsType } from './targeting-model.ts';

export interface VisitorFields {
  country: string; device: string; operating_system: string; browser: string; language: string;
  /** As typed: `?ref=mail&x=1` or `ref=mail`. */
  query: string;
  /** The datetime-local input's value, in this computer's time; empty: now. */
  at: string;
}

export const emptyVisitor = (): VisitorFields => ({ country: '', device: '', operating_system: '', browser: '', language: '', query: '', at: '' });

export function visitorToBody(v: VisitorFields): LinkEvaluateVisitor {
  const body: LinkEvaluateVisitor = {};
  for (const k of ['country', 'device', 'operating_system', 'browser', 'language'] as const) if (v[k].trim()) body[k] = v[k].trim();
  const query = Object.fromEntries(new URLSearchParams(v.query.trim().replace(/^\?/, '')));
  if (Object.keys(query).length) body.query = query;
  if (v.at.trim()) {
    const at = new Date(v.at.trim());
    if (!Number.isNaN(at.getTime())) body.at = at.toISOString();
  }
  return body;
}

/** Which part of the link decided: "Rule 2", "Target Germany (DE)", "Rotation: …", or the destination. */
export function describeMatch(e: LinkEvaluation, targetsType: TargetsType | ''): string {
  const { kind, index, key } = e.matched;
  if (kind === 'rule') return `Rule ${(index ?? 0) + 1} matched.`;
  if (kind === 'target') {
    if (e.rotation?.length) {
      return `Rotation: ${e.rotation.map((r) => `${r.url} ${Math.round(r.share * 1000) / 10}%`).join(', ')}.`;
    }
    const label = key && targetsType && targetsType !== 'rotations' ? keyLabel(targetsType, key) : (key ?? `entry ${(index ?? 0) + 1}`);
    return `Target ${label} matched.`;
  }
  return 'No rule or target matched: the destination URL.';
}

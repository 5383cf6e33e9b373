// Which target of a link's targeting fits a visitor. The link's rules come
// first and its url last (rules.ts decides in that order); a rotation's entry
// is picked by turn, weighted (rotationSchedule).
import { TARGET_TYPE } from '../../../shared/constants.ts';
import { MAX_WEIGHT, TARGETS_TYPE_CODE } from '../../../shared/targeting-keys.ts';
import type { Targets } from '../api/link-input.ts';

export interface Visitor {
  country: string | null;
  /** Two-letter continent code (AF AN AS EU NA OC SA). */
  continent: string | null;
  platform: string | null;
  browser: string | null;
  device: string | null;
  /** Primary language subtags, most preferred first. */
  languages: string[];
}

/** A target that fits: its place in its list, its key (null for a rotation entry) and its URL. */
export interface TargetHit { index: number; key: string | null; value: string }

const keyed = (list: { key?: string; value: string }[] | undefined, key: string | null): TargetHit | null => {
  if (!list || key === null) return null;
  const index = list.findIndex((e) => e.key === key);
  return index === -1 ? null : { index, key, value: list[index]!.value };
};

/**
 * The entry of the link's target type that fits `visitor`; 'rotation' when
 * the link rotates (the caller takes a turn); null: none fits, the url applies.
 */
export function matchTarget(targetType: number, t: Targets, visitor: Visitor): TargetHit | 'rotation' | null {
  switch (targetType) {
    case TARGET_TYPE.country:
      return keyed(t.country, visitor.country);
    case TARGET_TYPE.platform:
      return keyed(t.platform, visitor.platform);
    case TARGET_TYPE.language: {
      for (const lang of visitor.languages) {
        const hit = keyed(t.language, lang);
        if (hit) return hit;
      }
      return null;
    }
    case TARGET_TYPE.rotation:
      return t.rotation?.length ? 'rotation' : null;
    case TARGETS_TYPE_CODE.continents:
      return keyed(t.continent, visitor.continent);
    case TARGETS_TYPE_CODE.browsers:
      return keyed(t.browser, visitor.browser);
    case TARGETS_TYPE_CODE.devices:
      return keyed(t.device, visitor.device);
    default:
      return null;
  }
}

/**
 * A rotation's turns: the entry each turn serves, `sum(weights)` turns long
 * (weights 1 to MAX_WEIGHT, as input allows), spread evenly (smooth weighted round robin: A:3 B:1 gives A A B A, not
 * A A A B). The shared turn counter walks it, so every full cycle serves each
 * entry exactly its weight, across processes.
 */
export function rotationSchedule(entries: readonly { value: string; weight?: number }[]): Uint16Array {
  const weights = entries.map((e) => Math.min(MAX_WEIGHT, Math.max(1, Math.trunc(e.weight ?? 1) || 1)));
  const total = weights.reduce((a, b) => a + b, 0);
  const out = new Uint16Array(total);
  const current = new Array<number>(weights.length).fill(0);
  for (let turn = 0; turn < total; turn++) {
    let best = 0;
    for (let i = 0; i < weights.length; i++) {
      current[i]! += weights[i]!;
      if (current[i]! > current[best]!) best = i;
    }
    current[best]! -= total;
    out[turn] = best;
  }
  return out;
}

/**
 * The visitor's query string goes on to the target, after the target's own
 * parameters and before its fragment. Anything not plain printable ASCII is
 * normalised through URL so the Location header stays valid.
 */
export function withQuery(target: string, query: string): string {
  let out = target;
  if (query) {
    const hash = target.indexOf('#');
    const [base, frag] = hash === -1 ? [target, ''] : [target.slice(0, hash), target.slice(hash)];
    out = `${base}${base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?'}${query}${frag}`;
  }
  return /^https?:\/\/[\x21-\x7e]+$/i.test(out) ? out : new URL(out).href;
}

/** Stored URLs were validated when written; checked again because a page may print them as a link. */
export const isHttpUrl = (u: string | null | undefined): u is string => !!u && /^https?:\/\//i.test(u);

// Which URL a visitor goes to: the entry of the link's target type that fits
// the visitor, or the link's url when none does.
import { TARGET_TYPE } from '../../../shared/constants.ts';
import { parseTargets } from '../api/link-input.ts';
import type { RedirectLink } from '../db/repositories/redirect-repository.ts';

export interface Visitor {
  country: string | null;
  platform: string | null;
  /** Primary language subtags, most preferred first. */
  languages: string[];
}

export function chooseTarget(link: RedirectLink, visitor: Visitor, rotate: (entries: number) => number): string {
  if (link.target_type === TARGET_TYPE.none) return link.url;
  const t = parseTargets(link.targets);
  switch (link.target_type) {
    case TARGET_TYPE.country:
      return (visitor.country && t.country?.find((e) => e.key === visitor.country)?.value) || link.url;
    case TARGET_TYPE.platform:
      return (visitor.platform && t.platform?.find((e) => e.key === visitor.platform)?.value) || link.url;
    case TARGET_TYPE.language: {
      for (const lang of visitor.languages) {
        const hit = t.language?.find((e) => e.key === lang);
        if (hit) return hit.value;
      }
      return link.url;
    }
    case TARGET_TYPE.rotation: {
      const entries = t.rotation ?? [];
      return entries.length ? entries[rotate(entries.length)]!.value : link.url;
    }
    default:
      return link.url;
  }
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

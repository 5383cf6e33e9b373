// The visitor rules.ts decides for, from a request (only what the link's
// rules and targeting need: a GeoIP lookup or a query parse costs as much as
// the rest of a redirect) or from the evaluate endpoint's description.
import type { LinkEvaluateVisitor } from '../../../shared/schemas/link-rules.ts';
import type { Agent } from './client.ts';
import { languagesOf } from './client.ts';
import { continentOf } from './continents.ts';
import type { Client } from './fast-path.ts';
import type { CountryLookup } from './geoip.ts';
import { NEED, type RuleVisitor } from './rules.ts';

const EMPTY: string[] = [];
/** Read only (rules.ts reads, never writes): one for every request without a query string. */
const NO_QUERY = new URLSearchParams();

export function requestVisitor(needs: number, c: Client, agent: Agent | null, geo: CountryLookup, now: number): RuleVisitor {
  const country = needs & NEED.country ? geo.country(c.ip) : null;
  let query: URLSearchParams | null = null;
  if (needs & NEED.query) {
    const q = c.url.indexOf('?');
    query = q === -1 ? NO_QUERY : new URLSearchParams(c.url.slice(q + 1));
  }
  return {
    country,
    continent: needs & NEED.continent ? continentOf(country) : null,
    platform: agent?.os ?? null,
    browser: agent?.browser ?? null,
    device: agent?.device ?? null,
    languages: needs & NEED.languages ? languagesOf((c.headers['accept-language'] as string | undefined) ?? '') : EMPTY,
    query,
    at: now,
  };
}

/** A visitor as the evaluate endpoint describes one (validated by linkEvaluateSchema). */
export function describedVisitor(v: Omit<LinkEvaluateVisitor, 'at'>, at: number): RuleVisitor {
  const country = v.country ?? null;
  return {
    country,
    continent: v.continent ?? continentOf(country),
    platform: v.operating_system ?? null,
    browser: v.browser ?? null,
    device: v.device ?? null,
    languages: v.language ? languagesOf(v.language) : EMPTY,
    query: new URLSearchParams(Object.entries(v.query ?? {})),
    at,
  };
}

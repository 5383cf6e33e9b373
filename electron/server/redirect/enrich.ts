// What a stored click says about its visitor, worked out off the request
// thread: the request thread only copies the few headers it needs into a
// RawClick, and the click writer turns those into a ClickRecord (or drops a
// bot's click) just before storing it.
import type { ClickRecord } from '../db/repositories/click-store.ts';
import { agentOf, languagesOf, referrerOf } from './client.ts';
import type { CountryLookup } from './geoip.ts';

export interface RawClick {
  link_id: number;
  user_id: number;
  created_at: number;
  ip: string;
  ua: string | undefined;
  /** Sec-CH-UA-Platform */
  ch: string | undefined;
  lang: string | undefined;
  referer: string | undefined;
}

export function rawClick(
  link: { id: number; user_id: number }, at: number, ip: string, h: Record<string, string | string[] | undefined>,
): RawClick {
  return {
    link_id: link.id, user_id: link.user_id, created_at: at, ip,
    ua: h['user-agent'] as string | undefined, ch: h['sec-ch-ua-platform'] as string | undefined,
    lang: h['accept-language'] as string | undefined, referer: h.referer as string | undefined,
  };
}

/** The stored form of a click, or null for a known bot (redirected, never counted). */
export function enrich(raw: RawClick, geo: CountryLookup): ClickRecord | null {
  const agent = agentOf(raw.ua, raw.ch);
  if (agent.bot) return null;
  return {
    link_id: raw.link_id, user_id: raw.user_id, created_at: raw.created_at,
    country: geo.country(raw.ip), platform: agent.platform, browser: agent.browser,
    language: languagesOf(raw.lang ?? '')[0] ?? null, referrer: referrerOf(raw.referer),
  };
}

// What a stored click says about its visitor, worked out off the request
// thread: the request thread only copies the few headers it needs into a
// RawClick, and the click writer turns those into a ClickRecord (or drops a
// bot's click) just before storing it.
import type { ClickRecord } from '../db/repositories/click-rollup.ts';
import { agentOf, languagesOf, referrerOf } from './client.ts';
import { asGeoLookup, type CountryLookup } from './geoip.ts';
import { cityKey } from '../db/repositories/click-rollup.ts';
import { utmOf } from './utm.ts';

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
  /** Where the visitor was sent (after targeting); its UTM parameters are counted. */
  dest?: string | undefined;
  /** The short URL carried the QR marker (`qr=1`). */
  qr?: boolean;
  /** The destination as configured (rule, target or url), without the visitor's query: statistics' `destinations`. */
  to?: string | undefined;
}

export function rawClick(
  link: { id: number; user_id: number }, at: number, ip: string, h: Record<string, string | string[] | undefined>,
  dest?: string, qr = false, to?: string,
): RawClick {
  return {
    link_id: link.id, user_id: link.user_id, created_at: at, ip,
    ua: h['user-agent'] as string | undefined, ch: h['sec-ch-ua-platform'] as string | undefined,
    lang: h['accept-language'] as string | undefined, referer: h.referer as string | undefined, dest, qr, to,
  };
}

/** Whether a short URL's query carries the QR marker `qr=1` that every QR code Linkdesk draws adds. */
export function qrMarked(url: string): boolean {
  const q = url.indexOf('?');
  return q !== -1 && url.includes('qr=1', q) && /[?&]qr=1(?:&|#|$)/.test(url.slice(q));
}

/** The stored form of a click, or null for a known bot (redirected, never counted). */
export function enrich(raw: RawClick, lookup: CountryLookup): ClickRecord | null {
  const agent = agentOf(raw.ua, raw.ch);
  if (agent.bot) return null;
  const geo = asGeoLookup(lookup);
  const country = geo.country(raw.ip);
  const place = geo.place(raw.ip);
  return {
    link_id: raw.link_id, user_id: raw.user_id, created_at: raw.created_at,
    country, platform: agent.os, browser: agent.browser,
    language: languagesOf(raw.lang ?? '')[0] ?? null, referrer: referrerOf(raw.referer),
    city: place ? cityKey(place) : null, continent: place?.continent ?? geo.continent(raw.ip, country), device: agent.device,
    source: raw.qr ? 'qr' : 'link', ...utmOf(raw.dest), destination: raw.to ?? null,
  };
}

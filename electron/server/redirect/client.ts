// What a request tells about its visitor: platform, browser, bot or not,
// preferred languages, referring site. Parsing a User-Agent costs more than
// the rest of a redirect together, and real traffic repeats a small set of
// them, so parsed results are memoised in bounded maps.
import { isbot } from 'isbot';
import Negotiator from 'negotiator';
import { UAParser } from 'ua-parser-js';
import type { OperatingSystem } from '../../../shared/targeting-keys.ts';
import { browserKey, deviceKey, OS_TO_PLATFORM, osKey, type Device } from './ua-keys.ts';

export type { Device } from './ua-keys.ts';

/** A Map that forgets its oldest entry when full; overlong keys are computed, not kept. */
export function memo<V>(max: number, compute: (key: string) => V, maxKeyLength = 512): (key: string) => V {
  const cache = new Map<string, V>();
  return (key) => {
    if (key.length > maxKeyLength) return compute(key);
    let v = cache.get(key);
    if (v === undefined && !cache.has(key)) {
      v = compute(key);
      if (cache.size >= max) cache.delete(cache.keys().next().value as string);
      cache.set(key, v);
    }
    return v as V;
  };
}

/**
 * The visitor's browser, operating system and device in phpShort's words
 * (ua-keys.ts): targeting and rules match them, and the clicks' statistics
 * count the same words. `os` is null for a system phpShort has no name for;
 * `browser` is ua-parser-js's own name for one phpShort does not list.
 */
export interface Agent {
  bot: boolean; os: OperatingSystem | null; browser: string | null; device: Device | null;
}

const BOT: Agent = { bot: true, os: null, browser: null, device: null };
const parseAgent = memo<Agent>(5000, (ua) => {
  if (isbot(ua)) return BOT;
  const r = UAParser(ua);
  return { bot: false, os: osKey(r), browser: browserKey(r), device: deviceKey(r) };
});

/**
 * Client Hints name the platform without guessing from the User-Agent, which
 * Chromium freezes; they cannot tell Ubuntu from other Linux, so a User-Agent
 * that says Ubuntu keeps that.
 */
export function agentOf(userAgent: string | undefined, chPlatform: string | undefined): Agent {
  const a = parseAgent(userAgent ?? '');
  if (a.bot || !chPlatform) return a;
  const hinted = OS_TO_PLATFORM[chPlatform.trim().replace(/^"|"$/g, '')];
  if (!hinted || hinted === a.os || (hinted === 'Linux' && a.os === 'Ubuntu')) return a;
  return { ...a, os: hinted };
}

/** Primary language subtags in the visitor's order of preference (q-values honoured, q=0 and `*` left out). */
export const languagesOf = memo<string[]>(2000, (header) => {
  if (!header) return [];
  const seen = new Set<string>();
  for (const tag of new Negotiator({ headers: { 'accept-language': header } }).languages()) {
    const primary = tag.split('-')[0]!.toLowerCase();
    if (/^[a-z]{2,3}$/.test(primary)) seen.add(primary);
  }
  return [...seen];
});

/** The referring site's host name: enough for statistics, and no visitor's path or query is kept. */
export function referrerOf(header: string | undefined): string | null {
  if (!header) return null;
  try {
    const u = new URL(header);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return u.hostname.slice(0, 253) || null;
  } catch {
    return null;
  }
}

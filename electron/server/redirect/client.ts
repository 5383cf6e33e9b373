// What a request tells about its visitor: platform, browser, bot or not,
// preferred languages, referring site. Parsing a User-Agent costs more than
// the rest of a redirect together, and real traffic repeats a small set of
// them, so parsed results are memoised in bounded maps.
import { isbot } from 'isbot';
import Negotiator from 'negotiator';
import { UAParser } from 'ua-parser-js';
import type { Platform } from '../../../shared/constants.ts';
import type { Browser, OperatingSystem } from '../../../shared/targeting-keys.ts';

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

// ua-parser-js 1.x names, and Sec-CH-UA-Platform values, to the seed's seven.
const OS_TO_PLATFORM: Record<string, Platform> = {
  'iOS': 'iOS',
  'iPadOS': 'iOS',
  'Android': 'Android',
  'Windows': 'Windows',
  'Mac OS': 'OS X',
  'macOS': 'OS X',
  'Linux': 'Linux',
  'Ubuntu': 'Ubuntu',
  'Chromium OS': 'Chrome OS',
  'Chrome OS': 'Chrome OS',
};

// ua-parser-js 1.x names to current phpShort's operating systems (targeting; the seven above stay the clicks' platform).
const OS_NAME: Record<string, OperatingSystem> = {
  ...OS_TO_PLATFORM,
  'Windows Phone': 'Windows Phone', 'Windows Mobile': 'Windows Phone', 'BlackBerry': 'BlackBerry', 'RIM Tablet OS': 'BlackBerry',
  'Tizen': 'Tizen', 'KAIOS': 'KaiOS', 'KaiOS': 'KaiOS', 'HarmonyOS': 'HarmonyOS',
  'Debian': 'Linux', 'Fedora': 'Linux', 'Mint': 'Linux', 'Arch': 'Linux', 'Gentoo': 'Linux', 'CentOS': 'Linux', 'Red Hat': 'Linux',
  'SUSE': 'Linux', 'Kubuntu': 'Ubuntu', 'Xubuntu': 'Ubuntu', 'Lubuntu': 'Ubuntu',
};

// ua-parser-js 1.x browser names to current phpShort's.
const BROWSER_NAME: Record<string, Browser> = {
  'Chrome': 'Chrome', 'Mobile Chrome': 'Chrome', 'Chrome WebView': 'Chrome', 'Chromium': 'Chrome', 'Chrome Headless': 'Chrome',
  'Firefox': 'Firefox', 'Mobile Firefox': 'Firefox', 'Firefox Focus': 'Firefox', 'Firefox Reality': 'Firefox',
  'Safari': 'Safari', 'Mobile Safari': 'Safari',
  'Edge': 'Edge', 'Opera': 'Opera', 'Opera Mobi': 'Opera', 'Opera Mini': 'Opera', 'Opera Touch': 'Opera', 'Opera GX': 'Opera',
  'IE': 'Internet Explorer', 'IEMobile': 'Internet Explorer', 'Samsung Internet': 'Samsung Internet', 'Yandex': 'Yandex Browser',
  'UCBrowser': 'UC Browser', 'Vivaldi': 'Vivaldi', 'Brave': 'Brave',
};

export type Device = 'desktop' | 'mobile' | 'tablet' | 'watch' | 'television' | 'console';
// ua-parser-js device types to phpShort's names; a User-Agent naming none is a desktop's, as phpShort counts it.
const DEVICE_OF: Record<string, Device> = { mobile: 'mobile', tablet: 'tablet', wearable: 'watch', smarttv: 'television', console: 'console' };

/**
 * `platform`: the seed's seven (clicks); `os` and `targetBrowser`: current
 * phpShort's names, which targeting and rules match; `browser`: as parsed (clicks).
 */
export interface Agent {
  bot: boolean; platform: Platform | null; browser: string | null; device: Device | null;
  os: OperatingSystem | null; targetBrowser: Browser | null;
}

const MAX_FIELD = 100;
const parseAgent = memo<Agent>(5000, (ua) => {
  if (isbot(ua)) return { bot: true, platform: null, browser: null, device: null, os: null, targetBrowser: null };
  const r = UAParser(ua);
  const browser = r.browser.name ? r.browser.name.slice(0, MAX_FIELD) : null;
  return {
    bot: false, platform: OS_TO_PLATFORM[r.os.name ?? ''] ?? null, browser, device: DEVICE_OF[r.device.type ?? ''] ?? 'desktop',
    os: OS_NAME[r.os.name ?? ''] ?? null, targetBrowser: BROWSER_NAME[r.browser.name ?? ''] ?? null,
  };
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
  if (!hinted || hinted === a.platform || (hinted === 'Linux' && a.platform === 'Ubuntu')) return a;
  return { ...a, platform: hinted, os: hinted };
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
